//! A tool's server, local or remote: what the pool keeps, and what a call or a listing starts.

use crate::command::ServerCommand;
use crate::remote::RemoteServer;

/// A tool's server: a local one run over stdio, or a remote one reached over streamable HTTP.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::large_enum_variant, reason = "one is made a call, and most are local")]
pub enum Server {
    /// A local server, started by the edge.
    Local(ServerCommand),
    /// A remote server, reached at its address.
    Remote(RemoteServer),
}

impl Server {
    /// Returns whether its plugin was granted models, so that the server is told the client samples.
    pub fn sampling(&self) -> bool {
        match self {
            Server::Local(command) => command.sampling,
            Server::Remote(remote) => remote.sampling,
        }
    }

    /// Says whether its plugin was granted models.
    pub fn set_sampling(&mut self, sampling: bool) {
        match self {
            Server::Local(command) => command.sampling = sampling,
            Server::Remote(remote) => remote.sampling = sampling,
        }
    }

    /// Returns how a person knows the server: its command line, or its address.
    pub fn name(&self) -> String {
        match self {
            Server::Local(command) => command.argv.join(" "),
            Server::Remote(remote) => remote.url.clone(),
        }
    }
}

impl From<ServerCommand> for Server {
    fn from(command: ServerCommand) -> Self {
        Server::Local(command)
    }
}

impl From<RemoteServer> for Server {
    fn from(remote: RemoteServer) -> Self {
        Server::Remote(remote)
    }
}

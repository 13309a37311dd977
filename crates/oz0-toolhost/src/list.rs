//! Lists a server's functions: start it, negotiate the protocol, list its tools, stop it.

use std::time::Duration;

use oz0_core::manifest::{Function, ServerInfo, ToolListing};

use rmcp::RoleClient;
use rmcp::service::RunningService;

use crate::client::Host;
use crate::command::ServerCommand;
use crate::error::ToolHostError;
use crate::handshake;
use crate::remote::RemoteServer;
use crate::server::Server;
use crate::stdio::with_stderr;
use crate::transport::TaskRequired;

/// What a server offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// Its name and version, as it said.
    pub server: ServerInfo,
    /// The protocol negotiated.
    pub protocol: String,
    /// Its functions, each with its definition weighed.
    pub functions: Vec<Function>,
}

impl Listed {
    /// Returns the listing of the manifest's tool `id`, whose server this is.
    pub fn of_tool(self, id: &str) -> ToolListing {
        ToolListing { id: id.to_owned(), server: self.server, protocol: self.protocol, functions: self.functions }
    }
}

/// Lists a server's functions within `timeout`: a local server is started, listed and stopped (it and
/// whatever it started are gone when this returns, however it returns); a remote server's session is
/// opened, listed and closed.
///
/// # Errors
///
/// Returns a [`ToolHostError`] when the server cannot be started or reached, exits, takes too long or
/// breaks the protocol; each that ran carries the end of its stderr.
pub async fn list_functions(server: &Server, timeout: Duration) -> Result<Listed, ToolHostError> {
    match server {
        Server::Local(command) => list_local(command, timeout).await,
        Server::Remote(remote) => list_remote(remote, timeout).await,
    }
}

/// Lists the functions of a remote server. What a remote listing says of tasks is not read: rmcp's
/// `Tool` keeps no `execution`, and no relay sits between the server and the client as for a local one.
async fn list_remote(remote: &RemoteServer, timeout: Duration) -> Result<Listed, ToolHostError> {
    let work = async {
        let host = crate::client::Host::new(&[], remote.sampling);
        let (client, _) = remote.connect(host).await?;
        let listed = listed(&client, &TaskRequired::default()).await;
        let _ = client.cancel().await;
        listed.map_err(|message| remote.error(format!("did not list its tools: {message}")))
    };
    tokio::time::timeout(timeout, work)
        .await
        .unwrap_or_else(|_| Err(ToolHostError::Timeout { after: timeout, stderr: String::new() }))
}

/// Returns what a connected server offers, `tasks` naming the functions it said must be called as tasks.
async fn listed(client: &RunningService<RoleClient, Host>, tasks: &TaskRequired) -> Result<Listed, String> {
    let Some(info) = client.peer_info() else { return Err("the server did not say what it is".to_owned()) };
    let server = info.server_info.as_ref();
    let server_info = ServerInfo {
        name: server.map(|s| s.name.clone()).unwrap_or_default(),
        version: server.map(|s| s.version.clone()).unwrap_or_default(),
    };
    let protocol = info.protocol_version.to_string();
    let tools = client.list_all_tools().await.map_err(|err| err.to_string())?;
    let functions = tools
        .into_iter()
        .map(|tool| {
            let annotations = tool.annotations.clone();
            let annotations = annotations.as_ref();
            let mut function = Function::new(
                tool.name.into_owned(),
                tool.description.map(|d| d.into_owned()),
                serde_json::Value::Object((*tool.input_schema).clone()),
                tool.output_schema.map(|s| serde_json::Value::Object((*s).clone())),
            );
            function.task = tasks.lock().is_ok_and(|tasks| tasks.contains(&function.name));
            function.open_world = annotations.and_then(|a| a.open_world_hint).unwrap_or(false);
            function
        })
        .collect();
    Ok(Listed { server: server_info, protocol, functions })
}

/// Starts a local server, lists its functions and stops it.
async fn list_local(command: &ServerCommand, timeout: Duration) -> Result<Listed, ToolHostError> {
    let (mut server, io, relayed) = crate::transport::start(command).await?;
    let tasks = relayed.tasks;
    let work = async {
        // The same client as a call's, so that a server shows the functions it offers only to a client
        // that declares what they need (roots, elicitation, sampling).
        let host = crate::client::Host::new(&command.roots, command.sampling);
        let tally = host.tally();
        let client = handshake::connect(host, io, tally).await.map_err(|err| err.to_string())?;
        let listed = listed(&client, &tasks).await;
        let _ = client.cancel().await;
        listed
    };
    let outcome = tokio::time::timeout(timeout, work).await;
    let result = match outcome {
        Ok(Ok(listed)) => Ok(listed),
        Ok(Err(message)) => match server.wait_exit(Duration::from_millis(300)).await {
            Some(status) => Err(with_stderr(&mut server, |stderr| ToolHostError::Exited { status, stderr }).await),
            None => Err(with_stderr(&mut server, |stderr| ToolHostError::Protocol { message, stderr }).await),
        },
        Err(_) => match server.exited() {
            Some(status) => Err(with_stderr(&mut server, |stderr| ToolHostError::Exited { status, stderr }).await),
            None => Err(with_stderr(&mut server, |stderr| ToolHostError::Timeout { after: timeout, stderr }).await),
        },
    };
    server.shutdown().await;
    result
}

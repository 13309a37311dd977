//! Lists a server's functions: start it, negotiate the protocol, list its tools, stop it.

use std::time::Duration;

use oz0_core::manifest::{Function, ServerInfo, ToolListing};

use crate::command::ServerCommand;
use crate::error::ToolHostError;
use crate::stdio::with_stderr;

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

/// Starts a server, lists its functions and stops it, all within `timeout`. The server and whatever it
/// started are gone when this returns, however it returns.
///
/// # Errors
///
/// Returns a [`ToolHostError`] when the server cannot be started, exits, takes too long or breaks the
/// protocol; each carries the end of its stderr.
pub async fn list_functions(command: &ServerCommand, timeout: Duration) -> Result<Listed, ToolHostError> {
    let (mut server, io, tasks) = crate::transport::start(command).await?;
    let work = async {
        // The same client as a call's, so that a server shows the functions it offers only to a client
        // that declares what they need (roots, elicitation, sampling).
        let host = crate::client::Host::new(&command.roots, command.sampling);
        let client = super::handshake::connect(host, io).await.map_err(|err| err.to_string())?;
        let info = client.peer_info().map(|info| {
            let server = info.server_info.as_ref();
            (
                ServerInfo {
                    name: server.map(|s| s.name.clone()).unwrap_or_default(),
                    version: server.map(|s| s.version.clone()).unwrap_or_default(),
                },
                info.protocol_version.to_string(),
            )
        });
        let tools = client.list_all_tools().await.map_err(|err| err.to_string());
        let _ = client.cancel().await;
        Ok::<_, String>((info, tools?))
    };
    let outcome = tokio::time::timeout(timeout, work).await;
    let result = match outcome {
        Ok(Ok((Some((server_info, protocol)), tools))) => Ok(Listed {
            server: server_info,
            protocol,
            functions: tools
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
                .collect(),
        }),
        Ok(Ok((None, _))) => Err(with_stderr(&mut server, |stderr| ToolHostError::Protocol {
            message: "the server did not say what it is".to_owned(),
            stderr,
        })
        .await),
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

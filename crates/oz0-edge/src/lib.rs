//! The edge of oz0: what runs plugins and jobs. For now, the part of the tool host that starts a
//! plugin's local MCP server over stdio and lists what it offers.
//!
//! ```no_run
//! use std::time::Duration;
//!
//! use oz0_edge::toolhost::{ServerCommand, list_functions};
//!
//! # async fn measure() -> Result<(), oz0_edge::toolhost::ToolHostError> {
//! let command = ServerCommand::new(vec!["python3".into(), "server.py".into()], "examples/acme-docs".into());
//! let listed = list_functions(&command, Duration::from_secs(30)).await?;
//! println!("{} {} speaks {}", listed.server.name, listed.server.version, listed.protocol);
//! # Ok(())
//! # }
//! ```

pub mod toolhost;

//! The HTTP client of the oz0 edge: one function per endpoint of its API, implementing
//! [`Edge`](oz0_core::api::Edge) so that commands need not know whether the edge is in process or not.
//!
//! Reads are retried when the connection fails or the edge is briefly unavailable; changes never are,
//! so a change is made at most once. The edge's `application/problem+json` errors come back as the
//! [`EdgeError`](oz0_core::api::EdgeError) the edge answered with.
//!
//! ```no_run
//! use oz0_client::Client;
//! use oz0_core::api::{Edge, Tenant};
//!
//! # async fn show() -> Result<(), oz0_core::api::EdgeError> {
//! let edge = Client::new("http://127.0.0.1:7370", Some("oz0_...".to_owned()))?;
//! let view = edge.offload(&Tenant::Current).await?;
//! println!("an agent that says nothing gets {}", view.says_nothing.threshold);
//! # Ok(())
//! # }
//! ```

mod client;

pub use client::{Client, Options};

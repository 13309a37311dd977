//! Pure logic of oz0, with no async runtime and no HTTP: the fitting engine, plugin manifests, the
//! offload threshold, function arguments, usage reports, traces, and the edge's interface and wire types.
//!
//! The fitting engine (with its grammars, memory maps and SIMD paths), what a model reads of an MCP
//! result (`mcp`) and stored results (`stored_result`) are the `fit` feature, on by default. An HTTP
//! client of the edge leaves it off (`default-features = false`) and gets the API's types alone.

pub mod agent;
pub mod api;
pub mod args;
pub mod fit;
pub mod labels;
pub mod manifest;
#[cfg(feature = "fit")]
pub mod mcp;
pub mod offload;
pub mod savings;
pub mod spelling;
#[cfg(feature = "fit")]
pub mod stored_result;
pub mod trace;
pub mod usage;

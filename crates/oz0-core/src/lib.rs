//! Pure logic of oz0, with no async runtime and no HTTP: the fitting engine, plugin manifests, the
//! offload threshold, function arguments, usage reports, traces, and the edge's interface and wire types.

pub mod agent;
pub mod api;
pub mod args;
pub mod fit;
pub mod labels;
pub mod manifest;
pub mod mcp;
pub mod offload;
pub mod spelling;
pub mod stored_result;
pub mod trace;
pub mod usage;

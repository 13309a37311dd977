//! Pure logic of oz0, with no async runtime and no HTTP: the fitting engine, plugin manifests, the
//! offload threshold, and the edge's interface and wire types.

pub mod api;
pub mod fit;
pub mod manifest;
pub mod offload;

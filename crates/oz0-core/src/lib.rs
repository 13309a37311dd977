//! Pure logic of oz0: the fitting engine, with no async runtime and no HTTP.

pub mod fit;
pub mod manifest;

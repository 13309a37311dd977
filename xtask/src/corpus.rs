//! The mixed corpus under `corpus/`: one folder a category, split into training and held-out
//! documents by a hash of each document's path. The rule and the reading are shared with the
//! estimate's accuracy test and benchmark, in `crates/oz0-core/tests/support/corpus.rs`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

#[path = "../../crates/oz0-core/tests/support/corpus.rs"]
mod shared;

pub use shared::{Doc, held_out, source_hash};

/// Returns the corpus root of the workspace.
pub fn root() -> PathBuf {
    workspace().join("corpus")
}

/// Returns the workspace root, the parent of this crate's folder.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."))
}

/// Reads every document of the corpus, sorted by path.
pub fn load(root: &Path) -> Result<Vec<Doc>> {
    shared::load(root).with_context(|| format!("reading the corpus in {}", root.display()))
}

//! The mixed corpus under `corpus/`: one folder a category, split into training and held-out
//! documents by a hash of each document's path.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// One document of the corpus.
#[derive(Debug)]
pub struct Doc {
    /// The folder it is in: `markdown`, `prose-ja`, ...
    pub category: String,
    /// Its path under the corpus root, with `/` separators.
    pub path: String,
    pub text: String,
}

impl Doc {
    /// Returns whether the document is held out of training. A quarter of the documents are, chosen
    /// by the FNV-1a hash of the path so that the split is stable and needs no list.
    pub fn held_out(&self) -> bool {
        held_out(&self.path)
    }
}

/// Returns whether the document at `path` (relative to the corpus root) is held out of training.
///
/// `crates/oz0-core/tests/estimate_accuracy.rs` repeats this rule; the two must agree.
pub fn held_out(path: &str) -> bool {
    fnv1a(path.as_bytes()).is_multiple_of(4)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Returns the corpus root of the workspace.
pub fn root() -> PathBuf {
    workspace().join("corpus")
}

/// Returns the workspace root, the parent of this crate's folder.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."))
}

/// Reads every document of the corpus, sorted by path, leaving out `README.md` and the `tools`
/// folder.
pub fn load(root: &Path) -> Result<Vec<Doc>> {
    let mut docs = Vec::new();
    let mut categories: Vec<_> = std::fs::read_dir(root)
        .with_context(|| format!("reading {}", root.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    categories.sort();
    for category in categories {
        let dir = root.join(&category);
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let file = dir.join(&name);
            let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            docs.push(Doc { path: format!("{category}/{name}"), category: category.clone(), text });
        }
    }
    Ok(docs)
}

//! The mixed corpus under `corpus/`, as the estimate's training (`xtask`), its accuracy test and its
//! benchmark all read it: one folder a category, split into training and held-out documents by a hash
//! of each document's path. One file, included by each, so that the split cannot drift apart.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One document of the corpus.
#[derive(Debug)]
pub struct Doc {
    /// The folder it is in: `markdown`, `prose-ja`, ...
    pub category: String,
    /// Its path under the corpus root, with `/` separators.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Doc {
    /// Returns whether the document is held out of training.
    pub fn held_out(&self) -> bool {
        held_out(&self.path)
    }
}

/// Returns whether the document at `path` (relative to the corpus root) is held out of training: a
/// quarter of the documents are, chosen by the FNV-1a hash of the path so that the split is stable and
/// needs no list.
pub fn held_out(path: &str) -> bool {
    let hash = path.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    hash.is_multiple_of(4)
}

/// Returns the corpus root of the workspace, from a crate's manifest folder `crate_dir` and the number
/// of folders it is below the workspace root.
pub fn root(crate_dir: &str, depth: usize) -> PathBuf {
    let mut root = PathBuf::from(crate_dir);
    for _ in 0..depth {
        root.pop();
    }
    root.join("corpus")
}

/// Reads every document of the corpus, sorted by path: each file of each category folder.
pub fn load(root: &Path) -> std::io::Result<Vec<Doc>> {
    let sorted = |dir: &Path, folders: bool| -> std::io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() == folders
                && let Some(name) = path.file_name()
            {
                names.push(name.to_string_lossy().into_owned());
            }
        }
        names.sort();
        Ok(names)
    };
    let mut docs = Vec::new();
    for category in sorted(root, true)? {
        let dir = root.join(&category);
        for name in sorted(&dir, false)? {
            let text = std::fs::read_to_string(dir.join(&name))?;
            docs.push(Doc { path: format!("{category}/{name}"), category: category.clone(), text });
        }
    }
    Ok(docs)
}

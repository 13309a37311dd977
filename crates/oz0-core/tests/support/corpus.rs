//! The mixed corpus under `corpus/`, as the estimate's training (`xtask`), its accuracy test and its
//! benchmark all read it: one folder a category, split into training and held-out documents by
//! source. One file, included by each, so that the split cannot drift apart.
//!
//! A category folder holds documents directly, or in one subfolder a source (the package, program or
//! data set they came from). Sources are held out whole, never one piece of a text on each side: a
//! subfolder is one source, and a document directly in a category folder is its own source, its piece
//! suffix (`.00`, `.01`, ...) aside.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One document of the corpus.
#[derive(Debug)]
pub struct Doc {
    /// The folder it is in: `markdown`, `prose-ja`, ...
    pub category: String,
    /// The source it came from: its subfolder, or its file name without a piece suffix.
    pub source: String,
    /// Its path under the corpus root, with `/` separators.
    pub path: String,
    /// Its text.
    pub text: String,
    /// Whether it is held out of training.
    pub held_out: bool,
}

impl Doc {
    /// Returns whether the document is held out of training.
    pub fn held_out(&self) -> bool {
        self.held_out
    }
}

/// Returns whether the source `source` of `category` is held out by its hash: a quarter of the
/// sources are, chosen by the FNV-1a hash of `category/source` so that the split is stable and needs
/// no list. `load` also holds out one source of a category that this holds out none of, and trains on
/// one of a category that this holds out all of.
pub fn held_out(category: &str, source: &str) -> bool {
    source_hash(category, source).is_multiple_of(4)
}

/// Returns the FNV-1a hash of `category/source`.
pub fn source_hash(category: &str, source: &str) -> u64 {
    format!("{category}/{source}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Returns the source of a document named `name` directly in a category folder: the name without a
/// piece suffix of digits.
pub fn source_of(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, piece)) if !piece.is_empty() && piece.bytes().all(|b| b.is_ascii_digit()) => stem,
        _ => name,
    }
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

/// Returns the names of the folders (`folders`) or files under `dir`, sorted.
fn sorted(dir: &Path, folders: bool) -> std::io::Result<Vec<String>> {
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
}

/// Reads every document of the corpus, sorted by path, and splits them by source.
pub fn load(root: &Path) -> std::io::Result<Vec<Doc>> {
    let mut docs = Vec::new();
    for category in sorted(root, true)? {
        let dir = root.join(&category);
        let first = docs.len();
        for name in sorted(&dir, false)? {
            let text = std::fs::read_to_string(dir.join(&name))?;
            let source = source_of(&name).to_owned();
            docs.push(Doc {
                path: format!("{category}/{name}"),
                category: category.clone(),
                source,
                text,
                held_out: false,
            });
        }
        for source in sorted(&dir, true)? {
            for name in sorted(&dir.join(&source), false)? {
                let text = std::fs::read_to_string(dir.join(&source).join(&name))?;
                let path = format!("{category}/{source}/{name}");
                docs.push(Doc { path, category: category.clone(), source: source.clone(), text, held_out: false });
            }
        }
        split(&mut docs[first..]);
    }
    docs.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(docs)
}

/// Marks the held-out documents of one category: those of the sources `held_out` picks, or, when it
/// picks none or all of several, those of the source of the smallest hash, or all but those of the
/// largest.
fn split(docs: &mut [Doc]) {
    let mut sources: BTreeMap<String, u64> = BTreeMap::new();
    for doc in docs.iter() {
        sources.entry(doc.source.clone()).or_insert_with(|| source_hash(&doc.category, &doc.source));
    }
    let picked = sources.values().filter(|h| h.is_multiple_of(4)).count();
    let smallest = sources.iter().min_by_key(|(_, h)| **h).map(|(s, _)| s.clone());
    let largest = sources.iter().max_by_key(|(_, h)| **h).map(|(s, _)| s.clone());
    let several = sources.len() > 1;
    for doc in docs.iter_mut() {
        let by_hash = held_out(&doc.category, &doc.source);
        doc.held_out = if several && picked == 0 {
            Some(&doc.source) == smallest.as_ref()
        } else if several && picked == sources.len() {
            Some(&doc.source) != largest.as_ref()
        } else {
            by_hash
        };
    }
}

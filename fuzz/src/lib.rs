//! The checks of oz0's fuzz targets, one function a target, each taking the fuzzer's bytes and
//! panicking when oz0-core breaks a promise. libFuzzer calls them from the thin binaries in
//! `fuzz_targets/` (`cargo +nightly fuzz run <target> --features libfuzzer`); `tests/corpora.rs` calls
//! them on stable Rust over committed seeds and mutations of the repository's corpus.
//!
//! ```
//! // Any bytes are a valid input; these hold, so nothing panics.
//! oz0_fuzz::json_lines(br#"{"key": [1, 2.5e3, "\ud83e\udd80", null]}"#);
//! oz0_fuzz::fit_document(b"\x01\x02# Title\n\nA paragraph.\n\n## Usage\n\nRun it.\n");
//! ```

mod fit_document;
mod json_lines;

pub use fit_document::fit_document;
pub use json_lines::json_lines;

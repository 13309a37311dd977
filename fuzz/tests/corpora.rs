//! Runs each fuzz target on stable Rust for a few seconds, so that the targets keep compiling and keep
//! passing what they passed, and a shallow bug shows in `cargo test` rather than only under libFuzzer:
//! every seed in `fuzz/corpus/<target>/`, then documents of the repository's `corpus/` in turn with
//! mutations of them and of the seeds (bit flips, cuts, splices, inserted tokens) from a fixed-seed
//! generator, until the target's time is spent. The inputs come in the same order on every run; only
//! how many fit in the time differs. `OZ0_FUZZ_SECONDS` sets the time a target, 3 seconds unless set.

#![allow(clippy::print_stderr, reason = "a run says how many inputs it tried")]

use std::io::Read as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[test]
fn fit_document() {
    run(&Target {
        name: "fit_document",
        check: oz0_fuzz::fit_document,
        categories: &[],
        // Unoptimised, the code parsers take tens of milliseconds over a few KiB of text.
        head: 2048,
        request: true,
    });
}

#[test]
fn json_lines() {
    run(&Target {
        name: "json_lines",
        check: oz0_fuzz::json_lines,
        // A head of a JSON document is seldom JSON, so these are taken whole up to a larger size, and
        // only from the folders that hold JSON: prose is refused at its first byte.
        categories: &["json", "min-json", "logs"],
        head: 16 * 1024,
        request: false,
    });
}

/// A fuzz target and what it reads of the repository's corpus.
struct Target {
    name: &'static str,
    check: fn(&[u8]),
    /// The category folders of `corpus/` it reads, or all of them when empty.
    categories: &'static [&'static str],
    /// How many bytes of a document it takes: the tests are a debug build.
    head: usize,
    /// Whether a document follows random bytes, which `fit_document` makes into a request.
    request: bool,
}

/// One input and where it came from, in words that let it be made again.
struct Input {
    bytes: Vec<u8>,
    origin: String,
}

/// The most failures a target reports before it stops: one bug tends to fail many inputs.
const MAX_FAILURES: usize = 10;

/// The most characters of a panic's message a failure repeats.
const MAX_MESSAGE: usize = 500;

/// Runs `target` over its seeds, then over the corpus and mutations until its time is spent, and fails
/// when it panicked on any of them.
fn run(target: &Target) {
    let start = Instant::now();
    let budget = budget();
    let fuzz_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rng = XorShift::new(target.name);
    let seeds = seeds(&fuzz_dir.join("corpus").join(target.name));
    let docs = documents(&fuzz_dir.join("../corpus"), target, &mut rng);
    let mut runner = Runner { target, ran: 0, failures: Vec::new() };

    for seed in &seeds {
        runner.run(seed);
    }
    let bases: Vec<&Input> = seeds.iter().chain(&docs).collect();
    let mut docs_run = 0;
    let mut mutants = 0;
    while start.elapsed() < budget && runner.failures.len() < MAX_FAILURES {
        if let Some(doc) = docs.get(docs_run) {
            runner.run(doc);
            docs_run += 1;
        }
        runner.run(&mutant(&bases, &mut rng));
        mutants += 1;
    }

    eprintln!(
        "{}: {} inputs in {:.1} s: {} seeds, {docs_run} of {} corpus documents, {mutants} mutations",
        target.name,
        runner.ran,
        start.elapsed().as_secs_f64(),
        seeds.len(),
        docs.len(),
    );
    assert!(
        runner.failures.is_empty(),
        "{} failed on {} of {} inputs:\n\n{}",
        target.name,
        runner.failures.len(),
        runner.ran,
        runner.failures.join("\n\n")
    );
    assert!(
        runner.ran >= seeds.len(),
        "{} ran {} inputs, fewer than its {} seeds",
        target.name,
        runner.ran,
        seeds.len()
    );
}

/// Returns the time each target runs for.
fn budget() -> Duration {
    match std::env::var("OZ0_FUZZ_SECONDS") {
        Ok(seconds) => Duration::from_secs_f64(
            seconds.parse().unwrap_or_else(|err| panic!("OZ0_FUZZ_SECONDS={seconds:?} is not a number: {err}")),
        ),
        Err(_) => Duration::from_secs(3),
    }
}

/// Runs a target on inputs and keeps what failed.
struct Runner<'a> {
    target: &'a Target,
    ran: usize,
    failures: Vec<String>,
}

impl Runner<'_> {
    fn run(&mut self, input: &Input) {
        self.ran += 1;
        let Err(panic) = panic::catch_unwind(AssertUnwindSafe(|| (self.target.check)(&input.bytes))) else {
            return;
        };
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic without a message");
        // The panic hook has printed it whole; a line or two is enough to tell failures apart.
        let message = match message.char_indices().nth(MAX_MESSAGE) {
            Some((end, _)) => format!("{}…", &message[..end]),
            None => message.to_owned(),
        };
        // The input is saved so that `cargo fuzz run <target> <file>` replays it.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures").join(self.target.name);
        let file = dir.join(format!("{}", self.failures.len()));
        // The first failure clears what an earlier run saved.
        let cleared = match self.failures.is_empty().then(|| std::fs::remove_dir_all(&dir)) {
            Some(Err(err)) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
            _ => Ok(()),
        };
        let saved =
            cleared.and_then(|()| std::fs::create_dir_all(&dir)).and_then(|()| std::fs::write(&file, &input.bytes));
        let saved = match saved {
            Ok(()) => format!("saved: {}", file.display()),
            Err(err) => format!("not saved to {}: {err}", file.display()),
        };
        let failure = format!("input: {}\npanic: {message}\n{saved}", input.origin);
        self.failures.push(failure);
    }
}

/// Returns the seeds in `dir`, by name; a missing or empty folder fails the test.
fn seeds(dir: &Path) -> Vec<Input> {
    let mut paths = files(dir);
    assert!(!paths.is_empty(), "no seeds in {}", dir.display());
    paths.sort();
    paths
        .into_iter()
        .map(|path| Input {
            bytes: std::fs::read(&path).unwrap_or_else(|err| panic!("reading {}: {err}", path.display())),
            origin: format!("seed fuzz/corpus/{}", relative(&path, dir.parent().unwrap_or(dir))),
        })
        .collect()
}

/// Returns the documents of the corpus at `root` that `target` reads, each cut to its head, in turns
/// over the category folders so that a short run still sees every kind of text.
fn documents(root: &Path, target: &Target, rng: &mut XorShift) -> Vec<Input> {
    let mut categories: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|err| panic!("reading the corpus {}: {err}", root.display()))
        .map(|entry| entry.unwrap_or_else(|err| panic!("reading {}: {err}", root.display())).path())
        .filter(|path| path.is_dir())
        .filter(|path| {
            target.categories.is_empty()
                || path.file_name().is_some_and(|name| target.categories.iter().any(|c| name == *c))
        })
        .collect();
    categories.sort();
    let mut folders: Vec<Vec<PathBuf>> = categories
        .iter()
        .map(|category| {
            let mut paths = files(category);
            paths.sort();
            paths.reverse();
            paths
        })
        .collect();
    let mut docs = Vec::new();
    while folders.iter().any(|paths| !paths.is_empty()) {
        for path in folders.iter_mut().filter_map(Vec::pop) {
            docs.push(document(root, &path, target, rng));
        }
    }
    assert!(!docs.is_empty(), "no documents for {} in the corpus {}", target.name, root.display());
    docs
}

/// Returns the head of the document at `path`, after random bytes when the target makes a request of
/// them.
fn document(root: &Path, path: &Path, target: &Target, rng: &mut XorShift) -> Input {
    let mut bytes = Vec::new();
    let mut origin = format!("corpus/{}", relative(path, root));
    if target.request {
        // Half the bytes small, so that options are often set and numbers (budgets, line numbers)
        // often small enough to bind.
        bytes.extend((0..8 + rng.below(33)).map(|_| if rng.below(2) == 0 { rng.byte() % 4 } else { rng.byte() }));
        origin = format!("{} random bytes, then {origin}", bytes.len());
    }
    let file = std::fs::File::open(path).unwrap_or_else(|err| panic!("opening {}: {err}", path.display()));
    let n = file
        .take(target.head as u64)
        .read_to_end(&mut bytes)
        .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
    if n == target.head {
        origin.push_str(&format!(" (its first {n} bytes)"));
    }
    Input { bytes, origin }
}

/// Returns the files under `dir`, at any depth.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|err| panic!("reading {}: {err}", dir.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|err| panic!("reading {}: {err}", dir.display())).path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found
}

/// Returns `path` under `root`, with `/` separators.
fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// Byte strings that mean something to a reader of JSON, Markdown, diffs or UTF-8, for insertion.
const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b":",
    b",",
    b"\\u",
    b"\\ud800",
    b"\\udc00",
    b"\\ud83e\\udd80",
    b"\\u0000",
    b"0",
    b"-0",
    b"1e999",
    b"-1.5E-400",
    b"123456789012345678901234567890",
    b"true",
    b"null",
    b"\xef\xbb\xbf",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b"  ",
    b"\n# ",
    b"\n## ",
    b"\n```\n",
    b"\n---\n",
    b"\ndiff --git a/src/lib.rs b/src/lib.rs\n--- a/src/lib.rs\n+++ b/src/lib.rs\n",
    b"\n@@ -1,3 +1,4 @@\n",
    b"\n+",
    b"\n-",
    b"\0",
    b"\xff",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\xa6\x80",
    b"\xe4\xb8\xad\xe6\x96\x87",
    b"\xd9\x84\xd8\xa7",
    b"e\xcc\x81",
    b"\xe2\x80\xae",
];

/// Returns a mutation of one of `bases`: one to four edits in turn.
fn mutant(bases: &[&Input], rng: &mut XorShift) -> Input {
    let base = bases[rng.below(bases.len())];
    let mut bytes = base.bytes.clone();
    let mut origin = base.origin.clone();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        let edit = match rng.below(6) {
            0 | 1 if !bytes.is_empty() => {
                let at = at.min(bytes.len() - 1);
                let bit = rng.below(8);
                bytes[at] ^= 1 << bit;
                format!("flip bit {bit} of byte {at}")
            }
            2 => {
                bytes.truncate(at);
                format!("cut to {at} bytes")
            }
            3 => {
                let other = bases[rng.below(bases.len())];
                let from = rng.below(other.bytes.len() + 1);
                let to = from + rng.below(other.bytes.len() - from + 1).min(512);
                bytes.splice(at..at, other.bytes[from..to].iter().copied());
                format!("insert bytes {from}..{to} of {{{}}} at {at}", other.origin)
            }
            4 if !bytes.is_empty() => {
                let to = at + rng.below(bytes.len() - at + 1).min(64);
                bytes.drain(at..to);
                format!("remove bytes {at}..{to}")
            }
            _ => {
                let token: Vec<u8> = if rng.below(3) == 0 {
                    (0..1 + rng.below(8)).map(|_| rng.byte()).collect()
                } else {
                    TOKENS[rng.below(TOKENS.len())].to_vec()
                };
                // Now and then many times over, for nesting and long runs.
                let times = if rng.below(8) == 0 { 1 + rng.below(300) } else { 1 };
                bytes.splice(at..at, token.iter().copied().cycle().take(token.len() * times));
                let times = if times > 1 { format!("{times} × ") } else { String::new() };
                format!("insert {times}\"{}\" at {at}", token.escape_ascii())
            }
        };
        origin.push_str(&format!(", then {edit}"));
    }
    Input { bytes, origin }
}

/// Marsaglia's xorshift64: enough randomness for mutations, the same on every run.
struct XorShift(u64);

impl XorShift {
    /// Returns a generator seeded from `name`, so that each target has inputs of its own.
    fn new(name: &str) -> Self {
        let seed =
            name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        Self(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Returns a number below `n`, or 0 when `n` is 0.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn byte(&mut self) -> u8 {
        self.next().to_le_bytes()[0]
    }
}

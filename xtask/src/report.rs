//! The token estimate's figures in one run: its error per category over the held-out documents,
//! and its speed against the exact cl100k counters of `bpe-openai` and `tiktoken-rs`.

use std::hint::black_box;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use oz0_core::fit::{Meter, count, weigh};

use crate::corpus::{self, Doc};
use crate::train::errors;

/// Returns the best throughput of `f` over `text`, in MB/s (10^6 bytes a second), over enough
/// rounds to take at least half a second.
pub fn throughput(text: &str, mut f: impl FnMut(&str) -> u64) -> f64 {
    let mut best = f64::INFINITY;
    let started = Instant::now();
    let mut rounds = 0;
    while rounds < 3 || (started.elapsed().as_secs_f64() < 0.5 && rounds < 200) {
        let t = Instant::now();
        black_box(f(black_box(text)));
        best = best.min(t.elapsed().as_secs_f64());
        rounds += 1;
    }
    text.len() as f64 / best / 1e6
}

/// Prints the report.
pub fn run() -> Result<()> {
    let docs = corpus::load(&corpus::root())?;
    let held: Vec<&Doc> = docs.iter().filter(|d| d.held_out()).collect();
    if held.is_empty() {
        bail!("the corpus has no held-out documents");
    }
    println!("Accuracy of count on the held-out documents (error = (estimate - exact) / exact):\n");
    println!("{}\n", errors(&held, count));

    let (mixed, ascii) = speed_texts(&docs);
    let bpe = bpe_openai::cl100k_base();
    let tiktoken = tiktoken_rs::cl100k_base()?;
    println!(
        "Speed on one core ({} MB mixed held-out text; {} MB ASCII prose and markdown):\n",
        fmt_mb(mixed.len()),
        fmt_mb(ascii.len())
    );
    println!("{:<28} {:>12} {:>12}", "counter", "mixed MB/s", "ASCII MB/s");
    let mut rows: Vec<(&str, f64, f64)> = Vec::new();
    let mut measure = |name, f: &dyn Fn(&str) -> u64| {
        let (m, a) = (throughput(&mixed, f), throughput(&ascii, f));
        println!("{name:<28} {m:>12.1} {a:>12.1}");
        rows.push((name, m, a));
    };
    measure("oz0 count", &count);
    measure("oz0 weigh", &weigh);
    measure("oz0 Meter, 64 KiB chunks", &|t: &str| {
        let mut meter = Meter::new();
        for chunk in t.as_bytes().chunks(64 * 1024) {
            meter.feed(chunk);
        }
        meter.weight()
    });
    measure("oz0 Meter, fed line by line", &|t: &str| {
        let mut meter = Meter::new();
        for line in t.as_bytes().split_inclusive(|&b| b == b'\n') {
            meter.feed(line);
        }
        meter.weight()
    });
    measure("bpe-openai count (exact)", &|t: &str| bpe.count(t) as u64);
    measure("tiktoken-rs (exact)", &|t: &str| tiktoken.encode_ordinary(t).len() as u64);
    let fastest_exact =
        rows[4..].iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|r| (r.0, r.1, r.2)).unwrap_or(("none", 1.0, 1.0));
    println!(
        "\ncount is {:.0}x as fast as {} on mixed text, {:.0}x on ASCII prose",
        rows[0].1 / fastest_exact.1,
        fastest_exact.0,
        rows[0].2 / fastest_exact.2
    );

    println!("\nSpeed of count by category (all documents of each):\n");
    println!("{:<10} {:>8} {:>10} {:>10} {:>6}", "category", "MB", "count MB/s", "exact MB/s", "ratio");
    let mut categories: Vec<&str> = docs.iter().map(|d| d.category.as_str()).collect();
    categories.dedup();
    for category in categories {
        let text: String = docs.iter().filter(|d| d.category == category).map(|d| d.text.as_str()).collect();
        let estimate = throughput(&text, count);
        let exact = throughput(&text, |t| bpe.count(t) as u64);
        println!("{category:<10} {:>8} {estimate:>10.0} {exact:>10.1} {:>5.0}x", fmt_mb(text.len()), estimate / exact);
    }

    println!("\nMade-up texts unlike the corpus:\n");
    println!("{:<28} {:>8} {:>8} {:>8}", "text", "exact", "count", "error %");
    let hex: String = (0..2000u64).map(|i| format!("{:016x}", i.wrapping_mul(0x9E37_79B9_7F4A_7C15))).collect();
    let stress = [
        ("10,000 digits", "1234567890".repeat(1000)),
        ("10,000 times the letter a", "a".repeat(10_000)),
        ("2,000 random hex words", hex),
        ("1,000 ideographic spaces", "\u{3000}".repeat(1000)),
        ("2,000 emoji", "😀🎉👍🚀".repeat(500)),
        ("10,000 spaces", format!("a{}b", " ".repeat(10_000))),
        ("10,000 newlines", format!("a{}b", "\n".repeat(10_000))),
        ("10,000 tabs", format!("a{}b", "\t".repeat(10_000))),
        ("CRLF lines", "line one\r\nline two\r\n".repeat(500)),
    ];
    for (name, text) in stress {
        let (exact, estimate) = (bpe.count(text.as_str()) as f64, count(&text) as f64);
        println!("{name:<28} {exact:>8} {estimate:>8} {:>8.1}", (estimate - exact) / exact * 100.0);
    }
    Ok(())
}

fn fmt_mb(bytes: usize) -> String {
    format!("{:.2}", bytes as f64 / 1e6)
}

/// Prints the estimate's error on text of one's own: each file of `dir` is a category, cut at line
/// ends into documents of about 4 KB; a file's last piece shorter than that is left out.
pub fn check(dir: &std::path::Path) -> Result<()> {
    let mut docs = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("reading the folder {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    paths.sort();
    for path in paths.iter().filter(|p| p.is_file()) {
        let category = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text =
            String::from_utf8_lossy(&std::fs::read(path).with_context(|| format!("reading {}", path.display()))?)
                .into_owned();
        let mut doc = String::new();
        for line in text.split_inclusive('\n') {
            doc.push_str(line);
            if doc.len() >= 4000 {
                let path = format!("{category}#{}", docs.len());
                let text = std::mem::take(&mut doc);
                docs.push(Doc { category: category.clone(), source: category.clone(), path, text, held_out: true });
            }
        }
    }
    if docs.is_empty() {
        bail!("{} holds no file of 4 KB or more", dir.display());
    }
    let docs: Vec<&Doc> = docs.iter().collect();
    println!("{}", errors(&docs, count));
    Ok(())
}

/// Returns the texts speed is measured on: the held-out documents joined, and the English prose and
/// markdown documents that are pure ASCII joined.
fn speed_texts(docs: &[Doc]) -> (String, String) {
    let mixed = docs.iter().filter(|d| d.held_out()).map(|d| d.text.as_str()).collect();
    let ascii = docs
        .iter()
        .filter(|d| matches!(d.category.as_str(), "prose-en" | "markdown") && d.text.is_ascii())
        .map(|d| d.text.as_str())
        .collect();
    (mixed, ascii)
}

/// Prints `count`'s speed beside `bpe-openai`'s, three times over: the report's speed figures alone,
/// on one core, then `oz0 fit --count`'s on every core: a 64 MiB file of the mixed text repeated,
/// measured as the command measures it (read in chunks rather than mapped, which costs a little more;
/// the chunks measured on a thread for each core), beside
/// the exact counter's one-core speed on the same text.
pub fn speed() -> Result<()> {
    let (mixed, ascii) = speed_texts(&corpus::load(&corpus::root())?);
    let bpe = bpe_openai::cl100k_base();
    let exact = |t: &str| bpe.count(t) as u64;
    // What `oz0 fit` does with a document on one core: find its parts and weigh each (the meter is
    // asked for its weight where each part begins and ends, every few hundred bytes).
    let index = |t: &str| oz0_core::fit::index_text(t, oz0_core::fit::Kind::Markdown).1.count;
    println!("On one core (\"index\": the text indexed as Markdown, its parts weighed as `oz0 fit` does):\n");
    println!(
        "{:<8} {:>12} {:>12} {:>14} {:>14} {:>12} {:>12}",
        "round", "count mixed", "count ASCII", "ratio mixed", "ratio ASCII", "index mixed", "index ASCII"
    );
    for round in 1..=3 {
        let (m, a) = (throughput(&mixed, count), throughput(&ascii, count));
        let (em, ea) = (throughput(&mixed, exact), throughput(&ascii, exact));
        let (im, ia) = (throughput(&mixed, index), throughput(&ascii, index));
        println!("{round:<8} {m:>12.1} {a:>12.1} {:>13.1}x {:>13.1}x {im:>12.1} {ia:>12.1}", m / em, a / ea);
    }

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let big = mixed.repeat((64 << 20) / mixed.len().max(1) + 1);
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, &big)?;
    let file = std::fs::File::open(&path)?;
    let on_every_core = |_: &str| -> u64 {
        oz0_core::fit::measure_file(&file, oz0_core::fit::MmapChoice::never(), |_| {}).map_or(0, |index| index.count)
    };
    println!(
        "\n`oz0 fit --count` of {} MB of the mixed text, on {cores} cores, beside the exact count on one:\n",
        fmt_mb(big.len())
    );
    println!("{:<8} {:>12} {:>12} {:>14}", "round", "count mixed", "exact mixed", "ratio mixed");
    for round in 1..=3 {
        let (m, em) = (throughput(&big, on_every_core), throughput(&mixed, exact));
        println!("{round:<8} {m:>12.1} {em:>12.1} {:>13.1}x", m / em);
    }
    Ok(())
}

//! Fitting a document, per kind and size: the summary view at a budget of 2000 tokens (what
//! `oz0 fit --view summary --budget 2000` asks) and a section query.
//!
//! Throughput is reported in bytes, so the cost per byte at 64 KiB, 1 MiB and 16 MiB can be read off
//! side by side; `scripts/bench-big` carries the same question to 1 GiB through the binary.
//!
//! The documents are generated here from a fixed seed, so every run measures the same bytes.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use oz0_core::fit::{Request, View, fit_document};

const SIZES: [(usize, &str); 3] = [(64 << 10, "64KiB"), (1 << 20, "1MiB"), (16 << 20, "16MiB")];

/// A small deterministic generator (xorshift64*): the same seed gives the same document.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

#[rustfmt::skip]
const WORDS: &[&str] = &[
    "the", "index", "reads", "a", "document", "in", "one", "pass", "and", "keeps", "only", "its", "parts",
    "budget", "tokens", "of", "view", "summary", "section", "outline", "weight", "line", "range", "query",
    "heading", "server", "returns", "result", "file", "tool", "model", "agent", "tenant", "plugin", "offload",
    "threshold", "is", "to", "with", "for", "when", "each", "every", "request", "answer", "fits", "cut", "note",
    "café", "naïve", "größe", "données", "数据", "文件", "ключ", "значение", "2026", "0x1f", "v1.4.2",
    "--budget", "`fit`", "(see", "below)",
];

const IDENTS: &[&str] = &["value", "count", "index", "parts", "limit", "buffer", "offset", "reader", "state", "chunk"];

/// Appends a sentence of `n` words, capitalised, ending with a full stop.
fn sentence(rng: &mut Rng, out: &mut String, n: usize) {
    for i in 0..n {
        let word = rng.pick(WORDS);
        if i == 0 {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        } else {
            out.push(' ');
            out.push_str(word);
        }
    }
    out.push_str(". ");
}

fn paragraph(rng: &mut Rng, out: &mut String) {
    for _ in 0..2 + rng.below(4) {
        let n = 6 + rng.below(14);
        sentence(rng, out, n);
    }
    out.pop();
    out.push_str("\n\n");
}

/// Markdown: parts and chapters and sections, paragraphs, fenced code that holds `#` lines.
fn markdown(size: usize) -> String {
    let mut rng = Rng(0x6d61_726b_646f_776e);
    let mut out = String::with_capacity(size + 4096);
    out.push_str("# Operations guide\n\nThis guide is generated for the benchmark. It repeats.\n\n");
    let (mut part, mut chapter, mut section) = (0, 0, 0);
    while out.len() < size {
        match rng.below(10) {
            0 => {
                part += 1;
                chapter = 0;
                let _ = writeln!(out, "## Part {part}\n");
            }
            1..=3 => {
                chapter += 1;
                section = 0;
                let _ = writeln!(out, "### Chapter {part}.{chapter}\n");
            }
            _ => {
                section += 1;
                let _ = writeln!(out, "#### Section {part}.{chapter}.{section}\n");
            }
        }
        for _ in 0..1 + rng.below(3) {
            paragraph(&mut rng, &mut out);
        }
        if rng.below(3) == 0 {
            out.push_str("```rust\n# not a heading\n");
            for _ in 0..3 + rng.below(8) {
                let (a, b) = (rng.pick(IDENTS), rng.pick(IDENTS));
                let _ = writeln!(out, "    let {a}_{} = {b}.len() + {};", rng.below(100), rng.below(1000));
            }
            out.push_str("```\n\n");
        }
    }
    out
}

/// JSON on one line, as an API returns it: an object of records, each with nested values and an array.
fn json(size: usize) -> String {
    let mut rng = Rng(0x6a73_6f6e_6a73_6f6e);
    let mut out = String::with_capacity(size + 4096);
    out.push('{');
    let mut n = 0;
    while out.len() < size {
        if n > 0 {
            out.push(',');
        }
        n += 1;
        let _ = write!(
            out,
            "\"item_{n:05}\":{{\"id\":{},\"name\":\"{}\",\"active\":{},",
            rng.next() % 1_000_000,
            rng.pick(IDENTS),
            rng.below(2) == 1
        );
        let mut text = String::new();
        let words = 8 + rng.below(16);
        sentence(&mut rng, &mut text, words);
        let _ =
            write!(out, "\"text\":\"{}\",\"score\":{}.{},\"tags\":[", text.trim_end(), rng.below(100), rng.below(100));
        for t in 0..rng.below(6) {
            if t > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{}\"", rng.pick(WORDS));
        }
        out.push_str("],\"events\":[");
        for e in 0..1 + rng.below(5) {
            if e > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"at\":\"2026-01-{:02}T{:02}:{:02}:00Z\",\"kind\":\"{}\",\"n\":{},\"meta\":null}}",
                1 + rng.below(28),
                rng.below(24),
                rng.below(60),
                rng.pick(IDENTS),
                rng.below(10_000)
            );
        }
        out.push_str("]}");
    }
    out.push('}');
    out
}

/// A unified diff of many files, each with several hunks of context, removed and added lines.
fn diff(size: usize) -> String {
    let mut rng = Rng(0x6469_6666_6469_6666);
    let mut out = String::with_capacity(size + 4096);
    let mut file = 0;
    while out.len() < size {
        file += 1;
        let path = format!("src/m{:03}/f{file:05}.rs", file % 97);
        let _ = writeln!(
            out,
            "diff --git a/{path} b/{path}\nindex {:07x}..{:07x} 100644\n--- a/{path}\n+++ b/{path}",
            rng.next() >> 36,
            rng.next() >> 36
        );
        let mut at = 1 + rng.below(40);
        for _ in 0..1 + rng.below(6) {
            let (before, removed, added, after) = (3, rng.below(6), rng.below(8), 3);
            let old = before + removed + after;
            let new = before + added + after;
            let _ = writeln!(out, "@@ -{at},{old} +{at},{new} @@ fn {}_{}()", rng.pick(IDENTS), rng.below(100));
            let line = |out: &mut String, mark: char, rng: &mut Rng| {
                let (a, b) = (rng.pick(IDENTS), rng.pick(IDENTS));
                let _ = writeln!(
                    out,
                    "{mark}    let {a} = {b}.get({}).unwrap_or_default(); // {}",
                    rng.below(64),
                    rng.pick(WORDS)
                );
            };
            for _ in 0..before {
                line(&mut out, ' ', &mut rng);
            }
            for _ in 0..removed {
                line(&mut out, '-', &mut rng);
            }
            for _ in 0..added {
                line(&mut out, '+', &mut rng);
            }
            for _ in 0..after {
                line(&mut out, ' ', &mut rng);
            }
            at += new + 10 + rng.below(60);
        }
    }
    out
}

/// A server log: one event a line, now and then a blank line and a multi-line error.
fn log(size: usize) -> String {
    let mut rng = Rng(0x6c6f_676c_6f67_6c6f);
    let mut out = String::with_capacity(size + 4096);
    let levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
    let paths = ["/v1/jobs", "/v1/files", "/v1/tenants/local", "/v1/plugins", "/healthz"];
    let mut ms: u64 = 0;
    while out.len() < size {
        ms += 1 + rng.below(900) as u64;
        let (s, m, h) = (ms / 1000 % 60, ms / 60_000 % 60, ms / 3_600_000 % 24);
        let level = rng.pick(&levels);
        let _ = writeln!(
            out,
            "2026-03-14T{h:02}:{m:02}:{s:02}.{:03}Z {level:<5} [worker-{}] {} {} status={} took={}ms id={:016x}",
            ms % 1000,
            rng.below(8),
            rng.pick(&["GET", "POST", "PUT"]),
            rng.pick(&paths),
            rng.pick(&["200", "200", "201", "404", "500"]),
            rng.below(2000),
            rng.next()
        );
        if level == "ERROR" {
            out.push_str("  caused by: the store is busy\n  at oz0_edge::store::write (store.rs:120)\n\n");
        }
    }
    out
}

/// Each kind: a generator, a name to detect it by, and a section query that names one part.
type Doc = (&'static str, fn(usize) -> String, &'static str, &'static str);

const DOCS: [Doc; 4] = [
    ("markdown", markdown, "guide.md", "Part 3 > Chapter 3.2"),
    ("json", json, "data.json", "item_00042"),
    ("diff", diff, "change.diff", "src/m007/f00007.rs#2"),
    ("text", log, "server.log", "200-240"),
];

fn fit(c: &mut Criterion) {
    for (kind, generate, name, query) in DOCS {
        let mut group = c.benchmark_group(format!("fit/{kind}"));
        group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        // Big inputs take tens of milliseconds an iteration: the same count each sample keeps the time down.
        group.sampling_mode(SamplingMode::Flat);
        for (size, label) in SIZES {
            let text = generate(size);
            group.throughput(Throughput::Bytes(text.len() as u64));
            let summary =
                Request { view: Some(View::Summary), budget: Some(2000), name: Some(name), ..Request::default() };
            let section = Request { query: Some(query), budget: Some(2000), name: Some(name), ..Request::default() };
            // The query must name a part, else the bench would measure the fall to a smaller view.
            let found = fit_document(&text, &section);
            assert_eq!(
                found.note.view,
                View::Section,
                "{kind} at {label}: '{query}' names no part: {:?}",
                found.note.omitted
            );
            group.bench_with_input(BenchmarkId::new("summary", label), &text, |b, text| {
                b.iter(|| fit_document(black_box(text), black_box(&summary)));
            });
            group.bench_with_input(BenchmarkId::new("section", label), &text, |b, text| {
                b.iter(|| fit_document(black_box(text), black_box(&section)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, fit);
criterion_main!(benches);

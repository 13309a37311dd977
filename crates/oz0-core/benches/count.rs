//! The token estimate against exact cl100k counters, side by side on the same inputs: the mixed
//! held-out documents of the corpus, and its ASCII English prose and markdown.
//!
//! `cargo bench -p oz0-core --bench count` prints criterion's throughputs, then the ratio of
//! `count` to the faster exact counter.

// A benchmark prints what it measured.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use oz0_core::fit::{Meter, count, weigh};

#[path = "../tests/support/corpus.rs"]
mod corpus;

/// Returns the held-out documents of the corpus joined (mixed) and its ASCII prose and markdown
/// joined.
fn inputs() -> (String, String) {
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"), 2);
    let (mut mixed, mut ascii) = (String::new(), String::new());
    for doc in corpus::load(&root).expect("the corpus is readable UTF-8 text") {
        if doc.held_out() {
            mixed.push_str(&doc.text);
        }
        if matches!(doc.category.as_str(), "prose-en" | "markdown") && doc.text.is_ascii() {
            ascii.push_str(&doc.text);
        }
    }
    (mixed, ascii)
}

/// A named way to count the tokens of a text.
type Counter = (&'static str, Box<dyn Fn(&str) -> u64>);

fn counters() -> Vec<Counter> {
    let bpe = bpe_openai::cl100k_base();
    let tiktoken = tiktoken_rs::cl100k_base().expect("tiktoken-rs builds cl100k");
    vec![
        ("oz0 count", Box::new(count)),
        ("oz0 weigh", Box::new(weigh)),
        (
            "oz0 Meter, 64 KiB chunks",
            Box::new(|t: &str| {
                let mut meter = Meter::new();
                for chunk in t.as_bytes().chunks(64 * 1024) {
                    meter.feed(chunk);
                }
                meter.weight()
            }),
        ),
        ("bpe-openai (exact)", Box::new(move |t: &str| bpe.count(t) as u64)),
        ("tiktoken-rs (exact)", Box::new(move |t: &str| tiktoken.encode_ordinary(t).len() as u64)),
    ]
}

fn bench(c: &mut Criterion, inputs: &[(&str, &str)]) {
    let counters = counters();
    for (name, text) in inputs {
        let mut group = c.benchmark_group(*name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(10);
        for (counter, f) in &counters {
            group.bench_function(*counter, |b| b.iter(|| f(black_box(text))));
        }
        group.finish();
    }
}

/// Returns the best time of `f` over `text` in seconds, over at least 5 rounds and half a second.
fn best(text: &str, f: &dyn Fn(&str) -> u64) -> f64 {
    let started = Instant::now();
    let mut best = f64::INFINITY;
    let mut rounds = 0;
    while rounds < 5 || started.elapsed().as_secs_f64() < 0.5 {
        let t = Instant::now();
        black_box(f(black_box(text)));
        best = best.min(t.elapsed().as_secs_f64());
        rounds += 1;
    }
    best
}

fn ratios(inputs: &[(&str, &str)]) {
    let counters = counters();
    for (name, text) in inputs {
        let times: Vec<(&str, f64)> = counters.iter().map(|(n, f)| (*n, best(text, f))).collect();
        let mb_s = |secs: f64| text.len() as f64 / secs / 1e6;
        let (exact, exact_time) =
            times[3..].iter().copied().min_by(|a, b| a.1.total_cmp(&b.1)).expect("there are exact counters");
        println!(
            "{name}: count {:.0} MB/s, {exact} {:.1} MB/s: count is {:.0}x as fast",
            mb_s(times[0].1),
            mb_s(exact_time),
            exact_time / times[0].1
        );
    }
}

fn main() {
    let (mixed, ascii) = inputs();
    let inputs = [("mixed held-out corpus", mixed.as_str()), ("ASCII prose and markdown", ascii.as_str())];
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &inputs);
    c.final_summary();
    ratios(&inputs);
}

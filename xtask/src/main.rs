//! Development tasks of oz0, run as `cargo run -p xtask --release -- <task>`.
//!
//! - `train-estimate [--tune] [--worst] [--compare] [--choose-hash]`: trains the token estimate's
//!   table from the corpus and writes `crates/oz0-core/src/fit/tokens/cl100k.table`.
//! - `estimate-report`: prints the estimate's held-out error per category and its speed against
//!   exact cl100k counters.
//! - `estimate-speed`: prints `count`'s MB/s on the held-out mixed text and on ASCII prose, three
//!   times: the quick figure to watch while changing the estimate's speed.
//! - `estimate-check DIR`: prints the estimate's error on each file of DIR, cut into documents of about
//!   4 KB: text from beyond the corpus.
//! - `estimate-chunks [--bytes-only] [--longest N] [--bits N]`: a study of an estimate by chunks
//!   (a table of the frequent chunks of text, the byte model for the others): its held-out error,
//!   the share of bytes it leaves to the byte model, and the speed of its chunk pass beside `count`.
//! - `synth-corpus`: writes the corpus's generated documents (logs, chat).
//! - `scripted-provider [--port N] [--gateway FILE]`: serves a stand-in model provider on loopback (a
//!   free port unless `--port` names one) that plays the example agent `reader` and answers a tool's
//!   model calls, to try `oz0 run` without a real provider.
//! - `house [ROOT]`: prints the circles of source files that import each other in the workspace's
//!   crates (ROOT, or this workspace) and fails if there is one; a test runs it too.

// A developer tool: it reports on stdout and stderr.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod chunks;
mod corpus;
mod exact;
mod house;
mod provider;
mod report;
mod synth;
mod train;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("train-estimate") => train::run(
            &corpus::workspace().join("crates/oz0-core/src/fit/tokens/cl100k.table"),
            args.iter().any(|a| a == "--tune"),
            args.iter().any(|a| a == "--worst"),
            args.iter().any(|a| a == "--compare"),
            args.iter().any(|a| a == "--choose-hash"),
        ),
        Some("estimate-chunks") => chunks::Options::parse(&args).and_then(chunks::run),
        Some("synth-corpus") => synth::run(),
        Some("estimate-report") => report::run(),
        Some("estimate-speed") => report::speed(),
        Some("estimate-check") if args.len() == 2 => report::check(std::path::Path::new(&args[1])),
        Some("house") => house::run(&args.get(1).map_or_else(corpus::workspace, std::path::PathBuf::from)),
        Some("scripted-provider") => {
            let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
            let port = value("--port").and_then(|p| p.parse().ok()).unwrap_or(0);
            provider::run(port, value("--gateway").map(std::path::Path::new))
        }
        _ => {
            eprintln!(
                "usage: cargo run -p xtask --release -- <train-estimate [--tune] [--worst] [--compare] [--choose-hash] | estimate-report | estimate-speed | estimate-check DIR | estimate-chunks [--bytes-only] [--longest N] [--bits N] | synth-corpus | \
                 scripted-provider [--port N] [--gateway FILE] | house [ROOT]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

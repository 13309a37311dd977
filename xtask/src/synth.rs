//! The corpus's generated documents: logs in common formats, and chat-like prose with emoji.
//!
//! Logs on a developer's machine hold hosts, users and addresses that are not ours to publish, so
//! the corpus generates them, from a fixed seed, in the shapes tools return: web access logs,
//! JSON lines, `tracing` output, syslog, Python tracebacks and build output. Chat lines quote
//! sentences of the corpus's own prose in the same language, with emoji between them; a chat
//! document only quotes documents on its own side of the training/held-out split.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use crate::corpus::{self, Doc};

/// SplitMix64: small, fast and the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn hex(&mut self, len: usize) -> String {
        (0..len).map(|_| char::from(b"0123456789abcdef"[self.below(16)])).collect()
    }
}

const PATHS: &[&str] = &[
    "/",
    "/api/v1/jobs",
    "/api/v1/jobs/{id}",
    "/api/v1/jobs/{id}/trace",
    "/api/v1/agents",
    "/api/v1/tenants/{id}/usage",
    "/static/app.{hex}.js",
    "/static/style.{hex}.css",
    "/login",
    "/healthz",
    "/metrics",
    "/favicon.ico",
    "/docs/getting-started",
    "/api/v1/files/{id}?part=3",
    "/search?q=rust+async+runtime&page=2",
    "/wp-login.php",
    "/.env",
];
const AGENTS: &[&str] = &[
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "curl/8.5.0",
    "oz0/0.1.0",
    "python-requests/2.32.3",
    "Go-http-client/2.0",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];
const LEVELS: &[&str] = &["INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR", "TRACE"];
const TARGETS: &[&str] = &[
    "oz0_edge::jobs",
    "oz0_edge::http",
    "oz0_edge::offload",
    "oz0_core::fit",
    "hyper::proto::h1",
    "sqlx::query",
    "tower_http::trace",
    "oz0_edge::plugins::runner",
];
const MESSAGES: &[&str] = &[
    "job started",
    "job finished",
    "tool call returned",
    "result offloaded to file",
    "request completed",
    "retrying after transient error",
    "connection reset by peer",
    "model call timed out after 30s",
    "fitted result to budget",
    "plugin process exited",
    "acquired lease",
    "released lease",
    "cache miss",
    "rate limit reached for tenant",
    "could not parse manifest: expected `,` or `}` at line 3 column 17",
];
const UNITS: &[&str] = &["sshd", "systemd", "kernel", "cron", "dockerd", "containerd", "nginx", "postgres"];
const WORDS: &[&str] = &[
    "alpha", "beta", "gamma", "delta", "cache", "index", "worker", "queue", "session", "token", "budget", "fit",
    "outline", "summary", "section", "manifest", "plugin", "tenant",
];

fn timestamp(rng: &mut Rng, base: &mut u64) -> (u64, u64, u64, u64, u64, u64) {
    *base += rng.below(4000) as u64;
    let t = *base;
    let day = 1 + (t / 86_400_000) % 28;
    let h = (t / 3_600_000) % 24;
    let m = (t / 60_000) % 60;
    let s = (t / 1000) % 60;
    let ms = t % 1000;
    (day, h, m, s, ms, t)
}

fn ip(rng: &mut Rng) -> String {
    format!("{}.{}.{}.{}", rng.below(223) + 1, rng.below(256), rng.below(256), rng.below(254) + 1)
}

fn path(rng: &mut Rng) -> String {
    let p = rng.pick(PATHS).to_string();
    let id = rng.hex(12);
    let hex = rng.hex(8);
    p.replace("{id}", &id).replace("{hex}", &hex)
}

fn access_log(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 30) as u64;
    for _ in 0..lines {
        let (day, h, m, s, _, _) = timestamp(rng, &mut base);
        let status = *rng.pick(&[200, 200, 200, 200, 304, 201, 404, 500, 302, 401]);
        let method = rng.pick(&["GET", "GET", "GET", "POST", "PUT", "DELETE"]);
        let _ = writeln!(
            out,
            "{} - - [{day:02}/Mar/2026:{h:02}:{m:02}:{s:02} +0000] \"{method} {} HTTP/1.1\" {status} {} \"-\" \"{}\"",
            ip(rng),
            path(rng),
            rng.below(90_000),
            rng.pick(AGENTS)
        );
    }
    out
}

fn json_lines(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 30) as u64;
    for _ in 0..lines {
        let (day, h, m, s, ms, _) = timestamp(rng, &mut base);
        let _ = write!(
            out,
            "{{\"ts\":\"2026-03-{day:02}T{h:02}:{m:02}:{s:02}.{ms:03}Z\",\"level\":\"{}\",\"target\":\"{}\",\"msg\":\"{}\"",
            rng.pick(LEVELS).to_lowercase(),
            rng.pick(TARGETS),
            rng.pick(MESSAGES).replace('`', "'"),
        );
        let _ = write!(
            out,
            ",\"job_id\":\"{}-{}-{}\",\"tenant\":{},\"elapsed_ms\":{}",
            rng.hex(8),
            rng.hex(4),
            rng.hex(12),
            rng.below(5000),
            rng.below(20_000)
        );
        if rng.below(3) == 0 {
            let _ = write!(
                out,
                ",\"tokens\":{{\"in\":{},\"out\":{}}},\"tool\":\"{}.{}\"",
                rng.below(50_000),
                rng.below(4000),
                rng.pick(WORDS),
                rng.pick(WORDS)
            );
        }
        out.push_str("}\n");
    }
    out
}

fn tracing_log(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 30) as u64;
    for _ in 0..lines {
        let (day, h, m, s, ms, t) = timestamp(rng, &mut base);
        let level = rng.pick(LEVELS);
        let _ = write!(
            out,
            "2026-03-{day:02}T{h:02}:{m:02}:{s:02}.{ms:03}{:03}Z {level:>5} {}: {}",
            t % 997,
            rng.pick(TARGETS),
            rng.pick(MESSAGES)
        );
        for _ in 0..rng.below(4) {
            let _ = write!(out, " {}={}", rng.pick(WORDS), rng.below(100_000));
        }
        out.push('\n');
        if *level == "ERROR" && rng.below(2) == 0 {
            let _ = writeln!(
                out,
                "    at crates/oz0-edge/src/{}.rs:{}:{}\n    in oz0_edge::jobs::run with job_id={}",
                rng.pick(WORDS),
                rng.below(900),
                rng.below(60),
                rng.hex(16)
            );
        }
    }
    out
}

fn syslog(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 30) as u64;
    for _ in 0..lines {
        let (day, h, m, s, _, _) = timestamp(rng, &mut base);
        let unit = rng.pick(UNITS);
        let msg = match *unit {
            "sshd" => format!(
                "Accepted publickey for deploy from {} port {} ssh2: ED25519 SHA256:{}",
                ip(rng),
                rng.below(60_000) + 1024,
                rng.hex(43)
            ),
            "kernel" => format!(
                "[{:>5}.{:06}] EXT4-fs (sda{}): mounted filesystem with ordered data mode. Quota mode: none.",
                rng.below(99_999),
                rng.below(999_999),
                rng.below(4) + 1
            ),
            "cron" => format!("(root) CMD (run-parts --report /etc/cron.{})", rng.pick(&["hourly", "daily"])),
            _ => format!("{} {} ({}ms)", rng.pick(MESSAGES), rng.pick(WORDS), rng.below(900)),
        };
        let _ = writeln!(
            out,
            "Mar {day:>2} {h:02}:{m:02}:{s:02} node-{} {unit}[{}]: {msg}",
            rng.below(12),
            rng.below(60_000)
        );
    }
    out
}

fn python_log(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 30) as u64;
    for _ in 0..lines {
        let (day, h, m, s, ms, _) = timestamp(rng, &mut base);
        let level = rng.pick(LEVELS);
        let _ = writeln!(
            out,
            "2026-03-{day:02} {h:02}:{m:02}:{s:02},{ms:03} {level} [{}] {}",
            rng.pick(&["worker.tasks", "api.views", "db.pool", "scheduler"]),
            rng.pick(MESSAGES)
        );
        if *level == "ERROR" {
            let w = rng.pick(WORDS);
            let _ = writeln!(
                out,
                "Traceback (most recent call last):\n  File \"/srv/app/{w}/tasks.py\", line {}, in run\n    result = self.{w}_step(payload)\n  File \"/srv/app/{w}/steps.py\", line {}, in {w}_step\n    return payload[\"{}\"]\nKeyError: '{}'",
                rng.below(400),
                rng.below(400),
                rng.pick(WORDS),
                rng.pick(WORDS)
            );
        }
    }
    out
}

fn build_log(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    for i in 0..lines {
        match rng.below(5) {
            0 => {
                let _ = writeln!(
                    out,
                    "   Compiling {}-{} v{}.{}.{}",
                    rng.pick(WORDS),
                    rng.pick(WORDS),
                    rng.below(3),
                    rng.below(30),
                    rng.below(12)
                );
            }
            1 | 2 => {
                let ok = if rng.below(20) == 0 { "FAILED" } else { "ok" };
                let _ = writeln!(
                    out,
                    "test {}::tests::{}_{}_{} ... {ok}",
                    rng.pick(WORDS),
                    rng.pick(WORDS),
                    rng.pick(&["is", "gives", "keeps", "rejects"]),
                    rng.pick(WORDS)
                );
            }
            3 => {
                let _ = writeln!(
                    out,
                    "warning: unused variable: `{}`\n  --> src/{}.rs:{}:{}\n   |\n{:>3} |     let {} = {}();\n   |         ^^^ help: if this is intentional, prefix it with an underscore\n",
                    rng.pick(WORDS),
                    rng.pick(WORDS),
                    i,
                    rng.below(40),
                    i,
                    rng.pick(WORDS),
                    rng.pick(WORDS)
                );
            }
            _ => {
                let _ = writeln!(
                    out,
                    "[{:>3}/{}] cc -O2 -Wall -fPIC -Iinclude -c src/{}.c -o build/{}.o",
                    i,
                    lines,
                    rng.pick(WORDS),
                    rng.pick(WORDS)
                );
            }
        }
    }
    out
}

/// Splits prose into sentences, at the sentence ends of the scripts the corpus holds.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in text.chars() {
        if ch == '\n' {
            cur.push(' ');
        } else {
            cur.push(ch);
        }
        if matches!(ch, '.' | '!' | '?' | '。' | '！' | '？') {
            let s = cur.split_whitespace().collect::<Vec<_>>().join(" ");
            if (12..200).contains(&s.chars().count()) {
                out.push(s);
            }
            cur.clear();
        }
    }
    out
}

const EMOJI: &[&str] = &[
    "😀",
    "😂",
    "🙂",
    "😉",
    "😅",
    "🤔",
    "👍",
    "👌",
    "🙏",
    "🎉",
    "🔥",
    "✅",
    "❌",
    "⚠️",
    "🚀",
    "💡",
    "❤️",
    "😢",
    "👀",
    "🤷‍♂️",
    "👨‍💻",
    "🇷🇺",
    "🇯🇵",
    "🇨🇳",
    "☕",
    "🐛",
    "📦",
    "✨",
];

fn chat(rng: &mut Rng, sentences: &[String], names: &[&str], lines: usize) -> String {
    let mut out = String::new();
    let mut base = rng.below(1 << 28) as u64;
    for _ in 0..lines {
        let (_, h, m, _, _, _) = timestamp(rng, &mut base);
        let _ = write!(out, "[{h:02}:{m:02}] {}: ", rng.pick(names));
        for _ in 0..1 + rng.below(2) {
            out.push_str(rng.pick(sentences).as_str());
            out.push(' ');
        }
        for _ in 0..rng.below(3) {
            out.push_str(rng.pick::<&str>(EMOJI));
        }
        if out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

/// Writes the generated documents into the corpus, replacing earlier ones.
pub fn run() -> Result<()> {
    let root = corpus::root();
    let mut rng = Rng(0x6f7a_305f_636f_7270);
    let logs = root.join("logs");
    type Gen = fn(&mut Rng, usize) -> String;
    let kinds: [(&str, Gen); 6] = [
        ("access", access_log),
        ("jsonl", json_lines),
        ("tracing", tracing_log),
        ("syslog", syslog),
        ("python", python_log),
        ("build", build_log),
    ];
    for (name, generate) in kinds {
        for i in 0..6 {
            let lines = 20 + rng.below(140);
            write(&logs.join(format!("synth-{name}-{i}.log")), &generate(&mut rng, lines))?;
        }
    }
    let docs = corpus::load(&root)?;
    for (category, names) in [
        ("prose-zh", &["小王", "李明", "张伟", "Alice", "老陈"][..]),
        ("prose-ja", &["たなか", "佐藤", "ゆき", "Bob", "山本"][..]),
        ("prose-ru", &["Иван", "Маша", "Дима", "Оля", "kolya"][..]),
        ("prose-en", &["alice", "bob", "Carol", "dave_k", "Eve"][..]),
    ] {
        for i in 0..8 {
            let name = format!("chat-{i}.txt");
            let side = corpus::held_out(category, &name);
            let pool: Vec<String> = docs
                .iter()
                .filter(|d: &&Doc| d.category == category && d.held_out() == side && !d.path.contains("/chat-"))
                .flat_map(|d| sentences(&d.text))
                .collect();
            if pool.is_empty() {
                continue;
            }
            let lines = 15 + rng.below(60);
            write(&root.join(category).join(&name), &chat(&mut rng, &pool, names, lines))?;
        }
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

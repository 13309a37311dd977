//! What sealing the tenants' payloads costs, sealed beside plain in the same run: files kept and read
//! back (4 KiB and 1 MiB, as `POST .../files` keeps them and a call handed a file reads them), and a
//! job's payloads (its input, two messages of its run and its answer kept, then read back as its events
//! and the next turn read them). On SQLite with the files on disk, and, when `OZ0_TEST_POSTGRES` names a
//! server (`source scripts/postgres-env` starts one), on PostgreSQL in a database made for the run and
//! dropped after it.
//!
//! One edge a store, opened as a node opens it, switches between sealing and keeping plain: blocks of
//! each alternate, after a block of each unrecorded (which makes the tenant's payload key). Each figure is
//! the median of the blocks' rates; the ratio is sealed over plain.
//!
//! ```sh
//! cargo bench -p oz0-edge --bench sealed_payloads              # 7 blocks of each
//! BLOCKS=9 cargo bench -p oz0-edge --bench sealed_payloads
//! ```

// A benchmark prints what it measured.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::error::Error;
use std::sync::Arc;
use std::time::Instant;

use oz0_core::api::{FileRef, JobKind, TenantName, TreeId};
use oz0_edge::EdgeState;
use oz0_edge::sealing::KeyPlace;
use oz0_edge::store::{Location, NewJob, TenantRecord};

type Outcome<T> = Result<T, Box<dyn Error>>;

/// An edge to measure, and what it lives in.
struct Setup {
    name: &'static str,
    state: Arc<EdgeState>,
    tenant: TenantRecord,
    dir: tempfile::TempDir,
    /// The URL of its PostgreSQL database, when it is on one.
    database: Option<String>,
}

/// What is measured, and how many a block does.
struct Operation {
    name: &'static str,
    count: usize,
}

const OPERATIONS: [Operation; 5] = [
    Operation { name: "keep a 4 KiB file", count: 300 },
    Operation { name: "read a 4 KiB file", count: 300 },
    Operation { name: "keep a 1 MiB file", count: 16 },
    Operation { name: "read a 1 MiB file", count: 16 },
    Operation { name: "a job's payloads: 4 kept, 3 read", count: 100 },
];

/// Returns bytes of `size`, distinct for each `(mode, block, n)`, so that every file kept is new, and
/// as hard to compress as sealed ones: repeated text lets PostgreSQL's TOAST, and a disk that compresses,
/// keep the plain files smaller than the sealed, which measures compression rather than sealing.
fn bytes(size: usize, mode: &str, block: usize, n: usize) -> Vec<u8> {
    // xorshift64*, seeded by what makes the file distinct.
    let mut state = mode.bytes().fold(0x9e37_79b9_7f4a_7c15_u64, |s, b| s.rotate_left(5) ^ u64::from(b));
    state ^= ((block as u64) << 32) ^ (n as u64) ^ 1;
    let mut bytes = Vec::with_capacity(size + 8);
    while bytes.len() < size {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        bytes.extend_from_slice(&state.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes());
    }
    bytes.truncate(size);
    bytes
}

impl Setup {
    fn open(name: &'static str, database: Option<String>) -> Outcome<Self> {
        let location = match &database {
            Some(url) => url.parse()?,
            None => Location::Sqlite,
        };
        let dir = tempfile::tempdir()?;
        let state = EdgeState::open_at(dir.path(), &location, &KeyPlace::in_data(dir.path()), None)?;
        let tenant = state.store().local_principal(&TenantName::new("local")?, "local")?.tenant;
        Ok(Self { name, state, tenant, dir, database })
    }

    /// Removes the files' bytes kept so far, behind the store's back, so that a run keeps no more than
    /// a block's on the disk: every block keeps new files, and reads those the block before kept.
    fn forget_bytes(&self) -> Outcome<()> {
        match &self.database {
            Some(url) => {
                postgres::Client::connect(url, postgres::NoTls)?.batch_execute("DELETE FROM blobs")?;
            }
            None => {
                let files = self.dir.path().join("files").join(self.tenant.id.to_string());
                if files.exists() {
                    std::fs::remove_dir_all(files)?;
                }
            }
        }
        Ok(())
    }

    /// Runs the block `block` of `operation`, sealed or plain; returns how many it did a second.
    fn block(&self, operation: usize, seal: bool, block: usize, files: &mut Vec<FileRef>) -> Outcome<f64> {
        let (store, t) = (self.state.store(), &self.tenant);
        store.seal_payloads(seal);
        let mode = if seal { "sealed" } else { "plain" };
        let tree = TreeId::new(&format!("bench-{mode}-{block}"))?;
        let count = OPERATIONS[operation].count;
        let started = Instant::now();
        match operation {
            0 | 2 => {
                let size = if operation == 0 { 4096 } else { 1 << 20 };
                files.clear();
                for n in 0..count {
                    files.push(self.state.keep_file(t, &tree, &bytes(size, mode, block, n))?.file);
                }
            }
            1 | 3 => {
                for file in files.iter() {
                    std::hint::black_box(self.state.files().get(t.id, file)?);
                }
            }
            _ => {
                let input = "what the agent is asked, ".repeat(40);
                let message = serde_json::json!({"role": "model", "text": "what the model said, ".repeat(20)});
                let message = message.to_string();
                for n in 0..count {
                    let job = TreeId::new(&format!("job-{mode}-{block}-{n}"))?;
                    let new =
                        NewJob { id: &job, kind: JobKind::Agent, name: "bench", person: "local", input: Some(&input) };
                    store.start_job(t, &new)?;
                    store.say(t, &job, &message)?;
                    store.say(t, &job, &message)?;
                    store.set_output(t, &job, &input)?;
                    std::hint::black_box(store.job_io(t, &job)?);
                    std::hint::black_box(store.said(t, &job, 0)?);
                }
            }
        }
        Ok(count as f64 / started.elapsed().as_secs_f64())
    }
}

fn median(mut rates: Vec<f64>) -> f64 {
    rates.sort_by(f64::total_cmp);
    rates.get(rates.len() / 2).copied().unwrap_or(0.0)
}

/// Makes a database for the run on the server `server` names, and returns its URL and name.
fn postgres_database(server: &str) -> Outcome<(String, String)> {
    let name = format!("oz0_bench_{}", std::process::id());
    let mut client = postgres::Client::connect(server, postgres::NoTls)?;
    client.batch_execute(&format!("CREATE DATABASE {name}"))?;
    let (base, query) = server.split_once('?').map_or((server, None), |(base, query)| (base, Some(query)));
    let (root, _) = base.rsplit_once('/').ok_or("OZ0_TEST_POSTGRES names no database")?;
    let url = match query {
        Some(query) => format!("{root}/{name}?{query}"),
        None => format!("{root}/{name}"),
    };
    Ok((url, name))
}

fn main() -> Outcome<()> {
    let blocks: usize = std::env::var("BLOCKS").ok().and_then(|b| b.parse().ok()).unwrap_or(7);
    let server = std::env::var("OZ0_TEST_POSTGRES").ok().filter(|s| !s.is_empty());
    println!("| store | operation | plain /s | sealed /s | sealed / plain |");
    println!("| --- | --- | ---: | ---: | ---: |");
    let mut setups = vec![("SQLite, files on disk", None)];
    if let Some(server) = &server {
        setups.push(("PostgreSQL", Some(postgres_database(server)?)));
    }
    for (name, database) in setups {
        let setup = Setup::open(name, database.as_ref().map(|(url, _)| url.clone()))?;
        let mut files = Vec::new();
        for (operation, what) in OPERATIONS.iter().enumerate() {
            // A block of each first, unrecorded: the tenant's payload key is made, and the caches warm.
            let (mut sealed, mut plain) = (Vec::new(), Vec::new());
            for block in 0..=blocks {
                // Reads go over the files of the keeping before, of the same mode.
                let reading = operation == 1 || operation == 3;
                // Each mode goes first every other block, so that neither pays for what the other left
                // to the disk.
                let order = if block % 2 == 0 { [true, false] } else { [false, true] };
                for seal in order {
                    if reading {
                        setup.block(operation - 1, seal, blocks + 1 + block, &mut files)?;
                    }
                    let rate = setup.block(operation, seal, block, &mut files)?;
                    setup.forget_bytes()?;
                    if block > 0 {
                        if seal { sealed.push(rate) } else { plain.push(rate) }
                    }
                }
            }
            let (sealed, plain) = (median(sealed), median(plain));
            println!("| {} | {} | {plain:.0} | {sealed:.0} | {:.2} |", setup.name, what.name, sealed / plain);
        }
        drop(setup);
        if let (Some(server), Some((_, name))) = (&server, database) {
            let mut client = postgres::Client::connect(server, postgres::NoTls)?;
            client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))?;
        }
    }
    Ok(())
}

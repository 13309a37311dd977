//! Clients that send slowly, against `oz0 edge serve` on SQLite and on PostgreSQL: a body that trickles
//! or stops ends with 408 while an honest slow upload passes, one tenant's slow uploads keep no other
//! tenant waiting, and a head that does not come whole in time closes its connection. The edges here
//! keep a short pace (`OZ0_PACE_SECONDS=0.5`: a body has 0.5 s before it must average 64 KiB/s, and may
//! pause 1 s at most; a head has 1.5 s), so that no test waits long.
//!
//! What ends a request is checked by when it ends: never before the pace allows, and long before it
//! would end otherwise (a trickle of 32 MiB at 10 bytes a second, a read that times out at 20 s), with
//! room for a loaded machine between the two.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{Site, TestEnv, served_transports};
use oz0_core::api::{Edge, InstallOptions, Role, Tenant, TenantName, TokenRequest, TreeId};

const PACE_SECONDS: &str = "0.5";
const GRACE: Duration = Duration::from_millis(500);
const GAP: Duration = Duration::from_secs(1);
const HEAD: Duration = Duration::from_millis(1500);

/// How much later than the pace allows a request may end on a loaded machine.
const SLACK: Duration = Duration::from_secs(15);

/// Starts a served edge on `transport` with the short pace.
fn site(transport: common::Transport) -> Site {
    site_with_pace(transport, PACE_SECONDS)
}

/// Starts a served edge on `transport` with the pace of `seconds`.
fn site_with_pace(transport: common::Transport, seconds: &str) -> Site {
    let env = TestEnv::for_transport(transport);
    let served = env.serve_with(&env.data(), &[("OZ0_PACE_SECONDS", seconds.into())]);
    Site { served: Some(served), env }
}

fn address(site: &Site) -> String {
    site.served.as_ref().unwrap().url.trim_start_matches("http://").to_owned()
}

fn admin(site: &Site) -> String {
    site.served.as_ref().unwrap().token.clone()
}

/// Opens a connection and sends a request's head, declaring a body of `length` bytes, and `first`.
fn begin(address: &str, head: &str, length: u64, first: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let head = format!("{head}host: x\r\ncontent-length: {length}\r\n\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(first).unwrap();
    stream
}

/// The head of an upload of a file by `token`.
fn file_upload(token: &str) -> String {
    format!("POST /v1/tenants/current/trees/T/files HTTP/1.1\r\nauthorization: Bearer {token}\r\n")
}

/// Reads what the edge answers until it closes the connection.
fn answer(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// Sends `piece` every `every` until the edge answers, and returns its answer and when it came.
fn trickle(mut stream: TcpStream, piece: &[u8], every: Duration, since: Instant) -> (String, Duration) {
    let answered = AtomicBool::new(false);
    let mut writer = stream.try_clone().unwrap();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut next = Instant::now() + every;
            while !answered.load(Ordering::Relaxed) {
                if Instant::now() >= next {
                    if writer.write_all(piece).is_err() {
                        break;
                    }
                    next += every;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let text = answer(&mut stream);
        answered.store(true, Ordering::Relaxed);
        (text, since.elapsed())
    })
}

/// Asserts that `answer` is a 408 problem whose detail contains `says`.
fn assert_408(answer: &str, says: &str) {
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("content-type: application/problem+json"), "{answer}");
    assert!(answer.contains("connection: close"), "{answer}");
    assert!(answer.contains(says), "{answer}");
    assert!(answer.contains("at least 64 KiB/s on average after its first "), "{answer}");
}

#[test]
fn a_body_that_trickles_or_stops_ends_with_408_and_an_honest_slow_one_passes() {
    for transport in served_transports() {
        let site = site(transport);
        let (address, token) = (address(&site), admin(&site));
        let late = |took: Duration, bound: Duration| {
            assert!(took >= bound && took < bound + SLACK, "{transport:?}: {took:?}");
        };
        std::thread::scope(|scope| {
            // A file that stops after its first bytes.
            scope.spawn(|| {
                let start = Instant::now();
                let mut stream = begin(&address, &file_upload(&token), 100_000, &[b'x'; 1000]);
                let answer = answer(&mut stream);
                late(start.elapsed(), GRACE);
                assert_408(&answer, "the request's body came too slowly: 1000 bytes in 0.5 s");
            });
            // A JSON body likewise.
            scope.spawn(|| {
                let start = Instant::now();
                let head = format!(
                    "PATCH /v1/tenants/current/offload HTTP/1.1\r\nauthorization: Bearer {token}\r\n\
                     content-type: application/json\r\n"
                );
                let mut stream = begin(&address, &head, 100, b"{\"def");
                let answer = answer(&mut stream);
                late(start.elapsed(), GRACE);
                assert_408(&answer, "came too slowly: 5 bytes");
                assert!(answer.contains("after its first 0.5 s, and never a pause of more than 1 s"), "{answer}");
            });
            // A plugin's archive that comes fast, then pauses longer than the edge waits.
            scope.spawn(|| {
                let start = Instant::now();
                let head = format!(
                    "POST /v1/plugins HTTP/1.1\r\nauthorization: Bearer {token}\r\ncontent-type: application/x-tar\r\n"
                );
                let mut stream = begin(&address, &head, 1 << 20, &[0; 256 << 10]);
                let answer = answer(&mut stream);
                late(start.elapsed(), GAP);
                assert_408(&answer, "the request's body paused for 1 s after 262144 bytes");
            });
            // A byte every 100 ms: it pauses little, but comes at 10 bytes a second.
            scope.spawn(|| {
                let start = Instant::now();
                let stream = begin(&address, &file_upload(&token), 32 << 20, b"x");
                let (answer, took) = trickle(stream, b"x", Duration::from_millis(100), start);
                late(took, GRACE);
                assert_408(&answer, "came too slowly");
            });
            // An honest slow upload: 256 KiB at 256 KiB/s, four times the floor (and a machine may take
            // four times as long), in pieces of 16 KiB.
            scope.spawn(|| {
                let start = Instant::now();
                let mut stream = begin(&address, &file_upload(&token), 256 << 10, &[]);
                for _ in 0..16 {
                    std::thread::sleep(Duration::from_micros(62_500));
                    stream.write_all(&[b'y'; 16 << 10]).unwrap();
                }
                stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
                let mut answer = vec![0; 4096];
                let n = stream.read(&mut answer).unwrap();
                let answer = String::from_utf8_lossy(&answer[..n]);
                assert!(answer.starts_with("HTTP/1.1 201"), "{transport:?}: {answer}");
                assert!(answer.contains(r#""size":262144"#), "{answer}");
                assert!(start.elapsed() >= 2 * GRACE, "past its grace");
            });
        });
        assert!(site.env.serve_log().contains("answered 408: the request's body"), "{}", site.env.serve_log());
    }
}

#[test]
fn a_head_that_does_not_come_whole_in_time_closes_its_connection() {
    for transport in served_transports() {
        let site = site(transport);
        let address = address(&site);
        std::thread::scope(|scope| {
            // A head that trickles: a byte of a header field every 100 ms, never its end.
            scope.spawn(|| {
                let start = Instant::now();
                let mut stream = TcpStream::connect(&address).unwrap();
                stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                stream.write_all(b"GET /v1/status HTTP/1.1\r\nhost: x\r\nx-slow: ").unwrap();
                let (answer, took) = trickle(stream, b"a", Duration::from_millis(100), start);
                assert!(answer.is_empty(), "closed without an answer: {answer}");
                assert!(took >= HEAD && took < HEAD + SLACK, "{transport:?}: {took:?}");
            });
            // A connection that sends nothing.
            scope.spawn(|| {
                let start = Instant::now();
                let mut stream = TcpStream::connect(&address).unwrap();
                stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                assert!(answer(&mut stream).is_empty());
                let took = start.elapsed();
                assert!(took >= HEAD && took < HEAD + SLACK, "{transport:?}: {took:?}");
            });
            // A head that comes whole in time, if slowly, is answered.
            scope.spawn(|| {
                let mut stream = TcpStream::connect(&address).unwrap();
                stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                for line in ["GET /v1/status HTTP/1.1\r\n", "host: x\r\n", "connection: close\r\n", "\r\n"] {
                    std::thread::sleep(Duration::from_millis(250));
                    stream.write_all(line.as_bytes()).unwrap();
                }
                let answer = answer(&mut stream);
                assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
            });
        });
    }
}

/// Returns the archive of a plugin with nothing in it.
fn tiny_plugin() -> Vec<u8> {
    common::manifest_archive("name: tiny\nversion: 1.0.0\ndescription: Nothing at all.\ntools: []\n")
}

#[test]
fn one_tenants_slow_uploads_keep_no_other_tenant_waiting() {
    // A pace of 2 s: the first tenant's slow uploads hold their room that long, and the other tenant's
    // upload and install must pass before any of them ends, proof that they did not wait for its room.
    const GRACE: Duration = Duration::from_secs(2);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    for transport in served_transports() {
        let site = site_with_pace(transport, "2");
        let (address, token) = (address(&site), admin(&site));
        let url = &site.served.as_ref().unwrap().url;
        let main = oz0_client::Client::new(url, Some(token.clone())).unwrap();
        let request = TokenRequest {
            tenant: Some(TenantName::new("other").unwrap()),
            roles: vec![Role::Admin, Role::Content],
            name: None,
        };
        let other = runtime.block_on(main.create_token(&request)).unwrap().token;
        let other = oz0_client::Client::new(url, Some(other)).unwrap();
        std::thread::scope(|scope| {
            let start = Instant::now();
            // Eight uploads of the first tenant declare 32 MiB each and send a byte a second.
            let trickles: Vec<_> = (0..8)
                .map(|_| {
                    let stream = begin(&address, &file_upload(&token), 32 << 20, b"x");
                    scope.spawn(move || trickle(stream, b"x", Duration::from_secs(1), start))
                })
                .collect();
            // Meanwhile the other tenant's small upload and plugin install pass.
            let tree = TreeId::new("T").unwrap();
            let file = runtime.block_on(other.put_file(&Tenant::Current, &tree, b"eleven byte".to_vec()));
            assert_eq!(file.unwrap().size, 11, "{transport:?}");
            let plugin = runtime.block_on(other.install_plugin(tiny_plugin(), &InstallOptions::default()));
            assert_eq!(plugin.unwrap().plugin.name, "tiny", "{transport:?}");
            let passed = start.elapsed();
            // The trickles end: two at a time with 408 (a tenant's share of the room is two files at their
            // largest), each at the end of its grace once it has room; those that wait for room longer
            // than the edge lets a body wait are told the tenant's share is taken.
            let mut ends: Vec<(String, Duration)> = trickles.into_iter().map(|t| t.join().unwrap()).collect();
            ends.sort_by_key(|(_, took)| *took);
            assert!(passed < ends[0].1, "{transport:?}: the other tenant waited for the room: {passed:?}, {ends:?}");
            for (answer, took) in &ends[..2] {
                assert_408(answer, "came too slowly");
                assert!(*took >= GRACE && *took < GRACE + SLACK, "{transport:?}: {took:?}");
            }
            for (answer, took) in &ends[2..] {
                let busy = answer.starts_with("HTTP/1.1 503") && answer.contains("already hold their share");
                assert!(busy || answer.contains("came too slowly"), "{transport:?}: {answer}");
                assert!(*took < 4 * GRACE + SLACK, "{transport:?}: {took:?}");
            }
        });
    }
}

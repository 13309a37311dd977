//! One scenario through both transports of the Edge interface: the in-process `LocalEdge` and
//! `oz0_client::Client` against the HTTP server on a real port. Both must answer alike, errors included.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use oz0_core::api::{Cursor, Edge, EdgeError, FileRef, OffloadPatch, Role, Tenant, TenantName, TokenRequest, TreeId};
use oz0_core::offload::{Offload, Tokens};
use oz0_edge::{EdgeState, LocalEdge};

/// The people of the scenario: the first tenant's admin (every role), a content-only and an admin-only
/// person of it, and the admin of another tenant.
struct People<E> {
    admin: E,
    content: E,
    admin_only: E,
    other: E,
}

fn main_tenant() -> Tenant {
    Tenant::Named(TenantName::new("main").unwrap())
}

/// Makes the people's tokens through `admin`, and returns them.
async fn tokens(admin: &impl Edge) -> [String; 3] {
    let make = |tenant: Option<&str>, roles: Vec<Role>| TokenRequest {
        tenant: tenant.map(|t| TenantName::new(t).unwrap()),
        roles,
        name: None,
    };
    [
        admin.create_token(&make(None, vec![Role::Content])).await.unwrap().token,
        admin.create_token(&make(Some("main"), vec![Role::Admin])).await.unwrap().token,
        admin.create_token(&make(Some("other"), vec![Role::Admin, Role::Content])).await.unwrap().token,
    ]
}

async fn local_people(state: &Arc<EdgeState>, admin_token: &str) -> People<LocalEdge> {
    let admin = LocalEdge::authenticate(state, admin_token).unwrap().unwrap();
    let [content, admin_only, other] = tokens(&admin).await;
    let local = |token: &str| LocalEdge::authenticate(state, token).unwrap().unwrap();
    People { content: local(&content), admin_only: local(&admin_only), other: local(&other), admin }
}

async fn http_people(url: &str, admin_token: &str) -> People<oz0_client::Client> {
    let client = |token: &str| oz0_client::Client::new(url, Some(token.to_owned())).unwrap();
    let admin = client(admin_token);
    let [content, admin_only, other] = tokens(&admin).await;
    People { content: client(&content), admin_only: client(&admin_only), other: client(&other), admin }
}

/// Returns a refusal's kind and message, or `ok`.
fn err<T>(result: Result<T, EdgeError>) -> String {
    let kind = |err: &EdgeError| match err {
        EdgeError::NotFound { .. } => "not found",
        EdgeError::PermissionDenied { .. } => "denied",
        EdgeError::Invalid { .. } => "invalid",
        EdgeError::BadRequest { .. } => "bad request",
        _ => "other",
    };
    match result {
        Ok(_) => "ok".to_owned(),
        Err(err) => format!("{} {err}", kind(&err)),
    }
}

/// Runs the scenario and returns every answer in words, to compare across transports.
async fn scenario<E: Edge>(p: &People<E>) -> Vec<String> {
    let mut seen = Vec::new();
    let mut note = |what: &str, answer: String| seen.push(format!("{what}: {answer}"));
    let tokens = |n| Offload::Tokens(Tokens::new(n).unwrap());
    let set = OffloadPatch {
        default: Some(Some(tokens(20_000))),
        ceiling: Some(Some(Tokens::new(40_000).unwrap())),
        experiment: None,
    };
    let change = p.admin.set_offload(&Tenant::Current, &set).await.unwrap();
    note("change", format!("{change:?}"));
    note("view", format!("{:?}", p.admin.offload(&main_tenant()).await.unwrap()));
    note("threshold", format!("{:?}", p.content.threshold(&Tenant::Current, Some(Offload::Off)).await.unwrap()));

    let small = OffloadPatch { default: Some(Some(tokens(5))), ceiling: None, experiment: None };
    let above = OffloadPatch { default: None, ceiling: Some(Some(Tokens::new(10).unwrap())), experiment: None };
    note("content sets", err(p.content.set_offload(&Tenant::Current, &small).await));
    note("above the ceiling", err(p.admin.set_offload(&Tenant::Current, &above).await));
    note("empty", err(p.admin.set_offload(&Tenant::Current, &OffloadPatch::default()).await));
    note("other reads", err(p.other.offload(&main_tenant()).await));
    note("other sets", err(p.other.set_offload(&main_tenant(), &small).await));
    let nosuch = Tenant::Named(TenantName::new("nosuch").unwrap());
    note("other reads a missing tenant", err(p.other.offload(&nosuch).await));
    note("other's own", format!("{:?}", p.other.offload(&Tenant::Current).await.unwrap().settings));
    note("content reads the audit", err(p.content.audit(&Tenant::Current, 10, None).await));
    note("admin reads 0 entries", err(p.admin.audit(&Tenant::Current, 0, None).await));
    let jobs_cursor = Cursor::after_job(1, &TreeId::new("job-1").unwrap());
    note("a job list's cursor", err(p.admin.audit(&Tenant::Current, 10, Some(&jobs_cursor)).await));
    note("an audit log's cursor", err(p.admin.jobs(10, Some(&Cursor::after_entry(3))).await));
    let other_token =
        TokenRequest { tenant: Some(TenantName::new("main").unwrap()), roles: vec![Role::Admin], name: None };
    note("other makes a token of main", err(p.other.create_token(&other_token).await));
    let bad_name = TokenRequest { tenant: None, roles: vec![Role::Admin], name: Some("no spaces".into()) };
    note("a bad name", err(p.admin.create_token(&bad_name).await));
    let no_roles = TokenRequest { tenant: None, roles: vec![], name: None };
    note("no roles", err(p.admin.create_token(&no_roles).await));
    note("after refusals", format!("{:?}", p.admin.offload(&Tenant::Current).await.unwrap().settings));

    let tree = TreeId::new("job-1").unwrap();
    let stored = p.content.put_file(&Tenant::Current, &tree, b"the archive".to_vec()).await.unwrap();
    note("stored", format!("{stored:?}"));
    let back = p.content.get_file(&Tenant::Current, &tree, &stored.file).await.unwrap();
    note("read back", String::from_utf8_lossy(&back).into_owned());
    let other_tree = TreeId::new("job-2").unwrap();
    let missing = FileRef::from_digest([9; 32]);
    note("another tree", err(p.content.get_file(&Tenant::Current, &other_tree, &stored.file).await));
    note("never stored", err(p.content.get_file(&Tenant::Current, &tree, &missing).await));
    note("another tenant", err(p.other.get_file(&main_tenant(), &tree, &stored.file).await));
    note("another tenant, its own", err(p.other.get_file(&Tenant::Current, &tree, &stored.file).await));
    note("admin only", err(p.admin_only.get_file(&Tenant::Current, &tree, &stored.file).await));
    note("admin only stores", err(p.admin_only.put_file(&Tenant::Current, &tree, b"x".to_vec()).await));
    let audit = p.admin.audit(&Tenant::Current, 100, None).await.unwrap();
    let actions: Vec<_> =
        audit.entries.iter().map(|e| format!("{} {} {} {} -> {}", e.id, e.actor, e.action, e.old, e.new)).collect();
    note("audit", actions.join("; "));
    let first = p.admin.audit(&Tenant::Current, 1, None).await.unwrap();
    let second = p.admin.audit(&Tenant::Current, 1, first.next.as_ref()).await.unwrap();
    note("audit by pages", format!("{:?} {:?}", first.next, second.entries.iter().map(|e| e.id).collect::<Vec<_>>()));
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_transports_answer_alike() {
    let first = TenantName::new("main").unwrap();
    let local_dir = tempfile::tempdir().unwrap();
    let local_state = EdgeState::open(local_dir.path(), Some(EdgeState::SERVER_IDLE)).unwrap();
    let (local_admin, _) = local_state.first_token(&first).unwrap().unwrap();
    let local = scenario(&local_people(&local_state, &local_admin).await).await;

    let served_dir = tempfile::tempdir().unwrap();
    let served_state = EdgeState::open(served_dir.path(), Some(EdgeState::SERVER_IDLE)).unwrap();
    let (served_admin, _) = served_state.first_token(&first).unwrap().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(oz0_edge::server::serve(listener, served_state, async {
        let _ = stopped.await;
    }));
    let served = scenario(&http_people(&url, &served_admin).await).await;
    let _ = stop.send(());
    server.await.unwrap().unwrap();

    assert_eq!(local.len(), served.len());
    for (l, s) in local.iter().zip(&served) {
        assert_eq!(l, s);
    }
    let expect = [
        "content sets: denied permission denied: changing the tenant's offload settings needs the admin role",
        "other reads: not found no such tenant",
        "other reads a missing tenant: not found no such tenant",
        "another tree: not found no such file in this job tree",
        "never stored: not found no such file in this job tree",
        "another tenant: not found no such tenant",
        "another tenant, its own: not found no such file in this job tree",
        "admin only: denied permission denied: reading a file needs the content role",
    ];
    for line in expect {
        assert!(local.iter().any(|l| l == line), "{line}\n{local:#?}");
    }
    let after = local.iter().find(|l| l.starts_with("after refusals")).unwrap();
    assert!(after.contains("Tokens(20000)") && after.contains("Tokens(40000)"), "{after}");
}

/// Serves a new edge on a loopback port until the test ends; returns its folder, its state, its first
/// admin's token and its address.
async fn served() -> (tempfile::TempDir, Arc<EdgeState>, String, std::net::SocketAddr) {
    served_with(oz0_edge::server::Serving::from_env()).await
}

/// Serves as [`served`] does, treating clients as `serving` says.
async fn served_with(
    serving: oz0_edge::server::Serving,
) -> (tempfile::TempDir, Arc<EdgeState>, String, std::net::SocketAddr) {
    let dir = tempfile::tempdir().unwrap();
    let state = EdgeState::open(dir.path(), Some(EdgeState::SERVER_IDLE)).unwrap();
    let (token, _) = state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(oz0_edge::server::serve_with(listener, Arc::clone(&state), std::future::pending(), serving));
    (dir, state, token, address)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_body_over_the_wire_is_a_413_problem() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (_dir, state, token, address) = served().await;
    let body = format!(r#"{{"default": 7000, "pad": "{}"}}"#, "x".repeat(100_000));
    let mut socket = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "PATCH /v1/tenants/current/offload HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\n\
         content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    let _ = socket.write_all(body.as_bytes()).await;
    let mut answer = Vec::new();
    let _ = socket.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("content-type: application/problem+json"), "{answer}");
    let edge = LocalEdge::authenticate(&state, &token).unwrap().unwrap();
    assert_eq!(edge.offload(&Tenant::Current).await.unwrap().settings.default, None, "nothing changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn header_fields_too_many_or_too_large_over_the_wire_are_a_431_problem() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (_dir, _state, _token, address) = served().await;
    let many: String = (0..150).map(|n| format!("x-field-{n}: 1\r\n")).collect();
    let large = format!("x-large: {}\r\n", "a".repeat(70_000));
    for fields in [many, large] {
        let mut socket = tokio::net::TcpStream::connect(address).await.unwrap();
        let head = format!("GET /v1/status HTTP/1.1\r\nhost: x\r\n{fields}connection: close\r\n\r\n");
        socket.write_all(head.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        let _ = socket.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
        assert!(answer.contains("content-type: application/problem+json"), "{answer}");
        assert!(answer.contains("x-request-id: "), "{answer}");
        assert!(answer.contains(r#""status":431"#), "{answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_past_the_room_the_edge_holds_wait_then_are_told_it_is_busy() {
    use oz0_edge::server::room::{ROOM_MIB, SHARE_MIB, UploadRoom};
    use oz0_edge::server::{Pace, Serving};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // A pace slow enough that the held uploads, which send nothing, keep their room to the end.
    let pace = Pace { grace: std::time::Duration::from_secs(600), ..Pace::DEFAULT };
    let room = UploadRoom::new(ROOM_MIB, SHARE_MIB);
    let serving = Serving { pace, room: Arc::clone(&room), stop_within: oz0_edge::server::STOP_WITHIN };
    let (_dir, state, token, address) = served_with(serving).await;
    let upload = |token: String, size: u64| async move {
        let mut socket = tokio::net::TcpStream::connect(address).await.unwrap();
        let head = format!(
            "POST /v1/plugins HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\n\
             content-type: application/x-tar\r\ncontent-length: {size}\r\n\r\n"
        );
        socket.write_all(head.as_bytes()).await.unwrap();
        socket
    };
    let answer = |mut socket: tokio::net::TcpStream| async move {
        let mut answer = Vec::new();
        let whole =
            async { while !answer.ends_with(b"}") && socket.read_buf(&mut answer).await.is_ok_and(|n| n > 0) {} };
        let _ = tokio::time::timeout(std::time::Duration::from_secs(30), whole).await;
        String::from_utf8_lossy(&answer).into_owned()
    };
    // An admin of a tenant of its own for each share of the room.
    let admin = LocalEdge::authenticate(&state, &token).unwrap().unwrap();
    let mut admins = vec![token.clone()];
    for n in 1..ROOM_MIB / SHARE_MIB {
        let request = TokenRequest {
            tenant: Some(TenantName::new(&format!("t{n}")).unwrap()),
            roles: vec![Role::Admin],
            name: None,
        };
        admins.push(admin.create_token(&request).await.unwrap().token);
    }
    // Archives of 64 MiB, their bodies still to come, one a tenant, take all the room.
    let mut held = Vec::new();
    for admin in &admins {
        held.push(upload(admin.clone(), 64 << 20).await);
    }
    let filled = async {
        while room.held() < ROOM_MIB {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(60), filled).await.expect("the held uploads take all the room");
    let late = TokenRequest { tenant: Some(TenantName::new("late").unwrap()), roles: vec![Role::Admin], name: None };
    let late = admin.create_token(&late).await.unwrap().token;
    // Another tenant's upload waits, then is told the edge is full; the first tenant's, that its share is.
    let client = oz0_client::Client::new(&format!("http://{address}"), Some(token.clone())).unwrap();
    let tree = TreeId::new("T").unwrap();
    let stored = tokio::spawn(async move { client.put_file(&Tenant::Current, &tree, b"hello".to_vec()).await });
    let (full, share) = tokio::join!(async { answer(upload(late, 1 << 20).await).await }, async {
        answer(upload(token.clone(), 1 << 20).await).await
    },);
    assert!(full.starts_with("HTTP/1.1 503"), "{full}");
    assert!(full.contains("as many uploads as it holds at once (256 MiB)"), "{full}");
    assert!(full.contains("retry-after: 1"), "{full}");
    assert!(share.starts_with("HTTP/1.1 503"), "{share}");
    assert!(share.contains("already hold their share of the edge's room for uploads (64 MiB of 256 MiB)"), "{share}");

    // The client, told so too, sends its upload again, as the edge did nothing; there is room once the
    // held uploads end.
    drop(held);
    let stored = stored.await.unwrap().expect("stored on the second try");
    assert_eq!(stored.size, 5);
}

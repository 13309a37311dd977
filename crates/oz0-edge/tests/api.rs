//! The HTTP API in process: every refusal is problem+json and changes nothing, another tenant's things
//! answer as missing ones, request IDs, and the OpenAPI document matches the router.

// A failed unwrap is a failed test; the helpers below are test code too.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use oz0_core::api::TenantName;
use oz0_edge::EdgeState;
use oz0_edge::server::{self, openapi};
use serde_json::{Value, json};
use tower::ServiceExt;

struct Api {
    state: Arc<EdgeState>,
    _dir: tempfile::TempDir,
    admin: String,
}

struct Answer {
    status: StatusCode,
    content_type: String,
    request_id: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    fn is_problem(&self, status: u16) {
        assert_eq!(self.status.as_u16(), status, "{}", String::from_utf8_lossy(&self.body));
        assert_eq!(self.content_type, "application/problem+json");
        let problem = self.json();
        assert_eq!(problem["status"], status);
        assert!(problem["type"].as_str().unwrap().starts_with("urn:oz0:problem:"), "{problem}");
        assert!(!problem["title"].as_str().unwrap().is_empty());
        assert!(!problem["detail"].as_str().unwrap().is_empty());
    }
}

impl Api {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let state = EdgeState::open(dir.path(), Some(EdgeState::SERVER_IDLE)).unwrap();
        let (admin, _) = state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap();
        Self { state, _dir: dir, admin }
    }

    async fn send(&self, method: &str, path: &str, token: Option<&str>, body: Option<(&str, Vec<u8>)>) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let request = match body {
            Some((media, bytes)) => request.header(header::CONTENT_TYPE, media).body(Body::from(bytes)),
            None => request.body(Body::empty()),
        }
        .unwrap();
        let response = server::router(Arc::clone(&self.state)).oneshot(request).await.unwrap();
        let header = |name| response.headers().get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
        let (status, content_type, request_id) = (response.status(), header("content-type"), header("x-request-id"));
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec();
        Answer { status, content_type, request_id, body }
    }

    async fn json(&self, method: &str, path: &str, token: &str, body: &str) -> Answer {
        self.send(method, path, Some(token), Some(("application/json", body.as_bytes().to_vec()))).await
    }

    async fn offload(&self) -> Value {
        self.send("GET", "/v1/tenants/current/offload", Some(&self.admin), None).await.json()["settings"].clone()
    }

    async fn token(&self, tenant: &str, role: &str) -> String {
        let body = json!({"tenant": tenant, "roles": [role]}).to_string();
        let answer = self.json("POST", "/v1/tokens", &self.admin, &body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&answer.body));
        answer.json()["token"].as_str().unwrap().to_owned()
    }
}

#[tokio::test]
async fn sets_and_reads_the_offload() {
    let api = Api::new();
    let answer =
        api.json("PATCH", "/v1/tenants/main/offload", &api.admin, r#"{"default": 20000, "ceiling": 40000}"#).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["before"], json!({"default": null, "ceiling": null}));
    assert_eq!(answer.json()["after"], json!({"default": 20000, "ceiling": 40000}));
    let view = api.send("GET", "/v1/tenants/current/offload", Some(&api.admin), None).await.json();
    assert_eq!(view["says_nothing"], json!({"threshold": 20000, "from": "tenant_default"}));
    assert_eq!(view["asks_off"], json!({"threshold": 40000, "from": "ceiling"}));
    let t = api.send("GET", "/v1/tenants/main/offload/threshold?offload=50000", Some(&api.admin), None).await;
    assert_eq!(t.json(), json!({"threshold": 40000, "from": "ceiling"}));
    let t = api.send("GET", "/v1/tenants/main/offload/threshold?offload=off", Some(&api.admin), None).await;
    assert_eq!(t.json(), json!({"threshold": 40000, "from": "ceiling"}));
    let t = api.send("GET", "/v1/tenants/main/offload/threshold?offload=lots", Some(&api.admin), None).await;
    t.is_problem(400);
}

#[tokio::test]
async fn refusals_are_problems_and_change_nothing() {
    let api = Api::new();
    api.json("PATCH", "/v1/tenants/current/offload", &api.admin, r#"{"default": 5000}"#).await;
    let before = api.offload().await;
    let path = "/v1/tenants/current/offload";
    let cases: &[(&str, u16)] = &[
        (r#"{"default": 5000"#, 400),
        ("not json", 400),
        (r#"{"default": "many"}"#, 422),
        (r#"{"default": 1.5}"#, 422),
        (r#"{"default": 0}"#, 422),
        (r#"{"default": 1000001}"#, 422),
        (r#"{"ceiling": "off"}"#, 422),
        (r#"{"default": 7000, "colour": "blue"}"#, 422),
        (r#"[7000]"#, 422),
        (r#"{}"#, 422),
        (r#"{"default": 50000, "ceiling": 40000}"#, 422),
        (r#"{"ceiling": 4000}"#, 422),
    ];
    for (body, status) in cases {
        let answer = api.json("PATCH", path, &api.admin, body).await;
        answer.is_problem(*status);
        assert_eq!(api.offload().await, before, "{body} changed nothing");
    }
    let above = api.json("PATCH", path, &api.admin, r#"{"ceiling": 4000}"#).await.json();
    assert_eq!(
        above["detail"],
        "the default (5000) is above the ceiling (4000): an agent that says nothing would get the ceiling, not the default"
    );
    let big = format!(r#"{{"default": 7000, "pad": "{}"}}"#, "x".repeat(8192));
    api.json("PATCH", path, &api.admin, &big).await.is_problem(413);
    let text = api.send("PATCH", path, Some(&api.admin), Some(("text/plain", b"{\"default\": 7000}".to_vec()))).await;
    text.is_problem(415);
    let no_token = api.send("PATCH", path, None, Some(("application/json", br#"{"default": 7000}"#.to_vec()))).await;
    no_token.is_problem(401);
    let bad_token = api.json("PATCH", path, "oz0_nobody", r#"{"default": 7000}"#).await;
    bad_token.is_problem(401);
    let content = api.token("main", "content").await;
    let denied = api.json("PATCH", path, &content, r#"{"default": 7000}"#).await;
    denied.is_problem(403);
    assert_eq!(denied.json()["detail"], "changing the tenant's offload settings needs the admin role");
    api.send("DELETE", path, Some(&api.admin), None).await.is_problem(405);
    api.send("GET", "/v1/nothing", Some(&api.admin), None).await.is_problem(404);
    assert_eq!(api.offload().await, before);
    let audit = api.send("GET", "/v1/tenants/current/audit", Some(&api.admin), None).await.json();
    let offloads = audit["entries"].as_array().unwrap().iter().filter(|e| e["action"] == "tenant.offload").count();
    assert_eq!(offloads, 1, "only the one accepted change is in the log");
}

#[tokio::test]
async fn a_page_names_the_next_and_a_cursor_not_of_its_list_is_refused() {
    let api = Api::new();
    for n in 1..=3 {
        api.json("PATCH", "/v1/tenants/main/offload", &api.admin, &format!(r#"{{"default": {n}000}}"#)).await;
    }
    let api = &api;
    let get = |path: &'static str| async move { api.send("GET", path, Some(&api.admin), None).await };
    let first = get("/v1/tenants/current/audit?limit=2").await.json();
    let numbers =
        |page: &Value| page["entries"].as_array().unwrap().iter().map(|e| e["id"].clone()).collect::<Vec<_>>();
    // The first admin's token.create and tenant.create, then three changes.
    assert_eq!(numbers(&first), [json!(5), json!(4)]);
    assert_eq!(first["next"], "4");
    let rest = get("/v1/tenants/current/audit?limit=1000&after=4").await.json();
    assert_eq!(numbers(&rest), [json!(3), json!(2), json!(1)]);
    assert_eq!(rest["next"], Value::Null, "the last page says so");
    assert_eq!(get("/v1/jobs").await.json(), json!({"jobs": [], "next": null}));

    get("/v1/tenants/current/audit?after=a%20b").await.is_problem(400);
    get("/v1/jobs?after=4%2F5").await.is_problem(400);
    let crossed = get("/v1/tenants/current/audit?after=17.J1").await;
    crossed.is_problem(422);
    assert!(crossed.json()["detail"].as_str().unwrap().contains("`17.J1` is not a cursor of the audit log's"));
    get("/v1/jobs?after=17").await.is_problem(422);
    get("/v1/jobs?limit=1001").await.is_problem(422);
}

#[tokio::test]
async fn another_tenant_answers_as_one_that_does_not_exist() {
    let api = Api::new();
    let other_admin = api.token("other", "admin").await;
    let other_content = api.token("other", "content").await;
    api.json("PATCH", "/v1/tenants/main/offload", &api.admin, r#"{"default": 3000}"#).await;
    let tree = "/v1/tenants/main/trees/job-1/files";
    let stored = api.send("POST", tree, Some(&api.admin), Some(("application/octet-stream", b"secret".to_vec()))).await;
    assert_eq!(stored.status, StatusCode::CREATED);
    let file = stored.json()["ref"].as_str().unwrap().to_owned();
    for (method, existing, missing, body) in [
        ("GET", "/v1/tenants/main/offload".to_owned(), "/v1/tenants/nope/offload".to_owned(), None),
        ("PATCH", "/v1/tenants/main/offload".into(), "/v1/tenants/nope/offload".into(), Some(r#"{"default": 9}"#)),
        ("GET", "/v1/tenants/main/offload/threshold".into(), "/v1/tenants/nope/offload/threshold".into(), None),
        ("GET", "/v1/tenants/main/audit".into(), "/v1/tenants/nope/audit".into(), None),
        ("GET", format!("{tree}/{file}"), format!("/v1/tenants/nope/trees/job-1/files/{file}"), None),
    ] {
        for token in [&other_admin, &other_content] {
            let body = body.map(|b| ("application/json", b.as_bytes().to_vec()));
            let there = api.send(method, &existing, Some(token), body.clone()).await;
            let not_there = api.send(method, &missing, Some(token), body).await;
            there.is_problem(404);
            assert_eq!(there.body, not_there.body, "{method} {existing}");
        }
    }
    let token = json!({"tenant": "main", "roles": ["admin"]}).to_string();
    let made = api.json("POST", "/v1/tokens", &other_admin, &token).await;
    let nope =
        api.json("POST", "/v1/tokens", &other_admin, &json!({"tenant": "nope", "roles": ["admin"]}).to_string()).await;
    made.is_problem(404);
    assert_eq!(made.body, nope.body);
    assert_eq!(api.offload().await["default"], 3000, "nothing changed");
    let own = api.send("GET", "/v1/tenants/current/offload", Some(&other_admin), None).await.json();
    assert_eq!(own["settings"], json!({"default": null, "ceiling": null}));
}

#[tokio::test]
async fn files_belong_to_their_tree() {
    let api = Api::new();
    let stored = api
        .send(
            "POST",
            "/v1/tenants/main/trees/a/files",
            Some(&api.admin),
            Some(("application/octet-stream", b"x".to_vec())),
        )
        .await;
    let file = stored.json()["ref"].as_str().unwrap().to_owned();
    let own = api.send("GET", &format!("/v1/tenants/main/trees/a/files/{file}"), Some(&api.admin), None).await;
    assert_eq!((own.status, own.body.as_slice()), (StatusCode::OK, b"x".as_slice()));
    let other_tree = api.send("GET", &format!("/v1/tenants/main/trees/b/files/{file}"), Some(&api.admin), None).await;
    let never = format!("oz0-file:sha256:{}", "0".repeat(64));
    let never = api.send("GET", &format!("/v1/tenants/main/trees/a/files/{never}"), Some(&api.admin), None).await;
    other_tree.is_problem(404);
    assert_eq!(other_tree.body, never.body);
    let admin_only = api.token("main", "admin").await;
    let denied = api.send("GET", &format!("/v1/tenants/main/trees/a/files/{file}"), Some(&admin_only), None).await;
    denied.is_problem(403);
}

#[tokio::test]
async fn request_ids_are_echoed_or_made() {
    let api = Api::new();
    let made = api.send("GET", "/v1/status", Some(&api.admin), None).await;
    assert_eq!(made.request_id.len(), 32);
    let request = Request::builder()
        .uri("/v1/status")
        .header("x-request-id", "abc-123")
        .header(header::AUTHORIZATION, format!("Bearer {}", api.admin))
        .body(Body::empty())
        .unwrap();
    let response = server::router(Arc::clone(&api.state)).oneshot(request).await.unwrap();
    assert_eq!(response.headers()["x-request-id"], "abc-123");
    let problem = api.send("GET", "/v1/status", None, None).await;
    assert_eq!(problem.request_id.len(), 32, "problems carry one too");
}

#[tokio::test]
async fn the_openapi_document_describes_every_route() {
    let api = Api::new();
    let answer = api.send("GET", "/openapi.json", None, None).await;
    assert_eq!(answer.status, StatusCode::OK);
    let document = answer.json();
    assert_eq!(document, openapi::document());
    assert_eq!(document["openapi"], "3.1.0");
    for name in ["OffloadPatch", "OffloadView", "Problem", "Status", "TokenRequest", "Offload", "Tokens"] {
        assert!(document["components"]["schemas"][name].is_object(), "{name}");
    }
    let operations = openapi::operations();
    assert_eq!(operations.len(), 55);
    for (method, path) in operations {
        let documented = &document["paths"][path][method];
        assert!(documented.is_object(), "{method} {path}");
        if path == "/openapi.json" {
            continue;
        }
        let path = path
            .replace("{tenant}", "main")
            .replace("{tree}", "t")
            .replace("{plugin}", "p")
            .replace("{tool}", "t")
            .replace("{job}", "j")
            .replace("{hold}", "1")
            .replace("{file}", &format!("oz0-file:sha256:{}", "0".repeat(64)));
        let answer = api.send(&method.to_uppercase(), &path, None, None).await;
        answer.is_problem(401);
    }
}

#[tokio::test]
async fn a_body_over_a_routes_limit_is_refused_naming_that_limit() {
    let api = Api::new();
    let archive = vec![0u8; (64 << 20) + 1];
    let answer = api.send("POST", "/v1/plugins", Some(&api.admin), Some(("application/x-tar", archive))).await;
    answer.is_problem(413);
    let detail = answer.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains("(64 MiB) a plugin may hold"), "{detail}");
}

#[tokio::test]
async fn a_token_without_the_role_is_refused_before_the_body_is_read() {
    let api = Api::new();
    let content = api.token("main", "content").await;
    // A body that fails when read: a 403 says the edge never read it.
    let failing =
        futures_util::stream::once(async { Err::<axum::body::Bytes, std::io::Error>(std::io::Error::other("read")) });
    let request = Request::builder()
        .method("POST")
        .uri("/v1/plugins")
        .header(header::AUTHORIZATION, format!("Bearer {content}"))
        .header(header::CONTENT_TYPE, "application/x-tar")
        .body(Body::from_stream(failing))
        .unwrap();
    let response = server::router(Arc::clone(&api.state)).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

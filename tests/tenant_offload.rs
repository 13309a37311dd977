//! `oz0 tenant offload`, `oz0 tenant audit` and `oz0 edge status` end to end, each scenario through the
//! embedded edge and through `oz0 edge serve`.

use crate::common;

use common::{Site, Transport, served_transports, text, transports};
use serde_json::{Value, json};

fn run(site: &Site, args: &[&str]) -> (i32, String, String) {
    let out = site.oz0().args(args).output().expect("oz0 runs");
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn settings(site: &Site) -> Value {
    let (code, stdout, stderr) = run(site, &["tenant", "offload", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str::<Value>(&stdout).expect("JSON")["settings"].clone()
}

#[test]
fn an_admin_sets_and_reads_the_offload() {
    for transport in transports() {
        let site = Site::new(transport);
        let (code, stdout, stderr) = run(&site, &["tenant", "offload"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(
            stdout,
            "default  unset\nceiling  unset\n\n\
             AN AGENT ASKS FOR  THRESHOLD              FROM\n\
             nothing            10000                  the platform's default\n\
             off                off (never offloaded)  the agent's own\n",
            "{transport:?}"
        );

        let (code, stdout, stderr) = run(&site, &["tenant", "offload", "--default", "20000", "--ceiling", "40000"]);
        assert_eq!((code, stdout.as_str()), (0, "default: unset -> 20000\nceiling: unset -> 40000\n"), "{stderr}");

        let (code, stdout, _) = run(&site, &["tenant", "offload", "--agent-offload", "50000"]);
        assert_eq!(code, 0);
        assert_eq!(
            stdout,
            "default  20000\nceiling  40000\n\n\
             AN AGENT ASKS FOR  THRESHOLD  FROM\n\
             nothing            20000      the tenant's default\n\
             off                40000      the tenant's ceiling\n\
             50000              40000      the tenant's ceiling\n",
            "{transport:?}"
        );

        let (code, stdout, _) = run(&site, &["tenant", "offload", "--agent-offload", "3000", "--format", "json"]);
        assert_eq!(code, 0);
        let view: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(view["says_nothing"], json!({"threshold": 20000, "from": "tenant_default"}));
        assert_eq!(view["asks_off"], json!({"threshold": 40000, "from": "ceiling"}));
        assert_eq!(view["asks"], json!({"offload": 3000, "threshold": 3000, "from": "agent"}));

        let (code, stdout, _) = run(&site, &["tenant", "offload", "--unset-ceiling"]);
        assert_eq!((code, stdout.as_str()), (0, "ceiling: 40000 -> unset\n"));
        let (code, stdout, _) = run(&site, &["tenant", "offload", "--default", "off", "--format", "json"]);
        assert_eq!(code, 0);
        let change: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(change["before"], json!({"default": 20000, "ceiling": null}));
        assert_eq!(change["after"], json!({"default": "off", "ceiling": null}));
        let (code, stdout, _) = run(&site, &["tenant", "offload", "--unset-default"]);
        assert_eq!((code, stdout.as_str()), (0, "default: off -> unset\n"));
        assert_eq!(settings(&site), json!({"default": null, "ceiling": null}));

        let (code, stdout, _) = run(&site, &["tenant", "audit", "--format", "json"]);
        assert_eq!(code, 0);
        let page: Value = serde_json::from_str(&stdout).expect("JSON");
        let changes: Vec<_> =
            page["entries"].as_array().unwrap().iter().filter(|e| e["action"] == "tenant.offload").collect();
        assert_eq!(changes.len(), 4, "{transport:?}: every change is in the audit log");
        assert_eq!(changes[0]["new"], json!({"default": null, "ceiling": null}));
        assert_eq!(changes[3]["old"], json!({"default": null, "ceiling": null}));
    }
}

#[test]
fn bad_values_are_refused_and_change_nothing() {
    for transport in transports() {
        let site = Site::new(transport);
        run(&site, &["tenant", "offload", "--default", "20000", "--ceiling", "40000"]);
        let before = settings(&site);
        for (args, says) in [
            (&["--default", "0"][..], "0 is not a whole number of tokens from 1 to 1,000,000"),
            (&["--default", "1000001"], "1000001 is not a whole number of tokens from 1 to 1,000,000"),
            (&["--default", "-5"], "-5 is not a whole number of tokens from 1 to 1,000,000"),
            (&["--default", "1.5"], "`1.5` is not a whole number of tokens from 1 to 1,000,000, nor `off`"),
            (&["--ceiling", "off"], "`off` is not a whole number of tokens"),
            (&["--default", "5", "--unset-default"], "cannot be used with"),
            (&["--default", "50000"], "the default (50000) is above the ceiling (40000)"),
            (&["--ceiling", "10000"], "the default (20000) is above the ceiling (10000)"),
            (&["--default", "off"], "the default (off) is above the ceiling (40000)"),
        ] {
            let out = site.oz0().args(["tenant", "offload"]).args(args).output().expect("oz0 runs");
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{transport:?} {args:?}: {stderr}");
            assert!(stderr.contains(says), "{transport:?} {args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
            assert_eq!(settings(&site), before, "{transport:?} {args:?} changed nothing");
        }
        let (_, _, stderr) = run(&site, &["tenant", "offload", "--default", "50000"]);
        assert!(stderr.contains("hint: lower --default, raise --ceiling, or remove the ceiling"), "{stderr}");
        assert!(stderr.contains("hint: nothing was changed"), "{stderr}");
    }
}

#[test]
fn edge_status_says_which_edge_and_who() {
    for transport in transports() {
        let site = Site::new(transport);
        let (code, stdout, stderr) = run(&site, &["edge", "status", "--format", "json"]);
        assert_eq!(code, 0, "{stderr}");
        let status: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(status["roles"], json!(["admin", "content"]));
        let store = if transport == Transport::Shared { "postgres" } else { "sqlite" };
        assert_eq!(status["store"], json!({"kind": store, "schema_version": 15}), "{transport:?}");
        assert_eq!(status["operator"], true);
        match transport {
            Transport::Embedded => {
                assert_eq!((status["tenant"].as_str(), status["person"].as_str()), (Some("local"), Some("local")));
                assert!(status["edge"].as_str().expect("edge").starts_with("embedded, in "));
            }
            Transport::Served | Transport::Shared => {
                assert_eq!((status["tenant"].as_str(), status["person"].as_str()), (Some("main"), Some("admin")));
                assert_eq!(status["edge"].as_str(), site.served.as_ref().map(|s| s.url.as_str()));
            }
        }
        let (code, stdout, _) = run(&site, &["edge", "status"]);
        assert_eq!(code, 0);
        assert!(stdout.contains(&format!("\nroles    admin, content\nstore    {store}, schema 15\n")), "{stdout}");
    }
}

#[test]
fn a_content_token_is_refused_and_changes_nothing() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let edge = site.served.as_ref().expect("a served edge");
        run(&site, &["tenant", "offload", "--default", "20000"]);
        let out = site.oz0().args(["edge", "token", "create", "--role", "content", "--name", "cleo"]).output().unwrap();
        assert!(out.status.success(), "{transport:?}: {}", text(&out.stderr));
        let content = text(&out.stdout).trim().to_owned();
        assert!(content.starts_with("oz0_"), "{transport:?}: {content}");
        assert!(
            text(&out.stderr).contains("made `cleo` of the tenant `main` with the roles content"),
            "{transport:?}: {}",
            text(&out.stderr)
        );

        let out = site.env.oz0_at(edge, &content).args(["tenant", "offload", "--default", "5"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{transport:?}");
        assert_eq!(
            text(&out.stderr),
            "error: permission denied: changing the tenant's offload settings needs the admin role\n\
             hint: ask an admin of the tenant for a token with the admin role (`oz0 edge token create --role admin`)\n\
             hint: nothing was changed\n",
            "{transport:?}"
        );
        let out =
            site.env.oz0_at(edge, &content).args(["edge", "token", "create", "--role", "admin"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{transport:?}");
        assert!(
            text(&out.stderr).starts_with("error: permission denied: creating a token needs the admin role"),
            "{transport:?}: {}",
            text(&out.stderr)
        );
        let out = site.env.oz0_at(edge, &content).args(["tenant", "offload", "--format", "json"]).output().unwrap();
        assert!(out.status.success(), "{transport:?}: a content token may read the settings");
        assert_eq!(settings(&site), json!({"default": 20000, "ceiling": null}), "{transport:?}");
    }
}

#[test]
fn tokens_of_other_tenants_see_nothing_of_this_one() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let edge = site.served.as_ref().expect("a served edge");
        run(&site, &["tenant", "offload", "--default", "20000"]);
        let out = site.oz0().args(["edge", "token", "create", "--tenant", "acme", "--role", "admin"]).output().unwrap();
        assert!(out.status.success(), "{transport:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("(a new tenant)"), "{transport:?}: {}", text(&out.stderr));
        let acme = text(&out.stdout).trim().to_owned();

        let own = edge_json(&site, &acme, &["tenant", "offload", "--format", "json"]);
        assert_eq!(
            own["settings"],
            json!({"default": null, "ceiling": null}),
            "{transport:?}: acme sees its own settings"
        );
        for tenant in ["main", "nosuch"] {
            let out = site.env.oz0_at(edge, &acme).args(["tenant", "offload", "--tenant", tenant]).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{transport:?} {tenant}");
            assert_eq!(
                text(&out.stderr),
                "error: could not read the offload settings: no such tenant\n",
                "{transport:?} {tenant}"
            );
            let out = site
                .env
                .oz0_at(edge, &acme)
                .args(["tenant", "offload", "--tenant", tenant, "--default", "5"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{transport:?} {tenant}");
            assert_eq!(
                text(&out.stderr),
                "error: could not change the offload settings: no such tenant\n",
                "{transport:?} {tenant}"
            );
        }
        assert_eq!(settings(&site), json!({"default": 20000, "ceiling": null}), "{transport:?}");
    }
}

fn edge_json(site: &Site, token: &str, args: &[&str]) -> Value {
    let edge = site.served.as_ref().expect("a served edge");
    let out = site.env.oz0_at(edge, token).args(args).output().expect("oz0 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).expect("JSON")
}

#[test]
fn no_edge_at_the_address_says_what_to_do() {
    let site = Site::new(Transport::Embedded);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://127.0.0.1:{port}");
    let out = site.env.oz0().env("OZ0_EDGE", &url).args(["tenant", "offload"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with(&format!("error: no edge answers at {url}\n")), "{stderr}");
    assert!(stderr.ends_with("hint: start one with `oz0 edge serve`, or unset OZ0_EDGE\n"), "{stderr}");
    let out = site.env.oz0().args(["edge", "status", "--edge", &url]).output().unwrap();
    assert!(text(&out.stderr).ends_with("or leave out --edge to use the embedded edge\n"));
    let out = site.env.oz0().args(["edge", "--edge", "localhost:7370", "status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not an edge's address"), "{}", text(&out.stderr));
}

#[test]
fn the_edge_is_chosen_by_flag_then_environment_then_profile() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let edge = site.served.as_ref().expect("a served edge");
        let config = site.env.work().join("../config/oz0");
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(
            config.join("config.toml"),
            format!("profile = \"team\"\n\n[profiles.team]\nedge = \"{}\"\ntoken = \"{}\"\n", edge.url, edge.token),
        )
        .unwrap();
        let status = |cmd: &mut assert_cmd::Command| {
            let out = cmd.args(["status", "--format", "json"]).output().unwrap();
            (out.status.code(), text(&out.stdout), text(&out.stderr))
        };
        let (code, stdout, stderr) = status(site.env.oz0().arg("edge"));
        assert_eq!(code, Some(0), "{transport:?}: {stderr}");
        assert!(stdout.contains(&format!("\"edge\": \"{}\"", edge.url)), "{transport:?}: the profile: {stdout}");
        let dead = "http://127.0.0.1:9";
        let (code, _, stderr) = status(site.env.oz0().env("OZ0_EDGE", dead).arg("edge"));
        assert_eq!(code, Some(2), "{transport:?}: {stderr}");
        assert!(stderr.contains(dead), "{transport:?}: the environment over the profile: {stderr}");
        let (code, stdout, _) =
            status(site.env.oz0().env("OZ0_EDGE", dead).args(["edge", "--edge", &edge.url, "--token", &edge.token]));
        assert_eq!(code, Some(0), "{transport:?}: the flag over the environment");
        assert!(stdout.contains(&edge.url), "{transport:?}: {stdout}");
        let (code, _, stderr) = status(site.env.oz0().args(["edge", "--edge", &edge.url]));
        assert_eq!(code, Some(2), "{transport:?}: a profile's token goes only to the profile's edge");
        assert!(stderr.contains("needs a token"), "{transport:?}: {stderr}");
        let (code, _, stderr) = status(site.env.oz0().args(["edge", "--profile", "other"]));
        assert_eq!(code, Some(2), "{transport:?}: {stderr}");
        assert!(
            stderr.contains("there is no profile `other`") && stderr.contains("its profiles: `team`"),
            "{transport:?}: {stderr}"
        );
    }
}

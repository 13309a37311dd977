//! Public MCP servers from the registries, confined as every tool's server is, do what they do for any
//! client: `server-filesystem` (npm) keeps the folder its command line names on every call and works in
//! the roots a call gives it, and `mcp-server-git` (PyPI) reads and writes the repository it is given,
//! through the embedded edge and `oz0 edge serve` on both stores, the served edges giving servers only
//! the folders their operator lists.

use crate::common;
use crate::plugin_support;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use common::{TestEnv, served_transports, transports};
use plugin_support::PluginSite as Site;
use serde_json::Value;

/// The entry point of `@modelcontextprotocol/server-filesystem`, which `scripts/test` installs.
fn filesystem() -> PathBuf {
    std::env::var_os("OZ0_TEST_FILESYSTEM").map(PathBuf::from).filter(|s| s.exists()).unwrap_or_else(|| {
        panic!(
            "the tests run the reference server `@modelcontextprotocol/server-filesystem`, and OZ0_TEST_FILESYSTEM \
             does not name it: run scripts/test, which installs it in .test-servers"
        )
    })
}

/// The folder of the test's own that its tools work in, which a served edge's operator lets servers
/// read and write.
fn shared(env: &TestEnv) -> PathBuf {
    let dir = env.work().join("shared");
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

fn site(transport: common::Transport) -> Site {
    Site::with_edge_flags(transport, |env| vec![OsString::from("--tools-may-write"), shared(env).into()])
}

/// Writes a plugin `name` of one tool, `name`, whose server `argv` starts and may write `writable`.
fn plugin(site: &Site, name: &str, argv: &[&str], writable: &Path) -> PathBuf {
    let dir = site.env.work().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!(
        "name: {name}\nversion: 1.0.0\ndescription: A public server.\ntools:\n  - id: {name}\n    description: A \
         public server.\n    mcp: {}\n    timeout: 30\n    paths: [{{path: {}, access: read-write}}]\n",
        serde_json::to_string(argv).unwrap(),
        serde_json::to_string(&writable.display().to_string()).unwrap()
    );
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
    dir
}

/// Returns the text a call answered, which must have worked.
fn answered(site: &Site, args: &[&str]) -> String {
    let (code, answer, stderr) = site.call(args);
    assert_eq!(code, 0, "{:?} {args:?}: {stderr}\n{answer}", site.transport);
    let text = answer["result"]["content"][0]["text"].as_str().unwrap_or_default().to_owned();
    assert_ne!(answer["result"]["isError"], Value::Bool(true), "{args:?}: {text}");
    text
}

#[test]
fn server_filesystem_keeps_its_folder_on_every_call_and_writes_there_alone() {
    for transport in transports() {
        let site = site(transport);
        let folder = shared(&site.env);
        std::fs::write(folder.join("notes.txt"), "kept by the test\n").unwrap();
        let server = filesystem();
        plugin(&site, "files", &["node", server.to_str().unwrap(), folder.to_str().unwrap()], &folder);
        let folder_arg = format!("path={}", folder.display());
        let note = format!("path={}", folder.join("notes.txt").display());
        let written = folder.join("written.txt");
        for round in 0..3 {
            // Its folder stays its own on every call: no root replaces it.
            let allowed = answered(&site, &["files.list_allowed_directories"]);
            assert!(allowed.contains(folder.to_str().unwrap()), "{transport:?} round {round}: {allowed}");
            assert_eq!(answered(&site, &["files.read_text_file", "--arg", &note]), "kept by the test\n");
            let listed = answered(&site, &["files.list_directory", "--arg", &folder_arg]);
            assert!(listed.contains("notes.txt"), "{transport:?}: {listed}");
        }
        let write = format!("path={}", written.display());
        answered(&site, &["files.write_file", "--arg", &write, "--arg", "content=written by the server"]);
        assert_eq!(std::fs::read_to_string(&written).unwrap(), "written by the server");
        // Beyond its folder it refuses, and its confinement would refuse it anyway.
        let (_, answer, _) = site.call(&["files.read_text_file", "--arg", "path=/etc/hostname"]);
        assert_eq!(answer["result"]["isError"], true, "{transport:?}: {answer}");
    }
}

#[test]
fn a_calls_root_is_the_folder_server_filesystem_works_in() {
    // The server asks for its roots once it is initialized, while the first call may be under way
    // already: a served edge keeps the server (one for the call's roots) for the calls that follow.
    for transport in served_transports() {
        let site = site(transport);
        let folder = shared(&site.env);
        let inner = folder.join("inner");
        std::fs::create_dir_all(&inner).unwrap();
        std::fs::write(inner.join("deep.txt"), "deep").unwrap();
        let server = filesystem();
        plugin(&site, "files", &["node", server.to_str().unwrap(), folder.to_str().unwrap()], &folder);
        let rooted = ["files.list_allowed_directories", "--root", inner.to_str().unwrap()];
        let allowed = (0..5)
            .map(|_| answered(&site, &rooted))
            .find(|allowed| allowed.contains(inner.to_str().unwrap()) && !allowed.contains("shared\n"))
            .unwrap_or_else(|| answered(&site, &rooted));
        assert!(allowed.contains(inner.to_str().unwrap()), "{transport:?}: the call's root replaces it: {allowed}");
        let allowed = answered(&site, &["files.list_allowed_directories"]);
        assert!(allowed.contains(folder.to_str().unwrap()), "{transport:?}: without a root, its own: {allowed}");
    }
}

#[test]
fn mcp_server_git_reads_and_commits_in_its_repository() {
    for transport in transports() {
        let site = site(transport);
        let repo = shared(&site.env).join("repo");
        std::fs::create_dir_all(&repo).unwrap();
        let git = |args: &[&str]| {
            let out = std::process::Command::new("git")
                .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
                .args(args)
                .current_dir(&repo)
                .output()
                .unwrap();
            assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        };
        git(&["init", "-q", "-b", "main"]);
        std::fs::write(repo.join("README.md"), "# A repository\n").unwrap();
        git(&["add", "README.md"]);
        git(&["commit", "-q", "-m", "Begin the repository"]);
        plugin(&site, "git", &["mcp-server-git", "--repository", repo.to_str().unwrap()], &repo);
        let at = format!("repo_path={}", repo.display());
        let log = answered(&site, &["git.git_log", "--arg", &at]);
        assert!(log.contains("Begin the repository"), "{transport:?}: {log}");
        std::fs::write(repo.join("more.md"), "more\n").unwrap();
        let status = answered(&site, &["git.git_status", "--arg", &at]);
        assert!(status.contains("more.md"), "{transport:?}: {status}");
        answered(&site, &["git.git_add", "--arg", &at, "--args", r#"{"files": ["more.md"]}"#]);
        answered(&site, &["git.git_commit", "--arg", &at, "--arg", "message=Add more"]);
        let log = answered(&site, &["git.git_log", "--arg", &at]);
        assert!(log.contains("Add more"), "{transport:?}: the server committed: {log}");
    }
}

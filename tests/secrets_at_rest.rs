//! A plugin's secret is kept sealed with the edge key, which the store never holds: after an install and
//! a call, the secret is in no byte of the data folder (the SQLite WAL included), of a dump of the
//! PostgreSQL store or of the edge's log, and the server still gets it. The key is a file of mode 0600
//! or OZ0_MASTER_KEY; `oz0 edge status` says which; a wrong one is refused with what to do;
//! `oz0 edge rotate-key` replaces it. The data folder is 0700, its files 0600, whatever the umask. Real
//! Python servers (tests/fixtures/plugins/vault), through the embedded edge and `oz0 edge serve` on
//! SQLite and PostgreSQL.

use crate::common;
use crate::plugin_support;

use std::ffi::OsString;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::{ServedEdge, TestEnv, Transport, files_holding, files_under, psql, served_transports, text, transports};
use plugin_support::{python_env, root};
use serde_json::Value;

/// The secret the tests give the plugin at install.
const SECRET: &str = "s3cr3t-at-rest-9f4b7e21c0";

fn plugin() -> PathBuf {
    root().join("tests/fixtures/plugins/vault")
}

/// Returns what the server answers when it was given `secret`: its SHA-256 digest, from `sha256sum`.
fn answer_for(secret: &str) -> String {
    let mut child = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(secret.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let digest = text(&out.stdout).split_whitespace().next().unwrap().to_owned();
    format!("sha256 {digest} of {} bytes", secret.len())
}

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o7777
}

/// A test's edge, embedded or served, with the example plugins' Python and a debug log. The served edge
/// comes first, to be killed before its environment's folder and database go.
struct Site {
    served: Option<ServedEdge>,
    env: TestEnv,
    transport: Transport,
    /// The admin token the served edge printed at its first start.
    token: String,
}

/// The environment of a served edge: the plugins' Python, and every log line there is.
fn edge_env(extra: &[(&str, &str)]) -> Vec<(&'static str, OsString)> {
    let mut env = python_env();
    env.push(("OZ0_LOG", OsString::from("debug")));
    env.extend(extra.iter().map(|(k, v)| (leak(k), OsString::from(v))));
    env
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

impl Site {
    fn new(transport: Transport) -> Self {
        let env = TestEnv::for_transport(transport);
        let served = transport.served().then(|| env.serve_with(&env.data(), &edge_env(&[])));
        let token = served.as_ref().map(|edge| edge.token.clone()).unwrap_or_default();
        Self { served, env, transport, token }
    }

    /// Stops the served edge and starts it again with `args` and the variables `vars`.
    fn restart(&mut self, args: &[&str], vars: &[(&str, &str)]) {
        self.stop();
        let flags: Vec<OsString> = args.iter().map(OsString::from).collect();
        self.served = Some(self.env.serve_with_flags(&self.env.data(), &edge_env(vars), &flags));
    }

    /// Stops the served edge as an operator does, with SIGTERM: a node of a shared store ends its lease.
    fn stop(&mut self) {
        if let Some(mut edge) = self.served.take() {
            let term = std::process::Command::new("kill").args(["-TERM", &edge.pid().to_string()]).status().unwrap();
            assert!(term.success());
            let stopped = edge.child().wait().unwrap();
            assert!(stopped.success(), "{stopped:?}: {}", self.env.serve_log());
        }
    }

    /// Returns the folder the edge keeps its state in.
    fn edge_dir(&self) -> PathBuf {
        if self.transport.served() { self.env.data() } else { self.env.home() }
    }

    fn oz0(&self) -> assert_cmd::Command {
        let mut cmd = match &self.served {
            Some(edge) => self.env.oz0_at(edge, &self.token),
            None => self.env.oz0(),
        };
        cmd.envs(python_env());
        cmd
    }

    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = self.oz0().args(args).output().unwrap();
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    fn ok(&self, args: &[&str]) -> String {
        let (code, stdout, stderr) = self.run(args);
        assert_eq!(code, 0, "{:?} {args:?}:\n{stdout}\n{stderr}", self.transport);
        stdout
    }

    fn install(&self) {
        self.ok(&["plugin", "install", plugin().to_str().unwrap(), "--secret", &format!("token={SECRET}")]);
    }

    /// Calls the server and checks that it was given the secret.
    fn check_secret(&self) {
        let stdout = self.ok(&["tool", "call", "vault.digest"]);
        assert!(stdout.contains(&answer_for(SECRET)), "{:?}: {stdout}", self.transport);
    }

    /// Runs `oz0 edge rotate-key` on this site's stopped edge with `args` and `vars`.
    fn rotate(&self, args: &[&str], vars: &[(&str, &str)]) -> std::process::Output {
        let mut cmd = self.env.oz0();
        cmd.args(["edge", "rotate-key"]);
        if self.transport.served() {
            cmd.arg("--data").arg(self.env.data());
        }
        if let Some(store) = self.env.store() {
            cmd.env("OZ0_STORE", store);
        }
        cmd.args(args).envs(vars.iter().map(|(k, v)| (*k, *v))).output().unwrap()
    }

    /// Returns what `pg_dump` dumps of the site's PostgreSQL store, every row of every table.
    fn dump(&self) -> Option<String> {
        let url = self.env.store()?;
        let out = std::process::Command::new("pg_dump").args(["--data-only", "-d", url]).output().unwrap();
        assert!(out.status.success(), "pg_dump: {}", text(&out.stderr));
        Some(text(&out.stdout))
    }
}

#[test]
fn a_secret_is_in_no_byte_at_rest_nor_in_the_log_and_its_server_still_gets_it() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install();
        site.check_secret();
        site.check_secret();
        let dir = site.edge_dir();
        let files = files_under(&dir);
        if transport == Transport::Served {
            assert!(files.iter().any(|f| f.ends_with("oz0.sqlite-wal")), "the WAL is read too: {files:?}");
        }
        assert_eq!(files_holding(&dir, SECRET), Vec::<PathBuf>::new(), "{transport:?}");
        // The secrets cross HTTP as base64 of their JSON, in a header: neither form is logged.
        let sent = base64(serde_json::json!({"token": SECRET}).to_string().as_bytes());
        let log = site.env.serve_log();
        assert!(!log.contains(SECRET) && !log.contains(&sent), "{transport:?}: the edge's log holds the secret");
        assert!(transport == Transport::Embedded || log.contains("started a tool's server"), "{log}");
        if let Some(dump) = site.dump() {
            assert!(dump.contains("oz0s1."), "the dump holds the sealed secret");
            assert!(!dump.contains(SECRET), "the dump of the PostgreSQL store holds the secret");
            assert!(!dump.contains(&site.token), "the dump holds the admin's token");
        }
        // Nor does the edge keep its admin's token, which it showed once, anywhere but as a digest.
        if transport.served() {
            assert_eq!(files_holding(&dir, &site.token), Vec::<PathBuf>::new(), "{transport:?}");
            assert!(!log.contains(&site.token), "{transport:?}: the edge's log holds the admin's token");
        }
        let listed: Value = serde_json::from_str(&site.ok(&["plugin", "list", "--format", "json"])).unwrap();
        assert_eq!(listed[0]["secrets"], serde_json::json!(["token"]), "{transport:?}: names, never values");
    }
}

/// What undoes the schema's versions from 10 on, the edge key's and those after it, in either database.
const UNDO_FROM_10: &str = "DROP INDEX jobs_by_tree; ALTER TABLE jobs DROP COLUMN parent; ALTER TABLE reservations DROP COLUMN plugin; DROP TABLE results; DROP TABLE asked_days; ALTER TABLE tenant_settings DROP COLUMN quotas; ALTER TABLE tenant_settings DROP COLUMN data_rules; DROP TABLE experiment_jobs; DROP TABLE experiments; DROP TABLE payload_keys; DROP TABLE sweeps; DROP TABLE doomed_blobs;
    DROP TABLE erasures; DROP TABLE holds; DROP INDEX files_by_age; DROP INDEX jobs_by_end;
    ALTER TABLE jobs DROP COLUMN erased_at; ALTER TABLE tenant_settings DROP COLUMN files_retention_s;
    ALTER TABLE tenant_settings DROP COLUMN jobs_retention_s;
    DROP TABLE said; DROP TABLE turns; DROP TABLE conversations;
    ALTER TABLE jobs DROP COLUMN conversation; ALTER TABLE jobs DROP COLUMN turn;
    DROP TABLE edge_key; DELETE FROM schema_migrations WHERE version >= 10;";

/// Makes the store of an older oz0 out of the site's: the secrets in plain text in the plugins' records,
/// no edge key recorded, the schema's versions from the edge key's on undone, and, in the database's
/// free pages, the secret of a record an older oz0 replaced.
fn make_older(site: &Site) {
    let plain = serde_json::json!({"token": SECRET}).to_string();
    match site.env.store() {
        None => {
            let conn = rusqlite::Connection::open(site.edge_dir().join("oz0.sqlite")).unwrap();
            conn.execute_batch(&format!(
                "{UNDO_FROM_10}
                 UPDATE plugins SET record = json_set(json_remove(record, '$.sealed_secrets'), '$.secrets', \
                 json('{plain}'));
                 CREATE TABLE replaced (record TEXT); INSERT INTO replaced VALUES ('{{\"secrets\": {plain}}}');
                 DROP TABLE replaced;"
            ))
            .unwrap();
        }
        Some(url) => {
            let done = psql(
                url,
                &format!(
                    "{UNDO_FROM_10}
                     UPDATE plugins SET record = ((record::jsonb - 'sealed_secrets') || '{{\"secrets\": {plain}}}')::text;"
                ),
            );
            assert!(done.status.success(), "{}", text(&done.stderr));
        }
    }
}

#[test]
fn the_plain_secrets_of_an_older_store_are_sealed_at_the_first_open_and_scrubbed() {
    for transport in transports() {
        let mut site = Site::new(transport);
        site.install();
        site.stop();
        make_older(&site);
        match site.env.store() {
            Some(url) => {
                let plain = psql(url, &format!("SELECT count(*) FROM plugins WHERE record LIKE '%{SECRET}%'"));
                assert!(text(&plain.stdout).contains(" 1\n"), "{}", text(&plain.stdout));
            }
            None => assert!(!files_holding(&site.edge_dir(), SECRET).is_empty(), "the older store holds the secret"),
        }
        if transport.served() {
            site.restart(&[], &[]);
        }
        site.check_secret();
        site.stop();
        assert_eq!(files_holding(&site.edge_dir(), SECRET), Vec::<PathBuf>::new(), "{transport:?}");
        if let Some(dump) = site.dump() {
            assert!(!dump.contains(SECRET), "{transport:?}: the dump holds the secret");
        }
    }
}

#[test]
fn the_data_folder_is_private_whatever_the_umask_and_an_older_loose_one_is_tightened() {
    let site = Site::new(Transport::Embedded);
    // `oz0` as the site runs it, through a shell that sets the umask first.
    let umask_000 = |args: &[&str]| {
        let base = site.env.oz0_process();
        let mut cmd = std::process::Command::new("sh");
        cmd.env_clear().current_dir(site.env.work());
        for (key, value) in base.get_envs() {
            if let Some(value) = value {
                cmd.env(key, value);
            }
        }
        cmd.envs(python_env()).arg("-c").arg("umask 000; exec \"$0\" \"$@\"").arg(base.get_program()).args(args);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    };
    umask_000(&["plugin", "install", plugin().to_str().unwrap(), "--secret", &format!("token={SECRET}")]);
    umask_000(&["tool", "call", "vault.digest"]);
    let home = site.env.home();
    let loose = |dir: &Path| -> Vec<(PathBuf, u32)> {
        let mut all = vec![dir.to_path_buf()];
        let mut folders = vec![dir.to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap().flatten() {
                if entry.file_type().unwrap().is_dir() {
                    folders.push(entry.path());
                }
                all.push(entry.path());
            }
        }
        all.into_iter()
            .map(|path| {
                let m = mode(&path);
                (path, m)
            })
            .filter(|(path, m)| if path.is_dir() { *m != 0o700 } else { *m != 0o600 && *m != 0o700 })
            .collect()
    };
    assert_eq!(loose(&home), Vec::new(), "with the umask 000");
    for file in ["oz0.sqlite", "edge.key"] {
        assert_eq!(mode(&home.join(file)), 0o600, "{file}");
    }

    // A folder an older oz0 made, or someone loosened.
    for path in files_under(&home).into_iter().chain([home.clone(), home.join("plugins")]) {
        let loosened = if path.is_dir() { 0o755 } else { 0o644 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(loosened)).unwrap();
    }
    assert!(!loose(&home).is_empty());
    site.ok(&["edge", "status"]);
    assert_eq!(loose(&home), Vec::new(), "tightened at the start");
    site.check_secret();
}

/// Returns a new key in base64, as `openssl rand -base64 32` prints one.
fn new_key() -> String {
    let mut random = [0u8; 32];
    std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom").unwrap(), &mut random).unwrap();
    base64(&random)
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, b| (n << 8) | u32::from(*b)) << (8 * (3 - chunk.len()));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn edge_status_says_where_the_key_is_to_the_operator_only() {
    // The embedded edge: the file in $OZ0_HOME, or OZ0_MASTER_KEY.
    let site = Site::new(Transport::Embedded);
    let out = site.ok(&["edge", "status"]);
    let file = site.env.home().join("edge.key");
    assert!(out.contains(&format!("key      file {}, ID ", file.display())), "{out}");
    let json: Value = serde_json::from_str(&site.ok(&["edge", "status", "--format", "json"])).unwrap();
    assert_eq!(json["key"]["kind"], "file");
    assert_eq!(json["key"]["place"], file.display().to_string());
    assert_eq!(json["key"]["id"].as_str().unwrap().len(), 16);

    let env = TestEnv::new();
    let key = new_key();
    let status = |format: &[&str]| {
        let out = env.oz0().args(["edge", "status"]).args(format).env("OZ0_MASTER_KEY", &key).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert!(status(&[]).contains("key      variable OZ0_MASTER_KEY, ID "), "{}", status(&[]));
    let json: Value = serde_json::from_str(&status(&["--format", "json"])).unwrap();
    assert_eq!((&json["key"]["kind"], &json["key"]["place"]), (&"variable".into(), &"OZ0_MASTER_KEY".into()));
    assert!(!env.home().join("edge.key").exists(), "no key file is made when the variable holds the key");
    assert!(!status(&["--format", "json"]).contains(&key), "the key itself is never shown");

    // A served edge, its key file elsewhere: its operator sees where; another tenant's admin does not.
    let mut site = Site::new(Transport::Served);
    let elsewhere = site.env.work().join("keys/edge.key");
    site.stop();
    std::fs::remove_file(site.env.data().join("edge.key")).unwrap();
    std::fs::rename(site.env.data(), site.env.work().join("old")).unwrap();
    site.restart(&["--key-file", elsewhere.to_str().unwrap()], &[]);
    site.token = site.served.as_ref().unwrap().token.clone();
    assert_eq!(mode(&elsewhere), 0o600);
    let json: Value = serde_json::from_str(&site.ok(&["edge", "status", "--format", "json"])).unwrap();
    assert_eq!(json["key"]["place"], elsewhere.display().to_string(), "{json}");
    let token = site.ok(&["edge", "token", "create", "--tenant", "acme", "--role", "admin"]);
    let edge = site.served.as_ref().unwrap();
    let out = site.env.oz0_at(edge, token.trim()).args(["edge", "status", "--format", "json"]).output().unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["tenant"], "acme");
    assert!(json.get("key").is_none(), "another tenant learns nothing of the key: {json}");
    let out = site.env.oz0_at(edge, token.trim()).args(["edge", "status"]).output().unwrap();
    assert!(!text(&out.stdout).contains("key"), "{}", text(&out.stdout));
    let mut both = site.env.oz0();
    both.args(["edge", "serve", "--data"]).arg(site.env.data()).args(["--key-file", "k"]);
    let out = both.env("OZ0_MASTER_KEY", &key).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("both OZ0_MASTER_KEY and --key-file 'k' name the edge key"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_wrong_or_missing_key_is_refused_with_what_to_do() {
    for transport in served_transports() {
        let mut site = Site::new(transport);
        site.install();
        site.stop();
        let serve = |vars: &[(&str, &str)]| {
            let mut cmd = site.env.oz0();
            cmd.args(["edge", "serve", "--listen", "127.0.0.1:0", "--data"]).arg(site.env.data());
            if let Some(store) = site.env.store() {
                cmd.env("OZ0_STORE", store);
            }
            let out = cmd.envs(vars.iter().map(|(k, v)| (*k, *v))).timeout(std::time::Duration::from_secs(60));
            let out = out.output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{transport:?}: {}", text(&out.stdout));
            text(&out.stderr)
        };
        let err = serve(&[("OZ0_MASTER_KEY", &new_key())]);
        assert!(
            err.contains("the edge key of the variable OZ0_MASTER_KEY")
                && err.contains("is not the key the store's secrets are sealed with")
                && err.contains("every node of a shared PostgreSQL store needs the same key"),
            "{transport:?}: {err}"
        );
        assert!(err.contains("hint: "), "{err}");
        let err = serve(&[("OZ0_MASTER_KEY", "not a key")]);
        assert!(err.contains("does not hold an edge key") && err.contains("openssl rand -base64 32"), "{err}");
        // A node without the key file: its store's secrets are sealed with a key it does not have.
        let key = site.env.data().join("edge.key");
        std::fs::rename(&key, site.env.work().join("edge.key.backup")).unwrap();
        let err = serve(&[]);
        assert!(err.contains("edge.key' is missing") && err.contains("restore the file"), "{transport:?}: {err}");
        assert!(!key.exists(), "no other key is made");
        std::fs::rename(site.env.work().join("edge.key.backup"), &key).unwrap();
        site.restart(&[], &[]);
        site.check_secret();
    }
}

#[test]
fn rotate_key_seals_every_secret_with_a_new_key_that_the_old_one_does_not_open() {
    for transport in transports() {
        let mut site = Site::new(transport);
        site.install();
        let old = std::fs::read_to_string(site.edge_dir().join("edge.key")).unwrap();
        if let Some(url) = site.env.store() {
            // A node that serves holds the old key: refused while it holds its lease.
            let out = site.rotate(&[], &[]);
            assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
            assert!(text(&out.stderr).contains("stop every node of the edge"), "{}", text(&out.stderr));
            let unchanged = psql(url, "SELECT count(*) FROM edge_key");
            assert!(text(&unchanged.stdout).contains(" 1\n"));
        }
        site.stop();
        if transport.served() {
            // Through --edge, no: it is an act on the stopped edge's own files.
            let out =
                site.env.oz0().args(["edge", "rotate-key"]).env("OZ0_EDGE", "http://127.0.0.1:9").output().unwrap();
            assert_eq!(out.status.code(), Some(2));
            assert!(text(&out.stderr).contains("works on a stopped edge's own files"), "{}", text(&out.stderr));
        }
        let out = site.rotate(&["--format", "json"], &[]);
        assert!(out.status.success(), "{transport:?}: {}", text(&out.stderr));
        let rotated: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(rotated["resealed"], 1, "{rotated}");
        assert_ne!(rotated["old_key"], rotated["new_key"]);
        assert_eq!(rotated["key"]["place"], site.edge_dir().join("edge.key").display().to_string());
        let new = std::fs::read_to_string(site.edge_dir().join("edge.key")).unwrap();
        assert_ne!(old, new);
        assert_eq!(mode(&site.edge_dir().join("edge.key")), 0o600);
        assert!(!site.edge_dir().join("edge.key.new").exists());
        if transport.served() {
            site.restart(&[], &[]);
        }
        site.check_secret();
        let status: Value = serde_json::from_str(&site.ok(&["edge", "status", "--format", "json"])).unwrap();
        assert_eq!(status["key"]["id"], rotated["new_key"]);
        assert_eq!(files_holding(&site.edge_dir(), SECRET), Vec::<PathBuf>::new());

        // The old key no longer opens the secrets.
        site.stop();
        let out = site.env.oz0().args(["edge", "status"]).env("OZ0_MASTER_KEY", old.trim()).output().unwrap();
        if transport == Transport::Embedded {
            assert_eq!(out.status.code(), Some(2));
            assert!(text(&out.stderr).contains("is not the key the store's secrets are sealed with"));
        }
        let out = site.rotate(&[], &[("OZ0_MASTER_KEY", old.trim())]);
        assert_eq!(out.status.code(), Some(2), "{transport:?}");
        assert!(text(&out.stderr).contains("is not the key the store's secrets are sealed with"));
    }
}

#[test]
fn rotate_key_with_the_key_in_a_variable_takes_the_new_one_from_another_and_says_what_to_set() {
    let env = TestEnv::new();
    let (old, new) = (new_key(), new_key());
    let oz0 = |args: &[&str], vars: &[(&str, &str)]| {
        let mut cmd = env.oz0();
        cmd.envs(python_env()).args(args).envs(vars.iter().map(|(k, v)| (*k, *v)));
        let out = cmd.output().unwrap();
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let (dir, secret) = (plugin(), format!("token={SECRET}"));
    let install = ["plugin", "install", dir.to_str().unwrap(), "--secret", &secret];
    let (code, _, err) = oz0(&install, &[("OZ0_MASTER_KEY", &old)]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = oz0(&["edge", "rotate-key"], &[("OZ0_MASTER_KEY", &old)]);
    assert_eq!(code, Some(2));
    assert!(err.contains("put the new key in OZ0_NEW_MASTER_KEY") && err.contains("openssl rand"), "{err}");
    let vars = [("OZ0_MASTER_KEY", old.as_str()), ("OZ0_NEW_MASTER_KEY", new.as_str())];
    let (code, out, err) = oz0(&["edge", "rotate-key"], &vars);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("sealed the secrets of 1 plugin(s) again"), "{out}");
    assert!(err.contains("set OZ0_MASTER_KEY to the key in OZ0_NEW_MASTER_KEY"), "{err}");
    assert!(!out.contains(&new) && !err.contains(&new), "the key itself is never printed");
    let (code, _, err) = oz0(&["tool", "call", "vault.digest"], &[("OZ0_MASTER_KEY", &old)]);
    assert_eq!(code, Some(2), "the old key no longer opens the secrets");
    assert!(err.contains("is not the key the store's secrets are sealed with"), "{err}");
    let (code, out, err) = oz0(&["tool", "call", "vault.digest"], &[("OZ0_MASTER_KEY", &new)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&answer_for(SECRET)), "{out}");
    assert!(!env.home().join("edge.key").exists());
    for key in [&old, &new] {
        assert_eq!(files_holding(&env.home(), key), Vec::<PathBuf>::new(), "the key is nowhere in the data folder");
    }
}

#[test]
fn a_tool_server_cannot_read_the_key_file_even_in_a_folder_it_is_given() {
    // The key is kept outside the data folder, in a folder the operator lets servers read, and the
    // call gives the server: the key file stays hidden from it all the same.
    let mut site = Site::new(Transport::Served);
    let shared = site.env.work().join("shared");
    let file = shared.join("keys/edge.key");
    std::fs::create_dir_all(shared.join("keys")).unwrap();
    std::fs::write(shared.join("notes.txt"), "a note the server may read").unwrap();
    site.stop();
    std::fs::remove_dir_all(site.env.data()).unwrap();
    let shared_text = shared.to_str().unwrap();
    site.restart(&["--key-file", file.to_str().unwrap(), "--tools-may-read", shared_text], &[]);
    site.token = site.served.as_ref().unwrap().token.clone();
    site.install();
    site.ok(&["plugin", "install", root().join("tests/fixtures/plugins/hostile").to_str().unwrap()]);
    let key = std::fs::read_to_string(&file).unwrap();
    let targets = serde_json::json!({
        "read": [file, shared.join("notes.txt")],
        "list": [shared.join("keys")],
        "secrets": [key.trim(), SECRET],
    });
    let args =
        ["tool", "call", "hostile.probe", "--args", &targets.to_string(), "--root", shared_text, "--format", "json"];
    let answer: Value = serde_json::from_str(&site.ok(&args)).unwrap();
    let report: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(report["found"], serde_json::json!([]), "the server found the key or the secret: {report}");
    let attempts = report["attempts"].as_array().unwrap();
    let ok = |what: String| attempts.iter().any(|a| a["what"] == what.as_str() && a["ok"] == true);
    assert!(ok(format!("read {}", shared.join("notes.txt").display())), "the folder given is read: {report}");
    assert!(!ok(format!("read {}", file.display())), "the server read the key file: {report}");
    site.check_secret();
}

//! What the `plugin` tests share: copying plugins into a test's work folder, and the Python venv the
//! example plugins run in.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{ServedEdge, TestEnv, Transport, text};

/// Returns the repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies a plugin's folder into the test's work folder as `name`: the manifest first, so that a listing
/// copied after it is never older.
pub fn copy_plugin(env: &TestEnv, from: &Path, name: &str) -> PathBuf {
    let to = env.work().join(name);
    std::fs::create_dir_all(&to).expect("a plugin folder");
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(from).expect("the plugin to copy").map(|e| e.expect("an entry").path()).collect();
    entries.sort_by_key(|p| (p.file_name() != Some("oz0-plugin.yaml".as_ref()), p.clone()));
    for entry in entries {
        if entry.is_dir() {
            copy_plugin(env, &entry, &format!("{name}/{}", entry.file_name().expect("a name").to_string_lossy()));
        } else if entry.file_name() != Some("oz0-listing.json".as_ref()) || from.starts_with(root().join("tests")) {
            std::fs::copy(&entry, to.join(entry.file_name().expect("a name"))).expect("a copied file");
        }
    }
    to
}

/// Returns the Python of the venv `scripts/test` makes, which has the `mcp` package; fails the test
/// with what to do when there is none.
pub fn python() -> PathBuf {
    let python = std::env::var_os("OZ0_TEST_PYTHON").map_or_else(|| root().join(".venv/bin/python"), PathBuf::from);
    assert!(
        python.exists(),
        "the example plugins need a Python venv with the `mcp` package, and {} is missing: run scripts/test, \
         which makes it (python3 -m venv .venv && .venv/bin/pip install -r examples/requirements.txt)",
        python.display()
    );
    python
}

/// Returns the entry point of the public reference server `server-everything`, which `scripts/test`
/// installs; fails the test with what to do when there is none.
pub fn everything() -> PathBuf {
    let server = std::env::var_os("OZ0_TEST_EVERYTHING").map(PathBuf::from);
    let server = server.filter(|s| s.exists());
    server.unwrap_or_else(|| {
        panic!(
            "the tests of what a model reads run the reference server `@modelcontextprotocol/server-everything`, \
             and OZ0_TEST_EVERYTHING does not name it: run scripts/test, which installs it in .test-servers"
        )
    })
}

/// Returns the entry point of the MCP Inspector (its `--cli` is a client of `oz0 mcp serve`), which
/// `scripts/test` installs; fails the test with what to do when there is none.
pub fn inspector() -> PathBuf {
    let inspector = std::env::var_os("OZ0_TEST_INSPECTOR").map(PathBuf::from);
    inspector.filter(|s| s.exists()).unwrap_or_else(|| {
        panic!(
            "the tool server's tests run the MCP Inspector `@modelcontextprotocol/inspector`, and \
             OZ0_TEST_INSPECTOR does not name it: run scripts/test, which installs it in .test-servers"
        )
    })
}

/// Returns the twin of the example `workbench` that the tool host's tests run: the same manifest,
/// functions and answers on the standard library (tests/fixtures/plugins/workbench);
/// `tool_call::the_workbench_twin_answers_as_the_example_does` holds it to the example.
pub fn workbench() -> PathBuf {
    root().join("tests/fixtures/plugins/workbench")
}

/// Returns the twin of the example `acme-docs` copied into the work folder of `env` with the example's
/// pages: its functions and answers on the standard library and `oz0.fit`, without the MCP SDK
/// (tests/fixtures/plugins/acme-docs); `tool_call::the_acme_docs_twin_answers_as_the_example_does`
/// holds it to the example.
pub fn acme_docs(env: &TestEnv) -> PathBuf {
    let dir = copy_plugin(env, &root().join("tests/fixtures/plugins/acme-docs"), "acme-docs");
    copy_plugin(env, &root().join("examples/acme-docs/docs"), "acme-docs/docs");
    dir
}

/// Returns the workbench copied into the work folder of `env`, its `hourglass` given `seconds` for a
/// call rather than 6 s.
pub fn workbench_with_timeout(env: &TestEnv, seconds: u32) -> PathBuf {
    let dir = copy_plugin(env, &workbench(), "workbench");
    let manifest = std::fs::read_to_string(dir.join("oz0-plugin.yaml")).expect("the manifest");
    let six = "    mcp: [python, server.py, hourglass]\n    timeout: 6\n";
    assert!(manifest.contains(six), "the hourglass's timeout is where it was: {manifest}");
    let longer = six.replace("timeout: 6", &format!("timeout: {seconds}"));
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest.replace(six, &longer)).expect("the manifest written");
    dir
}

/// Writes a plugin that runs `server-everything` as the tool `everything` in the work folder of `env`,
/// and returns its folder.
pub fn everything_plugin(env: &TestEnv) -> PathBuf {
    let dir = env.work().join("everything");
    std::fs::create_dir_all(&dir).expect("a plugin folder");
    let manifest = format!(
        "name: everything\nversion: 1.0.0\ndescription: The MCP reference server, every kind of content block.\n\
         tools:\n  - id: everything\n    description: Every kind of content block.\n    \
         mcp: [node, {}, stdio]\n    timeout: 30\n",
        serde_json::to_string(&everything().to_string_lossy()).expect("a path as JSON")
    );
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest).expect("a manifest");
    dir
}

/// Returns `PATH` with the venv's `bin` first, so that a manifest's `python` is the venv's.
pub fn path_with_venv() -> OsString {
    let bin = python().parent().expect("the venv's bin folder").to_path_buf();
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
    std::env::join_paths(paths).expect("a PATH")
}

/// Returns `oz0` ready to run the example plugins: the venv's Python, which holds their packages and
/// `oz0.fit`, first on `PATH`.
pub fn oz0_with_python(env: &TestEnv) -> assert_cmd::Command {
    let mut cmd = env.oz0();
    cmd.env("PATH", path_with_venv());
    cmd
}

/// Returns `(code, line)` of each finding of a `--format json` lint.
pub fn codes_at_lines(json: &serde_json::Value) -> Vec<(String, u64)> {
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| (f["code"].as_str().expect("a code").to_owned(), f["line"].as_u64().expect("a line")))
        .collect()
}

/// A test's environment and its edge, with the example plugins' Python on `PATH` of both the
/// command and the served edge, whose tool host starts the servers. The served edge comes first, to be
/// killed before its environment's folder and database go.
pub struct PluginSite {
    pub served: Option<ServedEdge>,
    pub env: TestEnv,
    pub transport: Transport,
}

pub fn python_env() -> Vec<(&'static str, std::ffi::OsString)> {
    vec![("PATH", path_with_venv())]
}

impl PluginSite {
    pub fn new(transport: Transport) -> Self {
        Self::with_edge_flags(transport, |_| Vec::new())
    }

    /// Returns a site whose served edge runs with the flags `flags` makes of its environment, such as the
    /// folders its operator lets tools' servers reach.
    pub fn with_edge_flags(transport: Transport, flags: impl FnOnce(&TestEnv) -> Vec<OsString>) -> Self {
        let env = TestEnv::for_transport(transport);
        let served = transport.served().then(|| env.serve_with_flags(&env.data(), &python_env(), &flags(&env)));
        Self { served, env, transport }
    }

    /// Returns the folder the edge keeps its state in: the served edge's data (its files and plugins when
    /// its store is PostgreSQL), or $OZ0_HOME.
    pub fn edge_dir(&self) -> std::path::PathBuf {
        if self.served.is_some() { self.env.data() } else { self.env.home() }
    }

    /// Returns `oz0` as a process, set up as [`PluginSite::oz0`] is.
    pub fn oz0_process(&self) -> std::process::Command {
        let mut cmd = self.env.oz0_process();
        if let Some(edge) = &self.served {
            cmd.env("OZ0_EDGE", &edge.url).env("OZ0_TOKEN", &edge.token);
        }
        cmd.envs(python_env());
        cmd
    }

    /// Returns a function that runs `oz0` as this site does and expects it to work, holding nothing of
    /// the site: for code that outlives the test, such as a scripted provider's thread, which must not
    /// keep the served edge alive past the test.
    pub fn detached_runner(&self) -> impl Fn(&[&str]) + Send + Sync + 'static {
        let cmd = self.oz0_process();
        let program = cmd.get_program().to_owned();
        let envs: Vec<(OsString, OsString)> =
            cmd.get_envs().filter_map(|(k, v)| v.map(|v| (k.to_owned(), v.to_owned()))).collect();
        let dir = cmd.get_current_dir().map(Path::to_path_buf);
        move |args| {
            let mut cmd = std::process::Command::new(&program);
            cmd.env_clear().envs(envs.iter().cloned()).args(args);
            if let Some(dir) = &dir {
                cmd.current_dir(dir);
            }
            let out = cmd.output().expect("oz0 runs");
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        }
    }

    pub fn oz0(&self) -> assert_cmd::Command {
        let mut cmd = match &self.served {
            Some(edge) => self.env.oz0_at(edge, &edge.token),
            None => self.env.oz0(),
        };
        cmd.envs(python_env());
        cmd
    }

    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = self.oz0().args(args).output().expect("oz0 runs");
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    /// Runs a command that must work and returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let (code, stdout, stderr) = self.run(args);
        assert_eq!(code, 0, "{:?} {args:?}:\n{stdout}\n{stderr}", self.transport);
        stdout
    }

    pub fn json(&self, args: &[&str]) -> Value {
        let mut args = args.to_vec();
        args.extend(["--format", "json"]);
        serde_json::from_str(&self.ok(&args)).expect("JSON")
    }

    /// Installs an example plugin.
    pub fn install(&self, name: &str) {
        let dir = root().join("examples").join(name);
        self.ok(&["plugin", "install", dir.to_str().expect("a UTF-8 path")]);
    }

    /// Installs the workbench for a test of the tool host: the twin of the example `workbench` on the
    /// standard library ([`workbench`]), which answers as the example does and starts in some 40 ms
    /// rather than the 1.5 s of the MCP SDK's imports.
    pub fn install_workbench(&self) {
        self.ok(&["plugin", "install", workbench().to_str().expect("a UTF-8 path")]);
    }

    /// Installs Acme's documentation for a test that runs agents over it: the twin of the example
    /// `acme-docs` without the MCP SDK ([`acme_docs`]), which answers as the example does.
    pub fn install_acme_docs(&self) {
        let dir = acme_docs(&self.env);
        self.ok(&["plugin", "install", dir.to_str().expect("a UTF-8 path")]);
    }

    /// Installs the workbench, its `hourglass` given `seconds` (rather than 6 s) for a call,
    /// its server's start included: for a test whose call must outlast a start on a loaded machine.
    pub fn install_workbench_with_timeout(&self, seconds: u32) {
        let dir = workbench_with_timeout(&self.env, seconds);
        self.ok(&["plugin", "install", dir.to_str().expect("a UTF-8 path")]);
    }

    /// Installs `server-everything` as the tool `everything`, from a manifest written in the work folder.
    pub fn install_everything(&self) {
        let dir = everything_plugin(&self.env);
        self.ok(&["plugin", "install", dir.to_str().expect("a UTF-8 path")]);
    }

    /// Installs the public reference server `mcp-server-time` (from the tests' venv) as the tool `time`.
    pub fn install_time(&self) {
        let dir = self.env.work().join("time");
        std::fs::create_dir_all(&dir).expect("a plugin folder");
        let manifest = "name: time\nversion: 1.0.0\ndescription: The MCP reference server for times and time zones.\n\
                        tools:\n  - id: time\n    description: The time now in a zone, and conversions.\n    \
                        mcp: [mcp-server-time, --local-timezone, UTC]\n    timeout: 30\n";
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest).expect("a manifest");
        self.ok(&["plugin", "install", dir.to_str().expect("a UTF-8 path")]);
    }

    /// Calls a function with `--format json` and returns the exit code and the answer.
    pub fn call(&self, args: &[&str]) -> (i32, Value, String) {
        let mut all = vec!["tool", "call"];
        all.extend(args);
        all.extend(["--format", "json"]);
        let (code, stdout, stderr) = self.run(&all);
        let answer = serde_json::from_str(&stdout).unwrap_or(Value::Null);
        (code, answer, stderr)
    }
}

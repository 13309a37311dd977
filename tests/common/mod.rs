//! What every end-to-end test of the binary shares: an isolated environment to run `oz0` in.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// An isolated home for one test: its own `HOME`, `OZ0_HOME` and config folder, and a work folder.
pub struct TestEnv {
    dir: tempfile::TempDir,
}

impl TestEnv {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("a temp folder");
        for sub in ["home", "oz0", "config", "work"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("a folder in the temp folder");
        }
        Self { dir }
    }

    /// Returns the embedded edge's folder, $OZ0_HOME.
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("oz0")
    }

    /// Returns the folder commands run in.
    pub fn work(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    /// Writes a file into the work folder and returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.work().join(name);
        std::fs::write(&path, contents).expect("a file in the work folder");
        path
    }

    /// Returns `oz0` ready to run in the work folder, with nothing of the real environment.
    pub fn oz0(&self) -> Command {
        Command::from_std(self.oz0_process())
    }

    /// Returns `oz0` as a process to spawn and signal, set up as [`TestEnv::oz0`] is.
    pub fn oz0_process(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("oz0"));
        cmd.current_dir(self.work())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path().join("home"))
            .env("OZ0_HOME", self.dir.path().join("oz0"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("config"))
            .env("NO_COLOR", "1");
        cmd
    }
}

/// Returns the path of a fixture of the core crate's tests.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/oz0-core/tests/fixtures").join(name)
}

/// Returns what a command printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An `oz0 edge serve` started for one test on a free port, killed when dropped.
pub struct ServedEdge {
    child: std::process::Child,
    /// Its address, `http://127.0.0.1:PORT`.
    pub url: String,
    /// The admin token it printed on its first start; empty when the store had tokens already.
    pub token: String,
    /// What it wrote to stdout before it listened.
    pub stdout: String,
}

impl ServedEdge {
    /// Returns the server's process ID.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGKILL and waits for the process to end.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Returns the server's process, to signal or wait for.
    pub fn child(&mut self) -> &mut std::process::Child {
        &mut self.child
    }
}

impl Drop for ServedEdge {
    fn drop(&mut self) {
        self.kill();
    }
}

impl TestEnv {
    /// Returns the folder a served edge of this test keeps its state in.
    pub fn data(&self) -> PathBuf {
        self.dir.path().join("served")
    }

    /// Starts `oz0 edge serve` on 127.0.0.1, port 0, with its state in `data()`, and waits until it
    /// listens.
    pub fn serve(&self) -> ServedEdge {
        self.serve_in(&self.data())
    }

    /// Starts `oz0 edge serve` with its state in `data`, and waits until it listens.
    pub fn serve_in(&self, data: &Path) -> ServedEdge {
        self.serve_with(data, &[])
    }

    /// Starts `oz0 edge serve` with its state in `data` and the variables `envs` added to its
    /// environment, and waits until it listens.
    pub fn serve_with(&self, data: &Path, envs: &[(&str, std::ffi::OsString)]) -> ServedEdge {
        use std::io::BufRead;
        let stderr = std::fs::File::create(self.dir.path().join("serve.stderr")).expect("a log file");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("oz0"))
            .args(["edge", "serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .current_dir(self.work())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path().join("home"))
            .env("OZ0_HOME", self.dir.path().join("oz0"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("config"))
            .env("NO_COLOR", "1")
            .envs(envs.iter().map(|(k, v)| (*k, v)))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("oz0 edge serve starts");
        let mut lines = std::io::BufReader::new(child.stdout.take().expect("its stdout")).lines();
        let mut stdout = String::new();
        let url = loop {
            let Some(Ok(line)) = lines.next() else {
                let log = std::fs::read_to_string(self.dir.path().join("serve.stderr")).unwrap_or_default();
                panic!("oz0 edge serve ended before it listened:\n{stdout}\n{log}");
            };
            stdout.push_str(&line);
            stdout.push('\n');
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.to_owned();
            }
        };
        let token = stdout.split_whitespace().find(|w| w.starts_with("oz0_")).unwrap_or_default().to_owned();
        ServedEdge { child, url, token, stdout }
    }

    /// Returns what the served edge wrote on stderr: its log.
    pub fn serve_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.stderr")).unwrap_or_default()
    }

    /// Returns `oz0` ready to talk to `edge` with `token`.
    pub fn oz0_at(&self, edge: &ServedEdge, token: &str) -> Command {
        let mut cmd = self.oz0();
        cmd.env("OZ0_EDGE", &edge.url).env("OZ0_TOKEN", token);
        cmd
    }
}

/// How a test reaches the edge: the embedded one, or `oz0 edge serve` over HTTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Embedded,
    Served,
}

/// Both transports, for tests that run the same scenario through each.
pub const TRANSPORTS: [Transport; 2] = [Transport::Embedded, Transport::Served];

/// A test's environment and its edge, embedded or served.
pub struct Site {
    pub env: TestEnv,
    pub served: Option<ServedEdge>,
}

impl Site {
    pub fn new(transport: Transport) -> Self {
        let env = TestEnv::new();
        let served = (transport == Transport::Served).then(|| env.serve());
        Self { env, served }
    }

    /// Returns `oz0` as the tenant's admin: the embedded edge's local person, or the served edge's first
    /// admin.
    pub fn oz0(&self) -> Command {
        match &self.served {
            Some(edge) => self.env.oz0_at(edge, &edge.token),
            None => self.env.oz0(),
        }
    }
}

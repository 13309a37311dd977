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
        let mut cmd = Command::cargo_bin("oz0").expect("the oz0 binary");
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

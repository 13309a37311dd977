//! How to start a local server: its argv, its folders, the environment built for it, and how it is
//! confined.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::confine::policy::{Confinement, Grant, Limits};
use crate::sandbox::MARK_VARIABLE;
use crate::turns::Turns;

/// The `PATH` a server gets when the edge has none.
pub(crate) const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The locale a server gets when the edge has none.
const DEFAULT_LANG: &str = "C.UTF-8";

/// How to start a local server: its argv, run in a folder, with the environment built for it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ServerCommand {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The folder it runs in: the plugin's folder.
    pub cwd: PathBuf,
    /// The manifest's variables, added to the base environment every server gets.
    pub env: Vec<(String, String)>,
    /// Its `HOME`, made (readable by its owner alone) when it starts and kept after it stops.
    pub home: PathBuf,
    /// The folder in which it gets a `TMPDIR` of its own, removed when it stops.
    pub tmp: PathBuf,
    /// The folder the files handed to its calls are put in, which it reads: a server started before a
    /// call can read nothing its confinement did not give it at its start.
    pub handed: PathBuf,
    /// Where its process group is recorded while it runs, for [`reap`](crate::reap); `None` for none.
    pub records: Option<PathBuf>,
    /// Whether its plugin was granted models, so that the server is told the client samples.
    pub sampling: bool,
    /// The folders it is told of as its roots (absolute), which it may read; none declares no roots.
    pub roots: Vec<PathBuf>,
    /// The paths its manifest declares, relative ones in its plugin's folder.
    pub paths: Vec<Grant>,
    /// How its edge confines it.
    pub confinement: Confinement,
    /// The most it may use.
    pub limits: Limits,
    /// Its tenant's turns at having a large message read by the edge; `None` for no bound.
    pub turns: Option<Turns>,
}

impl ServerCommand {
    /// Returns a command of `argv` run in `cwd`, its `HOME` `folder/home` and its `TMPDIR` in
    /// `folder/tmp`.
    pub fn new(argv: Vec<String>, cwd: PathBuf, folder: &Path) -> Self {
        Self {
            argv,
            cwd,
            env: Vec::new(),
            home: folder.join("home"),
            tmp: folder.join("tmp"),
            handed: folder.join("handed"),
            records: None,
            sampling: false,
            roots: Vec::new(),
            paths: Vec::new(),
            confinement: Confinement::default(),
            limits: Limits::default(),
            turns: None,
        }
    }

    /// Returns the `PATH` the server gets: the manifest's, else the edge's, else a default.
    pub fn path_variable(&self) -> OsString {
        match self.env.iter().rev().find(|(k, _)| k == "PATH") {
            Some((_, path)) => path.into(),
            None => std::env::var_os("PATH").filter(|p| !p.is_empty()).unwrap_or_else(|| DEFAULT_PATH.into()),
        }
    }

    /// Returns the environment a server starts with: `PATH` (the edge's, or a default), `HOME`,
    /// `TMPDIR`, `LANG` (the edge's, or `C.UTF-8`), and `LC_ALL` when the edge has it;
    /// then the manifest's variables; then the server's mark. Nothing else of the edge's environment,
    /// so none of its keys or tokens.
    pub fn environment(&self, tmp: &Path, mark: &str) -> Vec<(OsString, OsString)> {
        let mut env: Vec<(OsString, OsString)> = vec![
            ("PATH".into(), std::env::var_os("PATH").filter(|p| !p.is_empty()).unwrap_or_else(|| DEFAULT_PATH.into())),
            ("HOME".into(), self.home.clone().into_os_string()),
            ("TMPDIR".into(), tmp.as_os_str().to_owned()),
            ("LANG".into(), std::env::var_os("LANG").filter(|l| !l.is_empty()).unwrap_or_else(|| DEFAULT_LANG.into())),
        ];
        if let Some(value) = std::env::var_os("LC_ALL").filter(|v| !v.is_empty()) {
            env.push(("LC_ALL".into(), value));
        }
        env.extend(self.env.iter().map(|(k, v)| (k.into(), v.into())));
        env.push((MARK_VARIABLE.into(), mark.into()));
        env
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_holds_the_base_the_manifest_and_the_mark_alone() {
        let mut command = ServerCommand::new(vec!["server".into()], "/plugin".into(), Path::new("/run/1/tool"));
        command.env = vec![("GREETING".into(), "hello".into()), ("LANG".into(), "de_DE.UTF-8".into())];
        let env = command.environment(Path::new("/run/1/tool/tmp/x"), "mark");
        let names: Vec<&str> = env.iter().filter_map(|(k, _)| k.to_str()).collect();
        for name in &names {
            assert!(
                ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "GREETING", MARK_VARIABLE].contains(name),
                "{name} is not the server's"
            );
        }
        let value = |name: &str| env.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        assert_eq!(value("HOME"), Some("/run/1/tool/home".into()));
        assert_eq!(value("TMPDIR"), Some("/run/1/tool/tmp/x".into()));
        assert!(value("PATH").is_some_and(|p| !p.is_empty()));
        assert_eq!(value("LANG"), Some("de_DE.UTF-8".into()), "the manifest's variable comes after the base");
        assert_eq!(env.last(), Some(&(MARK_VARIABLE.into(), "mark".into())), "the mark comes last");
    }
}

//! Confinement: a tool's server is a guest of its edge, whose tenants do not trust each other's
//! plugins. On Linux each local server runs
//!
//! - under a Landlock domain that lets it read the system, the runtime its command needs, its plugin's
//!   folder and the paths its command line, manifest and call name, and write only its own `HOME`,
//!   `TMPDIR` and the paths declared read-write; it reaches nothing [hidden](Confinement::hidden) (the
//!   edge's data folder and key), and it cannot trace, read the memory or environment of, or signal
//!   a process outside its domain;
//! - in a PID namespace of its own, with a `/proc` of that namespace alone, so that no other process's
//!   `/proc` entries (the edge's command line included) can even be named; in a user namespace where
//!   the kernel allows one, so that it holds no capability outside it;
//! - with no capabilities and `no_new_privs`, and within [`Limits`]: a [watchdog](watch) stops a server
//!   that runs too many processes or uses too much memory, and says why.
//!
//! What the kernel offers is found once ([`Support::detect`]). Where it cannot confine (no Landlock),
//! [`Fallback`] says whether servers run anyway.

mod exec;
mod grants;
pub(crate) mod rules;
pub(crate) mod watch;

use std::path::PathBuf;
use std::sync::OnceLock;

pub(crate) use exec::{Setup, arm};
pub(crate) use grants::plan;

/// What a server may do with a path it is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Access {
    /// Read its files, list its folders, run its programs.
    Read,
    /// Read, and make, change and remove files and folders under it.
    ReadWrite,
}

impl Access {
    /// Returns `read` or `read-write`, as a manifest spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::ReadWrite => "read-write",
        }
    }
}

/// A path a server may reach, and how.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grant {
    /// The file or folder; a folder's grant covers everything under it.
    pub path: PathBuf,
    /// What the server may do with it.
    pub access: Access,
}

impl Grant {
    /// Returns a grant to read `path`.
    pub fn read(path: impl Into<PathBuf>) -> Self {
        Self { path: path.into(), access: Access::Read }
    }

    /// Returns a grant to read and write `path`.
    pub fn read_write(path: impl Into<PathBuf>) -> Self {
        Self { path: path.into(), access: Access::ReadWrite }
    }
}

/// What an edge does where the kernel cannot confine its tools' servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fallback {
    /// Refuse to start them: a served edge, unless its operator says otherwise.
    #[default]
    Refuse,
    /// Run them unconfined: the embedded edge (which warns once), or an operator's
    /// `--unconfined-tools`.
    RunUnconfined,
}

/// The most a server may use: beyond either, it is stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The bytes of memory its processes may hold resident, together.
    pub memory: u64,
    /// The processes and threads it may run at once.
    pub tasks: u32,
}

impl Limits {
    /// The most a server gets unless its manifest asks for less: 4 GiB and 512 tasks.
    pub const CEILING: Limits = Limits { memory: 4 << 30, tasks: 512 };
}

impl Default for Limits {
    fn default() -> Self {
        Self::CEILING
    }
}

/// How an edge confines its tools' servers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Confinement {
    /// What to do where the kernel cannot confine.
    pub fallback: Fallback,
    /// What no server may reach, even when a path it is given holds it: the edge's data folder, its
    /// key, the person's configuration. The server's own folders inside them are still its own.
    pub hidden: Vec<PathBuf>,
    /// On an edge that tenants share, the folders beyond the system, its runtime and its plugin that
    /// a server may be given by its manifest, command line or call: the operator's. `None` lets a
    /// server be given any folder not hidden (the embedded edge, where the plugins are the person's).
    pub shared: Option<Vec<Grant>>,
}

/// Which namespaces a server is put in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Namespaces {
    /// A user, mount and PID namespace of its own.
    User,
    /// A mount and PID namespace of its own, made with the edge's own privilege (root) where user
    /// namespaces are refused.
    Privileged,
    /// None: it shares the edge's, and Landlock alone keeps other processes' `/proc` entries from it.
    None,
}

/// What the kernel offers to confine servers, found once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Support {
    /// The Landlock ABI, when the kernel has Landlock enabled.
    pub landlock: Option<i32>,
    /// The namespaces a server gets.
    pub namespaces: Namespaces,
    /// Why the namespaces could not be made, when they could not.
    pub namespaces_refused: Option<String>,
}

/// The variable that narrows what servers are confined with, to see how an edge fares on a kernel that
/// offers less: `landlock` (no namespaces), `privileged` (no user namespace: as root), `off` (as if
/// the kernel had no Landlock), or `auto`, the default.
pub const CONFINE_VARIABLE: &str = "OZ0_CONFINE";

impl Support {
    /// Returns what this kernel offers, asked once a process: the Landlock ABI, and whether a server
    /// can have namespaces of its own (by trying, in a child that makes them and exits); narrowed by
    /// [`CONFINE_VARIABLE`].
    pub fn detect() -> &'static Support {
        static SUPPORT: OnceLock<Support> = OnceLock::new();
        SUPPORT.get_or_init(|| {
            let narrowed = std::env::var(CONFINE_VARIABLE).unwrap_or_default();
            let asked = |why: &str| Some(format!("{why} ({CONFINE_VARIABLE}={narrowed})"));
            match narrowed.as_str() {
                "off" => Support { landlock: None, namespaces: Namespaces::None, namespaces_refused: asked("none") },
                "landlock" => Support {
                    namespaces: Namespaces::None,
                    namespaces_refused: asked("none asked for"),
                    ..exec::detect(false)
                },
                "privileged" => exec::detect(true),
                _ => exec::detect(false),
            }
        })
    }

    /// Returns whether servers are confined: Landlock is what keeps them from the edge's files.
    pub fn confines(&self) -> bool {
        self.landlock.is_some_and(|abi| abi >= 1)
    }

    /// Returns, in a sentence, how servers are confined here or why they cannot be.
    pub fn describe(&self) -> String {
        let Some(abi) = self.landlock.filter(|abi| *abi >= 1) else {
            return "the kernel has no Landlock enabled (Linux 5.13 or later, with `landlock` in its LSM list)"
                .to_owned();
        };
        let namespaces = match self.namespaces {
            Namespaces::User => "a user and PID namespace of its own".to_owned(),
            Namespaces::Privileged => "a PID namespace of its own".to_owned(),
            Namespaces::None => format!(
                "no namespace of its own ({}): Landlock keeps other processes' memory and environment from it, \
                 not their command lines",
                self.namespaces_refused.as_deref().unwrap_or("refused")
            ),
        };
        format!("confined: Landlock ABI {abi}, {namespaces}, no capabilities")
    }
}

/// Makes this process (an edge) one that no process of the same user can trace or read the memory
/// and environment of, without `CAP_SYS_PTRACE`: a server that escaped its confinement still could
/// not read the provider keys in the edge's environment.
pub fn protect_process() {
    #[cfg(target_os = "linux")]
    if let Err(err) = rustix::process::set_dumpable_behavior(rustix::process::DumpableBehavior::NotDumpable) {
        tracing::warn!(error = %err, "could not keep the edge's memory from processes of its user");
    }
}

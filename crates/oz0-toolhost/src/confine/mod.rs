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
//! - with no network of the machine's where its edge says so ([`Confinement::network`]): in a network
//!   namespace of its own, whose loopback alone is up, with nothing more or with the edge's
//!   [proxy](crate::proxy) to public addresses on it, so that it reaches nothing beside the edge;
//! - with no capabilities and `no_new_privs`, and within [`Limits`]: a [watchdog](watch) stops a server
//!   that runs too many processes or uses too much memory, and says why.
//!
//! What the kernel offers is found once ([`Support::detect`]). Where it cannot confine (no Landlock),
//! [`Fallback`] says whether servers run anyway.

pub(crate) mod exec;
pub(crate) mod grants;
pub(crate) mod policy;
pub(crate) mod rules;
pub(crate) mod support;
pub(crate) mod watch;

pub use policy::{Access, Confinement, Fallback, Grant, Limits, Network};
pub use support::{CONFINE_VARIABLE, Namespaces, Support};

/// The soft limit on open descriptors this process (an edge) started with, before
/// [`raise_descriptor_limit`]: its servers get it back.
static STARTED_WITH: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// The most descriptors an edge asks to hold.
const MOST_DESCRIPTORS: u64 = 1 << 20;

/// Raises this process's (an edge's) soft limit on open descriptors to its hard limit (at most 2^20):
/// each server, call and proxied connection of every tenant holds some of the edge's, and a shared
/// edge at the usual 1,024 could be made to run out of them by one tenant, then refuse every
/// tenant's requests. Its servers get the limit it started with back.
pub fn raise_descriptor_limit() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        let Some(current) = limit.current else { return };
        STARTED_WITH.get_or_init(|| current);
        let most = limit.maximum.map_or(MOST_DESCRIPTORS, |hard| hard.min(MOST_DESCRIPTORS));
        if most > current
            && let Err(err) = setrlimit(Resource::Nofile, Rlimit { current: Some(most), maximum: limit.maximum })
        {
            tracing::warn!(error = %err, "could not raise the edge's limit on open descriptors");
        }
    }
}

/// Returns the soft limit on open descriptors a server gets: the one its edge started with, when
/// the edge raised its own.
pub(crate) fn server_descriptors() -> Option<u64> {
    STARTED_WITH.get().copied()
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

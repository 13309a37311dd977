//! What the kernel offers to confine servers, and how it is told.

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

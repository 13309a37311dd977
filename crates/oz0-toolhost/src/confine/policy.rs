//! What a server may reach and use, as its edge and its manifest set it.

use std::path::PathBuf;

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
    /// The bytes its `HOME` and `TMPDIR` may hold on disk, together.
    pub disk: u64,
}

impl Limits {
    /// The most a server gets unless its manifest asks for less: 4 GiB of memory, 512 tasks and 4 GiB
    /// on disk.
    pub const CEILING: Limits = Limits { memory: 4 << 30, tasks: 512, disk: 4 << 30 };
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
    /// On an edge that tenants share, whether remote tools' servers may be at private addresses (the
    /// loopback interface, private and link-local networks), where the edge's own neighbours are, and
    /// whether local servers may reach them through the edge's proxy ([`Network::Public`]): off
    /// unless its operator says so. The embedded edge's may always.
    pub private_network: bool,
    /// What network its local servers get.
    pub network: Network,
    /// Where the edge serves its gateway path (`/gateway/`), which a server of a network of its own
    /// reaches through the edge's proxy: the proxy's port on its loopback stands for this address,
    /// for requests of that path alone.
    pub gateway: Option<std::net::SocketAddr>,
}

/// What network a local server gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Network {
    /// The machine's: it reaches what the edge reaches, what listens beside the edge included (its
    /// own port, a shared store's database on the loopback, private networks, a cloud's metadata
    /// address).
    #[default]
    Host,
    /// Public addresses alone, through the edge's proxy: in a network namespace of its own, it reaches
    /// the proxy on its loopback (named in its `HTTPS_PROXY`), which connects to a public address
    /// alone unless [`Confinement::private_network`], and to the edge's gateway path. Needs
    /// namespaces.
    Public,
    /// None but the edge's gateway path: in a network namespace of its own, whose loopback holds the
    /// edge's proxy for that path alone. Needs namespaces.
    None,
}

impl Network {
    /// Says what a server gets, after how it is confined: nothing for the machine's network.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Host => "",
            Self::Public => ", public addresses alone through the edge's proxy",
            Self::None => ", no network",
        }
    }
}

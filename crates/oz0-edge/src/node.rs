//! A node of the edge as its operator starts one: the settings `oz0 edge serve` and `oz0 edge
//! rotate-key` are given (the data folder, the store's URL, the key's file) read into an edge, what a
//! node's start and stop do to the store, and the rotation of the key of a stopped edge.
//!
//! This is the CLI's one door to a served edge: where the store is, which it is, its lease and its
//! errors stay on this side of it.
//!
//! ```no_run
//! use oz0_edge::node::{Node, Settings};
//!
//! # fn start() -> Result<(), oz0_edge::node::NodeError> {
//! let settings = Settings::new("/srv/oz0".into(), Some("postgres://oz0@db.internal/oz0"), None)?;
//! let node = Node::open(&settings)?;
//! println!("{:?}", node.take_jobs()?);
//! # Ok(())
//! # }
//! ```

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use oz0_core::api::EdgeError;

use crate::sealing::rotation::{Rotated, rotate_edge};
use crate::sealing::{KEY_VARIABLE, KeyError, KeyPlace};
use crate::state::EdgeState;
use crate::store::{Lease, Location, StoreError, UrlError};

/// Why a job still running is failed when its node stops, or was left by a node that stopped.
const STOPPED: &str = "the edge stopped while the job ran";

/// Where a node keeps its state, read from its operator's settings.
#[derive(Debug, Clone)]
pub struct Settings {
    dir: PathBuf,
    location: Location,
    key: KeyPlace,
    /// Whether the tenants' payloads are sealed; `None` leaves it to
    /// [`SEAL_VARIABLE`](crate::sealing::SEAL_VARIABLE), else to the store's kind.
    seal_payloads: Option<bool>,
}

impl Settings {
    /// Reads a node's settings: its data folder `dir`; its store, `sqlite` (in `dir`, as when `store`
    /// is `None`) or a PostgreSQL URL; and its key, in the variable [`KEY_VARIABLE`] when it is set,
    /// else in the file `key_file`, else in `edge.key` in `dir`.
    ///
    /// # Errors
    ///
    /// Returns [`NodeError::Location`] when `store` is not a store, and [`NodeError::TwoKeys`] when
    /// both the variable and `key_file` name the key.
    pub fn new(dir: PathBuf, store: Option<&str>, key_file: Option<&Path>) -> Result<Self, NodeError> {
        let location = match store {
            None => Location::Sqlite,
            Some(text) => text.parse::<Location>()?,
        };
        let key = KeyPlace::from_env(key_file.map_or_else(|| dir.join(KeyPlace::FILE_NAME), Path::to_path_buf));
        if let (KeyPlace::Variable { .. }, Some(file)) = (&key, key_file) {
            return Err(NodeError::TwoKeys { file: file.to_path_buf() });
        }
        Ok(Self { dir, location, key, seal_payloads: None })
    }

    /// Returns the settings with the tenants' new payloads (files, jobs' inputs and answers, what runs'
    /// models said and read) sealed with their payload keys when `seal` is `Some(true)`, kept plain when
    /// `Some(false)`; `None` leaves it to [`SEAL_VARIABLE`](crate::sealing::SEAL_VARIABLE), else to
    /// the store: sealed on PostgreSQL, plain on SQLite. An edge reads sealed and plain payloads alike,
    /// whichever it writes.
    #[must_use]
    pub fn seal_payloads(self, seal: Option<bool>) -> Self {
        Self { seal_payloads: seal, ..self }
    }

    /// Returns the data folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Returns the URL of the store, without its password, when it is a PostgreSQL database, which
    /// other nodes may share; `None` for SQLite in the data folder.
    pub fn store_url(&self) -> Option<String> {
        match &self.location {
            Location::Sqlite => None,
            Location::Postgres(url) => Some(url.to_string()),
        }
    }
}

/// Why a node could not start, serve, stop or have its key rotated.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NodeError {
    /// The store's location is neither `sqlite` nor a PostgreSQL URL.
    #[error(transparent)]
    Location(#[from] UrlError),
    /// Both the key's variable and a key file name the edge key.
    #[error("both {KEY_VARIABLE} and the key file '{}' name the edge key", file.display())]
    TwoKeys {
        /// The key file named.
        file: PathBuf,
    },
    /// The edge key could not be had, or does not open the store's secrets.
    #[error(transparent)]
    Key(KeyError),
    /// The store could not be opened, read or written.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for NodeError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Key(key) => Self::Key(key),
            err => Self::Store(err),
        }
    }
}

impl NodeError {
    /// Returns whether the store could not be connected to: no database at its address, one that
    /// refused the connection, or a TLS handshake that failed.
    pub fn is_connect(&self) -> bool {
        matches!(self, Self::Store(StoreError::Connect { .. }))
    }
}

/// How a node holds its store's running jobs, once started.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tenure {
    /// The store is this node's alone: a job still running in it was left by an edge that stopped, and
    /// `failed` such jobs were marked failed.
    Alone {
        /// How many jobs were marked failed.
        failed: usize,
    },
    /// Nodes share the store: this one, `node`, holds a lease while it lives, and the live nodes fail
    /// the running jobs of one that died within `bound` of its death.
    Shared {
        /// This node's name in the store.
        node: String,
        /// How long a dead node's running jobs may stay running.
        bound: Duration,
    },
}

/// A node of the edge, open on its store; its clones are the same node.
#[derive(Debug, Clone)]
pub struct Node {
    state: Arc<EdgeState>,
}

impl Node {
    /// Opens the node `settings` describe, as [`EdgeState::open_at`] does, its shared tools' servers
    /// stopped after [`EdgeState::SERVER_IDLE`] without a call. Blocks: call it off async threads.
    ///
    /// # Errors
    ///
    /// Returns [`NodeError::Key`] when the key cannot be had or does not open the store's secrets, and
    /// [`NodeError::Store`] when the store cannot be opened.
    pub fn open(settings: &Settings) -> Result<Self, NodeError> {
        let state = EdgeState::open_at(&settings.dir, &settings.location, &settings.key, Some(EdgeState::SERVER_IDLE))?;
        if let Some(seal) = settings.seal_payloads {
            state.store().seal_payloads(seal);
        }
        Ok(Self { state })
    }

    /// Returns whether the node seals the tenants' new payloads with their payload keys.
    pub fn seals_payloads(&self) -> bool {
        self.state.store().seals_payloads()
    }

    /// Returns the edge's state.
    pub fn state(&self) -> &Arc<EdgeState> {
        &self.state
    }

    /// Returns whether other nodes may share the store.
    pub fn shared(&self) -> bool {
        self.state.store().shared()
    }

    /// Takes the store's running jobs in hand, before the node serves: in a store of its own, fails
    /// the jobs an edge that stopped left running, as no one will end them; in a shared store, where
    /// they may be other nodes' running now, takes a lease ([`Lease::from_env`]) and keeps renewing it
    /// while the edge lives. Blocks on the store.
    ///
    /// # Errors
    ///
    /// Returns [`NodeError::Store`] when the store cannot be written.
    pub fn take_jobs(&self) -> Result<Tenure, NodeError> {
        let store = self.state.store();
        if !store.shared() {
            return Ok(Tenure::Alone { failed: store.fail_running_jobs(STOPPED)? });
        }
        let lease = Lease::from_env();
        self.state.keep_lease(lease)?;
        Ok(Tenure::Shared { node: store.node().to_owned(), bound: lease.bound() })
    }

    /// Serves the edge's HTTP API on `listener` until `shutdown` completes, as
    /// [`server::serve`](crate::server::serve) does, then waits at most `stop_within` for the requests
    /// under way.
    ///
    /// # Errors
    ///
    /// Returns the error of the listener.
    pub async fn serve(
        &self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
        stop_within: std::time::Duration,
    ) -> std::io::Result<()> {
        let serving = crate::server::Serving { stop_within, ..crate::server::Serving::from_env() };
        crate::server::serve_with(listener, Arc::clone(&self.state), shutdown, serving).await
    }

    /// Fails the jobs still running on this node, which end with it, rather than leave them for the
    /// next start or another node to find; returns how many. Blocks on the store.
    ///
    /// # Errors
    ///
    /// Returns [`NodeError::Store`] when the store cannot be written.
    pub fn leave(&self) -> Result<usize, NodeError> {
        Ok(self.state.store().leave(STOPPED)?.len())
    }
}

/// Replaces the key of the stopped edge `settings` describe, sealing every secret again with the new
/// key, `new` (in base64; needed when the key is kept in a variable), else a random one, as
/// [`rotate_edge`] does. Blocks on the store.
///
/// # Errors
///
/// Returns [`NodeError::Key`] when the key cannot be had or rotated (nodes still serve, say), and
/// [`NodeError::Store`] when the store cannot be opened or written.
pub fn rotate_key(settings: &Settings, new: Option<&str>) -> Result<Rotated, NodeError> {
    Ok(rotate_edge(&settings.dir, &settings.location, &settings.key, new)?)
}

/// Returns whether the edge's error `err` comes of its key: a key that is missing, malformed or not
/// the one the store's secrets are sealed with, which its operator can give it.
pub fn is_key_error(err: &EdgeError) -> bool {
    std::error::Error::source(err)
        .and_then(|source| source.downcast_ref::<StoreError>())
        .is_some_and(|err| matches!(err, StoreError::Key(_)))
}

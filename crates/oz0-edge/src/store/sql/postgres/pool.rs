//! A small pool of connections to the store's database: at most [`MAX`] open at once, those idle kept
//! for the next call, a broken one dropped.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use postgres::config::SslMode;

use postgres::{Client, NoTls, Statement};

use super::url::PostgresUrl;
use crate::store::error::StoreError;

/// How many connections a store opens at most: with a few nodes, well within PostgreSQL's default
/// `max_connections` of 100.
const MAX: usize = 16;

/// How long a call waits for a connection when all [`MAX`] are in use.
const WAIT: Duration = Duration::from_secs(10);

/// How long a statement waits for a lock another transaction holds, as SQLite's busy timeout.
pub(super) const LOCK_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection of the pool, with the statements it prepared.
pub(crate) struct Conn {
    pub(super) client: Client,
    pub(super) statements: HashMap<String, Statement>,
}

impl Conn {
    fn new(client: Client) -> Self {
        Self { client, statements: HashMap::new() }
    }
}

/// The pool.
pub(super) struct Pool {
    url: PostgresUrl,
    state: Mutex<State>,
    freed: Condvar,
}

#[derive(Default)]
struct State {
    idle: Vec<Conn>,
    open: usize,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("url", &self.url).finish_non_exhaustive()
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    // A panic while holding the guard leaves nothing half-done: the state is two plain fields.
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Pool {
    /// Returns a pool of connections to `url`, none open yet.
    pub(super) fn new(url: PostgresUrl) -> Self {
        Self { url, state: Mutex::new(State::default()), freed: Condvar::new() }
    }

    /// Returns the URL of the pool's database.
    pub(super) fn url(&self) -> &PostgresUrl {
        &self.url
    }

    /// Returns a connection: an idle one, else a new one while fewer than [`MAX`] are open, else the
    /// first one another call gives back within [`WAIT`].
    pub(super) fn take(&self) -> Result<Lease<'_>, StoreError> {
        let deadline = Instant::now() + WAIT;
        let mut state = lock(&self.state);
        loop {
            if let Some(client) = state.idle.pop() {
                if client.client.is_closed() {
                    state.open -= 1;
                    continue;
                }
                return Ok(Lease { pool: self, client: Some(client) });
            }
            if state.open < MAX {
                state.open += 1;
                drop(state);
                return match connect(&self.url) {
                    Ok(client) => Ok(Lease { pool: self, client: Some(Conn::new(client)) }),
                    Err(err) => {
                        lock(&self.state).open -= 1;
                        self.freed.notify_one();
                        Err(err)
                    }
                };
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(StoreError::Busy { seconds: WAIT.as_secs() });
            }
            state = self.freed.wait_timeout(state, left).unwrap_or_else(PoisonError::into_inner).0;
        }
    }

    fn give_back(&self, client: Conn) {
        let mut state = lock(&self.state);
        if client.client.is_closed() {
            state.open -= 1;
        } else {
            state.idle.push(client);
        }
        drop(state);
        self.freed.notify_one();
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let idle = std::mem::take(&mut self.state.get_mut().unwrap_or_else(PoisonError::into_inner).idle);
        if idle.is_empty() {
            return;
        }
        // Closing a client blocks on a runtime of its own, which panics on a thread that drives an
        // async runtime, as the last holder of the edge's state may be: they close on a thread of
        // their own.
        std::thread::scope(|scope| {
            scope.spawn(move || drop(idle));
        });
    }
}

/// Opens a connection to `url`, outside any pool: over TLS when the URL requires it.
pub(crate) fn connect(url: &PostgresUrl) -> Result<Client, StoreError> {
    let failed = |source: postgres::Error| StoreError::Connect { url: url.to_string(), source: source.into() };
    let mut client = match url.config().get_ssl_mode() {
        SslMode::Require => url.config().connect(tls(url)?).map_err(failed)?,
        _ => url.config().connect(NoTls).map_err(failed)?,
    };
    // As SQLite's busy timeout: a lock held too long is an answer ("busy"), not a hang.
    client.batch_execute(&format!("SET lock_timeout = '{}s'", LOCK_TIMEOUT.as_secs())).map_err(failed)?;
    Ok(client)
}

/// Returns TLS that trusts the public roots and the certificates of the URL's `sslrootcert`.
fn tls(url: &PostgresUrl) -> Result<tokio_postgres_rustls::MakeRustlsConnect, StoreError> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    if let Some(path) = url.root_cert() {
        let unread = |err: &dyn std::fmt::Display| StoreError::Connect {
            url: url.to_string(),
            source: format!("could not read the CA certificates of sslrootcert '{}': {err}", path.display()).into(),
        };
        for cert in CertificateDer::pem_file_iter(path).map_err(|err| unread(&err))? {
            roots.add(cert.map_err(|err| unread(&err))?).map_err(|err| unread(&err))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|err| StoreError::Connect { url: url.to_string(), source: err.into() })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

/// A connection taken from the pool, given back when dropped.
pub(super) struct Lease<'a> {
    pool: &'a Pool,
    client: Option<Conn>,
}

impl Deref for Lease<'_> {
    type Target = Conn;

    fn deref(&self) -> &Conn {
        self.client.as_ref().unwrap_or_else(|| unreachable!("a lease holds its client until dropped"))
    }
}

impl DerefMut for Lease<'_> {
    fn deref_mut(&mut self) -> &mut Conn {
        self.client.as_mut().unwrap_or_else(|| unreachable!("a lease holds its client until dropped"))
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            self.pool.give_back(client);
        }
    }
}

//! The servers an edge keeps: one per tool and tenant (`shared`) or per job tree (`job`), started by
//! the first call that needs it and reused by the rest, started again after it exits, and stopped
//! when idle too long or when its job ends. A server of a call's own (`own`) is not kept, nor is the
//! session of a remote server that keeps no state in it: each call has one of its own.
//!
//! Each server is kept for an owner (a tenant), who may keep as many as the pool allows
//! ([`Pool::keep_at_most`]): a start past them stops the owner's server idle longest first, so that
//! servers sitting idle, each of up to its memory limit, cannot pile up past a bound for one owner,
//! and one owner's starts never stop another's servers.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use futures_util::FutureExt as _;
use futures_util::future::{BoxFuture, Shared};
use tokio_util::sync::CancellationToken;

use crate::client::Listener;
use crate::error::ToolHostError;
use crate::server::Server;
use crate::session::Session;
use crate::session::{Answered, Call};

/// How long a server is kept for the calls of its tool.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Lifetime {
    /// Kept for every call of the tool (the command names its tenant's folders), until idle too long.
    Shared,
    /// Kept for the calls of one job tree, named by its root's ID, until [`Pool::end_job`].
    Job(String),
    /// Started for one call and stopped when it ends.
    Own,
}

type Starting = Shared<BoxFuture<'static, Result<Arc<Session>, ToolHostError>>>;

/// A kept server: starting, or started.
enum Slot {
    Starting { start: Starting, generation: u64 },
    Ready(Arc<Session>),
}

/// A kept server's owner, lifetime and command.
type Key = (String, Lifetime, Server);

/// The servers an edge keeps. Dropping it stops them.
#[derive(Clone)]
pub struct Pool {
    inner: Arc<Inner>,
}

struct Inner {
    slots: Mutex<HashMap<Key, Slot>>,
    /// How long a shared server may sit idle before it is stopped; `None` keeps it for the pool's life.
    idle: Option<Duration>,
    /// How many servers an owner may keep.
    most: AtomicUsize,
    starts: AtomicU64,
    generation: AtomicU64,
    sweeping: std::sync::Once,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("idle", &self.inner.idle).field("starts", &self.starts()).finish_non_exhaustive()
    }
}

impl Pool {
    /// Returns a pool whose shared servers are stopped after `idle` without a call, or kept for the
    /// pool's life when `idle` is `None`.
    pub fn new(idle: Option<Duration>) -> Self {
        Self {
            inner: Arc::new(Inner {
                slots: Mutex::new(HashMap::new()),
                idle,
                most: AtomicUsize::new(usize::MAX),
                starts: AtomicU64::new(0),
                generation: AtomicU64::new(0),
                sweeping: std::sync::Once::new(),
            }),
        }
    }

    /// Sets how many servers one owner may keep (at least one; no bound unless set): starting one
    /// more stops the owner's server idle longest. A server running a call is not stopped for it, so
    /// an owner may keep more while more of its calls run at once.
    pub fn keep_at_most(&self, servers: usize) {
        self.inner.most.store(servers.max(1), Ordering::Relaxed);
    }

    /// Returns how many servers the pool has started.
    pub fn starts(&self) -> u64 {
        self.inner.starts.load(Ordering::Relaxed)
    }

    /// Calls a function on `server`, kept for `owner` for `lifetime`: the server already
    /// running, the one starting (waited for), or one started now. The call's timeout bounds the
    /// whole, the wait for a start included; `cancel` ends the call, not the server.
    ///
    /// # Errors
    ///
    /// Returns a [`ToolHostError`], as [`call_function`](crate::call_function) does.
    pub async fn call(
        &self,
        owner: &str,
        server: &Server,
        lifetime: &Lifetime,
        call: &Call,
        listener: Listener,
        cancel: &CancellationToken,
    ) -> Result<Answered, ToolHostError> {
        if *lifetime == Lifetime::Own {
            self.inner.starts.fetch_add(1, Ordering::Relaxed);
            return crate::call::call_own(server, call, listener, cancel).await;
        }
        self.sweep();
        let deadline = tokio::time::Instant::now() + call.timeout;
        let key = (owner.to_owned(), lifetime.clone(), server.clone());
        let (start, ours) = self.session(&key, call.timeout);
        let session = tokio::select! {
            session = tokio::time::timeout_at(deadline, start) => match session {
                Ok(session) => session?,
                Err(_) => return Err(ToolHostError::CallTimeout { after: call.timeout, stderr: String::new() }),
            },
            () = cancel.cancelled() => return Err(ToolHostError::Cancelled),
        };
        if !session.kept {
            // Each call has a session of its own: the one this call opened, or another.
            if !ours {
                return crate::call::call_own(server, call, listener, cancel).await;
            }
            let answered = session.call(call, listener, deadline, cancel).await;
            session.shutdown().await;
            return answered;
        }
        let answered = session.call(call, listener, deadline, cancel).await;
        if !session.alive() {
            self.forget(&key, &session);
        }
        answered
    }

    /// Returns the session of `key` (the one running, the one starting, or one it starts, within
    /// `timeout`), and whether it was started for this call.
    fn session(&self, key: &Key, timeout: Duration) -> (Starting, bool) {
        let mut slots = self.inner.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match slots.get(key) {
            Some(Slot::Ready(session)) if session.alive() => {
                let session = Arc::clone(session);
                return (async move { Ok(session) }.boxed().shared(), false);
            }
            Some(Slot::Starting { start, .. }) => return (start.clone(), false),
            Some(Slot::Ready(session)) => {
                let session = Arc::clone(session);
                tokio::spawn(async move { session.shutdown().await });
            }
            None => {}
        }
        self.make_room(&mut slots, &key.0);
        let generation = self.inner.generation.fetch_add(1, Ordering::Relaxed);
        let (pool, server, slot) = (Arc::downgrade(&self.inner), key.2.clone(), key.clone());
        self.inner.starts.fetch_add(1, Ordering::Relaxed);
        // The start runs on its own, so that a call that stops waiting does not stop it for the rest.
        let task = tokio::spawn(async move {
            let started = Session::start(&server, timeout).await.map(Arc::new);
            if let Some(inner) = pool.upgrade() {
                let mut slots = inner.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let ours = matches!(slots.get(&slot), Some(Slot::Starting { generation: g, .. }) if *g == generation);
                match &started {
                    Ok(session) if ours && session.kept => {
                        tracing::info!(program = %server.name(), pid = ?session.pid, "started a tool's server");
                        slots.insert(slot, Slot::Ready(Arc::clone(session)));
                    }
                    _ if ours => {
                        slots.remove(&slot);
                    }
                    _ => {}
                }
            }
            started
        });
        let start = async move {
            task.await.unwrap_or_else(|err| {
                Err(ToolHostError::Protocol {
                    message: format!("the server's start failed: {err}"),
                    stderr: String::new(),
                })
            })
        }
        .boxed()
        .shared();
        slots.insert(key.clone(), Slot::Starting { start: start.clone(), generation });
        (start, true)
    }

    /// Before `owner` starts a server: stops its servers idle longest, once the calls on them have
    /// ended, until it keeps fewer than the pool allows it.
    fn make_room(&self, slots: &mut HashMap<Key, Slot>, owner: &str) {
        let most = self.inner.most.load(Ordering::Relaxed);
        let kept = slots.keys().filter(|(o, ..)| o == owner).count();
        if kept < most {
            return;
        }
        let mut idle: Vec<(Duration, Key)> = slots
            .iter()
            .filter_map(|(key, slot)| match slot {
                Slot::Ready(session) if key.0 == owner => session.idle().map(|idle| (idle, key.clone())),
                _ => None,
            })
            .collect();
        idle.sort_by_key(|(idle, _)| std::cmp::Reverse(*idle));
        for (_, key) in idle.into_iter().take(kept + 1 - most) {
            if let Some(Slot::Ready(session)) = slots.remove(&key) {
                tracing::info!(pid = ?session.pid, owner, "stopped a tool's server idle longest: its tenant keeps {most}");
                tokio::spawn(async move { session.retire().await });
            }
        }
    }

    /// Drops a session that broke, so that the next call starts another.
    fn forget(&self, key: &Key, session: &Arc<Session>) {
        let mut slots = self.inner.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if matches!(slots.get(key), Some(Slot::Ready(kept)) if Arc::ptr_eq(kept, session)) {
            slots.remove(key);
        }
        drop(slots);
        let session = Arc::clone(session);
        tokio::spawn(async move { session.shutdown().await });
    }

    /// Stops the servers kept for the job tree `root`.
    pub async fn end_job(&self, root: &str) {
        let ended = self.take(|lifetime, _| matches!(lifetime, Lifetime::Job(job) if job == root));
        for session in ended {
            session.shutdown().await;
        }
    }

    /// Stops the servers that run in `dir`, such as a removed or replaced plugin's folder, each once
    /// the calls running on it have ended; the next call starts a new one.
    pub fn retire(&self, dir: &std::path::Path) {
        for session in self.take(|_, slot| matches!(slot, Slot::Ready(session) if session.cwd == dir)) {
            tokio::spawn(async move { session.retire().await });
        }
    }

    /// Stops every server of the pool.
    pub async fn shutdown(&self) {
        for session in self.take(|_, _| true) {
            session.shutdown().await;
        }
    }

    /// Takes out of the pool the started sessions that `which` picks, and forgets the starts.
    fn take(&self, which: impl Fn(&Lifetime, &Slot) -> bool) -> Vec<Arc<Session>> {
        let mut slots = self.inner.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let keys: Vec<Key> =
            slots.iter().filter(|((_, lifetime, _), slot)| which(lifetime, slot)).map(|(k, _)| k.clone()).collect();
        keys.into_iter()
            .filter_map(|key| match slots.remove(&key) {
                Some(Slot::Ready(session)) => Some(session),
                _ => None,
            })
            .collect()
    }

    /// Starts, once, the sweep that stops servers idle longer than the pool allows.
    fn sweep(&self) {
        let Some(idle) = self.inner.idle else { return };
        self.inner.sweeping.call_once(|| {
            let pool = Arc::downgrade(&self.inner);
            let every = (idle / 5).clamp(Duration::from_millis(100), Duration::from_secs(30));
            tokio::spawn(sweep(pool, idle, every));
        });
    }
}

/// Every `every`, stops the sessions idle longer than `idle`, until the pool is gone.
async fn sweep(pool: Weak<Inner>, idle: Duration, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        let Some(inner) = pool.upgrade() else { return };
        let stale = Pool { inner }.take(|_, slot| {
            matches!(slot, Slot::Ready(session) if !session.alive() || session.idle().is_some_and(|i| i >= idle))
        });
        for session in stale {
            tracing::info!(pid = ?session.pid, "stopped a tool's server that sat idle");
            session.shutdown().await;
        }
    }
}

//! The turns a tenant's servers take at having a large message read by their edge: a message of 160
//! MiB takes some 480 MiB of the edge's memory while it is read, parsed and handed on, and a tenant
//! running 32 calls at once could otherwise have the edge hold 15 GiB for it.
//!
//! A server's message that passes [`LARGE_MESSAGE`] bytes waits for one of its tenant's turns before
//! the rest of it is read (the server waits on its pipe meanwhile), and holds it while the edge parses
//! it, until the call it answers has its result ([`Handed::done`]), or [`HELD_AT_MOST`] after its end
//! for a message no call takes. The turns are the tenant's own: a tenant whose servers hold theirs
//! keeps no other tenant waiting.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The bytes past which a message needs a turn: a listing of tools or an ordinary result holds less.
pub const LARGE_MESSAGE: usize = 1 << 20;

/// The longest a large message's turn is held after its end, when no call takes it: a message no call
/// answers, such as a notification, is parsed and handed on well within it.
pub const HELD_AT_MOST: Duration = Duration::from_secs(10);

/// A tenant's turns, shared by its servers.
#[derive(Debug, Clone)]
pub struct Turns(Arc<Semaphore>);

/// A turn taken, given back when dropped.
#[derive(Debug)]
pub(crate) struct Turn {
    _permit: OwnedSemaphorePermit,
}

impl Turns {
    /// Returns `turns` turns (at least one).
    pub fn new(turns: usize) -> Self {
        Self(Arc::new(Semaphore::new(turns.max(1))))
    }

    /// Waits for a turn.
    pub(crate) async fn take(&self) -> Option<Turn> {
        Arc::clone(&self.0).acquire_owned().await.ok().map(|permit| Turn { _permit: permit })
    }
}

impl PartialEq for Turns {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Turns {}

impl std::hash::Hash for Turns {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).hash(state);
    }
}

/// The turns of a server's large messages read to their end and not yet handed on.
#[derive(Debug, Clone, Default)]
pub(crate) struct Handed(Arc<Mutex<Held>>);

/// The turns held, each numbered, and the number the last was given.
#[derive(Debug, Default)]
pub(crate) struct Held {
    last: u64,
    turns: Vec<(u64, Turn)>,
}

impl Handed {
    /// Holds the turn of a message read to its end until [`Self::done`], or for `HELD_AT_MOST`.
    pub(crate) fn hold(&self, turn: Turn) {
        let number = {
            let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            held.last += 1;
            let number = held.last;
            held.turns.push((number, turn));
            number
        };
        let handed = Arc::downgrade(&self.0);
        tokio::spawn(async move {
            tokio::time::sleep(HELD_AT_MOST).await;
            if let Some(handed) = handed.upgrade() {
                handed.lock().unwrap_or_else(PoisonError::into_inner).turns.retain(|(n, _)| *n != number);
            }
        });
    }

    /// Gives back the turns held: a call has its result, parsed.
    pub(crate) fn done(&self) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).turns.clear();
    }
}

//! The room for upload bodies: how much of them a served edge holds in memory at once, shared among
//! tenants so that one tenant's uploads, however slow, never keep another's waiting.
//!
//! A body takes its room before it is read, by what it declares (its `Content-Length`, or the route's
//! most when it declares nothing), a MiB at least, and gives it back when its request ends. The room
//! holds [`ROOM_MIB`] in all, and a tenant's uploads at most [`SHARE_MIB`] of it: a plugin's archive at
//! its largest, or two files. A connection reads one request at a time (HTTP/1.1), so it holds at most
//! one body, at most a quarter of the room. A body that cannot have room waits for it, in no order, and
//! is answered busy when the wait is over; the pace of [`super::pace`] bounds how long a body holds its
//! room without sending.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

/// How many MiB of upload bodies a served edge holds at once: four plugins' archives at their largest,
/// or eight files.
pub const ROOM_MIB: u32 = 256;

/// How many MiB of the room one tenant's uploads hold at once.
pub const SHARE_MIB: u32 = 64;

/// The room, a MiB the unit.
#[derive(Debug)]
pub struct UploadRoom {
    room: u32,
    share: u32,
    held: Mutex<Held>,
    freed: Notify,
}

/// What is held: in all, and by each tenant holding some.
#[derive(Debug, Default)]
struct Held {
    all: u32,
    by_tenant: HashMap<i64, u32>,
}

/// Why a body has no room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Full {
    /// The tenant's uploads hold their share.
    Share,
    /// The room is full.
    Room,
}

impl UploadRoom {
    /// Returns a room of `room` MiB, of which a tenant holds at most `share`.
    pub fn new(room: u32, share: u32) -> Arc<Self> {
        Arc::new(Self { room, share: share.min(room), held: Mutex::default(), freed: Notify::new() })
    }

    /// Returns how many MiB the bodies under way hold, in all.
    pub fn held(&self) -> u32 {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).all
    }

    /// Returns the room's size and a tenant's share, in MiB.
    pub(crate) fn sizes(&self) -> (u32, u32) {
        (self.room, self.share)
    }

    /// Takes `mib` of the room for the tenant `tenant` (never more than a share: a body at a route's
    /// most fits a share), waiting at most `wait` for it.
    pub(crate) async fn take(self: &Arc<Self>, tenant: i64, mib: u32, wait: Duration) -> Result<Taken, Full> {
        let mib = mib.clamp(1, self.share.max(1));
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            // Listening before trying, so that room given back in between is not missed.
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            let full = match self.try_take(tenant, mib) {
                Ok(taken) => return Ok(taken),
                Err(full) => full,
            };
            if tokio::time::timeout_at(deadline, freed).await.is_err() {
                return Err(full);
            }
        }
    }

    fn try_take(self: &Arc<Self>, tenant: i64, mib: u32) -> Result<Taken, Full> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let tenants = held.by_tenant.get(&tenant).copied().unwrap_or(0);
        if tenants + mib > self.share {
            return Err(Full::Share);
        }
        if held.all + mib > self.room {
            return Err(Full::Room);
        }
        held.all += mib;
        held.by_tenant.insert(tenant, tenants + mib);
        Ok(Taken { room: Arc::clone(self), tenant, mib })
    }

    fn give_back(&self, tenant: i64, mib: u32) {
        {
            let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
            held.all = held.all.saturating_sub(mib);
            if let Some(tenants) = held.by_tenant.get_mut(&tenant) {
                *tenants = tenants.saturating_sub(mib);
                if *tenants == 0 {
                    held.by_tenant.remove(&tenant);
                }
            }
        }
        self.freed.notify_waiters();
    }
}

/// Room taken for one body, given back when dropped.
#[derive(Debug)]
pub struct Taken {
    room: Arc<UploadRoom>,
    tenant: i64,
    mib: u32,
}

impl Drop for Taken {
    fn drop(&mut self) {
        self.room.give_back(self.tenant, self.mib);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Duration = Duration::ZERO;

    #[tokio::test]
    async fn a_tenant_holds_its_share_and_no_more_and_others_still_have_room() {
        let room = UploadRoom::new(8, 4);
        let a: Vec<_> = futures_util::future::join_all((0..4).map(|_| room.take(1, 1, NOW))).await;
        assert!(a.iter().all(Result::is_ok));
        assert_eq!(room.take(1, 1, NOW).await.unwrap_err(), Full::Share);
        let b = room.take(2, 4, NOW).await.unwrap();
        assert_eq!(room.take(3, 1, NOW).await.unwrap_err(), Full::Room);
        drop(b);
        assert!(room.take(3, 1, NOW).await.is_ok(), "room given back is taken again");
    }

    #[tokio::test]
    async fn a_body_larger_than_a_share_takes_a_share() {
        let room = UploadRoom::new(8, 4);
        let taken = room.take(1, 100, NOW).await.unwrap();
        assert_eq!(taken.mib, 4);
    }

    #[tokio::test(start_paused = true)]
    async fn a_wait_ends_when_room_is_given_back_or_when_it_is_over() {
        let room = UploadRoom::new(2, 2);
        let held = room.take(1, 2, NOW).await.unwrap();
        let waiting = tokio::spawn({
            let room = Arc::clone(&room);
            async move { room.take(2, 1, Duration::from_secs(5)).await.map(|t| t.mib) }
        });
        tokio::time::sleep(Duration::from_secs(1)).await;
        drop(held);
        assert_eq!(waiting.await.unwrap(), Ok(1));
        let _held = room.take(1, 2, NOW).await.unwrap();
        let start = tokio::time::Instant::now();
        assert_eq!(room.take(2, 1, Duration::from_secs(5)).await.unwrap_err(), Full::Room);
        assert_eq!(start.elapsed(), Duration::from_secs(5));
    }
}

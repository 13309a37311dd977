//! The data's life on the edge: erasures done whole, and the sweep that removes what retention no
//! longer keeps, on every node, every minute unless told otherwise ([`SWEEP_VARIABLE`]).
//!
//! What is removed and when is the store's ([`LifecycleStore`]); this side goes on with what a killed
//! process left begun, and removes from a node's disk the blobs no tree holds any more.

use std::sync::Arc;
use std::time::Duration;

use oz0_core::api::{EdgeError, Erased, Erasure, Scope};

use crate::state::EdgeState;
use crate::store::{EraseRefused, Expired, Principal, TenantRecord};

/// The variable that says how often a node sweeps, such as `1m` or `30s`.
pub const SWEEP_VARIABLE: &str = "OZ0_SWEEP_EVERY";

/// How often a node sweeps unless told otherwise.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// How many rows a sweep's transaction removes at most.
const BATCH: u32 = 500;

/// What a sweep removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DataSwept {
    /// What retention removed from the store.
    pub expired: Expired,
    /// Erasures a killed process left begun, ended now.
    pub erasures: usize,
    /// Blobs removed from the node's disk.
    pub blobs: u64,
}

/// Returns how often to sweep, as [`SWEEP_VARIABLE`] says, else [`SWEEP_EVERY`].
///
/// # Errors
///
/// Returns why the variable's value is not a length of time.
pub fn sweep_every_from_env() -> Result<Duration, String> {
    match std::env::var(SWEEP_VARIABLE) {
        Ok(text) if !text.trim().is_empty() => text
            .parse::<oz0_core::api::Lifetime>()
            .map(|lifetime| Duration::from_secs(lifetime.seconds()))
            .map_err(|err| format!("{SWEEP_VARIABLE}: {err}")),
        _ => Ok(SWEEP_EVERY),
    }
}

impl EdgeState {
    /// Erases `scope`'s payloads, as `actor`: what its jobs were asked and answered, their messages,
    /// their steps' texts, and the files of its trees, from the store and the disk; the numbers stay.
    /// Refuses what names nothing, what a hold keeps, and a running job. Erasing again what was erased
    /// removes nothing more. Blocks on the store.
    ///
    /// # Errors
    ///
    /// Returns the store's or the disk's error; what was begun is ended at the next start.
    pub fn erase(
        &self,
        tenant: &TenantRecord,
        scope: &Scope,
        actor: &Principal,
    ) -> Result<Result<Erasure, EraseRefused>, EdgeError> {
        if let Err(refused) = self.store().begin_erasure(tenant, scope, actor)? {
            return Ok(Err(refused));
        }
        let erased = self.end_erasure(tenant, scope)?;
        Ok(Ok(Erasure { scope: scope.clone(), erased }))
    }

    /// Goes on with a begun erasure to its end.
    fn end_erasure(&self, tenant: &TenantRecord, scope: &Scope) -> Result<Erased, EdgeError> {
        while self.store().erase_next(tenant, scope)? {}
        let erased = self.store().end_erasure(tenant, scope)?.unwrap_or_default();
        self.files().drop_doomed().map_err(|err| EdgeError::internal("the edge could not remove erased files", err))?;
        Ok(erased)
    }

    /// Sweeps once, at `now_ms`: ends the erasures a killed process left begun, removes what each
    /// tenant's retention no longer keeps (of the tenants whose sweeping this node holds until `until_ms`,
    /// or takes now), and the blobs no tree holds any more from the disk. Blocks on the store.
    ///
    /// # Errors
    ///
    /// Returns the store's or the disk's error.
    pub fn sweep_data(&self, now_ms: u64, until_ms: u64) -> Result<DataSwept, EdgeError> {
        let mut swept = DataSwept::default();
        for (tenant, scope) in self.store().erasures_begun()? {
            self.end_erasure(&tenant, &scope)?;
            swept.erasures += 1;
        }
        for tenant in self.store().tenants()? {
            if self.store().claim_sweep(&tenant, until_ms)? {
                let expired = self.store().expire(&tenant, now_ms, BATCH)?;
                swept.expired.files += expired.files;
                swept.expired.jobs += expired.jobs;
            }
        }
        swept.blobs =
            self.files().drop_doomed().map_err(|err| EdgeError::internal("the edge could not remove expired files", err))?;
        Ok(swept)
    }

    /// Sweeps now and then every `every` on a thread of its own, while the edge lives.
    pub fn start_sweeping(self: &Arc<Self>, every: Duration) {
        let weak = Arc::downgrade(self);
        let spawned = std::thread::Builder::new().name("oz0-sweep".to_owned()).spawn(move || {
            loop {
                let Some(state) = weak.upgrade() else { break };
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
                // A node holds a tenant's sweeping a little past its next sweep, so that it keeps it.
                let hold = u64::try_from((every + every / 2).as_millis()).unwrap_or(u64::MAX);
                match state.sweep_data(now, now.saturating_add(hold)) {
                    Ok(swept) if swept != DataSwept::default() => tracing::info!(
                        files = swept.expired.files,
                        jobs = swept.expired.jobs,
                        erasures = swept.erasures,
                        blobs = swept.blobs,
                        "removed what retention no longer keeps"
                    ),
                    Ok(_) => {}
                    Err(err) => tracing::warn!(error = &err as &dyn std::error::Error, "the sweep failed"),
                }
                drop(state);
                std::thread::sleep(every);
            }
        });
        if let Err(err) = spawned {
            tracing::warn!(error = &err as &dyn std::error::Error, "cannot start sweeping: retention waits");
        }
    }
}

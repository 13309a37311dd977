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
        Ok(text) if !text.trim().is_empty() => parse_every(&text).map_err(|err| format!("{SWEEP_VARIABLE}: {err}")),
        _ => Ok(SWEEP_EVERY),
    }
}

/// Reads how often to sweep, a length of time such as `1m` or `30s`.
///
/// # Errors
///
/// Returns why `text` is not a length of time.
pub fn parse_every(text: &str) -> Result<Duration, String> {
    let lifetime: oz0_core::api::Lifetime =
        text.parse().map_err(|err: oz0_core::api::LifetimeError| err.to_string())?;
    Ok(Duration::from_secs(lifetime.seconds()))
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
        // The erasure stays begun until the blobs are gone from the disk too: a kill before then leaves
        // it for the next start to finish.
        self.files().drop_doomed().map_err(|err| EdgeError::internal("the edge could not remove erased files", err))?;
        let erased = self.store().end_erasure(tenant, scope)?.unwrap_or_default();
        if let Err(err) = self.store().scrub() {
            tracing::warn!(
                error = &err as &dyn std::error::Error,
                "could not scrub erased payloads from the store's files"
            );
        }
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
        swept.blobs = self
            .files()
            .drop_doomed()
            .map_err(|err| EdgeError::internal("the edge could not remove expired files", err))?;
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

#[cfg(test)]
mod tests {
    use oz0_core::api::{HoldRequest, Retention, Role, TenantName, TreeId};

    use super::*;
    use crate::files::FileError;

    /// Returns an edge in a new folder, its first tenant and that tenant's admin.
    fn edge() -> (tempfile::TempDir, Arc<EdgeState>, TenantRecord, Principal) {
        let dir = tempfile::tempdir().unwrap();
        let state = EdgeState::open(dir.path(), None).unwrap();
        state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let tenant = state.store().tenant(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let admin = Principal { tenant: tenant.clone(), person: "admin".to_owned(), roles: Role::ALL.to_vec() };
        (dir, state, tenant, admin)
    }

    fn blobs_on_disk(dir: &std::path::Path) -> usize {
        let tenants = std::fs::read_dir(dir.join("files")).into_iter().flatten().flatten();
        let fans = tenants.filter(|e| e.file_name().to_string_lossy().parse::<i64>().is_ok());
        fans.flat_map(|t| std::fs::read_dir(t.path()).into_iter().flatten().flatten())
            .map(|fan| std::fs::read_dir(fan.path()).map_or(0, Iterator::count))
            .sum()
    }

    #[test]
    fn an_erasure_left_begun_is_finished_by_the_next_sweep_and_its_blobs_leave_the_disk() {
        let (dir, state, tenant, admin) = edge();
        let (gone, kept) = (TreeId::new("gone").unwrap(), TreeId::new("kept").unwrap());
        let shared = state.keep_file(&tenant, &gone, b"in both trees").unwrap().file;
        let own = state.keep_file(&tenant, &gone, b"only in the erased tree").unwrap().file;
        state.keep_file(&tenant, &kept, b"in both trees").unwrap();
        assert_eq!(blobs_on_disk(dir.path()), 2);
        let hold = HoldRequest { scope: Scope::Tree(kept.clone()), reason: None };
        let hold = state.store().create_hold(&tenant, &hold, &admin).unwrap().unwrap();
        let refused = state.erase(&tenant, &Scope::Tree(kept.clone()), &admin).unwrap().unwrap_err();
        assert_eq!(refused, EraseRefused::Held(hold));

        // Killed after the rows went, before the blob left the disk.
        let scope = Scope::Tree(gone.clone());
        state.store().begin_erasure(&tenant, &scope, &admin).unwrap().unwrap();
        assert!(state.store().erase_next(&tenant, &scope).unwrap());
        drop(state);
        assert_eq!(blobs_on_disk(dir.path()), 2, "the blob is still on the disk");

        let state = EdgeState::open(dir.path(), None).unwrap();
        let swept = state.sweep_data(0, 0).unwrap();
        assert_eq!(swept.erasures, 1, "{swept:?}");
        assert!(state.store().erasures_begun().unwrap().is_empty());
        assert!(matches!(state.files().get(tenant.id, &own), Err(FileError::Missing(_))));
        assert_eq!(state.files().get(tenant.id, &shared).unwrap(), b"in both trees", "the kept tree holds it");
        assert_eq!(blobs_on_disk(dir.path()), 1);
        let entry = &state.store().audit(&tenant, 1).unwrap()[0];
        assert_eq!((entry.action.as_str(), &entry.new["erased"]["files"]), ("job.erased", &2.into()));

        // Erasing it again finds nothing more, and says so.
        let again = state.erase(&tenant, &scope, &admin).unwrap().unwrap();
        assert_eq!(again.erased, Erased::default());
    }

    #[test]
    fn an_erasure_leaves_no_byte_of_a_jobs_payloads_in_the_data_folder() {
        use oz0_core::api::{JobKind, JobState};

        use crate::store::NewJob;

        let (dir, state, tenant, admin) = edge();
        let job = TreeId::new("J").unwrap();
        let marks = ["QUILL-asked", "QUILL-said", "QUILL-answered", "QUILL-stored"];
        let new = NewJob { id: &job, kind: JobKind::Agent, name: "a", person: "admin", input: Some(marks[0]) };
        state.store().start_job(&tenant, &new).unwrap();
        state.store().say(&tenant, &job, &serde_json::json!({"role": "tool", "text": marks[1]}).to_string()).unwrap();
        state.store().set_output(&tenant, &job, marks[2]).unwrap();
        state.keep_file(&tenant, &job, marks[3].repeat(100).as_bytes()).unwrap();
        state.store().end_job(&tenant, &job, JobState::Succeeded, None).unwrap();
        assert!(
            !crate::store::testing::files_holding(dir.path(), b"QUILL-").is_empty(),
            "the payloads are written somewhere first"
        );

        let erasure = state.erase(&tenant, &Scope::Job(job.clone()), &admin).unwrap().unwrap();
        assert_eq!((erasure.erased.jobs, erasure.erased.files, erasure.erased.messages), (1, 1, 1));
        for mark in marks {
            assert_eq!(
                crate::store::testing::files_holding(dir.path(), mark.as_bytes()),
                Vec::<std::path::PathBuf>::new(),
                "{mark}"
            );
        }
        let erased = state.store().job(&tenant, &job).unwrap().unwrap();
        assert!(erased.erased_at.is_some() && erased.state == JobState::Succeeded);
    }

    #[test]
    fn a_sweep_removes_expired_files_from_the_disk_and_keeps_what_is_stored_again() {
        let (_dir, state, tenant, admin) = edge();
        let retention = Retention { files: "1s".parse().unwrap(), jobs: None };
        state.store().set_retention(&tenant, &retention, &admin).unwrap();
        let tree = TreeId::new("T").unwrap();
        let file = state.keep_file(&tenant, &tree, b"old").unwrap().file;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
        let later = u64::try_from(now).unwrap() + 2_000;
        let swept = state.sweep_data(later, later + 60_000).unwrap();
        assert_eq!((swept.expired.files, swept.blobs), (1, 1), "{swept:?}");
        assert!(matches!(state.files().get(tenant.id, &file), Err(FileError::Missing(_))));
        assert_eq!(state.keep_file(&tenant, &tree, b"old").unwrap().file, file, "stored again, it is back");
        assert_eq!(state.files().get(tenant.id, &file).unwrap(), b"old");
    }
}

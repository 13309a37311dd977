//! The calls and runs of each job that this process runs, to cancel them.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use oz0_core::api::TreeId;
use tokio_util::sync::CancellationToken;

/// The running calls of each job, to cancel them.
#[derive(Debug, Default)]
pub(crate) struct Running {
    jobs: Mutex<HashMap<(i64, String), (CancellationToken, usize)>>,
}

impl Running {
    /// Registers a call of the job and returns the token that cancels it.
    pub(crate) fn enter(&self, tenant: i64, job: &TreeId) -> CancellationToken {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = jobs.entry((tenant, job.as_str().to_owned())).or_insert_with(|| (CancellationToken::new(), 0));
        entry.1 += 1;
        entry.0.child_token()
    }

    /// Unregisters a call of the job.
    pub(crate) fn leave(&self, tenant: i64, job: &TreeId) {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (tenant, job.as_str().to_owned());
        if let Some(entry) = jobs.get_mut(&key) {
            entry.1 -= 1;
            if entry.1 == 0 {
                jobs.remove(&key);
            }
        }
    }

    /// Cancels the job's running calls and runs in this process; returns whether there were any.
    pub(crate) fn cancel(&self, tenant: i64, job: &TreeId) -> bool {
        let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        match jobs.get(&(tenant, job.as_str().to_owned())) {
            Some((token, _)) => {
                token.cancel();
                true
            }
            None => false,
        }
    }
}

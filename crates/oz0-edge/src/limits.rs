//! The tenant's spending limits, enforced for every model call: the call's worst case is reserved
//! before it is sent, beside what the tenant's jobs spent this day and month (UTC) and the calls still
//! reserved, and released when the call is settled and recorded.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};

use crate::store::{Store, StoreError, TenantRecord};

/// Whose money refused a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// The job tree's budget.
    Job,
    /// The tenant's spending limits.
    Tenant,
}

/// The numbers of a refusal for money.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Spend {
    pub scope: Scope,
    pub limit_usd: Option<f64>,
    pub spent_usd: f64,
    pub reserved_usd: f64,
}

impl Spend {
    /// Returns the numbers as the refusal's `oz0` object.
    pub fn numbers(&self) -> Value {
        let scope = match self.scope {
            Scope::Job => "job",
            Scope::Tenant => "tenant",
        };
        json!({"scope": scope, "limit_usd": self.limit_usd, "spent_usd": self.spent_usd, "reserved_usd": self.reserved_usd})
    }
}

/// The model calls each tenant has reserved and not yet recorded, in US dollars.
#[derive(Debug, Default)]
pub(crate) struct Limits {
    reserved: Arc<Mutex<HashMap<i64, f64>>>,
}

/// A reservation of a tenant's money, released when dropped.
#[derive(Debug)]
pub(crate) struct Reservation {
    reserved: Arc<Mutex<HashMap<i64, f64>>>,
    tenant: i64,
    usd: f64,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut reserved = self.reserved.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(held) = reserved.get_mut(&self.tenant) {
            *held = (*held - self.usd).max(0.0);
        }
    }
}

impl Limits {
    /// Reserves `usd` of the tenant's money for a model call, or says which limit refuses it, with
    /// its numbers. A store that cannot be read refuses the call. Blocks on the store.
    pub fn reserve(&self, store: &dyn Store, tenant: &TenantRecord, usd: f64) -> Result<Reservation, (String, Spend)> {
        let refused = |err: StoreError| {
            let spend = Spend { scope: Scope::Tenant, limit_usd: None, spent_usd: 0.0, reserved_usd: usd };
            (format!("the tenant's spending could not be read: {err}"), spend)
        };
        let limits = store.limits(tenant).map_err(refused)?;
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let mut reserved = self.reserved.lock().unwrap_or_else(PoisonError::into_inner);
        let held = reserved.get(&tenant.id).copied().unwrap_or(0.0);
        for (limit, since, period) in
            [(limits.usd_per_day, day_start(now), "day"), (limits.usd_per_month, month_start(now), "month")]
        {
            let Some(limit) = limit else { continue };
            let spent = store.spent_since(tenant, since).map_err(refused)?;
            if spent + held + usd > limit {
                let message = format!(
                    "the tenant's limit of ${limit} a {period} would be exceeded: ${spent:.6} spent, ${held:.6} \
                     reserved by calls under way, and this call may cost up to ${usd:.6}"
                );
                let spend =
                    Spend { scope: Scope::Tenant, limit_usd: Some(limit), spent_usd: spent, reserved_usd: held };
                return Err((message, spend));
            }
        }
        *reserved.entry(tenant.id).or_insert(0.0) += usd;
        Ok(Reservation { reserved: Arc::clone(&self.reserved), tenant: tenant.id, usd })
    }
}

/// Reserves `usd` of the tenant's money for a model call on a thread that may block, as
/// [`Limits::reserve`] does; the edge failing counts as a refusal.
pub(crate) async fn reserve(
    state: &Arc<crate::state::EdgeState>,
    tenant: &TenantRecord,
    usd: f64,
) -> Result<Reservation, (String, Spend)> {
    let (state, tenant) = (Arc::clone(state), tenant.clone());
    tokio::task::spawn_blocking(move || state.limits().reserve(state.store(), &tenant, usd)).await.unwrap_or_else(
        |err| {
            let spend = Spend { scope: Scope::Tenant, limit_usd: None, spent_usd: 0.0, reserved_usd: usd };
            Err((format!("the edge failed: {err}"), spend))
        },
    )
}

const DAY_MS: u64 = 86_400_000;

/// Returns the start of the UTC day of `ms`.
fn day_start(ms: u64) -> u64 {
    ms - ms % DAY_MS
}

/// Returns the start of the UTC month of `ms`.
fn month_start(ms: u64) -> u64 {
    // The civil date of a count of days since 1970-01-01, as in Howard Hinnant's `civil_from_days`,
    // counted back to the first of its month.
    let days = ms / DAY_MS;
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day_of_month = doy - (153 * mp + 2) / 5; // 0-based
    (days - day_of_month) * DAY_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_months_start_at_midnight_utc() {
        // 2026-11-30T23:43:54Z
        let ms = 1_796_082_234_000;
        assert_eq!(day_start(ms), 1_796_083_200_000 - DAY_MS);
        // 2026-11-01T00:00:00Z
        assert_eq!(month_start(ms), 1_793_491_200_000);
        // 2024-02-29T12:00:00Z, in a leap year.
        assert_eq!(month_start(1_709_208_000_000), 1_706_745_600_000);
    }
}

//! The tenant's spending limits and quotas and the job tree's budget, enforced for every model call:
//! the call's worst case is reserved in the store before it is sent, beside what the tenant's jobs
//! spent this day and month (UTC), what it and its plugins asked today, what the tree spent, and the
//! calls still reserved on every node sharing the store, and released when the call is settled and
//! recorded.

use std::sync::Arc;

use oz0_core::agent::{AgentBudget, OverBudget, Spent};
use oz0_core::api::TreeId;
use serde_json::{Value, json};

use crate::store::{Ask, Lease, Over, Period, Quoted, ReservationId, Store, TenantRecord};

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

    /// Returns the refusal that says `message`, of type `spend_refused`, with these numbers.
    fn refused(&self, message: String) -> Denied {
        let object = json!({"type": "spend_refused", "message": message, "oz0": self.numbers()});
        (message, object)
    }
}

/// The job tree a model call is made for: its budget, and what the caller counts it to have spent,
/// including what a call under way has spent and not yet recorded; and its place under the quotas.
#[derive(Debug, Clone)]
pub(crate) struct ForTree {
    pub tree: TreeId,
    pub budget: Option<AgentBudget>,
    pub spent: Spent,
    pub quota: Quoted,
}

/// Why a model call was refused: what the refusal says, and its `ai.oz0/refusal` object.
pub(crate) type Denied = (String, Value);

/// How the edge reserves model calls: in the store, so that the nodes sharing it count each other's
/// reservations, each held until its node is taken for dead unless the node renews its lease.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    lease: Lease,
}

impl Default for Limits {
    fn default() -> Self {
        Self { lease: Lease::from_env() }
    }
}

/// A reservation of a tenant's money (and of its job tree's budget), released by
/// [`release`](Self::release) once its call is settled, or else when dropped.
#[derive(Debug)]
pub(crate) struct Reservation {
    held: Option<(Arc<dyn Store>, ReservationId)>,
}

impl Reservation {
    /// Releases the reservation on a thread that may block, and waits for it: the next reservation
    /// made after this one returns no longer counts it.
    pub async fn release(mut self) {
        if let Some((store, id)) = self.held.take() {
            let released = tokio::task::spawn_blocking(move || release(store.as_ref(), id)).await;
            if let Err(err) = released {
                tracing::warn!(error = &err as &dyn std::error::Error, "a reservation could not be released");
            }
        }
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let Some((store, id)) = self.held.take() else { return };
        // The store's calls block, and a drop may come on an async thread: there, on another.
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(move || release(store.as_ref(), id))),
            Err(_) => release(store.as_ref(), id),
        }
    }
}

fn release(store: &dyn Store, id: ReservationId) {
    // A reservation that cannot be released stops counting when its node is taken for dead.
    if let Err(err) = store.release(id) {
        tracing::warn!(error = &err as &dyn std::error::Error, "a reservation could not be released");
    }
}

impl Limits {
    /// Reserves the worst case of a model call against the job tree's budget and the tenant's limits,
    /// atomically across the nodes sharing the store, or says which refuses it, with its numbers. A
    /// store that cannot be read refuses the call. Blocks on the store.
    pub fn reserve(
        &self,
        store: &dyn Store,
        tenant: &TenantRecord,
        tree: Option<&ForTree>,
        worst: Spent,
    ) -> Result<ReservationId, Denied> {
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let hold = self.lease.hold + self.lease.grace;
        let ask = Ask {
            tenant,
            tree: tree.map(|t| &t.tree),
            budget: tree.and_then(|t| t.budget),
            spent: tree.map(|t| t.spent).unwrap_or_default(),
            worst,
            day_since_ms: day_start(now),
            month_since_ms: month_start(now),
            expires_ms: i64::try_from(now.saturating_add(hold.as_millis() as u64)).unwrap_or(i64::MAX),
            quota: tree.map(|t| &t.quota),
        };
        match store.reserve(&ask) {
            Ok(Ok(id)) => Ok(id),
            Ok(Err(over)) => Err(refusal(&over, tree.and_then(|t| t.budget))),
            Err(err) => {
                let spend = Spend { scope: Scope::Tenant, limit_usd: None, spent_usd: 0.0, reserved_usd: worst.usd };
                Err(spend.refused(format!("the tenant's spending could not be read: {err}")))
            }
        }
    }
}

/// Returns the message and object of a refusal: for the job tree, the budget's own words when no
/// other call of the tree holds a reservation, and the money reserved (this call's and theirs); for
/// the tenant, the limit's, with what its calls under way reserved; for a quota, its own.
fn refusal(over: &Over, budget: Option<AgentBudget>) -> Denied {
    let job = |spent: Spent, reserved: Spent, worst: Spent| Spend {
        scope: Scope::Job,
        limit_usd: budget.and_then(|b| b.usd),
        spent_usd: spent.usd,
        reserved_usd: worst.usd + reserved.usd,
    };
    let (message, spend) = match *over {
        Over::Quota { ref message, ref object } => return (message.clone(), object.clone()),
        Over::TreeTokens { limit, spent, reserved, worst } => {
            let message = if reserved.tokens == 0 {
                OverBudget::Tokens { limit, spent: spent.tokens, worst: worst.tokens }.to_string()
            } else {
                format!(
                    "the job's budget of {limit} tokens would be exceeded: {} spent, {} reserved by calls under way, \
                     and this model call may take up to {}",
                    spent.tokens, reserved.tokens, worst.tokens
                )
            };
            (message, job(spent, reserved, worst))
        }
        Over::TreeUsd { limit, spent, reserved, worst } => {
            let message = if reserved.usd == 0.0 {
                OverBudget::Usd { limit, spent: spent.usd, worst: worst.usd }.to_string()
            } else {
                format!(
                    "the job's budget of ${limit} would be exceeded: ${:.6} spent, ${:.6} reserved by calls under \
                     way, and this model call may cost up to ${:.6}",
                    spent.usd, reserved.usd, worst.usd
                )
            };
            (message, job(spent, reserved, worst))
        }
        Over::Tenant { period, limit, spent, reserved, worst } => {
            let period = match period {
                Period::Day => "day",
                Period::Month => "month",
            };
            let message = format!(
                "the tenant's limit of ${limit} a {period} would be exceeded: ${spent:.6} spent, ${reserved:.6} \
                 reserved by calls under way, and this call may cost up to ${worst:.6}"
            );
            (message, Spend { scope: Scope::Tenant, limit_usd: Some(limit), spent_usd: spent, reserved_usd: reserved })
        }
    };
    spend.refused(message)
}

/// Reserves the worst case of a model call in `store` on a thread that may block, as
/// [`Limits::reserve`] does; the edge failing counts as a refusal.
pub(crate) async fn reserve(
    limits: &Limits,
    store: &Arc<dyn Store>,
    tenant: &TenantRecord,
    tree: Option<ForTree>,
    worst: Spent,
) -> Result<Reservation, Denied> {
    let (limits, store, tenant) = (*limits, Arc::clone(store), tenant.clone());
    tokio::task::spawn_blocking(move || {
        let id = limits.reserve(store.as_ref(), &tenant, tree.as_ref(), worst)?;
        Ok(Reservation { held: Some((store, id)) })
    })
    .await
    .unwrap_or_else(|err| {
        let spend = Spend { scope: Scope::Tenant, limit_usd: None, spent_usd: 0.0, reserved_usd: worst.usd };
        Err(spend.refused(format!("the edge failed: {err}")))
    })
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
    fn refusals_keep_their_words_and_numbers() {
        let budget = AgentBudget { usd: Some(1.0), tokens: Some(1_000), warning_share: 0.8 };
        let (spent, worst) = (Spent { usd: 0.75, tokens: 10 }, Spent { usd: 0.5, tokens: 10 });
        let over = Over::TreeUsd { limit: 1.0, spent, reserved: Spent::default(), worst };
        let (message, spend) = refusal(&over, Some(budget));
        assert_eq!(message, OverBudget::Usd { limit: 1.0, spent: 0.75, worst: 0.5 }.to_string());
        assert_eq!(spend["type"], "spend_refused");
        assert_eq!(spend["oz0"], json!({"scope": "job", "limit_usd": 1.0, "spent_usd": 0.75, "reserved_usd": 0.5}));
        let held = Over::TreeUsd { limit: 1.0, spent, reserved: Spent { usd: 0.25, tokens: 0 }, worst };
        let (message, spend) = refusal(&held, Some(budget));
        assert!(message.contains("$0.250000 reserved by calls under way"), "{message}");
        assert_eq!(spend["oz0"]["reserved_usd"], 0.75, "this call's and the others'");

        let over = Over::Tenant { period: Period::Day, limit: 2.0, spent: 1.5, reserved: 0.25, worst: 0.5 };
        let (message, spend) = refusal(&over, None);
        assert_eq!(
            message,
            "the tenant's limit of $2 a day would be exceeded: $1.500000 spent, $0.250000 reserved by calls under \
             way, and this call may cost up to $0.500000"
        );
        assert_eq!(spend["oz0"], json!({"scope": "tenant", "limit_usd": 2.0, "spent_usd": 1.5, "reserved_usd": 0.25}));
    }

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

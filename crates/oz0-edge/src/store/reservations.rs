//! Model calls reserved against a tenant's spending limits and a job tree's budget, kept in the store
//! so that nodes sharing it count each other's: a reservation is granted only when what was spent,
//! what every node has reserved and the call's worst case stay within each limit, read and written in
//! one transaction that no other reservation of the tenant interleaves with: on SQLite, the one writer;
//! on PostgreSQL, the tenant's [`Lock::Reservations`], taken first, so that two nodes never both grant
//! the last of a limit.
//!
//! A reservation also counts toward the tenant's quotas of tokens and requests a day, and its plugin's
//! for a tool's request, beside what was asked and recorded: two calls at once never both take the
//! last of a quota.
//!
//! A reservation carries the node that holds it and an expiry, which the node's lease renewals push
//! on ([`super::NodeStore::renew_lease`]): a dead node's reservations stop counting once it is taken
//! for dead, while a node's own always count for it.

use oz0_core::agent::{AgentBudget, Spent};
use oz0_core::api::{Asked, Quotas, SpendingLimits, TreeId};
use serde_json::Value;

use super::error::StoreError;
use super::records::{TenantRecord, now_ms};
use super::spending_limits::{DAY_MS, quotas_of, read_asked};
use super::sql::{Lock, Outcome, Sql, lock};
use super::sql_store::SqlStore;

/// A model call's worst case to reserve, for a tenant and a job tree.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    /// The tenant whose limits it counts against.
    pub tenant: &'a TenantRecord,
    /// The job tree it is made for, whose reservations count against its budget.
    pub tree: Option<&'a TreeId>,
    /// The tree's budget, checked when there is a tree.
    pub budget: Option<AgentBudget>,
    /// What the caller counts the tree to have spent, including what it has not recorded yet; the
    /// store counts the larger of this and what it recorded for the tree.
    pub spent: Spent,
    /// The most the call may take and cost.
    pub worst: Spent,
    /// The start of the tenant's day, in milliseconds since 1970, from which its daily limit counts.
    pub day_since_ms: u64,
    /// The start of the tenant's month, from which its monthly limit counts.
    pub month_since_ms: u64,
    /// When the reservation stops counting for other nodes unless its node renews its lease.
    pub expires_ms: i64,
    /// The quotas it counts toward: the tenant's, and its plugin's; `None` for none.
    pub quota: Option<&'a Quoted>,
}

/// A model request's place under the quotas: the plugin whose tool makes it (`None` for an agent's
/// own), and what its call asked that its step, not yet recorded, will add.
#[derive(Debug, Clone, Default)]
pub struct Quoted {
    /// The plugin.
    pub plugin: Option<String>,
    /// What the call asked before this request.
    pub pending: Asked,
}

/// Which period of the tenant's limits refused a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// The UTC day.
    Day,
    /// The UTC month.
    Month,
}

/// Why a reservation was refused, with the numbers read under the same lock as the refusal.
#[derive(Debug, Clone, PartialEq)]
pub enum Over {
    /// The tree's budget of tokens.
    TreeTokens {
        /// The budget.
        limit: u64,
        /// What the tree spent.
        spent: Spent,
        /// What its other calls under way reserved.
        reserved: Spent,
        /// This call's worst case.
        worst: Spent,
    },
    /// The tree's budget of US dollars.
    TreeUsd {
        /// The budget.
        limit: f64,
        /// What the tree spent.
        spent: Spent,
        /// What its other calls under way reserved.
        reserved: Spent,
        /// This call's worst case.
        worst: Spent,
    },
    /// A quota of the tenant's or of its plugin's: the refusal's message and `ai.oz0/refusal` object.
    Quota {
        /// What the refusal says.
        message: String,
        /// The refusal object, naming the scope and the quota.
        object: Value,
    },
    /// A spending limit of the tenant.
    Tenant {
        /// The limit's period.
        period: Period,
        /// The limit.
        limit: f64,
        /// What the tenant's jobs spent in the period.
        spent: f64,
        /// What its calls under way reserved, on every node.
        reserved: f64,
        /// This call's worst case.
        worst: f64,
    },
}

/// A reservation granted, to release once its call is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReservationId(pub i64);

/// What the edge needs to reserve model calls across nodes.
pub trait ReservationStore {
    /// Reserves the worst case of a call when it fits the tree's budget and the tenant's limits, or
    /// says which refuses it: in one transaction that holds the tenant's reservations still.
    fn reserve(&self, ask: &Ask<'_>) -> Result<Result<ReservationId, Over>, StoreError>;

    /// Releases a reservation: its call is settled and recorded, or was never made.
    fn release(&self, id: ReservationId) -> Result<(), StoreError>;
}

/// What a reservation is decided on, read in its transaction.
#[derive(Debug, Clone, Default)]
struct Figures {
    pub limits: SpendingLimits,
    /// What the tenant's jobs spent this day and this month (0 when the limit is unset).
    pub day_spent: f64,
    pub month_spent: f64,
    /// What the tenant's calls under way reserved.
    pub tenant_reserved: f64,
    /// What the store recorded for the tree.
    pub tree_recorded: f64,
    /// What the tree's calls under way reserved.
    pub tree_reserved: Spent,
    /// The first quota the request goes over, with its refusal; read under the same lock.
    pub over_quota: Option<(String, Value)>,
}

/// Decides a reservation on what was read: the quotas first, then the tree's budget (tokens, then
/// dollars), then the tenant's day and month.
fn decide(ask: &Ask<'_>, figures: &Figures) -> Result<(), Over> {
    if let Some((message, object)) = figures.over_quota.clone() {
        return Err(Over::Quota { message, object });
    }
    if let (Some(_), Some(budget)) = (ask.tree, ask.budget) {
        let spent = Spent { usd: ask.spent.usd.max(figures.tree_recorded), tokens: ask.spent.tokens };
        let reserved = figures.tree_reserved;
        if let Some(limit) = budget.tokens
            && spent.tokens + reserved.tokens + ask.worst.tokens > limit
        {
            return Err(Over::TreeTokens { limit, spent, reserved, worst: ask.worst });
        }
        if let Some(limit) = budget.usd
            && spent.usd + reserved.usd + ask.worst.usd > limit
        {
            return Err(Over::TreeUsd { limit, spent, reserved, worst: ask.worst });
        }
    }
    for (limit, spent, period) in [
        (figures.limits.usd_per_day, figures.day_spent, Period::Day),
        (figures.limits.usd_per_month, figures.month_spent, Period::Month),
    ] {
        let Some(limit) = limit else { continue };
        if spent + figures.tenant_reserved + ask.worst.usd > limit {
            return Err(Over::Tenant { period, limit, spent, reserved: figures.tenant_reserved, worst: ask.worst.usd });
        }
    }
    Ok(())
}

/// Returns milliseconds as the store keeps them.
fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// The condition a reservation counts under: its node renews its lease, or it is the asking node's.
const COUNTS: &str = "(expires_at > $1 OR node = $2)";

fn figures(tx: &mut dyn Sql, ask: &Ask<'_>, node: &str) -> Outcome<Figures> {
    let tenant = ask.tenant.id;
    let now = now_ms();
    // The limits and the quotas in one read: every model call takes this path.
    let row = tx
        .query_opt("SELECT usd_per_day, usd_per_month, quotas FROM tenant_settings WHERE tenant_id = $1", &[&tenant])?;
    let (limits, quotas) = match row {
        Some(row) => {
            let limits = SpendingLimits { usd_per_day: row.try_get(0)?, usd_per_month: row.try_get(1)? };
            (limits, row.try_get::<_, Option<String>>(2)?)
        }
        None => (SpendingLimits::default(), None),
    };
    let over_quota = match ask.quota {
        Some(quoted) => over_quota(tx, ask, quoted, &quotas_of(quotas)?, node)?,
        None => None,
    };
    let mut spent_since = |since: u64| -> Outcome<f64> {
        let row = tx.query_one(
            "SELECT CAST(COALESCE(SUM(cost_usd), 0) AS DOUBLE PRECISION) FROM jobs WHERE tenant_id = $1 AND started_at >= $2",
            &[&tenant, &millis(since)],
        )?;
        row.try_get(0)
    };
    let mut found = Figures { limits, over_quota, ..Figures::default() };
    if limits.usd_per_day.is_some() {
        found.day_spent = spent_since(ask.day_since_ms)?;
    }
    if limits.usd_per_month.is_some() {
        found.month_spent = spent_since(ask.month_since_ms)?;
    }
    found.tenant_reserved = tx
        .query_one(
            &format!(
                "SELECT CAST(COALESCE(SUM(usd), 0) AS DOUBLE PRECISION) FROM reservations WHERE {COUNTS} AND tenant_id = $3"
            ),
            &[&now, &node, &tenant],
        )?
        .try_get(0)?;
    if let Some(tree) = ask.tree {
        found.tree_recorded = tx
            .query_one(
                "SELECT CAST(COALESCE(SUM(cost_usd), 0) AS DOUBLE PRECISION) FROM jobs WHERE tenant_id = $1 AND tree = $2",
                &[&tenant, &tree.as_str()],
            )?
            .try_get(0)?;
        let row = tx.query_one(
            &format!(
                "SELECT CAST(COALESCE(SUM(usd), 0) AS DOUBLE PRECISION), CAST(COALESCE(SUM(tokens), 0) AS BIGINT) FROM reservations
                 WHERE {COUNTS} AND tenant_id = $3 AND tree = $4"
            ),
            &[&now, &node, &tenant, &tree.as_str()],
        )?;
        found.tree_reserved =
            Spent { usd: row.try_get(0)?, tokens: u64::try_from(row.try_get::<_, i64>(1)?).unwrap_or(0) };
    }
    Ok(found)
}

/// Returns the refusal of the request when it would go over the tenant's quota, or its plugin's: what
/// was asked and recorded today, what every node's reservations of the scope hold (each a request),
/// what its call asked before it, and its worst case.
fn over_quota(
    tx: &mut dyn Sql,
    ask: &Ask<'_>,
    quoted: &Quoted,
    quotas: &Quotas,
    node: &str,
) -> Outcome<Option<(String, Value)>> {
    let now = now_ms();
    let day = now.div_euclid(DAY_MS);
    let plugin = quoted.plugin.as_deref();
    let scopes = [
        ("tenant".to_owned(), Some(quotas.tenant), None),
        (format!("plugin:{}", plugin.unwrap_or_default()), plugin.and_then(|p| quotas.plugins.get(p).copied()), plugin),
    ];
    for (scope, quota, of) in scopes {
        let Some(quota) = quota.filter(|q| !q.is_empty()) else { continue };
        let asked = read_asked(tx, ask.tenant, of, day)?;
        let row = tx.query_one(
            &format!(
                "SELECT CAST(COALESCE(SUM(tokens), 0) AS BIGINT), COUNT(*) FROM reservations
                 WHERE {COUNTS} AND tenant_id = $3 AND (CAST($4 AS TEXT) IS NULL OR plugin = $4)"
            ),
            &[&now, &node, &ask.tenant.id, &of],
        )?;
        let count = |i: usize| row.try_get::<_, i64>(i).map(|n| u64::try_from(n).unwrap_or(0));
        let held = Asked {
            tokens: asked.tokens + count(0)? + quoted.pending.tokens,
            requests: asked.requests + count(1)? + quoted.pending.requests,
        };
        if let Some(refused) = Quotas::refusal(&scope, quota, held, ask.worst.tokens) {
            return Ok(Some(refused));
        }
    }
    Ok(None)
}

impl ReservationStore for SqlStore {
    fn reserve(&self, ask: &Ask<'_>) -> Result<Result<ReservationId, Over>, StoreError> {
        self.write(|tx| {
            lock(tx, Lock::Reservations, ask.tenant.id)?;
            if let Err(over) = decide(ask, &figures(tx, ask, self.node_id())?) {
                return Ok(Err(over));
            }
            let row = tx.query_one(
                "INSERT INTO reservations (tenant_id, tree, node, usd, tokens, made_at, expires_at, plugin)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                &[
                    &ask.tenant.id,
                    &ask.tree.map(TreeId::as_str),
                    &self.node_id(),
                    &ask.worst.usd,
                    &millis(ask.worst.tokens),
                    &now_ms(),
                    &ask.expires_ms,
                    &ask.quota.and_then(|q| q.plugin.as_deref()),
                ],
            )?;
            Ok(Ok(ReservationId(row.try_get(0)?)))
        })
    }

    fn release(&self, id: ReservationId) -> Result<(), StoreError> {
        self.change(|sql| {
            sql.execute("DELETE FROM reservations WHERE id = $1", &[&id.0])?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{JobKind, TenantName};
    use oz0_core::trace::{Step, StepKind};

    use super::super::NewJob;
    use super::super::testing::stores;
    use super::*;

    fn ask<'a>(tenant: &'a TenantRecord, tree: &'a TreeId, usd: f64) -> Ask<'a> {
        Ask {
            tenant,
            tree: Some(tree),
            budget: Some(AgentBudget { usd: Some(1.0), tokens: Some(1_000), warning_share: 0.8 }),
            spent: Spent::default(),
            worst: Spent { usd, tokens: 100 },
            day_since_ms: 0,
            month_since_ms: 0,
            expires_ms: now_ms() + 60_000,
            quota: None,
        }
    }

    #[test]
    fn reservations_count_until_released_against_the_tree_and_the_tenant() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let tree = TreeId::new("T1").unwrap();
            let first = store.reserve(&ask(t, &tree, 0.6)).unwrap().unwrap();
            let over = store.reserve(&ask(t, &tree, 0.5)).unwrap().unwrap_err();
            let (none, held) = (Spent::default(), Spent { usd: 0.6, tokens: 100 });
            let worst = Spent { usd: 0.5, tokens: 100 };
            assert_eq!(over, Over::TreeUsd { limit: 1.0, spent: none, reserved: held, worst }, "{}", store.kind());
            store.release(first).unwrap();
            let second = store.reserve(&ask(t, &tree, 0.5)).unwrap().unwrap();

            let limits = SpendingLimits { usd_per_day: Some(0.7), usd_per_month: None };
            store.set_limits(t, &limits, &local).unwrap();
            let other = TreeId::new("T2").unwrap();
            let over = store.reserve(&ask(t, &other, 0.3)).unwrap().unwrap_err();
            assert_eq!(over, Over::Tenant { period: Period::Day, limit: 0.7, spent: 0.0, reserved: 0.5, worst: 0.3 });
            store.release(second).unwrap();
            assert!(store.reserve(&ask(t, &other, 0.3)).unwrap().is_ok(), "{}", store.kind());
        }
    }

    #[test]
    fn reservations_count_toward_the_quotas_as_requests_under_way() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let quota = |tokens, requests| oz0_core::api::Quota { tokens_per_day: tokens, requests_per_day: requests };
            let quotas =
                Quotas { tenant: quota(Some(250), None), plugins: [("notes".to_owned(), quota(None, Some(1)))].into() };
            store.set_quotas(t, &quotas, &local).unwrap();
            let tree = TreeId::new("T1").unwrap();
            let (notes, agent) = (Quoted { plugin: Some("notes".to_owned()), ..Quoted::default() }, Quoted::default());
            let quoted = |quoted| Ask { quota: Some(quoted), budget: None, ..ask(t, &tree, 0.0) };
            // The plugin's one request a day is held by its call under way: another is refused.
            let first = store.reserve(&quoted(&notes)).unwrap().unwrap();
            let Over::Quota { object, .. } = store.reserve(&quoted(&notes)).unwrap().unwrap_err() else {
                panic!("{}: over the plugin's quota", store.kind())
            };
            assert_eq!(
                (object["type"].as_str(), object["oz0"]["scope"].as_str()),
                (Some("quota_exceeded"), Some("plugin:notes"))
            );
            // The tenant's 250 tokens hold this one's 100 and the agent's 100; a third is refused.
            let second = store.reserve(&quoted(&agent)).unwrap().unwrap();
            let Over::Quota { object, .. } = store.reserve(&quoted(&agent)).unwrap().unwrap_err() else {
                panic!("{}: over the tenant's quota", store.kind())
            };
            assert_eq!(object["oz0"]["scope"], "tenant", "{object}");
            // What a call asked before, not yet recorded, counts too.
            store.release(second).unwrap();
            let pending = Quoted { pending: Asked { tokens: 100, requests: 1 }, ..Quoted::default() };
            assert!(store.reserve(&quoted(&pending)).unwrap().is_err(), "{}", store.kind());
            store.release(first).unwrap();
            assert!(store.reserve(&quoted(&notes)).unwrap().is_ok(), "{}: released, it is free again", store.kind());
        }
    }

    #[test]
    fn what_the_tree_recorded_counts_as_spent() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let tree = TreeId::new("T1").unwrap();
            let new = NewJob { id: &tree, kind: JobKind::Agent, name: "a", person: "local", input: None };
            store.start_job(t, &new).unwrap();
            let mut step = Step::new(0, "2026-12-01T00:00:00.000Z".into(), StepKind::ModelCall);
            step.cost_usd = Some(0.75);
            store.record_step(t, &tree, &step).unwrap();
            let over = store.reserve(&ask(t, &tree, 0.5)).unwrap().unwrap_err();
            let (spent, worst) = (Spent { usd: 0.75, tokens: 0 }, Spent { usd: 0.5, tokens: 100 });
            assert_eq!(
                over,
                Over::TreeUsd { limit: 1.0, spent, reserved: Spent::default(), worst },
                "{}",
                store.kind()
            );
            let tokens = Ask { spent: Spent { usd: 0.0, tokens: 950 }, ..ask(t, &tree, 0.1) };
            assert!(matches!(store.reserve(&tokens).unwrap(), Err(Over::TreeTokens { limit: 1_000, .. })));
        }
    }
}

#[cfg(test)]
mod two_nodes {
    //! Reservations made by two nodes at once on one database.

    use std::sync::Barrier;

    use oz0_core::agent::AgentBudget;
    use oz0_core::api::{SpendingLimits, TenantName};

    use super::*;
    use crate::store::NodeStore;
    use crate::store::testing::Scratch;
    use crate::store::{LimitStore, Store, TenantRecord};

    /// How many threads reserve on each node, and how many reservations each asks for.
    const THREADS: usize = 4;
    const TRIES: usize = 10;

    /// A worst case that adds up in binary without rounding, so that a limit is met exactly.
    const WORST: f64 = 1.0 / 64.0;

    fn ask<'a>(tenant: &'a TenantRecord, tree: &'a TreeId, budget: Option<f64>) -> Ask<'a> {
        let now = now_ms();
        Ask {
            tenant,
            tree: Some(tree),
            budget: budget.map(|usd| AgentBudget { usd: Some(usd), tokens: None, warning_share: 0.8 }),
            spent: Spent::default(),
            worst: Spent { usd: WORST, tokens: 10 },
            day_since_ms: 0,
            month_since_ms: 0,
            expires_ms: now + 60_000,
            quota: None,
        }
    }

    /// What a node answered an ask.
    type Answer = Result<ReservationId, Over>;

    /// Has [`THREADS`] threads on each of two nodes reserve [`TRIES`] times at once, half of them for
    /// the tree `T` (with `budget`), half for `U` (with none); returns what each was answered, by tree.
    fn race(scratch: &Scratch, day_limit: f64, budget: f64) -> (Vec<Answer>, Vec<Answer>) {
        let nodes = [SqlStore::postgres(&scratch.url).unwrap(), SqlStore::postgres(&scratch.url).unwrap()];
        let admin = nodes[0].first_token(&TenantName::new("main").unwrap(), &[1; 32]).unwrap().unwrap();
        let limits = SpendingLimits { usd_per_day: Some(day_limit), usd_per_month: Some(day_limit * 2.0) };
        nodes[1].set_limits(&admin.tenant, &limits, &admin).unwrap();
        let (t, u) = (TreeId::new("T").unwrap(), TreeId::new("U").unwrap());
        let start = Barrier::new(2 * THREADS);
        let answers: Vec<(bool, Answer)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2 * THREADS)
                .map(|n| {
                    let (node, start, tenant, t, u) = (&nodes[n % 2], &start, &admin.tenant, &t, &u);
                    scope.spawn(move || {
                        start.wait();
                        let in_t = n % 4 < 2;
                        let ask = if in_t { ask(tenant, t, Some(budget)) } else { ask(tenant, u, None) };
                        (0..TRIES).map(|_| (in_t, node.reserve(&ask).unwrap())).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        let (in_t, in_u): (Vec<_>, Vec<_>) = answers.into_iter().partition(|(in_t, _)| *in_t);
        (in_t.into_iter().map(|(_, a)| a).collect(), in_u.into_iter().map(|(_, a)| a).collect())
    }

    #[test]
    fn two_nodes_reserving_at_once_never_grant_past_a_limit_nor_refuse_within_it() {
        let scratch = Scratch::new();
        // 80 asks of 1/64: the tree's budget holds 16 of them, the tenant's day 32.
        let (t, u) = race(&scratch, 0.5, 0.25);
        let granted = |answers: &[Answer]| answers.iter().filter(|a| a.is_ok()).count();
        let (in_t, in_u) = (granted(&t), granted(&u));
        assert_eq!(in_t + in_u, 32, "the tenant's day is filled exactly: {in_t} + {in_u}");
        assert!(in_t <= 16, "the tree's budget is never exceeded: {in_t}");
        if in_t < 16 {
            assert!(t.iter().all(|a| !matches!(a, Err(Over::TreeUsd { .. }))), "a tree with room is refused by it");
        }
        for refused in t.iter().chain(&u).filter_map(|a| a.as_ref().err()) {
            match *refused {
                Over::TreeUsd { limit, spent, reserved, worst } => {
                    assert!(spent.usd + reserved.usd + worst.usd > limit, "{refused:?}");
                    assert_eq!(reserved.usd, 0.25, "refused only once the tree is full: {refused:?}");
                }
                Over::Tenant { limit, reserved, .. } => {
                    assert_eq!((limit, reserved), (0.5, 0.5), "refused only once the day is full: {refused:?}")
                }
                ref other => panic!("{other:?}"),
            }
        }
        let ids: std::collections::BTreeSet<i64> =
            t.iter().chain(&u).filter_map(|a| a.as_ref().ok()).map(|r| r.0).collect();
        assert_eq!(ids.len(), 32, "each reservation is its own");
    }

    #[test]
    fn two_nodes_with_room_for_every_call_grant_them_all() {
        let scratch = Scratch::new();
        let (t, u) = race(&scratch, 100.0, 100.0);
        assert!(t.iter().chain(&u).all(Result::is_ok), "{:?}", t.iter().chain(&u).find(|a| a.is_err()));
        assert_eq!(t.len() + u.len(), 2 * THREADS * TRIES);
    }

    #[test]
    fn released_reservations_make_room_on_the_other_node() {
        let scratch = Scratch::new();
        let (a, b) = (SqlStore::postgres(&scratch.url).unwrap(), SqlStore::postgres(&scratch.url).unwrap());
        let admin = a.first_token(&TenantName::new("main").unwrap(), &[1; 32]).unwrap().unwrap();
        let tree = TreeId::new("T").unwrap();
        let held = a.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().unwrap();
        assert!(b.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().is_err(), "a's counts on b");
        a.release(held).unwrap();
        assert!(b.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().is_ok(), "released on a, room on b");
    }

    #[test]
    fn a_reservation_past_its_expiry_counts_for_its_node_alone_until_its_lease_is_renewed() {
        let scratch = Scratch::new();
        let (a, b) = (SqlStore::postgres(&scratch.url).unwrap(), SqlStore::postgres(&scratch.url).unwrap());
        let admin = a.first_token(&TenantName::new("main").unwrap(), &[1; 32]).unwrap().unwrap();
        let tree = TreeId::new("T").unwrap();
        let lapsed = Ask { expires_ms: now_ms() - 1, ..ask(&admin.tenant, &tree, Some(WORST)) };
        a.reserve(&lapsed).unwrap().unwrap();
        assert!(a.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().is_err(), "a's own counts for a");
        let on_b = b.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().unwrap();
        b.release(on_b).unwrap();
        a.renew_lease(now_ms() + 20_000, now_ms() + 80_000).unwrap();
        assert!(b.reserve(&ask(&admin.tenant, &tree, Some(WORST))).unwrap().is_err(), "renewed: it counts on b");
    }
}

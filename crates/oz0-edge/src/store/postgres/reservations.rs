//! Model calls reserved across nodes: [`ReservationStore`] on PostgreSQL.
//!
//! A reservation takes the tenant's [`Lock::Reservations`] first, so that what its calls spent and
//! reserved is read, and the reservation added, while no other node's reservation of the tenant (nor
//! of any of its trees) runs: two nodes never both grant the last of a limit.

use oz0_core::agent::Spent;
use oz0_core::api::{SpendingLimits, TreeId};
use postgres::Transaction;

use super::{Lock, Outcome, PostgresStore, lock};
use crate::store::reservations::{Figures, decide, millis};
use crate::store::sqlite::now_ms;
use crate::store::{Ask, NodeStore, Over, ReservationId, ReservationStore, StoreError};

/// The condition a reservation counts under: its node renews its lease, or it is the asking node's.
const COUNTS: &str = "(expires_at > $1 OR node = $2)";

fn figures(tx: &mut Transaction<'_>, ask: &Ask<'_>, node: &str) -> Outcome<Figures> {
    let tenant = ask.tenant.id;
    let now = now_ms();
    let limits = tx
        .query_opt("SELECT usd_per_day, usd_per_month FROM tenant_settings WHERE tenant_id = $1", &[&tenant])?
        .map(|row| {
            Ok::<_, postgres::Error>(SpendingLimits { usd_per_day: row.try_get(0)?, usd_per_month: row.try_get(1)? })
        })
        .transpose()?
        .unwrap_or_default();
    let mut spent_since = |since: u64| -> Outcome<f64> {
        let row = tx.query_one(
            "SELECT COALESCE(SUM(cost_usd), 0)::DOUBLE PRECISION FROM jobs WHERE tenant_id = $1 AND started_at >= $2",
            &[&tenant, &millis(since)],
        )?;
        Ok(row.try_get(0)?)
    };
    let mut found = Figures { limits, ..Figures::default() };
    if limits.usd_per_day.is_some() {
        found.day_spent = spent_since(ask.day_since_ms)?;
    }
    if limits.usd_per_month.is_some() {
        found.month_spent = spent_since(ask.month_since_ms)?;
    }
    found.tenant_reserved = tx
        .query_one(
            &format!(
                "SELECT COALESCE(SUM(usd), 0)::DOUBLE PRECISION FROM reservations WHERE {COUNTS} AND tenant_id = $3"
            ),
            &[&now, &node, &tenant],
        )?
        .try_get(0)?;
    if let Some(tree) = ask.tree {
        found.tree_recorded = tx
            .query_one(
                "SELECT COALESCE(SUM(cost_usd), 0)::DOUBLE PRECISION FROM jobs WHERE tenant_id = $1 AND tree = $2",
                &[&tenant, &tree.as_str()],
            )?
            .try_get(0)?;
        let row = tx.query_one(
            &format!(
                "SELECT COALESCE(SUM(usd), 0)::DOUBLE PRECISION, COALESCE(SUM(tokens), 0)::BIGINT FROM reservations
                 WHERE {COUNTS} AND tenant_id = $3 AND tree = $4"
            ),
            &[&now, &node, &tenant, &tree.as_str()],
        )?;
        found.tree_reserved =
            Spent { usd: row.try_get(0)?, tokens: u64::try_from(row.try_get::<_, i64>(1)?).unwrap_or(0) };
    }
    Ok(found)
}

impl ReservationStore for PostgresStore {
    fn reserve(&self, ask: &Ask<'_>) -> Result<Result<ReservationId, Over>, StoreError> {
        self.write(|tx| {
            lock(tx, Lock::Reservations, ask.tenant.id)?;
            if let Err(over) = decide(ask, &figures(tx, ask, self.node())?) {
                return Ok(Err(over));
            }
            let row = tx.query_one(
                "INSERT INTO reservations (tenant_id, tree, node, usd, tokens, made_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                &[
                    &ask.tenant.id,
                    &ask.tree.map(TreeId::as_str),
                    &self.node(),
                    &ask.worst.usd,
                    &millis(ask.worst.tokens),
                    &now_ms(),
                    &ask.expires_ms,
                ],
            )?;
            Ok(Ok(ReservationId(row.try_get(0)?)))
        })
    }

    fn release(&self, id: ReservationId) -> Result<(), StoreError> {
        self.read(|client| {
            client.execute("DELETE FROM reservations WHERE id = $1", &[&id.0])?;
            Ok(())
        })
    }
}

impl PostgresStore {
    /// Returns the node this store serves.
    pub(super) fn node_id(&self) -> &str {
        &self.node
    }
}

#[cfg(test)]
mod tests {
    //! Reservations made by two nodes at once on one database.

    use std::sync::Barrier;

    use oz0_core::agent::AgentBudget;
    use oz0_core::api::{SpendingLimits, TenantName};

    use super::*;
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
        }
    }

    /// What a node answered an ask.
    type Answer = Result<ReservationId, Over>;

    /// Has [`THREADS`] threads on each of two nodes reserve [`TRIES`] times at once, half of them for
    /// the tree `T` (with `budget`), half for `U` (with none); returns what each was answered, by tree.
    fn race(scratch: &Scratch, day_limit: f64, budget: f64) -> (Vec<Answer>, Vec<Answer>) {
        let nodes = [PostgresStore::open(&scratch.url).unwrap(), PostgresStore::open(&scratch.url).unwrap()];
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
        let (a, b) = (PostgresStore::open(&scratch.url).unwrap(), PostgresStore::open(&scratch.url).unwrap());
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
        let (a, b) = (PostgresStore::open(&scratch.url).unwrap(), PostgresStore::open(&scratch.url).unwrap());
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

//! Spending limits, and what jobs have spent: [`LimitStore`] on PostgreSQL.

use oz0_core::api::SpendingLimits;
use postgres::GenericClient;

use super::store::{audit, lock_settings};
use super::{Outcome, PostgresStore};
use crate::store::{LimitStore, Principal, StoreError, TenantRecord};

fn read(client: &mut impl GenericClient, tenant: &TenantRecord) -> Outcome<SpendingLimits> {
    let row = client
        .query_opt("SELECT usd_per_day, usd_per_month FROM tenant_settings WHERE tenant_id = $1", &[&tenant.id])?;
    let Some(row) = row else { return Ok(SpendingLimits::default()) };
    Ok(SpendingLimits { usd_per_day: row.try_get(0)?, usd_per_month: row.try_get(1)? })
}

impl LimitStore for PostgresStore {
    fn limits(&self, tenant: &TenantRecord) -> Result<SpendingLimits, StoreError> {
        self.read(|client| read(client, tenant))
    }

    fn set_limits(
        &self,
        tenant: &TenantRecord,
        limits: &SpendingLimits,
        actor: &Principal,
    ) -> Result<SpendingLimits, StoreError> {
        let done = self.write(|tx| {
            lock_settings(tx, tenant)?;
            let old = read(tx, tenant)?;
            tx.execute(
                "UPDATE tenant_settings SET usd_per_day = $2, usd_per_month = $3 WHERE tenant_id = $1",
                &[&tenant.id, &limits.usd_per_day, &limits.usd_per_month],
            )?;
            let text = |limits: &SpendingLimits| serde_json::to_string(limits).unwrap_or_default();
            audit(tx, tenant, &actor.actor_in(tenant), "tenant.limits", &text(&old), &text(limits))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn spent_since(&self, tenant: &TenantRecord, since_ms: u64) -> Result<f64, StoreError> {
        let since = i64::try_from(since_ms).unwrap_or(i64::MAX);
        self.read(|client| {
            let row = client.query_one(
                "SELECT COALESCE(SUM(cost_usd), 0)::DOUBLE PRECISION FROM jobs
                 WHERE tenant_id = $1 AND started_at >= $2",
                &[&tenant.id, &since],
            )?;
            Ok(row.try_get(0)?)
        })
    }
}

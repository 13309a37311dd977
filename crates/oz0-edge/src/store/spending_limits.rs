//! The tenant's spending limits, and what its jobs have spent.

use oz0_core::api::SpendingLimits;
use rusqlite::{OptionalExtension, params};

use super::sqlite::audit;
use super::{Principal, SqliteStore, StoreError, TenantRecord};

/// What the edge needs to keep spending limits.
pub trait LimitStore {
    /// Returns the tenant's spending limits.
    fn limits(&self, tenant: &TenantRecord) -> Result<SpendingLimits, StoreError>;

    /// Sets the tenant's spending limits, recording the change in the audit log (`tenant.limits`) as
    /// done by `actor`, and returns the limits it replaced.
    fn set_limits(
        &self,
        tenant: &TenantRecord,
        limits: &SpendingLimits,
        actor: &Principal,
    ) -> Result<SpendingLimits, StoreError>;

    /// Returns what the tenant's jobs that started at or after `since_ms` have spent, in US dollars.
    fn spent_since(&self, tenant: &TenantRecord, since_ms: u64) -> Result<f64, StoreError>;
}

fn read(conn: &rusqlite::Connection, tenant: &TenantRecord) -> rusqlite::Result<SpendingLimits> {
    let found = conn
        .query_row(
            "SELECT usd_per_day, usd_per_month FROM tenant_settings WHERE tenant_id = ?1",
            params![tenant.id],
            |row| Ok(SpendingLimits { usd_per_day: row.get(0)?, usd_per_month: row.get(1)? }),
        )
        .optional()?;
    Ok(found.unwrap_or_default())
}

impl LimitStore for SqliteStore {
    fn limits(&self, tenant: &TenantRecord) -> Result<SpendingLimits, StoreError> {
        self.read(|conn| read(conn, tenant))
    }

    fn set_limits(
        &self,
        tenant: &TenantRecord,
        limits: &SpendingLimits,
        actor: &Principal,
    ) -> Result<SpendingLimits, StoreError> {
        let done = self.write(|tx| {
            let old = read(tx, tenant)?;
            tx.execute(
                "INSERT INTO tenant_settings (tenant_id, usd_per_day, usd_per_month) VALUES (?1, ?2, ?3)
                 ON CONFLICT (tenant_id) DO UPDATE SET usd_per_day = ?2, usd_per_month = ?3",
                params![tenant.id, limits.usd_per_day, limits.usd_per_month],
            )?;
            let text = |limits: &SpendingLimits| serde_json::to_string(limits).unwrap_or_default();
            audit(tx, tenant, &actor.actor_in(tenant), "tenant.limits", &text(&old), &text(limits))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn spent_since(&self, tenant: &TenantRecord, since_ms: u64) -> Result<f64, StoreError> {
        let since = i64::try_from(since_ms).unwrap_or(i64::MAX);
        self.read(|conn| {
            conn.query_row(
                "SELECT COALESCE(SUM(cost_usd), 0) FROM jobs WHERE tenant_id = ?1 AND started_at >= ?2",
                params![tenant.id, since],
                |row| row.get(0),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::TenantName;

    use super::super::testing::stores;
    use super::*;

    #[test]
    fn limits_are_set_audited_and_read_back() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            assert_eq!(store.limits(t).unwrap(), SpendingLimits::default(), "{}", store.kind());
            let set = SpendingLimits { usd_per_day: Some(2.5), usd_per_month: None };
            assert_eq!(store.set_limits(t, &set, &local).unwrap(), SpendingLimits::default());
            assert_eq!(store.limits(t).unwrap(), set);
            assert_eq!(store.offload(t).unwrap(), Default::default(), "the offload settings stay unset");
            let entry = &store.audit(t, 1).unwrap()[0];
            assert_eq!((entry.action.as_str(), &entry.new["usd_per_day"]), ("tenant.limits", &2.5.into()));
            assert!(store.spent_since(t, 0).unwrap().abs() < f64::EPSILON);
        }
    }
}

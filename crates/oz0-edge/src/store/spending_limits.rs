//! The tenant's spending limits, what its jobs have spent, and its data rules.

use oz0_core::api::{Asked, DataRules, Quotas, SpendingLimits};

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord};
use super::settings::lock_settings;
use super::sql::{Outcome, Sql};
use super::sql_store::SqlStore;

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

    /// Returns the tenant's data rules.
    fn data_rules(&self, tenant: &TenantRecord) -> Result<DataRules, StoreError>;

    /// Sets the tenant's data rules, recording the change in the audit log (`tenant.rules`) as done by
    /// `actor`, and returns the rules they replaced.
    fn set_data_rules(
        &self,
        tenant: &TenantRecord,
        rules: &DataRules,
        actor: &Principal,
    ) -> Result<DataRules, StoreError>;

    /// Returns the tenant's quotas.
    fn quotas(&self, tenant: &TenantRecord) -> Result<Quotas, StoreError>;

    /// Sets the tenant's quotas, recording the change in the audit log (`tenant.quotas`) as done by
    /// `actor`, and returns the quotas they replaced.
    fn set_quotas(&self, tenant: &TenantRecord, quotas: &Quotas, actor: &Principal) -> Result<Quotas, StoreError>;

    /// Returns what the tenant (`plugin` `None`), or one of its plugins, has asked of models on the UTC
    /// day `day` (days since 1970).
    fn asked(&self, tenant: &TenantRecord, plugin: Option<&str>, day: i64) -> Result<Asked, StoreError>;
}

/// The key of the tenant's own row among the rows of what was asked a day, by plugin.
const ALL_PLUGINS: &str = "";

/// Milliseconds a day.
pub(crate) const DAY_MS: i64 = 86_400_000;

/// Adds a model request of `tokens` to what the tenant, and `plugin` when a plugin's tool made it,
/// asked on the UTC day of `at_ms`.
pub(super) fn count_asked(
    sql: &mut dyn Sql,
    tenant: &TenantRecord,
    plugin: Option<&str>,
    tokens: u64,
    at_ms: i64,
) -> Outcome<()> {
    let day = at_ms.div_euclid(DAY_MS);
    let tokens = i64::try_from(tokens).unwrap_or(i64::MAX);
    for key in std::iter::once(ALL_PLUGINS).chain(plugin) {
        sql.execute(
            "INSERT INTO asked_days (tenant_id, day, plugin, tokens, requests) VALUES ($1, $2, $3, $4, 1)
             ON CONFLICT (tenant_id, day, plugin)
             DO UPDATE SET tokens = asked_days.tokens + EXCLUDED.tokens, requests = asked_days.requests + 1",
            &[&tenant.id, &day, &key, &tokens],
        )?;
    }
    Ok(())
}

fn read_quotas(sql: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<Quotas> {
    let row = sql.query_opt("SELECT quotas FROM tenant_settings WHERE tenant_id = $1", &[&tenant.id])?;
    quotas_of(row.map(|row| row.try_get(0)).transpose()?.flatten())
}

/// Returns the quotas the `quotas` column of a tenant's settings holds: none when it is empty.
pub(super) fn quotas_of(text: Option<String>) -> Outcome<Quotas> {
    text.map(|text| serde_json::from_str(&text).map_err(super::sql::bad)).transpose().map(Option::unwrap_or_default)
}

/// Returns what the tenant, or `plugin`, asked of models on the UTC day `day`.
pub(super) fn read_asked(sql: &mut dyn Sql, tenant: &TenantRecord, plugin: Option<&str>, day: i64) -> Outcome<Asked> {
    let row = sql.query_opt(
        "SELECT tokens, requests FROM asked_days WHERE tenant_id = $1 AND day = $2 AND plugin = $3",
        &[&tenant.id, &day, &plugin.unwrap_or(ALL_PLUGINS)],
    )?;
    let Some(row) = row else { return Ok(Asked::default()) };
    let (tokens, requests): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    Ok(Asked { tokens: u64::try_from(tokens).unwrap_or(0), requests: u64::try_from(requests).unwrap_or(0) })
}

fn read_rules(sql: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<DataRules> {
    let row = sql.query_opt("SELECT data_rules FROM tenant_settings WHERE tenant_id = $1", &[&tenant.id])?;
    let text: Option<String> = row.map(|row| row.try_get(0)).transpose()?.flatten();
    text.map(|text| serde_json::from_str(&text).map_err(super::sql::bad)).transpose().map(Option::unwrap_or_default)
}

fn read(sql: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<SpendingLimits> {
    let row =
        sql.query_opt("SELECT usd_per_day, usd_per_month FROM tenant_settings WHERE tenant_id = $1", &[&tenant.id])?;
    let Some(row) = row else { return Ok(SpendingLimits::default()) };
    Ok(SpendingLimits { usd_per_day: row.try_get(0)?, usd_per_month: row.try_get(1)? })
}

impl LimitStore for SqlStore {
    fn limits(&self, tenant: &TenantRecord) -> Result<SpendingLimits, StoreError> {
        self.read(|sql| read(sql, tenant))
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
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantLimits, &text(&old), &text(limits))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn data_rules(&self, tenant: &TenantRecord) -> Result<DataRules, StoreError> {
        self.read(|sql| read_rules(sql, tenant))
    }

    fn set_data_rules(
        &self,
        tenant: &TenantRecord,
        rules: &DataRules,
        actor: &Principal,
    ) -> Result<DataRules, StoreError> {
        let done = self.write(|tx| {
            lock_settings(tx, tenant)?;
            let old = read_rules(tx, tenant)?;
            let text = |rules: &DataRules| serde_json::to_string(rules).unwrap_or_default();
            let kept = (!rules.0.is_empty()).then(|| text(rules));
            tx.execute("UPDATE tenant_settings SET data_rules = $2 WHERE tenant_id = $1", &[&tenant.id, &kept])?;
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantRules, &text(&old), &text(rules))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn quotas(&self, tenant: &TenantRecord) -> Result<Quotas, StoreError> {
        self.read(|sql| read_quotas(sql, tenant))
    }

    fn set_quotas(&self, tenant: &TenantRecord, quotas: &Quotas, actor: &Principal) -> Result<Quotas, StoreError> {
        let done = self.write(|tx| {
            lock_settings(tx, tenant)?;
            let old = read_quotas(tx, tenant)?;
            let text = |quotas: &Quotas| serde_json::to_string(quotas).unwrap_or_default();
            tx.execute("UPDATE tenant_settings SET quotas = $2 WHERE tenant_id = $1", &[&tenant.id, &text(quotas)])?;
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantQuotas, &text(&old), &text(quotas))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn asked(&self, tenant: &TenantRecord, plugin: Option<&str>, day: i64) -> Result<Asked, StoreError> {
        self.read(|sql| read_asked(sql, tenant, plugin, day))
    }

    fn spent_since(&self, tenant: &TenantRecord, since_ms: u64) -> Result<f64, StoreError> {
        let since = i64::try_from(since_ms).unwrap_or(i64::MAX);
        self.read(|sql| {
            let row = sql.query_one(
                "SELECT CAST(COALESCE(SUM(cost_usd), 0) AS DOUBLE PRECISION) FROM jobs
                 WHERE tenant_id = $1 AND started_at >= $2",
                &[&tenant.id, &since],
            )?;
            row.try_get(0)
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

//! The store's records of tenants and people, and its times.

use oz0_core::api::{Role, TenantName};

use super::sql::{Outcome, Row, bad};

/// A tenant's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenantRecord {
    /// The store's ID.
    pub id: i64,
    /// The name.
    pub name: TenantName,
    /// Whether it is the edge's first tenant, whose admins may make other tenants' tokens.
    pub operator: bool,
}

/// A person acting: their tenant, name and roles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    /// The person's tenant.
    pub tenant: TenantRecord,
    /// The person's name, unique in the tenant.
    pub person: String,
    /// What they may do.
    pub roles: Vec<Role>,
}

impl Principal {
    /// Returns whether the person has `role`.
    pub fn has(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }

    /// Returns how the audit log names the person: `name@tenant`.
    pub fn actor(&self) -> String {
        format!("{}@{}", self.person, self.tenant.name)
    }

    /// Returns how the audit log of `tenant` names the person: `name@tenant` in their own tenant, and
    /// `the edge's operator` in another's, which learns nothing of who runs the edge.
    pub fn actor_in(&self, tenant: &TenantRecord) -> String {
        if self.tenant.id == tenant.id { self.actor() } else { "the edge's operator".to_owned() }
    }
}

/// A token to make: for a new person of a tenant.
#[derive(Debug, Clone)]
pub struct NewToken<'a> {
    /// The tenant.
    pub tenant: &'a TenantName,
    /// Whether to create the tenant when there is none of that name.
    pub create_tenant: bool,
    /// The person's name; `None` makes one up.
    pub person: Option<&'a str>,
    /// The person's roles.
    pub roles: &'a [Role],
    /// The SHA-256 digest of the token.
    pub hash: &'a [u8; 32],
}

/// A token made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issued {
    /// Who it is for.
    pub principal: Principal,
    /// Whether the tenant was created for it.
    pub tenant_created: bool,
}

/// Returns milliseconds since 1970, now.
pub(crate) fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::SystemTime::UNIX_EPOCH);
    since.map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0))
}

/// Returns milliseconds since 1970 as RFC 3339 in UTC, such as `2026-07-28T09:30:00.125Z`.
pub fn rfc3339_millis(ms: i64) -> String {
    let ms = u64::try_from(ms).unwrap_or(0);
    let secs = oz0_core::manifest::rfc3339(ms / 1000);
    format!("{}.{:03}Z", secs.trim_end_matches('Z'), ms % 1000)
}

/// Reads an enum kept as its name, such as a job's state.
pub(super) fn enum_of<T: serde::de::DeserializeOwned>(text: String) -> Outcome<T> {
    serde_json::from_value(serde_json::Value::String(text)).map_err(bad)
}

/// Reads a count or a number kept as an integer, at most `u32::MAX`.
pub(super) fn number(row: &Row, at: usize) -> Outcome<u32> {
    Ok(u32::try_from(row.try_get::<_, i64>(at)?).unwrap_or(u32::MAX))
}

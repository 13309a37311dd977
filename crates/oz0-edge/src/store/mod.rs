//! The edge's state: tenants, people and their tokens, tenant settings, the audit log, and who owns which
//! file. [`Store`] is what the edge needs of a database; [`SqliteStore`] is the one that ships, and a
//! PostgreSQL store for a multi-node edge would be another.
//!
//! Every change is written in one transaction together with its audit entry, so the log never misses a
//! change nor records one that did not happen.

mod definitions;
mod jobs;
mod limits;
mod migrations;
mod plugins;
mod policy;
mod sqlite;

use oz0_core::api::{AuditEntry, FileRef, OffloadChange, OffloadPatch, Role, TenantName, TreeId};
use oz0_core::threshold::{OffloadError, OffloadSettings};

pub use definitions::DefinitionStore;
pub use jobs::{JobStart, JobStore, NewJob};
pub use limits::LimitStore;
pub use plugins::{PluginRecord, PluginStore};
pub use policy::{NewApproval, PolicyStore};
pub use sqlite::SqliteStore;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// Another writer held the store for longer than the busy timeout.
    #[error("the store is busy: another writer held it for more than {seconds} s")]
    Busy {
        /// The busy timeout.
        seconds: u64,
    },
    /// The store was written by a newer oz0.
    #[error("the store's schema is version {found}, and this oz0 knows versions up to {known}")]
    NewerSchema {
        /// The store's version.
        found: u32,
        /// The newest this code knows.
        known: u32,
    },
    /// A name is taken.
    #[error("{0}")]
    Conflict(String),
    /// The database failed.
    #[error("the database failed")]
    Database(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The store's folder could not be made or opened.
    #[error("could not open the store in '{path}'")]
    Open {
        /// The folder.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

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

/// What the edge needs of a database. Methods block; the edge calls them off its async threads.
pub trait Store:
    PluginStore + JobStore + DefinitionStore + LimitStore + PolicyStore + Send + Sync + std::fmt::Debug
{
    /// Returns the store's kind, such as `sqlite`.
    fn kind(&self) -> &'static str;

    /// Returns the version of the store's schema.
    fn schema_version(&self) -> Result<u32, StoreError>;

    /// Returns the first tenant (made `first` when there is none) and its person `person` with every
    /// role (made when missing): the embedded edge's caller.
    fn local_principal(&self, first: &TenantName, person: &str) -> Result<Principal, StoreError>;

    /// When the store holds no token at all: makes the first tenant (`first` when there is none), an
    /// admin person with every role and a token whose digest is `hash`, and returns them; else `None`.
    fn first_token(&self, first: &TenantName, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError>;

    /// Returns the person whose token's digest is `hash`.
    fn principal(&self, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError>;

    /// Returns the tenant named `name`.
    fn tenant(&self, name: &TenantName) -> Result<Option<TenantRecord>, StoreError>;

    /// Makes a person with a token, recording it in the tenant's audit log as done by `actor`.
    fn issue_token(&self, token: &NewToken<'_>, actor: &Principal) -> Result<Option<Issued>, StoreError>;

    /// Returns the tenant's offload settings.
    fn offload(&self, tenant: &TenantRecord) -> Result<OffloadSettings, StoreError>;

    /// Applies `patch` to the tenant's offload settings when the result is consistent, recording the
    /// change in the audit log as done by `actor`, all in one transaction.
    fn change_offload(
        &self,
        tenant: &TenantRecord,
        patch: &OffloadPatch,
        actor: &Principal,
    ) -> Result<Result<OffloadChange, OffloadError>, StoreError>;

    /// Returns the tenant's last `limit` audit entries, newest first.
    fn audit(&self, tenant: &TenantRecord, limit: u32) -> Result<Vec<AuditEntry>, StoreError>;

    /// Records that the tenant's tree `tree` stored the file (again, now).
    fn record_file(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef, size: u64) -> Result<(), StoreError>;

    /// Returns whether any tree of the tenant `tenant_id` stored the file.
    fn file_recorded(&self, tenant_id: i64, file: &FileRef) -> Result<bool, StoreError>;

    /// Returns the size of the file when the tenant's tree `tree` stored it.
    fn file_size(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Option<u64>, StoreError>;

    /// Keeps `labels` with a file of the tree, such as an offloaded result's, joined to those it has.
    fn label_file(
        &self,
        tenant: &TenantRecord,
        tree: &TreeId,
        file: &FileRef,
        labels: &[String],
    ) -> Result<(), StoreError>;

    /// Returns the labels kept with a file of the tree.
    fn file_labels(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Vec<String>, StoreError>;

    /// Returns what the database's own check finds wrong; empty when nothing is.
    fn integrity_check(&self) -> Result<Vec<String>, StoreError>;
}

/// Returns milliseconds since 1970 as RFC 3339 in UTC, such as `2026-07-28T09:30:00.125Z`.
pub fn rfc3339_millis(ms: i64) -> String {
    let ms = u64::try_from(ms).unwrap_or(0);
    let secs = oz0_core::manifest::rfc3339(ms / 1000);
    format!("{}.{:03}Z", secs.trim_end_matches('Z'), ms % 1000)
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_have_milliseconds() {
        assert_eq!(super::rfc3339_millis(1_785_231_000_125), "2026-07-28T09:30:00.125Z");
    }
}

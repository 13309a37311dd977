//! The edge's state: tenants, people and their tokens, tenant settings, the audit log, and who owns which
//! file. [`Store`] is what the edge needs of a database, and [`SqlStore`] is it: on SQLite, the default,
//! for one node, or on PostgreSQL for several `oz0 edge serve` nodes sharing one database. [`Location`]
//! says which.
//!
//! Each transaction is written once, against [`sql::Sql`], which both databases' connections are. Every
//! change is written in one transaction together with its audit entry, so the log never misses a change
//! nor records one that did not happen.

mod audit;
mod blobs;
mod conversations;
mod definitions;
mod error;
mod experiments;
mod jobs;
mod lifecycle;
mod location;
mod migrations;
mod news;
mod nodes;
mod payload_keys;
mod plugins;
mod policy;
mod records;
mod reservations;
mod sealed;
mod settings;
mod spending_limits;
mod sql;
mod sql_store;
mod tenants;
#[cfg(test)]
pub(crate) mod testing;
mod token_cache;

pub use conversations::{ConversationStore, ForkRefused, TurnRefused, TurnStarted};
pub use definitions::DefinitionStore;
pub use error::StoreError;
pub use experiments::{ExperimentJob, ExperimentStore, NewExperiment};
pub use jobs::{JobStart, JobStore, NewJob};
pub use lifecycle::{EraseRefused, Expired, HoldRefused, LifecycleStore};
pub use location::Location;
pub use news::{MAX_NEWS_BYTES, NewsStore};
pub use nodes::{LOST_REASON, Lease, LostJob, NodeStore, keep_lease};
pub use plugins::{PluginRecord, PluginStore};
pub use policy::{NewApproval, PolicyStore};
pub use records::{Issued, NewToken, Principal, TenantRecord, rfc3339_millis};
pub use reservations::{Ask, Over, Period, Quoted, ReservationId, ReservationStore};
pub use sealed::SealStore;
pub use spending_limits::LimitStore;
pub use sql::postgres::{PostgresUrl, UrlError};
pub use sql::sqlite::DATABASE_FILE;
pub use sql_store::SqlStore;
pub use tenants::Store;

#[cfg(test)]
mod tests {
    //! What every store must do alike: each test runs against every store [`testing::stores`] yields.

    use oz0_core::api::{AuditEntry, FileRef, OffloadPatch, Role, TenantName, TreeId};
    use oz0_core::offload::{Offload, OffloadSettings, Tokens};

    use super::testing::stores;
    use super::*;

    fn tenant(name: &str) -> TenantName {
        TenantName::new(name).unwrap()
    }

    fn tokens(n: u64) -> Tokens {
        Tokens::new(n).unwrap()
    }

    #[test]
    fn times_have_milliseconds() {
        assert_eq!(super::rfc3339_millis(1_785_231_000_125), "2026-07-28T09:30:00.125Z");
    }

    #[test]
    fn a_new_store_is_current_and_sound() {
        for store in stores() {
            assert_eq!(store.schema_version().unwrap(), migrations::latest(), "{}", store.kind());
            assert_eq!(store.integrity_check().unwrap(), Vec::<String>::new(), "{}", store.kind());
        }
    }

    #[test]
    fn the_local_principal_has_every_role_and_is_made_once() {
        for store in stores() {
            let local = store.local_principal(&tenant("local"), "local").unwrap();
            assert_eq!(local.roles, Role::ALL, "{}", store.kind());
            assert!(local.tenant.operator);
            assert_eq!(store.local_principal(&tenant("other"), "local").unwrap(), local);
            let log = store.audit(&local.tenant, 10).unwrap();
            let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
            assert_eq!(actions, ["person.create", "tenant.create"], "{}", store.kind());
        }
    }

    #[test]
    fn the_first_token_is_made_once() {
        for store in stores() {
            let admin = store.first_token(&tenant("main"), &[1; 32]).unwrap().unwrap();
            assert_eq!((admin.tenant.name.as_str(), admin.person.as_str()), ("main", "admin"), "{}", store.kind());
            assert!(store.first_token(&tenant("main"), &[2; 32]).unwrap().is_none());
            assert_eq!(store.principal(&[1; 32]).unwrap(), Some(admin));
            assert_eq!(store.principal(&[2; 32]).unwrap(), None);
        }
    }

    #[test]
    fn tokens_for_new_tenants_and_taken_names() {
        for store in stores() {
            let admin = store.first_token(&tenant("main"), &[1; 32]).unwrap().unwrap();
            let other = tenant("other");
            let new = NewToken {
                tenant: &other,
                create_tenant: false,
                person: None,
                roles: &[Role::Content],
                hash: &[3; 32],
            };
            assert_eq!(store.issue_token(&new, &admin).unwrap(), None, "{}", store.kind());
            let issued = store.issue_token(&NewToken { create_tenant: true, ..new.clone() }, &admin).unwrap().unwrap();
            assert!(issued.tenant_created);
            assert_eq!(issued.principal.person, "content");
            assert!(!issued.principal.tenant.operator);
            assert_eq!(store.tenant(&other).unwrap(), Some(issued.principal.tenant.clone()));
            let again = NewToken { person: Some("content"), hash: &[4; 32], ..new };
            assert!(matches!(store.issue_token(&again, &admin), Err(StoreError::Conflict(_))), "{}", store.kind());
            assert_eq!(store.principal(&[4; 32]).unwrap(), None, "nothing of a refused token is kept");
        }
    }

    #[test]
    fn another_tenants_audit_log_names_the_operator_not_their_admin() {
        for store in stores() {
            let admin = store.first_token(&tenant("main"), &[1; 32]).unwrap().unwrap();
            let other = tenant("other");
            let new =
                NewToken { tenant: &other, create_tenant: true, person: None, roles: &[Role::Admin], hash: &[2; 32] };
            let issued = store.issue_token(&new, &admin).unwrap().unwrap();
            let entries = store.audit(&issued.principal.tenant, 10).unwrap();
            assert!(!entries.is_empty(), "{}", store.kind());
            for entry in &entries {
                assert_eq!(entry.actor, "the edge's operator", "{entry:?}");
            }
            let own = store.audit(&admin.tenant, 10).unwrap();
            assert!(own.iter().all(|e| e.actor == "admin@main"), "{own:?}");
        }
    }

    #[test]
    fn an_unnamed_person_gets_the_next_free_name_in_one_look_up() {
        for store in stores() {
            let admin = store.first_token(&tenant("main"), &[1; 32]).unwrap().unwrap();
            let main = tenant("main");
            let issue = |person: Option<&str>, n: u8| {
                let new =
                    NewToken { tenant: &main, create_tenant: false, person, roles: &[Role::Content], hash: &[n; 32] };
                store.issue_token(&new, &admin).unwrap().unwrap().principal.person
            };
            assert_eq!(issue(None, 2), "content", "{}", store.kind());
            assert_eq!(issue(None, 3), "content-2");
            assert_eq!(issue(Some("content-9"), 4), "content-9");
            assert_eq!(issue(None, 5), "content-10", "after the highest taken");
            assert_eq!(issue(Some("content-11x"), 6), "content-11x");
            assert_eq!(issue(None, 7), "content-12", "a name that only starts with a number is stepped over");
        }
    }

    #[test]
    fn offload_changes_are_checked_and_audited() {
        for store in stores() {
            let local = store.local_principal(&tenant("local"), "local").unwrap();
            let t = &local.tenant;
            assert_eq!(store.offload(t).unwrap(), OffloadSettings::default());
            let patch = OffloadPatch {
                default: Some(Some(Offload::Tokens(tokens(20_000)))),
                ceiling: Some(Some(tokens(40_000))),
                experiment: None,
            };
            let change = store.change_offload(t, &patch, &local).unwrap().unwrap();
            assert_eq!(change.before, OffloadSettings::default());
            assert_eq!(store.offload(t).unwrap(), change.after);
            let above = OffloadPatch { default: None, ceiling: Some(Some(tokens(10_000))), experiment: None };
            assert!(store.change_offload(t, &above, &local).unwrap().is_err());
            assert_eq!(store.offload(t).unwrap(), change.after, "a refused change changes nothing");
            let unset = OffloadPatch { default: Some(None), ceiling: Some(None), experiment: None };
            store.change_offload(t, &unset, &local).unwrap().unwrap();
            assert_eq!(store.offload(t).unwrap(), OffloadSettings::default());
            let log = store.audit(t, 10).unwrap();
            let offloads: Vec<_> = log.iter().filter(|e| e.action == "tenant.offload").collect();
            assert_eq!(offloads.len(), 2, "{}", store.kind());
            assert_eq!(offloads[0].old, serde_json::json!({"default": 20000, "ceiling": 40000}));
            assert_eq!(offloads[0].new, serde_json::json!({"default": null, "ceiling": null}));
            assert_eq!(offloads[0].actor, "local@local");
            assert!(offloads[0].id > offloads[1].id);
        }
    }

    /// Returns the first tenant's admin and the admin of a second tenant, `other`.
    fn two_tenants(store: &dyn Store) -> (Principal, Principal) {
        let admin = store.first_token(&tenant("main"), &[1; 32]).unwrap().unwrap();
        let other = tenant("other");
        let new = NewToken { tenant: &other, create_tenant: true, person: None, roles: &[Role::Admin], hash: &[2; 32] };
        let other = store.issue_token(&new, &admin).unwrap().unwrap().principal;
        (admin, other)
    }

    fn numbers(entries: &[AuditEntry]) -> Vec<u64> {
        entries.iter().map(|e| e.id).collect()
    }

    #[test]
    fn audit_entries_are_numbered_within_their_tenant() {
        for store in stores() {
            let (main, other) = two_tenants(&*store);
            // main: token.create and tenant.create; other: tenant.create and token.create.
            assert_eq!(numbers(&store.audit(&main.tenant, 10).unwrap()), [2, 1], "{}", store.kind());
            assert_eq!(numbers(&store.audit(&other.tenant, 10).unwrap()), [2, 1]);
            // The two tenants act in turn: each counts only its own.
            for n in 0..3 {
                for who in [&main, &other] {
                    let patch = OffloadPatch {
                        default: Some(Some(Offload::Tokens(tokens(1000 + n)))),
                        ceiling: None,
                        experiment: None,
                    };
                    store.change_offload(&who.tenant, &patch, who).unwrap().unwrap();
                }
            }
            for who in [&main, &other] {
                let log = store.audit(&who.tenant, 10).unwrap();
                assert_eq!(numbers(&log), [5, 4, 3, 2, 1], "{} {}", store.kind(), who.tenant.name);
                assert_eq!(log[0].new["default"], 1002);
            }
            // A refused change takes no number.
            let above = OffloadPatch { default: None, ceiling: Some(Some(tokens(10))), experiment: None };
            assert!(store.change_offload(&main.tenant, &above, &main).unwrap().is_err());
            let patch = OffloadPatch { default: Some(None), ceiling: None, experiment: None };
            store.change_offload(&main.tenant, &patch, &main).unwrap().unwrap();
            assert_eq!(store.audit(&main.tenant, 1).unwrap()[0].id, 6, "no gap");
        }
    }

    #[test]
    fn the_audit_log_is_read_before_a_number() {
        for store in stores() {
            let (main, other) = two_tenants(&*store);
            for n in 0..5 {
                let patch = OffloadPatch {
                    default: Some(Some(Offload::Tokens(tokens(1000 + n)))),
                    ceiling: None,
                    experiment: None,
                };
                store.change_offload(&main.tenant, &patch, &main).unwrap().unwrap();
            }
            let t = &main.tenant;
            assert_eq!(numbers(&store.audit_before(t, None, 3).unwrap()), [7, 6, 5], "{}", store.kind());
            assert_eq!(numbers(&store.audit_before(t, Some(5), 3).unwrap()), [4, 3, 2]);
            assert_eq!(numbers(&store.audit_before(t, Some(2), 3).unwrap()), [1]);
            assert!(store.audit_before(t, Some(1), 3).unwrap().is_empty());
            assert!(store.audit_before(t, Some(0), 3).unwrap().is_empty());
            assert_eq!(numbers(&store.audit_before(t, Some(u64::MAX), 2).unwrap()), [7, 6], "past the end: newest");
            // Another tenant's numbers below 5 are its own entries, never main's.
            let theirs = store.audit_before(&other.tenant, Some(5), 10).unwrap();
            assert_eq!(numbers(&theirs), [2, 1]);
            assert!(theirs.iter().all(|e| e.action != "tenant.offload"), "{theirs:?}");
        }
    }

    #[test]
    fn files_belong_to_a_tenant_and_a_tree() {
        for store in stores() {
            let local = store.local_principal(&tenant("local"), "local").unwrap();
            let tree = TreeId::new("job-1").unwrap();
            let file = FileRef::from_digest([7; 32]);
            assert!(!store.file_recorded(local.tenant.id, &file).unwrap());
            store.record_file(&local.tenant, &tree, &file, 12).unwrap();
            store.record_file(&local.tenant, &tree, &file, 12).unwrap();
            assert!(store.file_recorded(local.tenant.id, &file).unwrap(), "{}", store.kind());
            assert_eq!(store.file_size(&local.tenant, &tree, &file).unwrap(), Some(12));
            assert_eq!(store.file_size(&local.tenant, &TreeId::new("job-2").unwrap(), &file).unwrap(), None);
        }
    }

    #[test]
    fn a_files_labels_are_joined() {
        for store in stores() {
            let local = store.local_principal(&tenant("local"), "local").unwrap();
            let (t, tree, file) = (&local.tenant, TreeId::new("job-1").unwrap(), FileRef::from_digest([8; 32]));
            store.label_file(t, &tree, &file, &["hr".to_owned()]).unwrap();
            assert!(store.file_labels(t, &tree, &file).unwrap().is_empty(), "no such file: nothing kept");
            store.record_file(t, &tree, &file, 3).unwrap();
            store.label_file(t, &tree, &file, &["hr".to_owned()]).unwrap();
            store.label_file(t, &tree, &file, &["finance".to_owned(), "hr".to_owned()]).unwrap();
            let labels = store.file_labels(t, &tree, &file).unwrap();
            let mut sorted = labels.clone();
            sorted.sort();
            assert_eq!(sorted, ["finance", "hr"], "{}", store.kind());
        }
    }
}

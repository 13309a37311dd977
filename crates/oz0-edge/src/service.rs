//! [`LocalEdge`]: the [`Edge`] in process, as one person sees it. The embedded edge is a `LocalEdge` of the
//! local person; the HTTP server makes one for each request's token, so both transports run the same code.

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use oz0_core::agent::Definition;
use oz0_core::api::{AliasStatus, Experiment, ExperimentReport, ExperimentRequest};
use oz0_core::api::{
    Applied, AuditPage, CallAnswer, CallRequest, CreatedToken, Cursor, Edge, EdgeError, EventStream, FileRef,
    InstallOptions, Installed, InstalledPlugin, Job, JobDetail, JobPage, KeyKind, KeyStatus, MAX_PAGE, OffloadChange,
    OffloadPatch, OffloadView, QuestionAnswer, Role, RunRequest, SpendingLimits, Status, StoreStatus, StoredFile,
    Tenant, TenantName, TokenRequest, ToolInfo, Trace, TreeId,
};
use oz0_core::api::{
    Approval, ApprovalState, Conversation, ConversationSummary, Decision, ForkRequest, Rule, UsageRecord,
};
use oz0_core::api::{Erasure, Hold, HoldRequest, PayloadKeyRotation, Retention, Scope};
use oz0_core::offload::{Offload, Threshold};
use oz0_core::trace::Totals;

use crate::files::FileError;
use crate::news::Notice;
use crate::plugins;
use crate::sealing::KeySource;
use crate::state::{EdgeState, NO_FILE, NO_TENANT};
use crate::store::{
    EraseRefused, ForkRefused, HoldRefused, NewToken, PluginRecord, Principal, StoreError, TenantRecord,
};

/// The name of the embedded edge's tenant and person, when its store is new.
pub const LOCAL: &str = "local";

/// The edge as one person sees it, in process.
#[derive(Debug, Clone)]
pub struct LocalEdge {
    state: Arc<EdgeState>,
    principal: Principal,
}

impl LocalEdge {
    /// Opens the embedded edge whose state is in `dir`, as its local person. It keeps the servers it
    /// starts for the life of the process.
    pub fn open(dir: &Path) -> Result<Self, EdgeError> {
        Self::local(&EdgeState::open(dir, None)?)
    }

    /// Returns the edge as the local person sees it: every role in the first tenant (`local` when the
    /// store is new).
    pub fn local(state: &Arc<EdgeState>) -> Result<Self, EdgeError> {
        let name = TenantName::new(LOCAL).map_err(|err| EdgeError::internal("the local tenant's name", err))?;
        let principal = state.store().local_principal(&name, LOCAL)?;
        Ok(Self::new(state, principal))
    }

    /// Returns the edge as `principal` sees it.
    pub fn new(state: &Arc<EdgeState>, principal: Principal) -> Self {
        Self { state: Arc::clone(state), principal }
    }

    /// Returns the edge as the bearer of `token` sees it, or `None` when no one has that token.
    pub fn authenticate(state: &Arc<EdgeState>, token: &str) -> Result<Option<Self>, StoreError> {
        Ok(state.authenticate(token)?.map(|principal| Self::new(state, principal)))
    }

    /// Returns who this edge acts as.
    pub fn principal(&self) -> &Principal {
        &self.principal
    }

    /// Returns the edge's state.
    pub fn state(&self) -> &Arc<EdgeState> {
        &self.state
    }

    /// Runs `f` on a thread that may block, as the store's calls do.
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&EdgeState, &Principal) -> Result<T, EdgeError> + Send + 'static,
    ) -> Result<T, EdgeError> {
        self.state.blocking(&self.principal, f).await
    }
}

/// Returns where the edge key is, for an admin of the edge's first tenant: the edge's operator, who
/// keeps it; another tenant learns nothing of how the edge is laid out.
fn key_status(state: &EdgeState, principal: &Principal) -> Option<KeyStatus> {
    if !(principal.tenant.operator && principal.has(Role::Admin)) {
        return None;
    }
    let key = state.key()?;
    let (kind, place) = match key.source() {
        KeySource::File(path) => (KeyKind::File, path.display().to_string()),
        KeySource::Variable(name) => (KeyKind::Variable, name.clone()),
    };
    Some(KeyStatus { kind, place, id: key.id().to_string() })
}

/// Returns the model aliases a tenant may name and what answers each; none when the edge has no model
/// gateway (or one it cannot read, which a run says).
fn models_status(state: &EdgeState) -> Vec<AliasStatus> {
    let Ok(Some(config)) = crate::gateway::GatewayConfig::load(state.root()) else { return Vec::new() };
    config
        .known()
        .into_iter()
        .filter_map(|alias| {
            let answered_by = config.resolve(&alias)?.to_owned();
            let model = config.aliases.get(&answered_by)?.model.clone();
            Some(AliasStatus { alias, answered_by, model })
        })
        .collect()
}

/// Returns the tenant `tenant` names when the caller may see it: only their own.
fn visible(principal: &Principal, tenant: &Tenant) -> Result<TenantRecord, EdgeError> {
    match tenant {
        Tenant::Current => Ok(principal.tenant.clone()),
        Tenant::Named(name) if *name == principal.tenant.name => Ok(principal.tenant.clone()),
        Tenant::Named(_) => Err(EdgeError::not_found(NO_TENANT)),
    }
}

fn require(principal: &Principal, role: Role, action: &str) -> Result<(), EdgeError> {
    if principal.has(role) { Ok(()) } else { Err(EdgeError::permission_denied(action, role)) }
}

/// Checks a person's name: 1 to 64 letters, digits and `. _ @ -`.
fn person_name(name: &str) -> Result<(), EdgeError> {
    let valid = (1..=64).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'@' | b'-'));
    if valid {
        Ok(())
    } else {
        Err(EdgeError::invalid(format!("`{name}` is not a valid person's name: 1 to 64 letters, digits and `. _ @ -`")))
    }
}

impl Edge for LocalEdge {
    async fn status(&self) -> Result<Status, EdgeError> {
        self.blocking(|state, principal| {
            Ok(Status {
                version: env!("CARGO_PKG_VERSION").to_owned(),
                tenant: principal.tenant.name.clone(),
                person: principal.person.clone(),
                roles: principal.roles.clone(),
                operator: principal.tenant.operator,
                store: StoreStatus {
                    kind: state.store().kind().to_owned(),
                    schema_version: state.store().schema_version()?,
                },
                tools: state.tools_status(),
                key: key_status(state, principal),
                models: models_status(state),
            })
        })
        .await
    }

    async fn offload(&self, tenant: &Tenant) -> Result<OffloadView, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            Ok(OffloadView::of(state.store().offload(&tenant)?))
        })
        .await
    }

    async fn set_offload(&self, tenant: &Tenant, patch: &OffloadPatch) -> Result<OffloadChange, EdgeError> {
        let (tenant, patch) = (tenant.clone(), patch.clone());
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "changing the tenant's offload settings")?;
            if patch.is_empty() {
                return Err(EdgeError::invalid(
                    "the change names nothing: give a default or a ceiling, or null to unset one",
                ));
            }
            if let Some(id) = &patch.experiment
                && state.store().experiment(&tenant, id)?.is_none()
            {
                return Err(crate::runner::experiment::no_experiment(id));
            }
            state.store().change_offload(&tenant, &patch, principal)?.map_err(|err| EdgeError::invalid(err.to_string()))
        })
        .await
    }

    async fn usage(&self, since_ms: Option<u64>, until_ms: Option<u64>) -> Result<Vec<UsageRecord>, EdgeError> {
        self.blocking(move |state, principal| {
            let jobs =
                state.store().jobs_between(&principal.tenant, since_ms.unwrap_or(0), until_ms.unwrap_or(u64::MAX))?;
            crate::usage::records(state, &principal.tenant, &jobs)
        })
        .await
    }

    async fn rules(&self) -> Result<Vec<Rule>, EdgeError> {
        self.blocking(|state, principal| Ok(state.store().rules(&principal.tenant)?)).await
    }

    async fn set_rule(&self, rule: &Rule) -> Result<Option<Rule>, EdgeError> {
        let rule = rule.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "changing the tool policy")?;
            oz0_core::api::check_pattern(&rule.pattern).map_err(EdgeError::invalid)?;
            Ok(state.store().set_rule(&principal.tenant, &rule, principal)?)
        })
        .await
    }

    async fn remove_rule(&self, pattern: &str) -> Result<Rule, EdgeError> {
        let pattern = pattern.to_owned();
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "changing the tool policy")?;
            state.store().remove_rule(&principal.tenant, &pattern, principal)?.ok_or_else(|| {
                EdgeError::not_found(format!("no rule has the pattern `{pattern}`; `oz0 policy list` shows the rules"))
            })
        })
        .await
    }

    async fn approvals(&self, all: bool) -> Result<Vec<Approval>, EdgeError> {
        self.blocking(move |state, principal| Ok(state.store().approvals(&principal.tenant, all, 1000)?)).await
    }

    async fn approval(&self, id: u64) -> Result<Approval, EdgeError> {
        self.blocking(move |state, principal| {
            state
                .store()
                .approval(&principal.tenant, id)?
                .ok_or_else(|| EdgeError::not_found(format!("no approval {id}")))
        })
        .await
    }

    async fn decide(&self, id: u64, decision: &Decision) -> Result<Approval, EdgeError> {
        let decision = decision.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "answering an approval")?;
            let answer = if decision.approve { ApprovalState::Approved } else { ApprovalState::Denied };
            let store = state.store();
            match store.decide(&principal.tenant, id, answer, Some(principal), decision.reason.as_deref())? {
                Some(approval) => Ok(approval),
                None => match store.approval(&principal.tenant, id)? {
                    Some(approval) => Err(EdgeError::invalid(format!(
                        "approval {id} is {} already{}",
                        approval.state.as_str(),
                        approval.decided_by.map(|who| format!(", by {who}")).unwrap_or_default()
                    ))),
                    None => Err(EdgeError::not_found(format!("no approval {id}"))),
                },
            }
        })
        .await
    }

    async fn limits(&self, tenant: &Tenant) -> Result<SpendingLimits, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            Ok(state.store().limits(&tenant)?)
        })
        .await
    }

    async fn set_limits(&self, tenant: &Tenant, limits: &SpendingLimits) -> Result<SpendingLimits, EdgeError> {
        let (tenant, limits) = (tenant.clone(), *limits);
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "changing the tenant's spending limits")?;
            for (name, limit) in [("usd_per_day", limits.usd_per_day), ("usd_per_month", limits.usd_per_month)] {
                if limit.is_some_and(|usd| !usd.is_finite() || usd < 0.0) {
                    return Err(EdgeError::invalid(format!("{name} must be a number of dollars, 0 or more")));
                }
            }
            state.store().set_limits(&tenant, &limits, principal)?;
            Ok(limits)
        })
        .await
    }

    async fn data_rules(&self, tenant: &Tenant) -> Result<oz0_core::api::DataRules, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            Ok(state.store().data_rules(&tenant)?)
        })
        .await
    }

    async fn set_data_rules(
        &self,
        tenant: &Tenant,
        rules: &oz0_core::api::DataRules,
    ) -> Result<oz0_core::api::DataRules, EdgeError> {
        let (tenant, rules) = (tenant.clone(), rules.clone());
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "changing the tenant's data rules")?;
            for (label, aliases) in &rules.0 {
                oz0_core::labels::read(&serde_json::json!([label])).map_err(EdgeError::invalid)?;
                for alias in aliases {
                    oz0_core::api::check_alias(alias).map_err(EdgeError::invalid)?;
                }
            }
            Ok(state.store().set_data_rules(&tenant, &rules, principal)?)
        })
        .await
    }

    async fn quotas(&self, tenant: &Tenant) -> Result<oz0_core::api::Quotas, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            Ok(state.store().quotas(&tenant)?)
        })
        .await
    }

    async fn set_quotas(
        &self,
        tenant: &Tenant,
        quotas: &oz0_core::api::Quotas,
    ) -> Result<oz0_core::api::Quotas, EdgeError> {
        let (tenant, quotas) = (tenant.clone(), quotas.clone());
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "changing the tenant's quotas")?;
            Ok(state.store().set_quotas(&tenant, &quotas, principal)?)
        })
        .await
    }

    async fn retention(&self, tenant: &Tenant) -> Result<Retention, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "reading the tenant's retention")?;
            Ok(state.store().retention(&tenant)?)
        })
        .await
    }

    async fn set_retention(&self, tenant: &Tenant, retention: &Retention) -> Result<Retention, EdgeError> {
        let (tenant, retention) = (tenant.clone(), *retention);
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "changing the tenant's retention")?;
            Ok(state.store().set_retention(&tenant, &retention, principal)?)
        })
        .await
    }

    async fn rotate_payload_key(&self, tenant: &Tenant) -> Result<PayloadKeyRotation, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "giving the tenant a new payload key")?;
            let store = state.store();
            let (key, retired) = store.rotate_payload_key(&tenant, principal)?;
            Ok(PayloadKeyRotation {
                key: key.to_string(),
                retired: retired.map(|id| id.to_string()),
                sealing: store.seals_payloads(),
            })
        })
        .await
    }

    async fn holds(&self, all: bool) -> Result<Vec<Hold>, EdgeError> {
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "reading the legal holds")?;
            Ok(state.store().holds(&principal.tenant, all)?)
        })
        .await
    }

    async fn create_hold(&self, request: &HoldRequest) -> Result<Hold, EdgeError> {
        let mut request = request.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "making a legal hold")?;
            request.reason = request.reason.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty());
            if request.reason.as_ref().is_some_and(|r| r.chars().count() > MAX_REASON) {
                return Err(EdgeError::invalid(format!("a hold's reason is at most {MAX_REASON} characters")));
            }
            match state.store().create_hold(&principal.tenant, &request, principal)? {
                Ok(hold) => Ok(hold),
                Err(HoldRefused::Unknown(scope)) => Err(no_scope(&scope)),
            }
        })
        .await
    }

    async fn release_hold(&self, id: u64) -> Result<Hold, EdgeError> {
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "releasing a legal hold")?;
            state.store().release_hold(&principal.tenant, id, principal)?.ok_or_else(|| {
                EdgeError::not_found(format!("no hold {id} is in force; `oz0 hold list --all` shows the holds"))
            })
        })
        .await
    }

    async fn erase(&self, scope: &Scope) -> Result<Erasure, EdgeError> {
        let scope = scope.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "erasing data")?;
            match state.erase(&principal.tenant, &scope, principal)? {
                Ok(erasure) => Ok(erasure),
                Err(EraseRefused::Unknown(scope)) => Err(no_scope(&scope)),
                Err(EraseRefused::Held(hold)) => {
                    let reason = hold.reason.as_deref().map(|r| format!(", \"{r}\"")).unwrap_or_default();
                    Err(EdgeError::invalid(format!(
                        "{scope} is kept by the legal hold {id} (on {on}{reason}): release the hold first, with \
                         `oz0 hold release {id}`",
                        id = hold.id,
                        on = hold.scope,
                    )))
                }
                Err(EraseRefused::Running(job)) => Err(EdgeError::invalid(format!(
                    "the job `{job}` of {scope} still runs: cancel it first, with `oz0 job cancel {job}`, or let it end"
                ))),
            }
        })
        .await
    }

    async fn threshold(&self, tenant: &Tenant, agent: Option<Offload>) -> Result<Threshold, EdgeError> {
        let tenant = tenant.clone();
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            Ok(oz0_core::offload::threshold(agent, &state.store().offload(&tenant)?))
        })
        .await
    }

    async fn audit(&self, tenant: &Tenant, limit: u32, after: Option<&Cursor>) -> Result<AuditPage, EdgeError> {
        let (tenant, after) = (tenant.clone(), after.cloned());
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Admin, "reading the audit log")?;
            page_limit(limit)?;
            let before =
                after.as_ref().map(|c| c.entry().ok_or_else(|| not_this_lists(c, "audit log's"))).transpose()?;
            // One more than asked, to know whether a page follows.
            let mut entries = state.store().audit_before(&tenant, before, limit + 1)?;
            let next = more(&mut entries, limit).map(|last| Cursor::after_entry(last.id));
            Ok(AuditPage { entries, next })
        })
        .await
    }

    async fn create_token(&self, request: &TokenRequest) -> Result<CreatedToken, EdgeError> {
        let request = request.clone();
        self.blocking(move |state, principal| {
            let tenant = match &request.tenant {
                Some(name) if *name != principal.tenant.name && !principal.tenant.operator => {
                    return Err(EdgeError::not_found(NO_TENANT));
                }
                Some(name) => name.clone(),
                None => principal.tenant.name.clone(),
            };
            require(principal, Role::Admin, "creating a token")?;
            if request.roles.is_empty() {
                return Err(EdgeError::invalid("a token needs at least one role: admin or content"));
            }
            if let Some(name) = &request.name {
                person_name(name)?;
            }
            let (token, hash) =
                crate::token::generate().map_err(|err| EdgeError::internal("could not make a token", err))?;
            let new = NewToken {
                tenant: &tenant,
                create_tenant: principal.tenant.operator,
                person: request.name.as_deref(),
                roles: &request.roles,
                hash: &hash,
            };
            let issued = state.store().issue_token(&new, principal)?.ok_or_else(|| EdgeError::not_found(NO_TENANT))?;
            Ok(CreatedToken {
                token,
                tenant,
                person: issued.principal.person,
                roles: issued.principal.roles,
                tenant_created: issued.tenant_created,
            })
        })
        .await
    }

    async fn put_file(&self, tenant: &Tenant, tree: &TreeId, bytes: Vec<u8>) -> Result<StoredFile, EdgeError> {
        let (tenant, tree) = (tenant.clone(), tree.clone());
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Content, "storing a file")?;
            state.keep_file(&tenant, &tree, &bytes)
        })
        .await
    }

    async fn get_file(&self, tenant: &Tenant, tree: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        let (tenant, tree, file) = (tenant.clone(), tree.clone(), *file);
        self.blocking(move |state, principal| {
            let tenant = visible(principal, &tenant)?;
            require(principal, Role::Content, "reading a file")?;
            read_file(state, &tenant, &tree, &file)
        })
        .await
    }

    async fn install_plugin(&self, archive: Vec<u8>, options: &InstallOptions) -> Result<Installed, EdgeError> {
        require(&self.principal, Role::Admin, "installing a plugin")?;
        let tenant = self.principal.tenant.id;
        let root = self.state.root().to_path_buf();
        let (accept_model, secrets, models) = (options.accept_model, options.secrets.clone(), options.models.clone());
        let (folder, document, models_accepted, archive) = self
            .blocking(move |state, principal| {
                let folder = plugins::unpack_new(&root, tenant, &archive)?;
                let document = plugins::read_manifest(folder.path())?;
                // Told before its servers are started; checked again as it is kept.
                state.check_plugin_room(&principal.tenant, &document.manifest.name)?;
                let accepted = plugins::check_models(&document, accept_model)?;
                let gateway = crate::gateway::GatewayConfig::load(state.root()).ok().flatten();
                plugins::check_model_aliases(&document, &models, gateway.as_ref())?;
                plugins::check_secrets(&document, &secrets)?;
                Ok((folder, document, accepted, archive))
            })
            .await?;
        let sandbox = self.state.sandbox(tenant);
        let listing = plugins::measure(&document, folder.path(), &sandbox, &options.secrets).await?;
        let warnings = plugins::refuse_errors(&document, Some(&listing))?;
        let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let info = plugins::info(&document, &listing, models_accepted, options, now);
        let secrets = options.secrets.clone();
        self.blocking(move |state, principal| {
            // The plugin's folder is named by its name and the time, so that a call running the old
            // version keeps its files until it ends.
            let dir = folder.path().with_file_name(format!("{}-{now}", info.name));
            // Nodes that share the store unpack the plugin from the archive it keeps.
            let archive = state.store().shared().then_some(archive);
            let record = PluginRecord {
                info,
                dir: dir.display().to_string(),
                manifest: document.manifest,
                secrets,
                archive: archive.as_deref().map(|a| FileRef::from_digest(crate::files::digest(a))),
            };
            let installs = state.installs(principal.tenant.id);
            let _one_at_a_time = installs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            state.check_plugin_room(&principal.tenant, &record.info.name)?;
            fs_err::rename(folder.path(), &dir).map_err(|err| EdgeError::internal("could not keep the plugin", err))?;
            let _ = folder.keep();
            let kept = state.store().keep_plugin(&principal.tenant, &record, archive.as_deref(), principal);
            let replaced = match kept {
                Ok(replaced) => replaced,
                Err(err) => {
                    let _ = fs_err::remove_dir_all(&dir);
                    return Err(err.into());
                }
            };
            if let Some(old) = &replaced {
                let old_dir = state.plugin_dir(principal.tenant.id, old);
                state.servers().retire(&old_dir);
                let _ = fs_err::remove_dir_all(&old_dir);
            }
            Ok(Installed { plugin: record.info, replaced: replaced.map(|r| r.info.version), warnings })
        })
        .await
    }

    async fn plugins(&self) -> Result<Vec<InstalledPlugin>, EdgeError> {
        self.blocking(|state, principal| {
            Ok(state.store().plugins(&principal.tenant)?.into_iter().map(|record| record.info).collect())
        })
        .await
    }

    async fn remove_plugin(&self, name: &str) -> Result<InstalledPlugin, EdgeError> {
        let name = name.to_owned();
        self.blocking(move |state, principal| {
            require(principal, Role::Admin, "removing a plugin")?;
            let removed = state
                .store()
                .remove_plugin(&principal.tenant, &name, principal)?
                .ok_or_else(|| EdgeError::not_found(format!("no plugin `{name}` is installed")))?;
            let removed_dir = state.plugin_dir(principal.tenant.id, &removed);
            state.servers().retire(&removed_dir);
            let _ = fs_err::remove_dir_all(&removed_dir);
            plugins::forget_tools(state.root(), principal.tenant.id, &removed.info);
            Ok(removed.info)
        })
        .await
    }

    async fn tool(&self, id: &str) -> Result<ToolInfo, EdgeError> {
        let id = id.to_owned();
        self.blocking(move |state, principal| {
            let found = state.store().plugin_of_tool(&principal.tenant, &id)?;
            match found.and_then(|record| record.info.tools.into_iter().find(|t| t.id == id)) {
                Some(tool) => Ok(tool),
                None => Err(crate::calls::no_tool(state, &principal.tenant, &id)?),
            }
        })
        .await
    }

    async fn call_tool(&self, request: &CallRequest) -> Result<CallAnswer, EdgeError> {
        require(&self.principal, Role::Content, "calling a tool")?;
        crate::calls::call(&self.state, &self.principal, request).await
    }

    async fn cancel_job(&self, id: &TreeId) -> Result<Job, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "cancelling a job")?;
            crate::calls::cancel(state, principal, &id)
        })
        .await
    }

    async fn jobs(&self, limit: u32, after: Option<&Cursor>) -> Result<JobPage, EdgeError> {
        let after = after.cloned();
        self.blocking(move |state, principal| {
            page_limit(limit)?;
            let before = after.as_ref().map(|c| c.job().ok_or_else(|| not_this_lists(c, "job list's"))).transpose()?;
            let mut jobs =
                state.store().jobs(&principal.tenant, before.as_ref().map(|(ms, id)| (*ms, id)), limit + 1)?;
            let next = match more(&mut jobs, limit) {
                Some(last) => {
                    let started = oz0_core::api::parse_instant(&last.started_at)
                        .map_err(|err| EdgeError::internal("a job's start in the store", err))?;
                    Some(Cursor::after_job(started, &last.id))
                }
                None => None,
            };
            Ok(JobPage { jobs, next })
        })
        .await
    }

    async fn job(&self, id: &TreeId) -> Result<JobDetail, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| {
            let job = find_job(state, principal, &id)?;
            let files = state.store().tree_files(&principal.tenant, &job.tree)?;
            let totals = Totals::of(&state.store().steps(&principal.tenant, &id, 0)?);
            let (input, output) = state.store().job_io(&principal.tenant, &id)?;
            Ok(JobDetail { job, files, input, output, totals })
        })
        .await
    }

    async fn trace(&self, id: &TreeId, after: u32, limit: u32) -> Result<Trace, EdgeError> {
        let id = id.clone();
        let limit = limit.clamp(1, oz0_core::api::MAX_TRACE_STEPS) as usize;
        self.blocking(move |state, principal| {
            let job = find_job(state, principal, &id)?;
            let steps = state.store().steps(&principal.tenant, &id, 0)?;
            let totals = Totals::of(&steps);
            let mut page: Vec<_> = steps.into_iter().filter(|s| s.seq > after).take(limit + 1).collect();
            let next = (page.len() > limit).then(|| page[limit].seq);
            page.truncate(limit);
            Ok(Trace { job, steps: page, totals, next })
        })
        .await
    }

    async fn job_file(&self, id: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        let (id, file) = (id.clone(), *file);
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "reading a file")?;
            let job = find_job(state, principal, &id)?;
            read_file(state, &principal.tenant, &job.tree, &file)
        })
        .await
    }

    async fn apply_definition(&self, definition: &Definition) -> Result<Applied, EdgeError> {
        let definition = definition.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "installing an agent or a flow")?;
            oz0_core::agent::check(&definition)
                .map_err(|err| EdgeError::invalid(format!("{}: {err}", definition.id())))?;
            if let Definition::Flow(flow) = &definition
                && flow.as_tool
                && let Some(plugin) = state.plugin_of_tool(&principal.tenant, &flow.id)?
            {
                return Err(EdgeError::invalid(format!(
                    "{}: the plugin `{}` has a tool of that name already: a flow installed as a tool takes a name no \
                     tool has",
                    flow.id, plugin.info.name
                )));
            }
            let replaced = state.store().put_definition(&principal.tenant, &definition, principal)?;
            Ok(Applied { definition, replaced })
        })
        .await
    }

    async fn definitions(&self) -> Result<Vec<Definition>, EdgeError> {
        self.blocking(|state, principal| Ok(state.store().definitions(&principal.tenant)?)).await
    }

    async fn start_run(&self, request: &RunRequest) -> Result<Job, EdgeError> {
        require(&self.principal, Role::Content, "running an agent or a flow")?;
        crate::runner::start(&self.state, &self.principal, request).await
    }

    async fn events(&self, id: &TreeId, after: u32) -> Result<EventStream, EdgeError> {
        crate::runner::events(&self.state, &self.principal, id, after).await
    }

    async fn conversations(&self, limit: u32) -> Result<Vec<ConversationSummary>, EdgeError> {
        let limit = limit.clamp(1, MAX_PAGE);
        self.blocking(move |state, principal| {
            Ok(state.store().conversations(&principal.tenant, &principal.person, limit)?)
        })
        .await
    }

    async fn conversation(&self, id: &TreeId) -> Result<Conversation, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| {
            state.store().conversation(&principal.tenant, &principal.person, &id)?.ok_or_else(|| no_conversation(&id))
        })
        .await
    }

    async fn fork_conversation(&self, id: &TreeId, fork: &ForkRequest) -> Result<Conversation, EdgeError> {
        require(&self.principal, Role::Content, "forking a conversation")?;
        let (id, turn) = (id.clone(), fork.turn);
        self.blocking(move |state, principal| {
            let new = crate::calls::new_job_id()?;
            match state.store().fork_conversation(&principal.tenant, &id, turn, &new, principal)? {
                Ok(conversation) => Ok(conversation),
                Err(ForkRefused::Unknown) => Err(no_conversation(&id)),
                Err(ForkRefused::NoTurn(0)) => {
                    Err(EdgeError::invalid(format!("the conversation `{id}` has no turn yet to fork from")))
                }
                Err(ForkRefused::NoTurn(last)) => Err(EdgeError::invalid(format!(
                    "the conversation `{id}` has no turn {turn}: fork from a turn of 1 to {last}"
                ))),
                Err(ForkRefused::Running(job)) => Err(EdgeError::invalid(format!(
                    "turn {turn} of the conversation `{id}` still runs (job {job}): fork from it once it has ended"
                ))),
            }
        })
        .await
    }

    async fn step_result(&self, id: &TreeId, step: u32) -> Result<serde_json::Value, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "reading a call's result")?;
            let job = find_job(state, principal, &id)?;
            let Some(text) = state.store().result(&principal.tenant, &id, step)? else {
                let why = if job.erased_at.is_some() {
                    "it was erased with the job's payloads"
                } else {
                    "the step is no call that answered, or its result was not kept"
                };
                return Err(EdgeError::not_found(format!("no result of step {step} of the job `{id}`: {why}")));
            };
            serde_json::from_str(&text).map_err(|err| EdgeError::internal("a call's result in the store", err))
        })
        .await
    }

    async fn history(&self, id: &TreeId) -> Result<oz0_core::api::JobHistory, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| {
            require(principal, Role::Content, "reading a job's history")?;
            let job = find_job(state, principal, &id)?;
            let messages = state
                .store()
                .said(&principal.tenant, &id, 0)?
                .into_iter()
                .map(|(n, after, text)| {
                    let message = serde_json::from_str(&text)
                        .map_err(|err| EdgeError::internal("a message of the job in the store", err))?;
                    Ok(oz0_core::api::Said { n, after, message })
                })
                .collect::<Result<_, EdgeError>>()?;
            Ok(oz0_core::api::JobHistory { job, messages })
        })
        .await
    }

    async fn start_experiment(&self, request: &ExperimentRequest) -> Result<Experiment, EdgeError> {
        require(&self.principal, Role::Content, "starting an experiment")?;
        crate::runner::experiment::start(&self.state, &self.principal, request).await
    }

    async fn experiments(&self, limit: u32) -> Result<Vec<Experiment>, EdgeError> {
        let limit = limit.clamp(1, MAX_PAGE);
        self.blocking(move |state, principal| Ok(state.store().experiments(&principal.tenant, limit)?)).await
    }

    async fn experiment(&self, id: &TreeId) -> Result<ExperimentReport, EdgeError> {
        let id = id.clone();
        self.blocking(move |state, principal| crate::runner::experiment::report(state, principal, &id)).await
    }

    async fn cancel_experiment(&self, id: &TreeId) -> Result<Experiment, EdgeError> {
        require(&self.principal, Role::Content, "cancelling an experiment")?;
        let id = id.clone();
        self.blocking(move |state, principal| crate::runner::experiment::cancel(state, principal, &id)).await
    }

    async fn answer(&self, id: &TreeId, question: u32, answer: &QuestionAnswer) -> Result<(), EdgeError> {
        require(&self.principal, Role::Content, "answering a tool's question")?;
        let tenant = self.principal.tenant.id;
        if self.state.running().answer(tenant, id, question, answer.clone()) {
            return Ok(());
        }
        let job = id.clone();
        let running = self
            .blocking(move |state, principal| {
                Ok(state.news().shared()
                    && state.store().job(&principal.tenant, &job)?.is_some_and(|j| !j.state.ended()))
            })
            .await?;
        if running {
            // Run by another node, maybe: the answer goes to the node that asked, and there to its
            // question if it still waits.
            let notice = Notice::Answer { tenant, job: id.as_str().to_owned(), question, answer: answer.clone() };
            self.state.news().tell(self.state.running(), notice);
            return Ok(());
        }
        Err(EdgeError::not_found(format!(
            "no question {question} of the job `{id}` is waiting for an answer on this edge"
        )))
    }
}

/// Refuses a page's limit out of 1 to [`MAX_PAGE`].
fn page_limit(limit: u32) -> Result<(), EdgeError> {
    if (1..=MAX_PAGE).contains(&limit) {
        Ok(())
    } else {
        Err(EdgeError::invalid(format!("the limit {limit} is not from 1 to {MAX_PAGE}")))
    }
}

/// Returns the refusal of a cursor that is not one of the list it was given to.
fn not_this_lists(cursor: &Cursor, list: &str) -> EdgeError {
    EdgeError::invalid(format!(
        "`{cursor}` is not a cursor of the {list} pages: pass the `next` of the page before as it is, or leave \
         it out to start from the newest"
    ))
}

/// Cuts `items`, read one more than `limit`, to `limit`, and returns the last kept when more follow.
fn more<T>(items: &mut Vec<T>, limit: u32) -> Option<&T> {
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    if items.len() <= limit {
        return None;
    }
    items.truncate(limit);
    items.last()
}

fn find_job(state: &EdgeState, principal: &Principal, id: &TreeId) -> Result<Job, EdgeError> {
    state.store().job(&principal.tenant, id)?.ok_or_else(|| EdgeError::not_found(format!("no job `{id}`")))
}

/// Returns a file of the tenant's tree, its digest checked, or "not found" when the tree did not
/// store it.
fn read_file(state: &EdgeState, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
    if state.store().file_size(tenant, tree, file)?.is_none() {
        return Err(EdgeError::not_found(NO_FILE));
    }
    state.files().get(tenant.id, file).map_err(|err| match err {
        FileError::Missing(_) => EdgeError::not_found(NO_FILE),
        FileError::Store(err) => err.into(),
        err => EdgeError::internal(format!("could not read the file {file}"), err),
    })
}

/// The most characters of a hold's reason.
const MAX_REASON: usize = 500;

/// Returns the error of a job, a tree or a conversation not found: the same whether it does not exist
/// or is another tenant's.
fn no_scope(scope: &Scope) -> EdgeError {
    EdgeError::not_found(format!("no {} `{}`", scope.kind(), scope.id()))
}

/// Returns the error of a conversation not found.
fn no_conversation(id: &TreeId) -> EdgeError {
    EdgeError::not_found(format!("no conversation `{id}`: `oz0 conversation list` shows them"))
}

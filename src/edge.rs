//! Where the edge is: the embedded one under `$OZ0_HOME`, or one over HTTP named by `--edge`, `OZ0_EDGE`
//! or a profile of the config file; and what its errors mean to a person.

use std::path::{Path, PathBuf};

use clap::Args;
use oz0_client::Client;
use oz0_core::api::{
    Applied, AuditPage, CallAnswer, CallRequest, CreatedToken, Cursor, Edge, EdgeError, EventStream, FileRef,
    InstallOptions, Installed, InstalledPlugin, Job, JobDetail, JobPage, OffloadChange, OffloadPatch, OffloadView,
    QuestionAnswer, RunRequest, Status, StoredFile, Tenant, TokenRequest, ToolInfo, Trace, TreeId,
};
use oz0_core::api::{Approval, Decision, Rule, SpendingLimits, UsageRecord};
use oz0_core::api::{Erasure, Hold, HoldRequest, PayloadKeyRotation, Retention, Scope};
use oz0_core::offload::{Offload, Threshold};
use oz0_edge::LocalEdge;
use oz0_edge::sealing::{KEY_VARIABLE, KeyPlace};
use oz0_toolhost::{Confinement, Fallback, Network};
use serde::Deserialize;

use crate::error::CommandError;

/// Which edge to talk to; left out, the embedded one.
#[derive(Debug, Clone, Default, Args)]
pub struct EdgeArgs {
    /// The edge's address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME.
    #[arg(
        long,
        global = true,
        value_name = "URL",
        env = "OZ0_EDGE",
        hide_env_values = true,
        help_heading = "Edge options"
    )]
    pub edge: Option<String>,

    /// The bearer token to send to the edge.
    #[arg(
        long,
        global = true,
        value_name = "TOKEN",
        env = "OZ0_TOKEN",
        hide_env_values = true,
        help_heading = "Edge options"
    )]
    pub token: Option<String>,

    /// The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml).
    #[arg(
        long,
        global = true,
        value_name = "NAME",
        env = "OZ0_PROFILE",
        hide_env_values = true,
        help_heading = "Edge options"
    )]
    pub profile: Option<String>,
}

/// Where the address of the edge came from, to say what to change when it does not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// `--edge`.
    Flag,
    /// `OZ0_EDGE`.
    Environment,
    /// A profile of the config file.
    Profile { name: String, path: PathBuf },
}

/// Where the edge is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// In process, with its state in this folder.
    Embedded(PathBuf),
    /// Over HTTP.
    Remote { url: String, origin: Origin, token: Option<String> },
}

impl Place {
    /// Returns the place in words: the folder, or the address.
    pub fn describe(&self) -> String {
        match self {
            Place::Embedded(dir) => format!("embedded, in {}", dir.display()),
            Place::Remote { url, .. } => url.clone(),
        }
    }
}

/// The config file: profiles, each an edge and a token.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    /// The profile used when neither --profile nor OZ0_PROFILE names one.
    profile: Option<String>,
    #[serde(default)]
    profiles: std::collections::BTreeMap<String, Profile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Profile {
    edge: String,
    token: Option<String>,
}

/// Returns the folder of the embedded edge's state: `$OZ0_HOME`, else the platform's data folder.
pub fn home() -> Result<PathBuf, CommandError> {
    if let Some(home) = std::env::var_os("OZ0_HOME").filter(|h| !h.is_empty()) {
        return Ok(PathBuf::from(home));
    }
    dirs::data_dir().map(|dir| dir.join("oz0")).ok_or_else(|| {
        CommandError::operational("cannot tell where oz0 keeps its state").hint("set OZ0_HOME to a folder")
    })
}

/// Returns the config file's path: `$XDG_CONFIG_HOME/oz0/config.toml`, else the platform's.
fn config_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("oz0/config.toml"));
    }
    if cfg!(unix) {
        return dirs::home_dir().map(|home| home.join(".config/oz0/config.toml"));
    }
    dirs::config_dir().map(|dir| dir.join("oz0/config.toml"))
}

fn read_config(path: &Path) -> Result<Option<Config>, CommandError> {
    let text = match fs_err::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(CommandError::operational("could not read the config file").caused_by(err)),
    };
    toml::from_str(&text).map(Some).map_err(|err| {
        CommandError::usage(format!("'{}' is not a config file oz0 can read", path.display()))
            .caused_by(err)
            .hint("a profile is `[profiles.NAME]` with `edge = \"URL\"` and, optionally, `token = \"oz0_...\"`")
    })
}

fn non_empty(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// Decides where the edge is: `--edge`, then `OZ0_EDGE`, then the config file's profile, else embedded.
/// A profile's token is sent only to the profile's own edge.
pub fn place(args: &EdgeArgs) -> Result<Place, CommandError> {
    let token = non_empty(&args.token);
    if let Some(url) = non_empty(&args.edge) {
        let from_flag = std::env::var("OZ0_EDGE").map_or(true, |env| env.trim() != url);
        let origin = if from_flag { Origin::Flag } else { Origin::Environment };
        return Ok(Place::Remote { url, origin, token });
    }
    let path = config_path();
    let config = match &path {
        Some(path) => read_config(path)?,
        None => None,
    };
    let named = non_empty(&args.profile);
    let Some(config) = config else {
        if let Some(name) = named {
            return Err(CommandError::usage(format!("there is no profile `{name}`: there is no config file")).hint(
                format!(
                    "write one at {}",
                    path.map_or("$XDG_CONFIG_HOME/oz0/config.toml".into(), |p| p.display().to_string())
                ),
            ));
        }
        return Ok(Place::Embedded(home()?));
    };
    let path = path.unwrap_or_default();
    let explicit = named.is_some();
    let name = named.or(config.profile.clone()).unwrap_or_else(|| "default".to_owned());
    match config.profiles.get(&name) {
        Some(profile) => Ok(Place::Remote {
            url: profile.edge.trim().to_owned(),
            origin: Origin::Profile { name, path },
            token: token.or_else(|| profile.token.clone()),
        }),
        None if explicit || config.profile.is_some() => {
            let known: Vec<_> = config.profiles.keys().map(|k| format!("`{k}`")).collect();
            Err(CommandError::usage(format!("there is no profile `{name}` in '{}'", path.display())).hint(
                if known.is_empty() {
                    "it has no profiles".to_owned()
                } else {
                    format!("its profiles: {}", known.join(", "))
                },
            ))
        }
        None => Ok(Place::Embedded(home()?)),
    }
}

/// The edge, in process or over HTTP.
#[derive(Debug)]
pub enum AnyEdge {
    /// In process.
    Local(Box<LocalEdge>),
    /// Over HTTP.
    Remote(Client),
}

/// An edge and where it is.
#[derive(Debug)]
pub struct Connected {
    pub edge: AnyEdge,
    pub place: Place,
}

/// Opens the edge `args` name.
pub fn connect(args: &EdgeArgs) -> Result<Connected, CommandError> {
    let place = place(args)?;
    let edge = match &place {
        Place::Embedded(dir) => AnyEdge::Local(Box::new(open_embedded(dir)?)),
        Place::Remote { url, token, .. } => AnyEdge::Remote(
            Client::new(url, token.clone())
                .map_err(|err| CommandError::usage(err.to_string()).hint(origin_hint(&place, "correct it")))?,
        ),
    };
    Ok(Connected { edge, place })
}

/// Opens the embedded edge in `dir`, its tools' servers confined as a person's own plugins are.
pub fn open_embedded(dir: &Path) -> Result<LocalEdge, CommandError> {
    let edge = LocalEdge::open(dir).map_err(|err| {
        let key = oz0_edge::node::is_key_error(&err);
        let error = CommandError::operational(format!("could not open the embedded edge in '{}'", dir.display()))
            .caused_by(err);
        if key {
            error.hint(format!(
                "the embedded edge's key is {KEY_VARIABLE} when it is set, else the file '{}'",
                dir.join(KeyPlace::FILE_NAME).display()
            ))
        } else {
            error.hint("set OZ0_HOME to another folder, or use a served edge with --edge")
        }
    })?;
    edge.state().confine_tools(personal_confinement(Some(dir)));
    let every = oz0_edge::lifecycle::sweep_every_from_env()
        .map_err(|err| CommandError::usage(err).hint("write a length of time such as 1m, or unset it"))?;
    edge.state().start_sweeping(every);
    Ok(edge)
}

/// Returns how a person's own tools' servers are confined, on the embedded edge whose data is in
/// `data` and by `plugin measure`: confined where the kernel can (else run, with a warning), given
/// any folder they name, never the edge's data or the person's oz0 configuration.
pub fn personal_confinement(data: Option<&Path>) -> Confinement {
    let mut hidden: Vec<PathBuf> = data.map(Path::to_path_buf).into_iter().collect();
    hidden.extend(config_path().and_then(|path| path.parent().map(Path::to_path_buf)));
    Confinement {
        fallback: Fallback::RunUnconfined,
        hidden,
        shared: None,
        private_network: true,
        network: Network::Host,
        gateway: None,
    }
}

fn origin_hint(place: &Place, what: &str) -> String {
    match place {
        Place::Remote { origin: Origin::Flag, .. } => format!("{what}, or leave out --edge to use the embedded edge"),
        Place::Remote { origin: Origin::Environment, .. } => format!("{what}, or unset OZ0_EDGE"),
        Place::Remote { origin: Origin::Profile { name, path }, .. } => {
            format!("{what}, or change the profile `{name}` in '{}'", path.display())
        }
        Place::Embedded(_) => what.to_owned(),
    }
}

/// Runs a future on a runtime of this thread.
pub fn block_on<T>(future: impl std::future::Future<Output = Result<T, CommandError>>) -> Result<T, CommandError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CommandError::operational("could not start the async runtime").caused_by(err))?
        .block_on(future)
}

/// Runs a future on a runtime of several threads, for a command that serves until stopped (a served
/// edge, the console, the tool server).
pub fn block_on_threads<T>(
    future: impl std::future::Future<Output = Result<T, CommandError>>,
) -> Result<T, CommandError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|err| CommandError::operational("could not start the async runtime").caused_by(err))?
        .block_on(future)
}

impl Connected {
    /// Returns the command error of `err`, which happened while `doing` something, with what to do.
    pub fn error(&self, doing: &str, err: EdgeError) -> CommandError {
        let message = err.to_string();
        match err {
            EdgeError::Unreachable { source, .. } => CommandError::operational(message)
                .caused_by(source)
                .hint(origin_hint(&self.place, "start one with `oz0 edge serve`")),
            EdgeError::WentAway { source, .. } => CommandError::operational(message).caused_by(source).hint(
                "the edge may have stopped: `oz0 edge status` says whether it runs again, and `oz0 job list` \
                 whether what you asked for ran",
            ),
            EdgeError::Timeout { .. } => CommandError::operational(message)
                .hint("check that the address is the edge's, and that the edge is not overloaded"),
            EdgeError::Protocol { source, .. } => CommandError::operational(message)
                .caused_by(source)
                .hint(origin_hint(&self.place, "check that the address is an oz0 edge's")),
            EdgeError::Unauthenticated { .. } => {
                let (url, token) = match &self.place {
                    Place::Remote { url, token, .. } => (url.as_str(), token.is_some()),
                    Place::Embedded(_) => ("", true),
                };
                let message = if token {
                    format!("the edge at {url} does not know this token")
                } else {
                    format!("the edge at {url} needs a token")
                };
                CommandError::operational(message)
                    .hint("pass a token with --token or OZ0_TOKEN; an admin makes one with `oz0 edge token create`")
            }
            EdgeError::PermissionDenied { .. } => CommandError::operational(message).hint(
                "ask an admin of the tenant for a token with the admin role (`oz0 edge token create --role admin`)",
            ),
            EdgeError::NotFound { .. } => CommandError::operational(format!("{doing}: {message}")),
            EdgeError::BadRequest { .. } | EdgeError::Invalid { .. } | EdgeError::TooLarge { .. } => {
                CommandError::usage(message)
            }
            EdgeError::Busy { .. } => CommandError::operational(message),
            // A refusal the edge explains, such as a tenant at its bound on files or plugins (507).
            EdgeError::Rejected { .. } => CommandError::operational(format!("{doing}: {message}")),
            other => CommandError::operational(format!("{doing}: the edge failed")).caused_by(other),
        }
    }
}

macro_rules! delegate {
    ($self:ident, $edge:ident => $call:expr) => {
        match $self {
            AnyEdge::Local($edge) => $call.await,
            AnyEdge::Remote($edge) => $call.await,
        }
    };
}

impl Edge for AnyEdge {
    async fn status(&self) -> Result<Status, EdgeError> {
        delegate!(self, edge => edge.status())
    }

    async fn offload(&self, tenant: &Tenant) -> Result<OffloadView, EdgeError> {
        delegate!(self, edge => edge.offload(tenant))
    }

    async fn set_offload(&self, tenant: &Tenant, patch: &OffloadPatch) -> Result<OffloadChange, EdgeError> {
        delegate!(self, edge => edge.set_offload(tenant, patch))
    }

    async fn threshold(&self, tenant: &Tenant, agent: Option<Offload>) -> Result<Threshold, EdgeError> {
        delegate!(self, edge => edge.threshold(tenant, agent))
    }

    async fn audit(&self, tenant: &Tenant, limit: u32, after: Option<&Cursor>) -> Result<AuditPage, EdgeError> {
        delegate!(self, edge => edge.audit(tenant, limit, after))
    }

    async fn create_token(&self, request: &TokenRequest) -> Result<CreatedToken, EdgeError> {
        delegate!(self, edge => edge.create_token(request))
    }

    async fn put_file(&self, tenant: &Tenant, tree: &TreeId, bytes: Vec<u8>) -> Result<StoredFile, EdgeError> {
        delegate!(self, edge => edge.put_file(tenant, tree, bytes))
    }

    async fn get_file(&self, tenant: &Tenant, tree: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        delegate!(self, edge => edge.get_file(tenant, tree, file))
    }

    async fn install_plugin(&self, archive: Vec<u8>, options: &InstallOptions) -> Result<Installed, EdgeError> {
        delegate!(self, edge => edge.install_plugin(archive, options))
    }

    async fn plugins(&self) -> Result<Vec<InstalledPlugin>, EdgeError> {
        delegate!(self, edge => edge.plugins())
    }

    async fn remove_plugin(&self, name: &str) -> Result<InstalledPlugin, EdgeError> {
        delegate!(self, edge => edge.remove_plugin(name))
    }

    async fn tool(&self, id: &str) -> Result<ToolInfo, EdgeError> {
        delegate!(self, edge => edge.tool(id))
    }

    async fn call_tool(&self, request: &CallRequest) -> Result<CallAnswer, EdgeError> {
        delegate!(self, edge => edge.call_tool(request))
    }

    async fn cancel_job(&self, id: &TreeId) -> Result<Job, EdgeError> {
        delegate!(self, edge => edge.cancel_job(id))
    }

    async fn jobs(&self, limit: u32, after: Option<&Cursor>) -> Result<JobPage, EdgeError> {
        delegate!(self, edge => edge.jobs(limit, after))
    }

    async fn job(&self, id: &TreeId) -> Result<JobDetail, EdgeError> {
        delegate!(self, edge => edge.job(id))
    }

    async fn trace(&self, id: &TreeId, after: u32, limit: u32) -> Result<Trace, EdgeError> {
        delegate!(self, edge => edge.trace(id, after, limit))
    }

    async fn job_file(&self, id: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        delegate!(self, edge => edge.job_file(id, file))
    }

    async fn apply_definition(&self, definition: &oz0_core::agent::Definition) -> Result<Applied, EdgeError> {
        delegate!(self, edge => edge.apply_definition(definition))
    }

    async fn definitions(&self) -> Result<Vec<oz0_core::agent::Definition>, EdgeError> {
        delegate!(self, edge => edge.definitions())
    }

    async fn start_run(&self, request: &RunRequest) -> Result<Job, EdgeError> {
        delegate!(self, edge => edge.start_run(request))
    }

    async fn events(&self, id: &TreeId, after: u32) -> Result<EventStream, EdgeError> {
        delegate!(self, edge => edge.events(id, after))
    }

    async fn conversations(&self, limit: u32) -> Result<Vec<oz0_core::api::ConversationSummary>, EdgeError> {
        delegate!(self, edge => edge.conversations(limit))
    }

    async fn conversation(&self, id: &TreeId) -> Result<oz0_core::api::Conversation, EdgeError> {
        delegate!(self, edge => edge.conversation(id))
    }

    async fn fork_conversation(
        &self,
        id: &TreeId,
        fork: &oz0_core::api::ForkRequest,
    ) -> Result<oz0_core::api::Conversation, EdgeError> {
        delegate!(self, edge => edge.fork_conversation(id, fork))
    }

    async fn usage(&self, since_ms: Option<u64>, until_ms: Option<u64>) -> Result<Vec<UsageRecord>, EdgeError> {
        delegate!(self, edge => edge.usage(since_ms, until_ms))
    }

    async fn step_result(&self, id: &TreeId, step: u32) -> Result<serde_json::Value, EdgeError> {
        delegate!(self, edge => edge.step_result(id, step))
    }

    async fn history(&self, id: &TreeId) -> Result<oz0_core::api::JobHistory, EdgeError> {
        delegate!(self, edge => edge.history(id))
    }

    async fn start_experiment(
        &self,
        request: &oz0_core::api::ExperimentRequest,
    ) -> Result<oz0_core::api::Experiment, EdgeError> {
        delegate!(self, edge => edge.start_experiment(request))
    }

    async fn experiments(&self, limit: u32) -> Result<Vec<oz0_core::api::Experiment>, EdgeError> {
        delegate!(self, edge => edge.experiments(limit))
    }

    async fn experiment(&self, id: &TreeId) -> Result<oz0_core::api::ExperimentReport, EdgeError> {
        delegate!(self, edge => edge.experiment(id))
    }

    async fn cancel_experiment(&self, id: &TreeId) -> Result<oz0_core::api::Experiment, EdgeError> {
        delegate!(self, edge => edge.cancel_experiment(id))
    }

    async fn rules(&self) -> Result<Vec<Rule>, EdgeError> {
        delegate!(self, edge => edge.rules())
    }

    async fn set_rule(&self, rule: &Rule) -> Result<Option<Rule>, EdgeError> {
        delegate!(self, edge => edge.set_rule(rule))
    }

    async fn remove_rule(&self, pattern: &str) -> Result<Rule, EdgeError> {
        delegate!(self, edge => edge.remove_rule(pattern))
    }

    async fn approvals(&self, all: bool) -> Result<Vec<Approval>, EdgeError> {
        delegate!(self, edge => edge.approvals(all))
    }

    async fn approval(&self, id: u64) -> Result<Approval, EdgeError> {
        delegate!(self, edge => edge.approval(id))
    }

    async fn decide(&self, id: u64, decision: &Decision) -> Result<Approval, EdgeError> {
        delegate!(self, edge => edge.decide(id, decision))
    }

    async fn limits(&self, tenant: &Tenant) -> Result<SpendingLimits, EdgeError> {
        delegate!(self, edge => edge.limits(tenant))
    }

    async fn set_limits(&self, tenant: &Tenant, limits: &SpendingLimits) -> Result<SpendingLimits, EdgeError> {
        delegate!(self, edge => edge.set_limits(tenant, limits))
    }

    async fn data_rules(&self, tenant: &Tenant) -> Result<oz0_core::api::DataRules, EdgeError> {
        delegate!(self, edge => edge.data_rules(tenant))
    }

    async fn set_data_rules(
        &self,
        tenant: &Tenant,
        rules: &oz0_core::api::DataRules,
    ) -> Result<oz0_core::api::DataRules, EdgeError> {
        delegate!(self, edge => edge.set_data_rules(tenant, rules))
    }

    async fn quotas(&self, tenant: &Tenant) -> Result<oz0_core::api::Quotas, EdgeError> {
        delegate!(self, edge => edge.quotas(tenant))
    }

    async fn set_quotas(
        &self,
        tenant: &Tenant,
        quotas: &oz0_core::api::Quotas,
    ) -> Result<oz0_core::api::Quotas, EdgeError> {
        delegate!(self, edge => edge.set_quotas(tenant, quotas))
    }

    async fn retention(&self, tenant: &Tenant) -> Result<Retention, EdgeError> {
        delegate!(self, edge => edge.retention(tenant))
    }

    async fn set_retention(&self, tenant: &Tenant, retention: &Retention) -> Result<Retention, EdgeError> {
        delegate!(self, edge => edge.set_retention(tenant, retention))
    }

    async fn rotate_payload_key(&self, tenant: &Tenant) -> Result<PayloadKeyRotation, EdgeError> {
        delegate!(self, edge => edge.rotate_payload_key(tenant))
    }

    async fn holds(&self, all: bool) -> Result<Vec<Hold>, EdgeError> {
        delegate!(self, edge => edge.holds(all))
    }

    async fn create_hold(&self, request: &HoldRequest) -> Result<Hold, EdgeError> {
        delegate!(self, edge => edge.create_hold(request))
    }

    async fn release_hold(&self, id: u64) -> Result<Hold, EdgeError> {
        delegate!(self, edge => edge.release_hold(id))
    }

    async fn erase(&self, scope: &Scope) -> Result<Erasure, EdgeError> {
        delegate!(self, edge => edge.erase(scope))
    }

    async fn answer(&self, id: &TreeId, question: u32, answer: &QuestionAnswer) -> Result<(), EdgeError> {
        delegate!(self, edge => edge.answer(id, question, answer))
    }
}

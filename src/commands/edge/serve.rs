//! `oz0 edge serve`: the edge behind HTTP, for a team.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum as _};
use oz0_core::api::TenantName;
use oz0_edge::node::{Node, NodeError, Settings, Tenure};
use oz0_edge::sealing::{KEY_VARIABLE, KeyError};
use oz0_toolhost::{Confinement, Fallback, Grant, Network, Support};

use crate::edge::home;
use crate::error::CommandError;
use crate::ui;

/// Serve the edge over HTTP, for a team to share.
///
/// Prints the address it listens on (so that `--listen 127.0.0.1:0` can pick a free port). On the first
/// start, when its store holds no token, it makes the first tenant (named by --tenant, unless the store
/// has one already) and an admin of it, and prints the admin's token once: keep it, as the edge keeps
/// only its hash. Stops cleanly on Ctrl-C or SIGTERM, letting the requests under way finish.
///
/// Its store is SQLite in --data, for one node. With --store postgres://..., it is a PostgreSQL database
/// that several `oz0 edge serve` nodes share, each with its own --data for files and plugins: a token
/// made through one node works on the others, and a tenant's settings changed on one are read on all.
/// The first node to start on an empty database makes its schema; the others wait for it.
///
/// The plugins' secrets are kept sealed with the edge key, which the store never holds: the variable
/// OZ0_MASTER_KEY (32 bytes in base64, such as `openssl rand -base64 32` prints) when it is set, else the
/// file --key-file, made (mode 0600) at the first start. Back the key up apart from the store: without
/// it the secrets are lost. Every node of a shared PostgreSQL store needs the same key. The data folder
/// is made 0700, its files 0600.
///
/// With --seal-payloads (the default with a PostgreSQL --store), the tenants' payloads are kept sealed too:
/// the files they store, their jobs' inputs and answers, and what their runs' models said and read, each
/// with the tenant's own payload key, which the edge key seals in turn. Callers read them as before.
///
/// Other commands reach it with `--edge URL --token TOKEN`, `OZ0_EDGE` and `OZ0_TOKEN`, or a profile of
/// the config file. It speaks plain HTTP: beyond loopback, put a TLS proxy in front of it.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct EdgeServeArgs {
    /// The address and port to listen on; port 0 picks a free one.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1:7370")]
    pub listen: SocketAddr,

    /// The folder of the edge's state; left out, $OZ0_HOME, which the embedded edge uses too.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// Where to keep tenants, tokens, settings, jobs and the audit log: `sqlite` (in --data; the default)
    /// or a PostgreSQL URL, such as postgres://oz0@db.internal:5432/oz0, for several nodes to share.
    /// `?sslmode=require` connects over TLS, checking the server's certificate against the public roots
    /// and the CA certificates of `&sslrootcert=PATH`.
    #[arg(long, value_name = "URL", env = "OZ0_STORE", hide_env_values = true)]
    pub store: Option<String>,

    /// The file of the edge key, which seals the plugins' secrets; made at the first start. Left out,
    /// `edge.key` in --data. Not read when OZ0_MASTER_KEY holds the key.
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,

    /// Seal the tenants' payloads at rest: the files they store, their jobs' inputs and answers, and what
    /// their runs' models said and read, each with the tenant's payload key (XChaCha20-Poly1305), itself
    /// sealed with the edge key. Left out, on with a PostgreSQL --store, whose database and backups others
    /// may read, and off with SQLite in --data. `--seal-payloads=false` keeps new payloads plain. The edge
    /// reads sealed and plain payloads alike, so this may change at any start.
    #[arg(
        long,
        value_name = "BOOL",
        env = "OZ0_SEAL_PAYLOADS",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub seal_payloads: Option<bool>,

    /// The name of the first tenant, made on the first start.
    #[arg(long, value_name = "NAME", default_value = "main", value_parser = parse_name)]
    pub tenant: TenantName,

    /// A folder that tools' servers may be given to read, by their manifest's `paths` and `roots`, their
    /// command line or a call's --root. Tenants write those: beyond the system, its runtime and its
    /// plugin's folder, a server is given no folder its operator did not list. Repeat for more.
    #[arg(long, value_name = "DIR", value_parser = parse_folder)]
    pub tools_may_read: Vec<PathBuf>,

    /// A folder that tools' servers may be given to read and write, by their manifest's `paths`
    /// (`access: read-write`). Repeat for more.
    #[arg(long, value_name = "DIR", value_parser = parse_folder)]
    pub tools_may_write: Vec<PathBuf>,

    /// Run tools' servers even where the kernel cannot confine them (no Landlock). Left out, such an
    /// edge refuses to start them: an unconfined server can read every tenant's files and the edge's
    /// keys.
    #[arg(long)]
    pub unconfined_tools: bool,

    /// What network local tools' servers get: `host`, this machine's, so that a server reaches what
    /// listens beside the edge (its own port, a shared store's database on the loopback, private
    /// networks, a cloud's metadata address); `public`, a network namespace of its own whose one way
    /// out is the edge's proxy (HTTPS_PROXY), which connects to public addresses alone; `none`, a
    /// network namespace of its own with its loopback alone. Either way a tool still calls models
    /// through its gateway token, which names the proxy, and remote tools (`url:`), which the edge
    /// calls, are not affected.
    #[arg(long, value_name = "NETWORK", value_enum, default_value_t = ToolNetwork::Host)]
    pub tool_network: ToolNetwork,

    /// Let remote tools (`url:`) be at private addresses: this machine's loopback interface, private
    /// and link-local networks. Left out, a tenant's remote tool may reach only public addresses, so
    /// that no tenant reaches the services beside the edge through it.
    #[arg(long)]
    pub remote_tools_may_reach_private: bool,

    /// How many calls of local tools' servers each tenant may run at once on this edge: each may be a
    /// server of its own, so that one tenant's burst of calls cannot take the machine from the rest.
    /// More wait their turn for up to their tool's timeout.
    #[arg(long, value_name = "N", default_value_t = oz0_edge::TOOL_CALLS_PER_TENANT as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub tool_calls_per_tenant: u32,

    /// How many tools' servers each tenant may keep between calls on this edge: one for each of its
    /// tools and each job tree that calls a tool of `sandbox: job`, kept until idle for 5 minutes. A
    /// start past them stops that tenant's server idle longest (never another tenant's), so that one
    /// tenant calling many tools once cannot keep more memory than the machine has.
    #[arg(long, value_name = "N", default_value_t = oz0_edge::SERVERS_PER_TENANT as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub servers_per_tenant: u32,

    /// How many bytes of files each tenant may keep on this edge, each file counted once however many
    /// of its job trees stored it: such as 10G, 500M or 2T (binary units), or `none`. A new file past
    /// them is refused (507), so that one tenant storing file after file cannot fill the disk every
    /// tenant needs; files leave with the tenant's retention or an erasure.
    #[arg(long, value_name = "SIZE", default_value = "10G", value_parser = parse_size)]
    pub files_per_tenant: Bound,

    /// How many plugins each tenant may keep on this edge: each holds up to 64 MiB in its archive and as
    /// much in its folder. Installing a new one past them is refused (507); a new version of one the
    /// tenant has is not.
    #[arg(long, value_name = "N", default_value_t = oz0_edge::PLUGINS_PER_TENANT as u32,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub plugins_per_tenant: u32,

    /// How many messages of more than 1 MiB each tenant's servers may have this edge read at once: a
    /// message may hold 160 MiB and takes several times that of the edge's memory while it is read,
    /// parsed and handed on. More wait their turn, their servers blocked on their output, so that one
    /// tenant's calls at once cannot take the edge's memory from the rest.
    #[arg(long, value_name = "N", default_value_t = oz0_edge::LARGE_MESSAGES_PER_TENANT as u32,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub large_messages_per_tenant: u32,

    /// How often the node removes what the tenants' retention no longer keeps (`oz0 tenant
    /// retention`), and ends erasures a stopped edge left begun: such as 1m, 30s or 1h. Nodes of a
    /// shared store take turns, one sweeping each tenant at a time.
    #[arg(long, value_name = "DURATION", env = "OZ0_SWEEP_EVERY", default_value = "1m", value_parser = oz0_edge::lifecycle::parse_every)]
    pub sweep_every: std::time::Duration,

    /// How long a stop (Ctrl-C, SIGTERM) waits for the requests under way, such as a tool's call,
    /// before the edge ends without them: such as 20s or 1m. Their callers are told the edge went away,
    /// and the jobs still running here are failed as it ends.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = oz0_edge::lifecycle::parse_every)]
    pub stop_within: std::time::Duration,
}

const EXAMPLES: &str = "\
Examples:
  oz0 edge serve --listen 127.0.0.1:7370 --data /srv/oz0
  oz0 edge serve --store postgres://oz0@db.internal:5432/oz0 --data /srv/oz0
  oz0 edge serve --data /srv/oz0 --key-file /etc/oz0/edge.key
  oz0 edge serve --data /srv/oz0 --seal-payloads
  OZ0_MASTER_KEY=\"$(cat /run/secrets/oz0-key)\" oz0 edge serve --store postgres://oz0@db.internal/oz0
  oz0 edge serve --store 'postgres://oz0@db.internal/oz0?sslmode=require&sslrootcert=/etc/oz0/db-ca.pem'
  OZ0_EDGE=http://127.0.0.1:7370 OZ0_TOKEN=oz0_... oz0 tenant offload";

fn parse_name(value: &str) -> Result<TenantName, String> {
    TenantName::new(value).map_err(|err| err.to_string())
}

/// Returns the folder `value` names, absolute and resolved, or why it is not one.
fn parse_folder(value: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(value);
    match path.canonicalize() {
        Ok(path) if path.is_dir() => Ok(path),
        Ok(_) => Err(format!("`{value}` is not a folder")),
        Err(err) => Err(format!("`{value}` cannot be reached: {err}")),
    }
}

/// A number of bytes, or none: no bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound(pub Option<u64>);

/// Returns what each tenant may hold of the edge, as its operator's flags say, for the start's log.
fn bounds(args: &EdgeServeArgs) -> String {
    let files = args.files_per_tenant.0.map_or_else(|| "any bytes".to_owned(), oz0_core::mcp::human_size);
    format!(
        "each tenant keeps at most {files} of files and {} plugins, runs {} tools' calls at once, keeps {} \
         servers between calls, and has {} messages over 1 MiB read at once",
        args.plugins_per_tenant, args.tool_calls_per_tenant, args.servers_per_tenant, args.large_messages_per_tenant
    )
}

/// Returns the bytes `value` names: a whole number, with K, M, G or T for KiB, MiB, GiB or TiB (`B`,
/// `iB` after it allowed), or `none`.
fn parse_size(value: &str) -> Result<Bound, String> {
    let text = value.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(Bound(None));
    }
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let unit = unit.trim_start();
    let shift = match unit.trim_end_matches("iB").trim_end_matches('B').to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "`{value}` is not a size: write a whole number with K, M, G or T, such as 10G, or none"
            ));
        }
    };
    let bytes = number.parse::<u64>().ok().and_then(|n| n.checked_mul(1 << shift)).ok_or_else(|| {
        format!("`{value}` is not a size: write a whole number with K, M, G or T, such as 10G, or none")
    })?;
    if bytes == 0 {
        return Err("a bound of 0 bytes lets no file in: write a size such as 10G, or none for no bound".to_owned());
    }
    Ok(Bound(Some(bytes)))
}

/// What network local tools' servers get, as `--tool-network` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ToolNetwork {
    /// This machine's.
    Host,
    /// Public addresses alone, through the edge's proxy.
    Public,
    /// None.
    None,
}

impl From<ToolNetwork> for Network {
    fn from(network: ToolNetwork) -> Self {
        match network {
            ToolNetwork::Host => Network::Host,
            ToolNetwork::Public => Network::Public,
            ToolNetwork::None => Network::None,
        }
    }
}

/// Returns how the edge's tools' servers are confined, from the operator's flags; `gateway` is where
/// the edge serves its gateway path.
fn confinement(args: &EdgeServeArgs, gateway: Option<SocketAddr>) -> Confinement {
    let shared = args
        .tools_may_read
        .iter()
        .map(|dir| Grant::read(dir.clone()))
        .chain(args.tools_may_write.iter().map(|dir| Grant::read_write(dir.clone())))
        .collect();
    let fallback = if args.unconfined_tools { Fallback::RunUnconfined } else { Fallback::Refuse };
    let private_network = args.remote_tools_may_reach_private;
    Confinement {
        fallback,
        hidden: Vec::new(),
        shared: Some(shared),
        private_network,
        network: args.tool_network.into(),
        gateway,
    }
}

/// Runs `oz0 edge serve`.
pub fn run(args: &EdgeServeArgs) -> Result<(), CommandError> {
    let dir = match &args.data {
        Some(dir) => dir.clone(),
        None => home()?,
    };
    let settings = settings(dir, args.store.as_deref(), args.key_file.as_deref())?.seal_payloads(args.seal_payloads);
    let node = Node::open(&settings).map_err(|err| not_opened(&settings, err))?;
    let state = node.state();
    if state.key_made()
        && let Some(file) = state.key_file()
    {
        ui::warn(&format!(
            "made the edge key in {}: back it up apart from the store, as the plugins' secrets are lost without it{}",
            file.display(),
            if node.shared() { "; every node of the shared store needs a copy" } else { "" }
        ));
    }
    state.bound_tool_calls(args.tool_calls_per_tenant as usize);
    state.bound_servers(args.servers_per_tenant as usize);
    state.bound_files(args.files_per_tenant.0.unwrap_or(0));
    state.bound_plugins(args.plugins_per_tenant as usize);
    state.bound_large_messages(args.large_messages_per_tenant as usize);
    let support = Support::detect();
    let own_network = args.tool_network != ToolNetwork::Host;
    if own_network && support.namespaces == oz0_toolhost::Namespaces::None {
        ui::warn(&format!(
            "tools' servers will not be started: --tool-network {} gives them a network namespace of their own, \
             and here there is none ({})",
            args.tool_network.to_possible_value().map_or_else(String::new, |v| v.get_name().to_owned()),
            support.namespaces_refused.as_deref().unwrap_or("refused")
        ));
    } else if support.confines() {
        let confined = support.describe();
        if args.tool_network == ToolNetwork::Host {
            ui::warn(&format!(
                "tools' servers are {confined}; they share this machine's network, and reach what listens beside \
                 the edge: --tool-network public keeps them to public addresses"
            ));
        } else {
            ui::info(&format!("tools' servers are {confined}{}", Network::from(args.tool_network).describe()));
        }
    } else if args.unconfined_tools {
        ui::warn(&format!(
            "tools' servers run unconfined (--unconfined-tools): they can read every tenant's files and the \
             edge's keys; {}",
            support.describe()
        ));
    } else {
        ui::warn(&format!(
            "tools' servers will not be started: they are {}; start with --unconfined-tools to run them anyway",
            support.describe()
        ));
    }
    match node.take_jobs().map_err(|err| not_opened(&settings, err))? {
        Tenure::Alone { failed } if failed > 0 => {
            ui::warn(&format!("{failed} job(s) left running when the edge last stopped are marked failed"));
        }
        Tenure::Shared { node: name, bound } => ui::info(&format!(
            "node {name} holds a lease in the shared store; a node that dies has its running jobs failed within {} s",
            bound.as_secs_f64()
        )),
        _ => {}
    }
    node.state().start_sweeping(args.sweep_every);
    crate::edge::block_on_threads(async {
        let listener = tokio::net::TcpListener::bind(args.listen).await.map_err(|err| {
            CommandError::operational(format!("could not listen on {}", args.listen))
                .caused_by(err)
                .hint("another program may have the port: choose another with --listen, or port 0 for a free one")
        })?;
        let address = listener
            .local_addr()
            .map_err(|err| CommandError::operational("could not tell the address listened on").caused_by(err))?;
        // The gateway path is served on this listener: a server of a network of its own reaches it
        // through its proxy.
        state.confine_tools(confinement(args, Some(oz0_edge::server::gateway_address(address))));
        // The store's calls block, and PostgreSQL's client drives a runtime of its own: off the async threads.
        let first = {
            let (state, tenant) = (std::sync::Arc::clone(state), args.tenant.clone());
            tokio::task::spawn_blocking(move || state.first_token(&tenant)).await.map_err(|err| {
                CommandError::operational("could not make the first tenant's admin token").caused_by(err)
            })?
        };
        if let Some((token, admin)) = first
            .map_err(|err| CommandError::operational("could not make the first tenant's admin token").caused_by(err))?
        {
            ui::print_text(&format!(
                "the admin `{}` of the tenant `{}` has this token, shown this once: {token}",
                admin.person, admin.tenant.name
            ))?;
        }
        if !address.ip().is_loopback() {
            ui::warn("serving plain HTTP beyond loopback: tokens cross the network in the clear; put TLS in front");
        }
        // The signals are caught from before the address is printed, so that a signal sent as soon as
        // the edge listens stops it cleanly.
        let shutdown = crate::stop::shutdown()
            .map_err(|err| CommandError::operational("could not catch the stop signals").caused_by(err))?;
        ui::info(&format!("data in {}", settings.dir().display()));
        if let Some(key) = state.key() {
            ui::info(&format!("edge key {} in {}", key.id(), key.source()));
        }
        ui::info(if node.seals_payloads() {
            "the tenants' payloads are sealed with their payload keys"
        } else {
            "the tenants' payloads are kept plain; --seal-payloads seals them"
        });
        if let Some(url) = settings.store_url() {
            ui::info(&format!("store in {url}"));
        }
        ui::info(&bounds(args));
        ui::print_text(&format!("listening on http://{address}"))?;
        node.serve(listener, shutdown, args.stop_within)
            .await
            .map_err(|err| CommandError::operational("the edge's server failed").caused_by(err))?;
        // The jobs still running here (detached runs) end with the process: they are failed now, rather
        // than when the next start or another node finds them left.
        let leaving = node.clone();
        let left = tokio::task::spawn_blocking(move || leaving.leave()).await;
        match left {
            Ok(Ok(lost)) if lost > 0 => {
                ui::warn(&format!("{lost} job(s) still running are marked failed"));
            }
            Ok(Ok(_)) => {}
            Ok(Err(err)) => ui::warn(&format!("could not mark the jobs still running failed: {err}")),
            Err(err) => ui::warn(&format!("could not mark the jobs still running failed: {err}")),
        }
        ui::info("stopped");
        Ok(())
    })
}

/// Returns what to do about `err`, when there is something to say.
pub fn key_hint(err: &KeyError) -> Option<&'static str> {
    match err {
        KeyError::Wrong { .. } | KeyError::Missing { .. } => Some(
            "the store's key is the one the edge first started with (its `edge.key`, or OZ0_MASTER_KEY then), kept \
             with the data folder's backup; each node of a shared store needs a copy",
        ),
        KeyError::Malformed { .. } => Some("make a key with `openssl rand -base64 32`"),
        KeyError::Serving(_) => {
            Some("stop each node with Ctrl-C or SIGTERM, which ends its lease, then run this again")
        }
        _ => None,
    }
}

/// Returns the node's settings: its data folder `dir`; its store, `store` (the --store value or
/// OZ0_STORE), else SQLite in --data; and its key, OZ0_MASTER_KEY when it is set, else `key_file`,
/// else `edge.key` in `dir`, refusing both the variable and a file.
pub fn settings(dir: PathBuf, store: Option<&str>, key_file: Option<&Path>) -> Result<Settings, CommandError> {
    Settings::new(dir, store, key_file).map_err(|err| match err {
        NodeError::TwoKeys { file } => {
            CommandError::usage(format!("both {KEY_VARIABLE} and --key-file '{}' name the edge key", file.display()))
                .hint(format!("keep the key in one place: unset {KEY_VARIABLE}, or leave out --key-file"))
        }
        err => CommandError::usage("the --store value (or OZ0_STORE) is not a store").caused_by(err).hint(
            "give a URL such as postgres://USER@HOST:5432/DATABASE, or leave --store out to keep the state in \
             SQLite under --data",
        ),
    })
}

/// Returns the error of a node whose store or key could not be opened, naming the store (a URL
/// without its password) and what to do.
pub fn not_opened(settings: &Settings, err: NodeError) -> CommandError {
    if let NodeError::Key(key) = &err {
        let hint = key_hint(key);
        let error = CommandError::operational("could not open the edge's secrets with its key").caused_by(err);
        return match hint {
            Some(hint) => error.hint(hint),
            None => error,
        };
    }
    let Some(url) = settings.store_url() else {
        return CommandError::operational(format!("could not open the edge's store in '{}'", settings.dir().display()))
            .caused_by(err);
    };
    let connect = err.is_connect();
    let error = CommandError::operational(format!("could not open the edge's store at {url}")).caused_by(err);
    if connect && error.causes().iter().any(|cause| cause.contains("TLS")) {
        error.hint(
            "with sslmode=require the server's certificate must be signed by a public root or by a CA of the \
             file that `sslrootcert=PATH` in the URL names (PEM), and name the host of the URL",
        )
    } else if connect {
        error
            .hint(format!(
                "check that PostgreSQL runs at that address and lets this user in, and that the database exists \
                 (`pg_isready -d {url}`, `createdb`)"
            ))
            .hint("leave out --store (and OZ0_STORE) to keep the state in SQLite under --data")
    } else {
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_in_binary_units_and_nonsense_is_named() {
        assert_eq!(parse_size("10G"), Ok(Bound(Some(10 << 30))));
        assert_eq!(parse_size("500MiB"), Ok(Bound(Some(500 << 20))));
        assert_eq!(parse_size("2 TB"), Ok(Bound(Some(2 << 40))));
        assert_eq!(parse_size("4096"), Ok(Bound(Some(4096))));
        assert_eq!(parse_size("none"), Ok(Bound(None)));
        assert!(parse_size("10X").unwrap_err().contains("`10X` is not a size"));
        assert!(parse_size("G").unwrap_err().contains("not a size"));
        assert!(parse_size("99999999999T").unwrap_err().contains("not a size"));
        assert!(parse_size("0").unwrap_err().contains("lets no file in"));
    }
}

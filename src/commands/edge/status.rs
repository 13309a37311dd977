//! `oz0 edge status`: which edge commands talk to, and who they are there.

use clap::Args;
use oz0_core::api::{Edge, KeyKind, KeyStatus, Status};
use serde::Serialize;

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Show which edge commands talk to, its version, and the tenant, person and roles they act as.
///
/// To the admins of the edge's first tenant (the embedded edge's person is one), it also shows where the
/// edge key that seals the plugins' secrets is: its file, or the variable OZ0_MASTER_KEY, and its ID.
#[derive(Debug, Args)]
pub struct EdgeStatusArgs {
    /// Print only the embedded edge's data folder, where its `gateway.toml` goes, such as
    /// `cp examples/gateway.toml "$(oz0 edge status --data)/"`.
    #[arg(long, conflicts_with = "format")]
    pub data: bool,
}

#[derive(Serialize)]
struct StatusJson<'a> {
    edge: String,
    #[serde(flatten)]
    status: &'a Status,
}

/// Returns where the key is in words: `file PATH` or `variable NAME`.
fn key_place(key: &KeyStatus) -> String {
    match key.kind {
        KeyKind::File => format!("file {}", key.place),
        KeyKind::Variable => format!("variable {}", key.place),
    }
}

/// Runs `oz0 edge status`.
pub fn run(args: &EdgeStatusArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    if args.data {
        return match &connected.place {
            crate::edge::Place::Embedded(dir) => Ok(ui::print_text(&dir.display().to_string())?),
            crate::edge::Place::Remote { url, .. } => Err(CommandError::usage(format!(
                "the edge is served at {url}: its data folder is the --data of its `oz0 edge serve`"
            ))),
        };
    }
    let status = block_on(async {
        connected.edge.status().await.map_err(|err| connected.error("could not ask the edge", err))
    })?;
    let place = connected.place.describe();
    if format == Format::Json {
        return ui::print_json(&StatusJson { edge: place, status: &status });
    }
    let roles: Vec<&str> = status.roles.iter().map(|r| r.as_str()).collect();
    let first = if status.operator { " (the edge's first)" } else { "" };
    let tools = match (status.tools.confined, status.tools.unconfined_allowed) {
        (true, _) => status.tools.detail.clone(),
        (false, true) => format!("run unconfined: {}", status.tools.detail),
        (false, false) => format!("not started: {}", status.tools.detail),
    };
    let key = match &status.key {
        Some(key) => format!("key      {}, ID {}\n", key_place(key), key.id),
        None => String::new(),
    };
    let models: Vec<String> = status
        .models
        .iter()
        .map(|m| match m.answered_by == m.alias {
            true => format!("{} ({})", m.alias, m.model),
            false => format!("{} (as {})", m.alias, m.answered_by),
        })
        .collect();
    let models = if models.is_empty() { "none: the edge has no gateway.toml".to_owned() } else { models.join(", ") };
    ui::print_text(&format!(
        "edge     {place}\nversion  {}\ntenant   {}{first}\nperson   {}\nroles    {}\nstore    {}, schema {}\ntools    \
         {tools}\nmodels   {models}\n{key}",
        status.version,
        status.tenant,
        status.person,
        roles.join(", "),
        status.store.kind,
        status.store.schema_version
    ))?;
    Ok(())
}

//! `oz0 agent apply`: install an agent or a flow on the edge.

use std::path::PathBuf;

use clap::Args;
use oz0_core::agent::Definition;
use oz0_core::api::Edge;

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere.
///
/// The file is checked first (its keys, names and references), with an error naming what is wrong.
/// One of the same `id` is replaced.
#[derive(Debug, Args)]
#[command(after_long_help = "Examples:\n  oz0 agent apply agents/reader.yaml\n  oz0 agent apply flows/hand-on.yaml")]
pub struct AgentApplyArgs {
    /// The definition's YAML file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Runs `oz0 agent apply`.
pub fn run(args: &AgentApplyArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let definition = super::definition::read(&args.file)?;
    let connected = connect(edge)?;
    let applied = block_on(async {
        connected.edge.apply_definition(&definition).await.map_err(|err| connected.error("could not install it", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&applied);
    }
    let kind = match applied.definition {
        Definition::Agent(_) => "agent",
        Definition::Flow(_) => "flow",
    };
    let verb = if applied.replaced { "replaced" } else { "installed" };
    ui::print_text(&format!("{verb} the {kind} `{}`", applied.definition.id()))?;
    Ok(())
}

//! `oz0 plugin remove`: remove an installed plugin.

use clap::Args;
use oz0_core::api::Edge;

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Remove an installed plugin: its tools can no longer be called. Jobs and files stay.
///
/// The admin role is needed.
#[derive(Debug, Args)]
pub struct PluginRemoveArgs {
    /// The plugin's name, as `oz0 plugin list` shows it.
    #[arg(value_name = "NAME")]
    pub name: String,
}

/// Runs `oz0 plugin remove`.
pub fn run(args: &PluginRemoveArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let removed = block_on(async {
        connected
            .edge
            .remove_plugin(&args.name)
            .await
            .map_err(|err| connected.error(&format!("could not remove the plugin `{}`", args.name), err))
    })?;
    if format == Format::Json {
        return ui::print_json(&removed);
    }
    ui::print_text(&format!("removed {} {}", removed.name, removed.version))?;
    Ok(())
}

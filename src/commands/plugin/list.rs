//! `oz0 plugin list`: the tenant's installed plugins and their tools.

use clap::Args;
use oz0_core::api::Edge;

use crate::cli::Format;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::ui;

/// List the tenant's installed plugins, their tools and each tool's functions.
#[derive(Debug, Args)]
pub struct PluginListArgs {
    /// How to print: `text` or `json`.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Runs `oz0 plugin list`.
pub fn run(args: &PluginListArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let connected = connect(edge)?;
    let plugins = block_on(async {
        connected.edge.plugins().await.map_err(|err| connected.error("could not list the plugins", err))
    })?;
    if args.format == Format::Json {
        return ui::print_json(&plugins);
    }
    if plugins.is_empty() {
        ui::info("no plugin is installed; install one with `oz0 plugin install DIR`");
        return Ok(());
    }
    let mut out = String::new();
    for plugin in &plugins {
        let models = if plugin.models_accepted { ", models granted" } else { "" };
        out.push_str(&format!("{} {}  (installed {}{models})\n", plugin.name, plugin.version, plugin.installed_at));
        for tool in &plugin.tools {
            let fit = if tool.fit { ", fits results" } else { "" };
            out.push_str(&format!("  {}  (timeout {} s{fit})\n", tool.id, tool.timeout_secs));
            for function in &tool.functions {
                out.push_str(&format!("    {}.{}\n", tool.id, function.name));
            }
        }
    }
    ui::print_text(&out)?;
    Ok(())
}

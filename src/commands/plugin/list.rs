//! `oz0 plugin list`: the tenant's installed plugins and their tools.

use oz0_core::api::Edge;

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number, Text};

/// Runs `oz0 plugin list`.
pub fn run(edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let plugins = block_on(async {
        connected.edge.plugins().await.map_err(|err| connected.error("could not list the plugins", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&plugins);
    }
    if plugins.is_empty() {
        ui::info("no plugin is installed; install one with `oz0 plugin install DIR`");
        return Ok(());
    }
    let mut table = ui::table(&[
        Key("PLUGIN"),
        Key("VERSION"),
        Key("INSTALLED"),
        Key("MODELS"),
        Key("TOOL"),
        Number("TIMEOUT"),
        Key("FITS"),
        Text("FUNCTIONS"),
    ]);
    for plugin in &plugins {
        let models = if plugin.models_accepted { "granted" } else { "-" };
        let about = [plugin.name.as_str(), plugin.version.as_str(), plugin.installed_at.as_str(), models];
        if plugin.tools.is_empty() {
            table.add_row(about.into_iter().chain(["-"]));
        }
        for tool in &plugin.tools {
            let timeout = format!("{} s", tool.timeout_secs);
            let fits = if tool.fit { "yes" } else { "no" };
            let mut functions = tool.functions.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ");
            if tool.remote {
                functions.push_str(" (remote)");
            }
            table.add_row(about.into_iter().chain([tool.id.as_str(), timeout.as_str(), fits, functions.as_str()]));
        }
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}

//! `oz0 plugin measure`: start each local tool's MCP server and write what it offers.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use oz0_core::manifest::Listing;

use super::folder::{Plugin, parse_seconds, secrets};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Start each local tool's MCP server, or reach each remote one, list its functions, and write
/// `oz0-listing.json`.
///
/// Each tool's `mcp` command runs in the plugin's folder and is spoken to over stdio; a tool's `url` is
/// reached over MCP's streamable HTTP with its `headers`, the secrets given by --secret filled in. The protocol
/// asked for is 2026-07-28, falling back to 2025-11-25 for a server that does not speak it. The listing
/// holds, for each tool, the server's name and version, the protocol, and each function with its input
/// and output schemas and its definition's weight in tokens, and when it was measured. `oz0 plugin lint`
/// reads it.
///
/// A server that cannot start, exits, or takes longer than --timeout fails the command with the end of
/// its stderr; it and everything it started are stopped, whatever happens.
#[derive(Debug, Args)]
pub struct PluginMeasureArgs {
    /// The plugin's folder, or its `oz0-plugin.yaml`; left out, the current folder.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,

    /// The most seconds each server may take to start and list its functions.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_seconds)]
    pub timeout: Duration,

    /// A secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their
    /// `env` or `headers`; repeat for each.
    #[arg(long = "secret", value_name = "NAME=VALUE")]
    pub secrets: Vec<String>,
}

/// Runs `oz0 plugin measure`.
pub fn run(args: &PluginMeasureArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let plugin = Plugin::load(args.dir.as_deref())?;
    let listing = plugin.measure(args.timeout, &secrets(&args.secrets)?)?;
    let path = plugin.listing_path();
    write_atomically(&path, &listing)?;
    match format {
        Format::Json => ui::print_json(&listing),
        Format::Text => {
            let mut out = String::new();
            for tool in &listing.tools {
                let weight: u64 = tool.functions.iter().map(|f| f.weight).sum();
                out.push_str(&format!(
                    "{}: {} {}, protocol {}, {} function{} ({weight} tokens of definitions)\n",
                    tool.id,
                    tool.server.name,
                    tool.server.version,
                    tool.protocol,
                    tool.functions.len(),
                    if tool.functions.len() == 1 { "" } else { "s" },
                ));
            }
            ui::print_text(&out)?;
            ui::info(&format!("wrote {}", path.display()));
            Ok(())
        }
    }
}

/// Writes the listing to a temporary file beside `path`, syncs it, and renames it over `path`, so that
/// a reader never sees half a listing.
fn write_atomically(path: &Path, listing: &Listing) -> Result<(), CommandError> {
    let failed =
        |err: std::io::Error| CommandError::operational(format!("could not write '{}'", path.display())).caused_by(err);
    let mut text = serde_json::to_string_pretty(listing).map_err(|err| failed(err.into()))?;
    text.push('\n');
    let tmp = path.with_extension(format!("json.tmp-{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut file = fs_err::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs_err::rename(&tmp, path)
    };
    write().map_err(|err| {
        let _ = fs_err::remove_file(&tmp);
        failed(err)
    })
}

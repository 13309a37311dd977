//! `oz0 plugin install`: install a plugin in the tenant, so that its tools can be called.

use std::path::{Path, PathBuf};

use clap::Args;
use oz0_core::api::{Edge, InstallOptions, Installed, MAX_PLUGIN_BYTES};
use oz0_core::manifest::{Lint, Severity, lint};

use super::folder::{Plugin, secrets};
use super::report::{self, Report};
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::{CommandError, ErrorKind};
use crate::output::{self, Format};
use crate::ui;

/// Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`).
///
/// The plugin's folder is packed and sent to the edge, which lints the manifest, starts each local
/// server to list its functions, and keeps it; a plugin of the same name is replaced. A manifest with
/// lint errors is refused with the findings. A plugin that declares `requires.models` calls models the
/// tenant pays for, and is installed only with --accept-model; the alias its tools' model requests
/// are answered with is `default`, `fast`, `smart`, one the edge's gateway configures, or one of the
/// plugin's own that --map-model maps to one of those. Folders of tools and caches (`.git`,
/// `.venv`, `venv`, `node_modules`, `__pycache__`, `target`) are left out. The admin role is needed.
#[derive(Debug, Args)]
#[command(
    after_long_help = "Examples:\n  oz0 plugin install examples/acme-docs\n  oz0 plugin install . --accept-model\n  \
                       oz0 plugin install . --secret token=@token.txt\n  \
                       oz0 plugin install . --accept-model --map-model summarizer=fast"
)]
pub struct PluginInstallArgs {
    /// The plugin's folder, which holds its `oz0-plugin.yaml`; left out, the current folder.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,

    /// Grant the models the plugin declares under `requires.models`.
    #[arg(long)]
    pub accept_model: bool,

    /// Give the plugin a secret its manifest declares, NAME=VALUE, or NAME=@FILE to read the value from
    /// a file (its last newline left out); repeat for each. Its servers get it where their `env` says
    /// `${secrets.NAME}`, and its remote servers where their `headers` do. The edge keeps it and never
    /// shows it again.
    #[arg(long = "secret", value_name = "NAME=VALUE")]
    pub secrets: Vec<String>,

    /// Answer the plugin's own model alias with one of the edge's (`default`, `fast`, `smart`, or one
    /// its gateway configures), ALIAS=EDGE_ALIAS; repeat for each.
    #[arg(long = "map-model", value_name = "ALIAS=EDGE_ALIAS", value_parser = parse_model_map)]
    pub models: Vec<(String, String)>,
}

fn parse_model_map(value: &str) -> Result<(String, String), String> {
    let (own, edge) = value.split_once('=').ok_or_else(|| {
        format!("`{value}` maps nothing: write the plugin's alias, `=`, and the edge's, as summarizer=fast")
    })?;
    oz0_core::api::check_alias(own)?;
    oz0_core::api::check_alias(edge)?;
    Ok((own.to_owned(), edge.to_owned()))
}

/// Folders never packed: those of version control, environments, caches and builds.
const SKIPPED: [&str; 8] =
    [".git", ".venv", "venv", "node_modules", "__pycache__", "target", ".mypy_cache", ".pytest_cache"];

/// Runs `oz0 plugin install`.
pub fn run(args: &PluginInstallArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let plugin = Plugin::load(args.dir.as_deref())?;
    let findings = lint(&plugin.document, &Lint::default());
    if findings.iter().any(|f| f.severity() == Severity::Error) {
        let report =
            Report { path: &plugin.manifest_path, text: &plugin.document.text, findings: &findings, listing: None };
        ui::report(&report.human(ui::stderr_colour()));
        let errors = findings.iter().filter(|f| f.severity() == Severity::Error).count();
        return Err(CommandError {
            kind: ErrorKind::Failed,
            message: format!(
                "{} has {}, so it was not installed",
                plugin.manifest_path.display(),
                report::count(errors, "error")
            ),
            source: None,
            hints: vec!["fix them, and check with `oz0 plugin lint`".to_owned()],
        });
    }
    let options = InstallOptions {
        accept_model: args.accept_model,
        secrets: secrets(&args.secrets)?,
        models: args.models.iter().cloned().collect(),
    };
    let archive = pack(&plugin.dir)?;
    let connected = connect(edge)?;
    let spinner = ui::spinner();
    spinner.set_message(format!(
        "installing {}: starting each server to list its functions",
        plugin.document.manifest.name
    ));
    let installed = block_on(async {
        connected
            .edge
            .install_plugin(archive, &options)
            .await
            .map_err(|err| connected.error("could not install the plugin", err))
    });
    spinner.finish_and_clear();
    let installed = installed?;
    if format == Format::Json {
        return ui::print_json(&installed);
    }
    for warning in &installed.warnings {
        ui::warn(warning);
    }
    ui::print_text(&summary(&installed))?;
    Ok(())
}

fn summary(installed: &Installed) -> String {
    let plugin = &installed.plugin;
    let mut out = match &installed.replaced {
        Some(old) => format!("installed {} {} (replacing {old})\n", plugin.name, plugin.version),
        None => format!("installed {} {}\n", plugin.name, plugin.version),
    };
    for tool in &plugin.tools {
        let names: Vec<&str> = tool.functions.iter().map(|f| f.name.as_str()).collect();
        let remote = if tool.remote { " (remote)" } else { "" };
        out.push_str(&format!("  {}: {}{remote}\n", tool.id, names.join(", ")));
    }
    out
}

/// Packs the plugin's folder as a tar, its entries in order so that the same folder packs the same.
fn pack(dir: &Path) -> Result<Vec<u8>, CommandError> {
    let mut files = Vec::new();
    collect(dir, Path::new(""), &mut files)?;
    files.sort();
    let mut builder = tar::Builder::new(Vec::new());
    builder.mode(tar::HeaderMode::Deterministic);
    let mut total = 0u64;
    for relative in files {
        let path = dir.join(&relative);
        let mut file = fs_err::File::open(&path)
            .map_err(|err| CommandError::operational("could not pack the plugin").caused_by(err))?;
        total += file.metadata().map(|m| m.len()).unwrap_or(0);
        if total > MAX_PLUGIN_BYTES {
            return Err(CommandError::usage(format!(
                "the plugin's folder '{}' holds more than {} MiB",
                dir.display(),
                MAX_PLUGIN_BYTES >> 20
            ))
            .hint("leave out what its servers do not need, such as data they can fetch"));
        }
        builder
            .append_file(&relative, file.file_mut())
            .map_err(|err| CommandError::operational(format!("could not pack '{}'", path.display())).caused_by(err))?;
    }
    builder.into_inner().map_err(|err| CommandError::operational("could not pack the plugin").caused_by(err))
}

/// Adds the files under `dir/relative` to `out`, leaving out the folders of [`SKIPPED`] and anything
/// that is neither a file nor a folder.
fn collect(root: &Path, relative: &Path, out: &mut Vec<PathBuf>) -> Result<(), CommandError> {
    let dir = root.join(relative);
    let entries = fs_err::read_dir(&dir)
        .map_err(|err| CommandError::usage("could not read the plugin's folder").caused_by(err))?;
    for entry in entries {
        let entry =
            entry.map_err(|err| CommandError::operational("could not read the plugin's folder").caused_by(err))?;
        let name = entry.file_name();
        let kind = entry
            .file_type()
            .map_err(|err| CommandError::operational("could not read the plugin's folder").caused_by(err))?;
        let path = relative.join(&name);
        if kind.is_dir() {
            if !SKIPPED.iter().any(|s| name == *s) {
                collect(root, &path, out)?;
            }
        } else if kind.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

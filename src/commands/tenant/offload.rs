//! `oz0 tenant offload`: read or change the tenant's offload default and ceiling.

use clap::Args;
use oz0_core::api::{Edge, EdgeError, OffloadChange, OffloadPatch, OffloadView, Tenant, TreeId};
use oz0_core::offload::{Offload, OffloadSettings, Threshold, Tokens};
use serde::Serialize;

use super::name::parse_tenant;
use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Text};

/// Show or change the tenant's offload default and ceiling.
///
/// A tool result that weighs more than an agent's threshold is kept as a file of the job and the model
/// reads a stub with an outline instead. The threshold is the agent's own `offload` (tokens, or `off`)
/// within the tenant's ceiling, else the tenant's default, else 10,000 tokens; `off` with a ceiling set
/// is the ceiling. A job keeps the threshold it started with.
///
/// Without options, shows the default, the ceiling, and the threshold of an agent that says nothing
/// and of one that asks for `off` (and for --agent-offload). With options, changes them (the admin
/// role is needed) and prints each change as `old -> new`. Numbers of tokens are whole numbers from 1
/// to 1,000,000; a default above the ceiling is refused, and a refused change changes nothing.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantOffloadArgs {
    /// The threshold of an agent that says nothing: tokens, or `off`.
    #[arg(long, value_name = "TOKENS|off", value_parser = parse_offload, conflicts_with = "unset_default",
          allow_negative_numbers = true)]
    pub default: Option<Offload>,

    /// The most tokens any agent's threshold may be.
    #[arg(long, value_name = "TOKENS", value_parser = parse_tokens, conflicts_with = "unset_ceiling",
          allow_negative_numbers = true)]
    pub ceiling: Option<Tokens>,

    /// Remove the default: an agent that says nothing gets 10,000 (within the ceiling).
    #[arg(long)]
    pub unset_default: bool,

    /// Remove the ceiling.
    #[arg(long)]
    pub unset_ceiling: bool,

    /// Also show the threshold of an agent whose `offload` is this: tokens, or `off`.
    #[arg(
        long,
        value_name = "TOKENS|off",
        value_parser = parse_offload,
        conflicts_with_all = ["default", "ceiling", "unset_default", "unset_ceiling", "from"]
    )]
    pub agent_offload: Option<Offload>,

    /// The experiment (`oz0 compare-savings`) the change was decided by: the audit log names it, with
    /// its thresholds, beside the change.
    #[arg(long = "from", value_name = "EXPERIMENT", value_parser = parse_job)]
    pub from: Option<TreeId>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant offload
  oz0 tenant offload --agent-offload 50000
  oz0 tenant offload --default 20000 --ceiling 40000
  oz0 tenant offload --default off
  oz0 tenant offload --default 1000 --from 01K1N6ZQ4B7V2X9M3P8R5T0W6Y   # as an experiment showed
  oz0 tenant offload --unset-default --unset-ceiling
  oz0 tenant offload --edge http://127.0.0.1:7370 --token \"$TOKEN\" --format json";

pub(crate) fn parse_offload(value: &str) -> Result<Offload, String> {
    value.parse().map_err(|err: oz0_core::offload::OffloadError| err.to_string())
}

fn parse_tokens(value: &str) -> Result<Tokens, String> {
    value.parse().map_err(|err: oz0_core::offload::OffloadError| err.to_string())
}

impl TenantOffloadArgs {
    fn patch(&self) -> OffloadPatch {
        OffloadPatch {
            default: if self.unset_default { Some(None) } else { self.default.map(Some) },
            ceiling: if self.unset_ceiling { Some(None) } else { self.ceiling.map(Some) },
            experiment: self.from.clone(),
        }
    }
}

/// Runs `oz0 tenant offload`.
pub fn run(args: &TenantOffloadArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let patch = args.patch();
    if patch.is_empty() && patch.experiment.is_some() {
        return Err(CommandError::usage("--from names the experiment behind a change, and no change is given")
            .hint("add --default TOKENS|off or --ceiling TOKENS"));
    }
    if !patch.is_empty() {
        let change = block_on(async {
            connected.edge.set_offload(&args.tenant, &patch).await.map_err(|err| {
                let above = matches!(&err, EdgeError::Invalid { detail } if detail.contains("above the ceiling"));
                let refused = matches!(err, EdgeError::Invalid { .. } | EdgeError::PermissionDenied { .. });
                let mut error = connected.error("could not change the offload settings", err);
                if above {
                    error = error.hint("lower --default, raise --ceiling, or remove the ceiling with --unset-ceiling");
                }
                if refused { error.hint("nothing was changed") } else { error }
            })
        })?;
        return print_change(&change, &patch, format);
    }
    let (view, asked) = block_on(async {
        let fail = |err| connected.error("could not read the offload settings", err);
        let view = connected.edge.offload(&args.tenant).await.map_err(fail)?;
        let asked = match args.agent_offload {
            Some(offload) => {
                Some((offload, connected.edge.threshold(&args.tenant, Some(offload)).await.map_err(fail)?))
            }
            None => None,
        };
        Ok((view, asked))
    })?;
    print_view(&view, asked, format)
}

fn setting(value: Option<impl std::fmt::Display>) -> String {
    value.map_or_else(|| "unset".to_owned(), |v| v.to_string())
}

fn print_change(change: &OffloadChange, patch: &OffloadPatch, format: Format) -> Result<(), CommandError> {
    if format == Format::Json {
        return ui::print_json(change);
    }
    let mut out = String::new();
    if patch.default.is_some() {
        out.push_str(&format!("default: {} -> {}\n", setting(change.before.default), setting(change.after.default)));
    }
    if patch.ceiling.is_some() {
        out.push_str(&format!("ceiling: {} -> {}\n", setting(change.before.ceiling), setting(change.after.ceiling)));
    }
    ui::print_text(&out)?;
    if let Some(experiment) = &patch.experiment {
        ui::info(&format!("the audit log names the experiment {experiment} beside the change"));
    }
    Ok(())
}

#[derive(Serialize)]
struct Asked {
    offload: Offload,
    #[serde(flatten)]
    threshold: Threshold,
}

#[derive(Serialize)]
struct ViewJson<'a> {
    #[serde(flatten)]
    view: &'a OffloadView,
    #[serde(skip_serializing_if = "Option::is_none")]
    asks: Option<Asked>,
}

fn print_view(view: &OffloadView, asked: Option<(Offload, Threshold)>, format: Format) -> Result<(), CommandError> {
    if format == Format::Json {
        let asks = asked.map(|(offload, threshold)| Asked { offload, threshold });
        return ui::print_json(&ViewJson { view, asks });
    }
    ui::print_text(&table(&view.settings, view, asked))?;
    Ok(())
}

/// Returns the settings and thresholds as two small tables.
fn table(settings: &OffloadSettings, view: &OffloadView, asked: Option<(Offload, Threshold)>) -> String {
    let mut rows = vec![("nothing".to_owned(), view.says_nothing), ("off".to_owned(), view.asks_off)];
    // `off` has its row already.
    if let Some((offload, threshold)) = asked.filter(|(offload, _)| *offload != Offload::Off) {
        rows.push((offload.to_string(), threshold));
    }
    let threshold = |t: &Threshold| match t.threshold {
        Offload::Tokens(tokens) => tokens.to_string(),
        Offload::Off => "off (never offloaded)".to_owned(),
    };
    let mut table = ui::table(&[Key("AN AGENT ASKS FOR"), Key("THRESHOLD"), Text("FROM")]);
    for (asks, t) in &rows {
        table.add_row([asks.clone(), threshold(t), t.from.describe().to_owned()]);
    }
    format!(
        "default  {}\nceiling  {}\n\n{}",
        setting(settings.default),
        setting(settings.ceiling),
        ui::table_text(&table)
    )
}

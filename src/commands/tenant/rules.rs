//! `oz0 tenant rules`: read or change which labels may go to which model aliases.

use clap::Args;
use oz0_core::api::{Edge, EdgeError, Tenant};

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Show or change the tenant's data rules: which labels may go to which model aliases.
///
/// A job gathers the labels of what it read (its tools' results, what a tool's model request says it
/// carries). A model request that goes with a label that has a rule is refused, naming the rule, unless
/// it goes to one of the rule's aliases: an agent's model calls, a tool's requests by MCP sampling, and
/// the calls of its gateway token. A label with no rule goes anywhere. Without options, shows the
/// rules; with options, changes them (the admin role is needed; audited as `tenant.rules`).
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantRulesArgs {
    /// Let what carries LABEL go to these aliases only, LABEL=ALIAS[,ALIAS]; repeat for each label.
    #[arg(long = "allow", value_name = "LABEL=ALIASES", value_parser = parse_rule)]
    pub allow: Vec<(String, Vec<String>)>,

    /// Remove the rule of LABEL; repeat for each.
    #[arg(long = "remove", value_name = "LABEL")]
    pub remove: Vec<String>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant rules
  oz0 tenant rules --allow pii=local
  oz0 tenant rules --allow confidential=local,smart --remove pii";

fn parse_rule(value: &str) -> Result<(String, Vec<String>), String> {
    let (label, aliases) = value
        .split_once('=')
        .ok_or_else(|| format!("`{value}` names no aliases: write LABEL=ALIAS[,ALIAS], as pii=local"))?;
    let aliases: Vec<String> = aliases.split(',').map(str::trim).filter(|a| !a.is_empty()).map(str::to_owned).collect();
    if aliases.is_empty() {
        return Err(format!("`{value}` names no aliases: write LABEL=ALIAS[,ALIAS], as pii=local"));
    }
    for alias in &aliases {
        oz0_core::api::check_alias(alias)?;
    }
    Ok((label.trim().to_owned(), aliases))
}

/// Runs `oz0 tenant rules`.
pub fn run(args: &TenantRulesArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let rules = block_on(async {
        let fail = |err: EdgeError| connected.error("could not read the data rules", err);
        let mut rules = connected.edge.data_rules(&args.tenant).await.map_err(fail)?;
        if args.allow.is_empty() && args.remove.is_empty() {
            return Ok(rules);
        }
        for label in &args.remove {
            if rules.0.remove(label).is_none() {
                return Err(CommandError::usage(format!("there is no rule of the label `{label}` to remove"))
                    .hint("`oz0 tenant rules` shows them"));
            }
        }
        for (label, aliases) in &args.allow {
            rules.0.insert(label.clone(), aliases.clone());
        }
        connected
            .edge
            .set_data_rules(&args.tenant, &rules)
            .await
            .map_err(|err| connected.error("could not change the data rules", err).hint("nothing was changed"))?;
        Ok(rules)
    })?;
    if format == Format::Json {
        return ui::print_json(&rules);
    }
    if rules.0.is_empty() {
        ui::print_text("no data rules: what a job read may go to any model alias")?;
        return Ok(());
    }
    let lines: Vec<String> =
        rules.0.iter().map(|(label, aliases)| format!("{label} -> {}", aliases.join(", "))).collect();
    ui::print_text(&lines.join("\n"))?;
    Ok(())
}

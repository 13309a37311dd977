//! `oz0 tenant quotas`: read or set how many model tokens and requests the tenant, and each plugin, may
//! ask a day.

use clap::Args;
use oz0_core::api::{Edge, EdgeError, Quota, Tenant};

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number};

/// Show or set the tenant's quotas: the model tokens and requests it may ask a UTC day, in all or by
/// one plugin's tools.
///
/// Every model request of the tenant counts toward its quotas, an agent's and its tools' (by MCP
/// sampling and through their gateway tokens); a tool's counts toward its plugin's too. A request that
/// would go over one, its worst case counted, is refused before it is sent, with an `ai.oz0/refusal`
/// of type `quota_exceeded` that names the scope (`tenant` or `plugin:NAME`) and the quota. Without
/// options, shows the quotas; with options, sets the tenant's, or the plugin's with --plugin (the admin
/// role is needed; audited as `tenant.quotas`); `none` removes one.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantQuotasArgs {
    /// Set this plugin's quotas, rather than the tenant's.
    #[arg(long, value_name = "NAME")]
    pub plugin: Option<String>,

    /// The most model tokens (in and out) a day, or `none`.
    #[arg(long, value_name = "N|none", value_parser = parse_count)]
    pub tokens_per_day: Option<Count>,

    /// The most model requests a day, or `none`.
    #[arg(long, value_name = "N|none", value_parser = parse_count)]
    pub requests_per_day: Option<Count>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant quotas
  oz0 tenant quotas --tokens-per-day 2000000 --requests-per-day 5000
  oz0 tenant quotas --plugin notes --requests-per-day 100
  oz0 tenant quotas --plugin notes --requests-per-day none";

/// A quota given on the command line: a count, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(Option<u64>);

fn parse_count(value: &str) -> Result<Count, String> {
    if value == "none" {
        return Ok(Count(None));
    }
    value.parse::<u64>().map(|n| Count(Some(n))).map_err(|_| format!("`{value}` is neither a whole number nor `none`"))
}

fn shown(value: Option<u64>) -> String {
    value.map_or_else(|| "none".to_owned(), oz0_core::savings::grouped)
}

/// Runs `oz0 tenant quotas`.
pub fn run(args: &TenantQuotasArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let changes = args.tokens_per_day.is_some() || args.requests_per_day.is_some();
    if args.plugin.is_some() && !changes {
        return Err(CommandError::usage("--plugin names whose quotas to set, and none is given")
            .hint("add --tokens-per-day N or --requests-per-day N"));
    }
    let quotas = block_on(async {
        let fail = |err: EdgeError| connected.error("could not read the quotas", err);
        let mut quotas = connected.edge.quotas(&args.tenant).await.map_err(fail)?;
        if !changes {
            return Ok(quotas);
        }
        let quota: &mut Quota = match &args.plugin {
            Some(plugin) => quotas.plugins.entry(plugin.clone()).or_default(),
            None => &mut quotas.tenant,
        };
        if let Some(Count(n)) = args.tokens_per_day {
            quota.tokens_per_day = n;
        }
        if let Some(Count(n)) = args.requests_per_day {
            quota.requests_per_day = n;
        }
        quotas.plugins.retain(|_, quota| !quota.is_empty());
        connected
            .edge
            .set_quotas(&args.tenant, &quotas)
            .await
            .map_err(|err| connected.error("could not change the quotas", err).hint("nothing was changed"))?;
        Ok(quotas)
    })?;
    if format == Format::Json {
        return ui::print_json(&quotas);
    }
    let mut table = ui::table(&[Key("SCOPE"), Number("TOKENS A DAY"), Number("REQUESTS A DAY")]);
    table.add_row(["tenant".to_owned(), shown(quotas.tenant.tokens_per_day), shown(quotas.tenant.requests_per_day)]);
    for (plugin, quota) in &quotas.plugins {
        table.add_row([format!("plugin:{plugin}"), shown(quota.tokens_per_day), shown(quota.requests_per_day)]);
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}

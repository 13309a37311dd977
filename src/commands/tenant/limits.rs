//! `oz0 tenant limits`: read or set what the tenant may spend a day and a month.

use clap::Args;
use oz0_core::api::{Edge, SpendingLimits, Tenant};

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Show or set what the tenant may spend on models and reported usage, per day and per month (UTC).
///
/// Every model call, an agent's or a tool's (MCP sampling), reserves its worst case first, beside what
/// the tenant's jobs spent this day and this month and the calls still under way; a call that would go
/// over a limit is refused, saying which limit, what was spent and what is reserved. Without options,
/// shows the limits. With options, sets them (the admin role is needed; audited as `tenant.limits`);
/// `none` removes one.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantLimitsArgs {
    /// The most US dollars a day, or `none`.
    #[arg(long, value_name = "USD|none", value_parser = parse_usd)]
    pub usd_per_day: Option<Limit>,

    /// The most US dollars a month, or `none`.
    #[arg(long, value_name = "USD|none", value_parser = parse_usd)]
    pub usd_per_month: Option<Limit>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant limits
  oz0 tenant limits --usd-per-day 20 --usd-per-month 300
  oz0 tenant limits --usd-per-day none";

/// A limit given on the command line: dollars, or none.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit(Option<f64>);

fn parse_usd(value: &str) -> Result<Limit, String> {
    if value == "none" {
        return Ok(Limit(None));
    }
    match value.parse::<f64>() {
        Ok(usd) if usd.is_finite() && usd >= 0.0 => Ok(Limit(Some(usd))),
        _ => Err(format!("`{value}` is not a number of dollars (0 or more) or `none`")),
    }
}

/// Runs `oz0 tenant limits`.
pub fn run(args: &TenantLimitsArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let limits = block_on(async {
        let fail = |err| connected.error("could not read the tenant's spending limits", err);
        let mut limits = connected.edge.limits(&args.tenant).await.map_err(fail)?;
        if args.usd_per_day.is_none() && args.usd_per_month.is_none() {
            return Ok(limits);
        }
        if let Some(Limit(day)) = args.usd_per_day {
            limits.usd_per_day = day;
        }
        if let Some(Limit(month)) = args.usd_per_month {
            limits.usd_per_month = month;
        }
        let fail = |err| connected.error("could not set the tenant's spending limits", err);
        connected.edge.set_limits(&args.tenant, &limits).await.map_err(fail)
    })?;
    if format == Format::Json {
        return ui::print_json(&limits);
    }
    ui::print_text(&describe(&limits))?;
    Ok(())
}

fn describe(limits: &SpendingLimits) -> String {
    let usd = |limit: Option<f64>| limit.map_or_else(|| "none".to_owned(), |usd| format!("${usd}"));
    format!("a day: {}\na month: {}", usd(limits.usd_per_day), usd(limits.usd_per_month))
}

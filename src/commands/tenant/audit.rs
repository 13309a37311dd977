//! `oz0 tenant audit`: the tenant's audit log.

use clap::Args;
use oz0_core::api::{Edge, Tenant};

use super::parse_tenant;
use crate::cli::{self, Format};
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::ui;
use crate::ui::Column::{Key, Text};

/// Show the tenant's audit log, newest first: who changed what, when, from what to what.
///
/// The admin role is needed.
#[derive(Debug, Args)]
pub struct TenantAuditArgs {
    /// How many entries to show, from 1 to 1000.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub limit: u32,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

/// Runs `oz0 tenant audit`.
pub fn run(args: &TenantAuditArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = cli::format()?;
    let connected = connect(edge)?;
    let entries = block_on(async {
        connected
            .edge
            .audit(&args.tenant, args.limit)
            .await
            .map_err(|err| connected.error("could not read the audit log", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&entries);
    }
    if entries.is_empty() {
        ui::info("the audit log is empty");
        return Ok(());
    }
    let mut table = ui::table(&[Key("AT"), Key("ACTOR"), Key("ACTION"), Text("CHANGE")]);
    for entry in &entries {
        table.add_row([
            entry.at.clone(),
            entry.actor.clone(),
            entry.action.clone(),
            format!("{} -> {}", entry.old, entry.new),
        ]);
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}

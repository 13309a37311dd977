//! `oz0 tenant audit`: the tenant's audit log.

use clap::Args;
use oz0_core::api::{AuditPage, Cursor, Edge, MAX_PAGE, Tenant};

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number, Text};

/// Show the tenant's audit log, newest first: who changed what, when, from what to what.
///
/// Entries are numbered 1, 2, 3 within the tenant. The edge answers a page of at most 1000 entries at a
/// time; more are read page after page, and `--after` starts where an earlier read stopped. The admin
/// role is needed.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantAuditArgs {
    /// How many entries to show.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,

    /// Show the entries older than this cursor: the `next` an earlier read printed.
    #[arg(long, value_name = "CURSOR")]
    pub after: Option<Cursor>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant audit --limit 100
  oz0 tenant audit --limit 1000 --format json | jq -r .next
  oz0 tenant audit --limit 1000 --after 1523";

/// Runs `oz0 tenant audit`.
pub fn run(args: &TenantAuditArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let page = block_on(async {
        let fail = |err| connected.error("could not read the audit log", err);
        let wanted = usize::try_from(args.limit).unwrap_or(usize::MAX);
        let room = |got: usize| u32::try_from(wanted - got).unwrap_or(MAX_PAGE).min(MAX_PAGE);
        let mut page: AuditPage =
            connected.edge.audit(&args.tenant, room(0), args.after.as_ref()).await.map_err(fail)?;
        // The edge answers a page at a time; the rest follow from each page's cursor.
        while let Some(next) = page.next.clone().filter(|_| page.entries.len() < wanted) {
            let more = connected.edge.audit(&args.tenant, room(page.entries.len()), Some(&next)).await.map_err(fail)?;
            page.entries.extend(more.entries);
            page.next = more.next;
        }
        Ok(page)
    })?;
    if format == Format::Json {
        return ui::print_json(&page);
    }
    if page.entries.is_empty() {
        ui::info(if args.after.is_some() { "no older entries" } else { "the audit log is empty" });
        return Ok(());
    }
    let mut table = ui::table(&[Number("ID"), Key("AT"), Key("ACTOR"), Key("ACTION"), Text("CHANGE")]);
    for entry in &page.entries {
        table.add_row([
            entry.id.to_string(),
            entry.at.clone(),
            entry.actor.clone(),
            entry.action.clone(),
            format!("{} -> {}", entry.old, entry.new),
        ]);
    }
    ui::print_text(&ui::table_text(&table))?;
    if let Some(next) = &page.next {
        ui::info(&format!("older entries follow: add --after {next}"));
    }
    Ok(())
}

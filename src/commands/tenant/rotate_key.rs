//! `oz0 tenant rotate-key`: give the tenant a new payload key.

use clap::Args;
use oz0_core::api::{Edge, Tenant};

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Give the tenant a new payload key, to seal its payloads with from now on.
///
/// Where the edge seals payloads (`oz0 edge serve --seal-payloads`, on by default with PostgreSQL),
/// the tenant's files, its jobs' inputs and answers and what their models said and read are sealed
/// with the tenant's payload key, which the edge key seals in turn. A new key seals what is kept from
/// now on; the keys before it are kept, retired, each to open what it sealed, so everything reads as
/// before. Other nodes of a shared edge take the new key up within a minute. Needs the admin role;
/// audited as `tenant.payload_key`. The edge key itself is rotated by the operator, with `oz0 edge
/// rotate-key`.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantRotateKeyArgs {
    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant rotate-key
  oz0 tenant rotate-key --format json";

/// Runs `oz0 tenant rotate-key`.
pub fn run(args: &TenantRotateKeyArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let rotation = block_on(async {
        let fail = |err| connected.error("could not give the tenant a new payload key", err);
        connected.edge.rotate_payload_key(&args.tenant).await.map_err(fail)
    })?;
    if format == Format::Json {
        return ui::print_json(&rotation);
    }
    let mut out = match &rotation.retired {
        Some(retired) => format!("payload key: {retired} -> {}\n", rotation.key),
        None => format!("payload key: {}\n", rotation.key),
    };
    if !rotation.sealing {
        out.push_str(
            "this edge keeps payloads plain: the key seals nothing until the edge is served with \
             --seal-payloads\n",
        );
    }
    ui::print_text(&out)?;
    Ok(())
}

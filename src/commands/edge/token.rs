//! `oz0 edge token create`: a new person of a tenant, with a token.

use clap::{Args, Subcommand};
use oz0_core::api::{Edge, Role, TenantName, TokenRequest};

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Make tokens of the edge.
#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    Create(EdgeTokenCreateArgs),
}

/// Make a new person of a tenant with a token, and print the token, shown this once.
///
/// The admin role is needed. An admin of the edge's first tenant may name another tenant, which is
/// made when it does not exist; any other admin makes tokens of their own tenant only.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct EdgeTokenCreateArgs {
    /// The token's tenant; left out, your own.
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub tenant: Option<TenantName>,

    /// A role of the token: `admin` (settings, tokens, the audit log) or `content` (job data, files).
    #[arg(long = "role", value_name = "ROLE", required = true, value_parser = parse_role, value_delimiter = ',')]
    pub roles: Vec<Role>,

    /// The person's name, unique in the tenant; left out, one is made up.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

const EXAMPLES: &str = "\
Examples:
  oz0 edge token create --role content
  oz0 edge token create --tenant acme --role admin --name ada
  TOKEN=$(oz0 edge token create --role admin,content)";

fn parse_name(value: &str) -> Result<TenantName, String> {
    TenantName::new(value).map_err(|err| err.to_string())
}

fn parse_role(value: &str) -> Result<Role, String> {
    value.parse().map_err(|err: oz0_core::api::NameError| err.to_string())
}

/// Runs an `oz0 edge token` command.
pub fn run(command: TokenCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        TokenCommand::Create(args) => create(&args, edge),
    }
}

fn create(args: &EdgeTokenCreateArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let request = TokenRequest { tenant: args.tenant.clone(), roles: args.roles.clone(), name: args.name.clone() };
    let created = block_on(async {
        connected.edge.create_token(&request).await.map_err(|err| connected.error("could not make the token", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&created);
    }
    let roles: Vec<&str> = created.roles.iter().map(|r| r.as_str()).collect();
    let new = if created.tenant_created { " (a new tenant)" } else { "" };
    ui::info(&format!(
        "made `{}` of the tenant `{}`{new} with the roles {}; the token is shown this once",
        created.person,
        created.tenant,
        roles.join(", ")
    ));
    ui::print_text(&created.token)?;
    Ok(())
}

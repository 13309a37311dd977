//! `oz0 tenant`: the tenant's settings, for its admins.

pub mod audit;
pub mod limits;
pub mod name;
pub mod offload;
pub mod quotas;
pub mod retention;
pub mod rotate_key;
pub mod rules;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Read and change the tenant's settings.
#[derive(Debug, Subcommand)]
pub enum TenantCommand {
    Offload(offload::TenantOffloadArgs),
    Limits(limits::TenantLimitsArgs),
    Rules(rules::TenantRulesArgs),
    Quotas(quotas::TenantQuotasArgs),
    Retention(retention::TenantRetentionArgs),
    RotateKey(rotate_key::TenantRotateKeyArgs),
    Audit(audit::TenantAuditArgs),
}

/// Runs an `oz0 tenant` command.
pub fn run(command: TenantCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        TenantCommand::Offload(args) => offload::run(&args, edge),
        TenantCommand::Limits(args) => limits::run(&args, edge),
        TenantCommand::Rules(args) => rules::run(&args, edge),
        TenantCommand::Quotas(args) => quotas::run(&args, edge),
        TenantCommand::Retention(args) => retention::run(&args, edge),
        TenantCommand::RotateKey(args) => rotate_key::run(&args, edge),
        TenantCommand::Audit(args) => audit::run(&args, edge),
    }
}

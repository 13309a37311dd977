//! One file a command; each parses its arguments, calls the core once or twice, and renders.

pub mod agent;
pub mod approval;
pub mod compare_savings;
pub mod console;
pub mod conversation;
pub mod edge;
pub mod erase;
pub mod file;
pub mod fit;
pub mod hold;
pub mod job;
pub mod mcp;
pub mod plugin;
pub mod policy;
pub mod run;
pub mod tenant;
pub mod tool;
pub mod usage;
pub mod util;

use crate::cli::{Cli, Command};
use crate::error::CommandError;

/// Runs the command the command line names.
pub fn run(cli: Cli) -> Result<(), CommandError> {
    let edge = cli.edge;
    crate::output::set_output(cli.output);
    match cli.command {
        Command::Fit(args) => fit::run(&args),
        Command::Plugin(on) => plugin::run(on.command, &edge),
        Command::Tool(on) => tool::run(on.command, &edge),
        Command::Job(on) => job::run(on.command, &edge),
        Command::File(on) => file::run(on.command, &edge),
        Command::Run(args) => run::run(&args.args, &edge),
        Command::Conversation(on) => conversation::run(on.command, &edge),
        Command::CompareSavings(on) => compare_savings::run(on.command, &edge),
        Command::Agent(on) => agent::run(on.command, &edge),
        Command::Tenant(on) => tenant::run(on.command, &edge),
        Command::Usage(args) => usage::run(&args, &edge),
        Command::Console(args) => console::run(&args, &edge),
        Command::Mcp(on) => mcp::run(on.command, &edge),
        Command::Policy(on) => policy::run(on.command, &edge),
        Command::Approval(on) => approval::run(on.command, &edge),
        Command::Hold(on) => hold::run(on.command, &edge),
        Command::Erase(args) => erase::run(&args, &edge),
        Command::Edge(on) => edge::run(on.command, &edge),
        Command::Util(command) => util::run(command, Cli::definition()),
    }
}

//! `oz0 agent`: install agents and flows on the edge, and list them.

pub mod apply;
pub mod list;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Install agents and flows on the edge, and list them.
#[derive(Debug, Subcommand)]
pub enum AgentCommand {
    Apply(apply::AgentApplyArgs),
    /// List the agents and flows installed on the edge.
    List,
}

/// Runs an `oz0 agent` command.
pub fn run(command: AgentCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        AgentCommand::Apply(args) => apply::run(&args, edge),
        AgentCommand::List => list::run(edge),
    }
}

/// Reads an agent or a flow from a YAML file, with an error naming the file and the key.
pub fn read(path: &std::path::Path) -> Result<oz0_core::agent::Definition, CommandError> {
    let text = fs_err::read_to_string(path)
        .map_err(|err| CommandError::usage(format!("cannot read '{}'", path.display())).caused_by(err))?;
    // The edge's gateway configuration is TOML with `[aliases...]`; it is not applied, it is copied.
    if text.lines().any(|line| line.trim_start().starts_with("[aliases") || line.trim_start().starts_with("[formats")) {
        return Err(CommandError::usage(format!(
            "'{}' is a model gateway configuration, not an agent or a flow",
            path.display()
        ))
        .hint("copy it into the edge's data folder instead: cp FILE \"$(oz0 edge status --data)/gateway.toml\""));
    }
    oz0_core::agent::parse(&text, &path.display().to_string()).map_err(|err| {
        CommandError::usage(err.to_string()).hint(
            "an agent has `id`, `model`, `instructions`, `tools`, `offload`, `context`, `budget` and `max_steps`; \
             a flow has `id` and `steps`, each with `id`, `call` (tool.function), `args` and `view`",
        )
    })
}

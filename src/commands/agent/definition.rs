//! An agent's or a flow's definition, read from the YAML file a person gives.

use crate::error::CommandError;

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

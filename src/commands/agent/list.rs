//! `oz0 agent list`: the agents and flows installed on the edge.

use oz0_core::agent::Definition;
use oz0_core::api::Edge;

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Text};

/// Runs `oz0 agent list`.
pub fn run(edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let definitions = block_on(async {
        connected.edge.definitions().await.map_err(|err| connected.error("could not list them", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&definitions);
    }
    if definitions.is_empty() {
        ui::info("no agent or flow is installed; `oz0 agent apply FILE` installs one");
        return Ok(());
    }
    let mut table = ui::table(&[Key("KIND"), Key("ID"), Text("DEFINITION")]);
    for definition in &definitions {
        table.add_row(match definition {
            Definition::Agent(agent) => [
                "agent".to_owned(),
                agent.id.to_string(),
                format!(
                    "model {}, tools {}{}",
                    agent.model,
                    if agent.tools.is_empty() { "none".to_owned() } else { agent.tools.join(", ") },
                    if agent.agents.is_empty() {
                        String::new()
                    } else {
                        format!(", agents {}", agent.agents.join(", "))
                    }
                ),
            ],
            Definition::Flow(flow) => {
                let calls: Vec<&str> = flow.steps.iter().map(|s| s.call.as_str()).collect();
                let kind = if flow.as_tool { "flow tool" } else { "flow" };
                [kind.to_owned(), flow.id.to_string(), calls.join(" -> ")]
            }
        });
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}

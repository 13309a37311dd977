//! The tenant's usage, read from its jobs' steps: one record a model call (an agent's, or a tool's by
//! sampling or through its gateway token) or a service's reported cost.

use std::collections::HashMap;

use oz0_core::api::{EdgeError, Job, JobKind, UsageKind, UsageRecord};
use oz0_core::trace::{Outcome, Step, StepKind};

use crate::state::EdgeState;
use crate::store::TenantRecord;

/// Returns the usage records of `jobs`, in the order of their steps.
pub(crate) fn records(
    state: &EdgeState,
    tenant: &TenantRecord,
    jobs: &[(Job, Vec<Step>)],
) -> Result<Vec<UsageRecord>, EdgeError> {
    // A step kept before steps named their plugin is charged to the plugin that brings its tool now.
    let mut plugins: HashMap<String, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for (job, steps) in jobs {
        for step in steps {
            let record = |kind| UsageRecord {
                at: step.at.clone(),
                day: step.at.get(..10).unwrap_or_default().to_owned(),
                job: job.id.clone(),
                job_kind: job.kind,
                agent: (job.kind == JobKind::Agent).then(|| job.name.clone()),
                step: step.seq,
                kind,
                plugin: None,
                plugin_version: None,
                tool: step.tool.clone(),
                service: None,
                alias: None,
                model: None,
                format: None,
                tokens_in: 0,
                tokens_out: 0,
                units: None,
                unit: None,
                cost_usd: 0.0,
            };
            if step.kind == StepKind::ModelCall && step.outcome != Outcome::Refused && step.cost_usd.is_some() {
                out.push(UsageRecord {
                    tool: None,
                    alias: step.tool.clone(),
                    model: step.model.clone(),
                    tokens_in: step.tokens_in.unwrap_or(0),
                    tokens_out: step.tokens_out.unwrap_or(0),
                    cost_usd: step.cost_usd.unwrap_or(0.0),
                    ..record(UsageKind::Model)
                });
            }
            let version = |name: &str| step.plugin.as_ref().filter(|p| p.name == name).map(|p| p.version.clone());
            for call in step.sampling.iter().chain(&step.gateway).filter(|c| c.outcome == Outcome::Ok) {
                out.push(UsageRecord {
                    plugin: Some(call.plugin.clone()),
                    plugin_version: version(&call.plugin),
                    alias: Some(call.alias.clone()),
                    model: Some(call.model.clone()),
                    format: call.format.clone(),
                    tokens_in: call.tokens_in,
                    tokens_out: call.tokens_out,
                    cost_usd: call.cost_usd,
                    ..record(UsageKind::Model)
                });
            }
            for usage in &step.usage {
                let plugin = match (&step.plugin, &step.tool) {
                    (Some(kept), _) => Some(kept.name.clone()),
                    (None, Some(tool)) => match plugins.get(tool) {
                        Some(plugin) => plugin.clone(),
                        None => {
                            let plugin = state.store().plugin_of_tool(tenant, tool)?.map(|p| p.info.name);
                            plugins.insert(tool.clone(), plugin.clone());
                            plugin
                        }
                    },
                    (None, None) => None,
                };
                out.push(UsageRecord {
                    plugin_version: plugin.as_deref().and_then(version),
                    plugin,
                    service: Some(usage.service.clone()),
                    units: usage.units,
                    unit: usage.unit.clone(),
                    cost_usd: usage.cost_usd,
                    ..record(UsageKind::Service)
                });
            }
        }
    }
    Ok(out)
}

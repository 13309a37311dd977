//! Experiments (`oz0 compare-savings`): an agent run on each input under the threshold it gets today
//! (the baseline) and under another (the variant), to measure what the variant saves.
//!
//! The pairs run one job at a time, in a task of the node that started the experiment: the baseline
//! first in odd pairs and the variant first in even ones, so that neither arm always meets the
//! provider warm or cold. Both arms run the definition the experiment started with, whatever is
//! installed meanwhile. Each job is tagged before it starts; no pair starts once the experiment is
//! cancelled, or once what it spent and a pair of the mean cost so far would pass its budget.

use std::sync::Arc;

use futures_util::StreamExt as _;
use oz0_core::agent::Definition;
use oz0_core::api::{
    Agreed, Arm, ArmTotals, EdgeError, Experiment, ExperimentPair, ExperimentReport, ExperimentRequest,
    ExperimentState, Job, JobState, MAX_EXPERIMENT_INPUTS, PairArm, RunEvent, RunRequest, Savings, Share, TreeId,
    parse_instant,
};
use oz0_core::offload::Offload;
use oz0_core::savings::{self, Pair, threshold};
use oz0_core::trace::{StepKind, Totals};

use crate::calls::new_job_id;
use crate::state::EdgeState;
use crate::store::{ExperimentJob, NewExperiment, Principal};

/// Checks an experiment's request, records it and starts its pairs in a task of their own.
pub(crate) async fn start(
    state: &Arc<EdgeState>,
    principal: &Principal,
    request: &ExperimentRequest,
) -> Result<Experiment, EdgeError> {
    let (experiment, plan) = state
        .blocking(principal, {
            let request = request.clone();
            move |state, principal| prepare(state, principal, &request)
        })
        .await?;
    let (state, principal, id) = (Arc::clone(state), principal.clone(), experiment.id.clone());
    tokio::spawn(async move {
        let (end, reason) = run(&state, &principal, &id, &plan).await;
        let ended = state
            .blocking(&principal, move |state, principal| {
                Ok(state.store().end_experiment(&principal.tenant, &id, end, reason.as_deref(), None)?)
            })
            .await;
        if let Err(err) = ended {
            tracing::error!(error = &err as &dyn std::error::Error, "an experiment could not be ended");
        }
    });
    Ok(experiment)
}

/// What an experiment runs: the agent's definition as it started, the two thresholds and the inputs.
struct Plan {
    definition: Definition,
    baseline: Offload,
    variant: Offload,
    inputs: Vec<String>,
    budget_usd: Option<f64>,
}

impl Plan {
    fn offload(&self, arm: Arm) -> Offload {
        match arm {
            Arm::Baseline => self.baseline,
            Arm::Variant => self.variant,
        }
    }
}

fn prepare(
    state: &EdgeState,
    principal: &Principal,
    request: &ExperimentRequest,
) -> Result<(Experiment, Plan), EdgeError> {
    let tenant = &principal.tenant;
    if let Some(budget) = request.budget_usd
        && !(budget.is_finite() && budget > 0.0)
    {
        return Err(EdgeError::invalid(format!("a budget is a number of US dollars above 0, and {budget} is not")));
    }
    let definition = match &request.definition {
        Some(definition) => definition.clone(),
        None => state.store().definition(tenant, &request.agent)?.ok_or_else(|| {
            EdgeError::not_found(format!(
                "no agent `{}`: there is no agents/{0}.yaml here, and none is installed (`oz0 agent list`)",
                request.agent
            ))
        })?,
    };
    oz0_core::agent::check(&definition).map_err(|err| EdgeError::invalid(format!("{}: {err}", request.agent)))?;
    let Definition::Agent(agent) = &definition else {
        return Err(EdgeError::invalid(format!(
            "`{}` is a flow, which offloads nothing: an experiment compares an agent's thresholds",
            request.agent
        )));
    };
    super::gateway_for(state, agent)?;
    let baseline = super::job_threshold(state, principal, agent.offload)?;
    let variant = super::job_threshold(state, principal, Some(request.variant_offload))?;
    if variant != request.variant_offload {
        return Err(EdgeError::invalid(format!(
            "the tenant's ceiling caps a threshold of `{}` at {}, so the variant would not run as asked: ask for \
             one within the ceiling, or raise it (`oz0 tenant offload --ceiling`)",
            request.variant_offload,
            threshold(variant)
        )));
    }
    if variant == baseline {
        return Err(EdgeError::invalid(format!(
            "the agent `{}` offloads at {} already: the variant would run as the baseline does",
            agent.id,
            threshold(baseline)
        )));
    }
    let inputs = match (request.inputs.is_empty(), request.replay) {
        (false, None) => request.inputs.clone(),
        (true, Some(n)) if (1..=MAX_EXPERIMENT_INPUTS).contains(&(n as usize)) => {
            let inputs = state.store().replay_inputs(tenant, &agent.id, n)?;
            if inputs.is_empty() {
                return Err(EdgeError::invalid(format!(
                    "the agent `{}` has no job of its own to replay: give the inputs instead",
                    agent.id
                )));
            }
            inputs
        }
        (true, Some(n)) => {
            return Err(EdgeError::invalid(format!(
                "an experiment replays 1 to {MAX_EXPERIMENT_INPUTS} jobs, and {n} is not"
            )));
        }
        (true, None) => return Err(EdgeError::invalid("an experiment needs inputs: give them, or jobs to replay")),
        (false, Some(_)) => {
            return Err(EdgeError::invalid("an experiment takes its inputs or replays jobs, not both"));
        }
    };
    if inputs.len() > MAX_EXPERIMENT_INPUTS {
        return Err(EdgeError::invalid(format!(
            "an experiment runs at most {MAX_EXPERIMENT_INPUTS} inputs, and {} were given",
            inputs.len()
        )));
    }
    let id = new_job_id()?;
    let new = NewExperiment {
        id: &id,
        agent: &agent.id,
        baseline,
        variant,
        inputs: u32::try_from(inputs.len()).unwrap_or(u32::MAX),
        budget_usd: request.budget_usd,
    };
    let experiment = state.store().start_experiment(tenant, &new, principal)?;
    let plan = Plan { definition: definition.clone(), baseline, variant, inputs, budget_usd: request.budget_usd };
    Ok((experiment, plan))
}

/// Runs the pairs of the experiment `id` and returns how it ended, and why when not done.
async fn run(
    state: &Arc<EdgeState>,
    principal: &Principal,
    id: &TreeId,
    plan: &Plan,
) -> (ExperimentState, Option<String>) {
    let total = plan.inputs.len();
    let mut pair_costs = Vec::with_capacity(total);
    for (n, input) in (1..).zip(&plan.inputs) {
        let Ok(Some(before)) = current(state, principal, id).await else {
            return (ExperimentState::Failed, Some("the experiment could not be read from the store".to_owned()));
        };
        if before.state != ExperimentState::Running {
            return (before.state, before.reason);
        }
        if let Some(budget) = plan.budget_usd {
            let mean =
                if pair_costs.is_empty() { 0.0 } else { pair_costs.iter().sum::<f64>() / pair_costs.len() as f64 };
            if before.spent_usd >= budget || before.spent_usd + mean > budget {
                return (
                    ExperimentState::Stopped,
                    Some(format!(
                        "stopped before pair {n} of {total}: it spent ${:.6} of its ${budget} budget, and a pair costs \
                         ${mean:.6} on average",
                        before.spent_usd
                    )),
                );
            }
        }
        let arms = if n % 2 == 1 { [Arm::Baseline, Arm::Variant] } else { [Arm::Variant, Arm::Baseline] };
        let mut failed = Vec::new();
        for arm in arms {
            // A cancel stops the pair too: no job starts after it.
            match current(state, principal, id).await {
                Ok(Some(now)) if now.state == ExperimentState::Running => {}
                Ok(Some(now)) => return (now.state, now.reason),
                _ => {
                    return (
                        ExperimentState::Failed,
                        Some("the experiment could not be read from the store".to_owned()),
                    );
                }
            }
            match run_arm(state, principal, id, plan, n, arm, input).await {
                Ok(Some(job)) if job.state == JobState::Failed => failed.push(job.error.unwrap_or_default()),
                Ok(_) => {}
                Err(err) => {
                    let reason = format!("the {} of pair {n} could not start: {err}", arm.as_str());
                    return (ExperimentState::Failed, Some(reason));
                }
            }
        }
        // Both arms failed alike: what failed them (a tool, a model, a limit) fails every pair to come.
        if let [first, second] = failed.as_slice()
            && first == second
        {
            return (ExperimentState::Failed, Some(format!("both jobs of pair {n} failed: {first}")));
        }
        match current(state, principal, id).await {
            Ok(Some(after)) => pair_costs.push(after.spent_usd - before.spent_usd),
            _ => return (ExperimentState::Failed, Some("the experiment could not be read from the store".to_owned())),
        }
    }
    (ExperimentState::Done, None)
}

/// Runs one arm of a pair as a job tagged with the experiment, waits for it to end and returns it as
/// it ended (`None` when its events stopped first).
async fn run_arm(
    state: &Arc<EdgeState>,
    principal: &Principal,
    id: &TreeId,
    plan: &Plan,
    pair: u32,
    arm: Arm,
    input: &str,
) -> Result<Option<Job>, EdgeError> {
    let job = new_job_id()?;
    state
        .blocking(principal, {
            let (id, job) = (id.clone(), job.clone());
            move |state, principal| Ok(state.store().tag_job(&principal.tenant, &id, pair, arm, &job)?)
        })
        .await?;
    let request = RunRequest {
        name: plan.definition.id().to_owned(),
        definition: Some(plan.definition.clone()),
        input: input.to_owned(),
        files: Vec::new(),
        job: Some(job.clone()),
        reached: Vec::new(),
        conversation: None,
        offload: Some(plan.offload(arm)),
    };
    let started = super::start(state, principal, &request).await?;
    // Cancelled between its check and the job's start: the job is cancelled too.
    if current(state, principal, id).await?.is_some_and(|x| x.state != ExperimentState::Running) {
        let _ = cancel_job(state, principal, &started.id).await;
    }
    let mut events = super::events(state, principal, &started.id, 0).await?;
    while let Some(event) = events.next().await {
        match event {
            Ok(RunEvent::Done { job, .. }) => return Ok(Some(job)),
            Err(_) => break,
            Ok(_) => {}
        }
    }
    Ok(None)
}

async fn current(state: &Arc<EdgeState>, principal: &Principal, id: &TreeId) -> Result<Option<Experiment>, EdgeError> {
    let id = id.clone();
    state
        .blocking(principal, move |state, principal| {
            Ok(state.store().experiment(&principal.tenant, &id)?.map(|(experiment, _)| experiment))
        })
        .await
}

async fn cancel_job(state: &Arc<EdgeState>, principal: &Principal, job: &TreeId) -> Result<(), EdgeError> {
    let job = job.clone();
    state.blocking(principal, move |state, principal| crate::calls::cancel(state, principal, &job).map(|_| ())).await
}

/// Cancels a running experiment, and the job of it that runs. Blocks on the store.
pub(crate) fn cancel(state: &EdgeState, principal: &Principal, id: &TreeId) -> Result<Experiment, EdgeError> {
    let tenant = &principal.tenant;
    let Some((found, _)) = state.store().experiment(tenant, id)? else {
        return Err(no_experiment(id));
    };
    if found.state != ExperimentState::Running {
        return Err(EdgeError::invalid(format!(
            "the experiment `{id}` has ended ({}); there is nothing to cancel",
            found.state.as_str()
        )));
    }
    let by = format!("cancelled by {}", principal.actor());
    let ended = state
        .store()
        .end_experiment(tenant, id, ExperimentState::Cancelled, Some(&by), Some(principal))?
        .ok_or_else(|| no_experiment(id))?;
    let jobs = state.store().experiment(tenant, id)?.map(|(_, jobs)| jobs).unwrap_or_default();
    for tagged in jobs {
        if state.store().job(tenant, &tagged.job)?.is_some_and(|job| !job.state.ended()) {
            // One that ended meanwhile has nothing to cancel.
            let _ = crate::calls::cancel(state, principal, &tagged.job);
        }
    }
    Ok(ended)
}

/// Returns the error of an experiment the tenant does not have.
pub(crate) fn no_experiment(id: &TreeId) -> EdgeError {
    EdgeError::not_found(format!("no experiment `{id}`: `oz0 compare-savings list` shows them"))
}

/// A job of an experiment, as its report counts it.
struct Measured {
    pair: u32,
    arm: Arm,
    arm_of: PairArm,
    succeeded: bool,
    totals: Totals,
    read_results: u32,
    seconds: f64,
    answer: Option<String>,
}

/// Returns an experiment's report: both arms side by side, each pair, and what the variant saved over
/// the pairs whose two jobs ended. Blocks on the store.
pub(crate) fn report(state: &EdgeState, principal: &Principal, id: &TreeId) -> Result<ExperimentReport, EdgeError> {
    let tenant = &principal.tenant;
    let (experiment, jobs) = state.store().experiment(tenant, id)?.ok_or_else(|| no_experiment(id))?;
    let mut measured = Vec::with_capacity(jobs.len());
    for ExperimentJob { pair, arm, job } in jobs {
        // A job tagged and never started (the edge stopped in between) counts for nothing.
        let Some(found) = state.store().job(tenant, &job)? else { continue };
        let steps = state.store().steps(tenant, &job, 0)?;
        let read_results = steps.iter().filter(|s| s.kind == StepKind::ReadResult).count();
        let seconds = match (&found.ended_at, parse_instant(&found.started_at)) {
            (Some(ended), Ok(started)) => {
                parse_instant(ended).map_or(0.0, |ended| ended.saturating_sub(started) as f64 / 1000.0)
            }
            _ => 0.0,
        };
        let totals = Totals::of(&steps);
        let answer = match found.state {
            JobState::Succeeded => state.store().job_io(tenant, &job)?.1,
            _ => None,
        };
        measured.push(Measured {
            pair,
            arm,
            arm_of: PairArm {
                job,
                state: found.state,
                error: found.error.clone(),
                tokens: totals.tokens_in + totals.tokens_out,
                cost_usd: found.cost_usd,
            },
            succeeded: found.state == JobState::Succeeded,
            totals,
            read_results: u32::try_from(read_results).unwrap_or(u32::MAX),
            seconds,
            answer,
        });
    }
    let totals = |arm: Arm| {
        let mut of = ArmTotals {
            offload: match arm {
                Arm::Baseline => experiment.baseline_offload,
                Arm::Variant => experiment.variant_offload,
            },
            jobs: 0,
            succeeded: 0,
            input_tokens: 0,
            output_tokens: 0,
            cost_usd: 0.0,
            steps: 0,
            read_results: 0,
            seconds: 0.0,
        };
        for m in measured.iter().filter(|m| m.arm == arm) {
            of.jobs += 1;
            of.succeeded += u32::from(m.succeeded);
            of.input_tokens += m.totals.tokens_in;
            of.output_tokens += m.totals.tokens_out;
            of.cost_usd += m.arm_of.cost_usd;
            of.steps += m.totals.steps;
            of.read_results += m.read_results;
            of.seconds += m.seconds;
        }
        of
    };
    let (baseline, variant) = (totals(Arm::Baseline), totals(Arm::Variant));

    // The jobs come by pair and arm, so a pair's come together.
    let mut pairs: Vec<ExperimentPair> = Vec::new();
    for m in &measured {
        if pairs.last().is_none_or(|p| p.n != m.pair) {
            pairs.push(ExperimentPair { n: m.pair, baseline: None, variant: None });
        }
        let Some(pair) = pairs.last_mut() else { continue };
        match m.arm {
            Arm::Baseline => pair.baseline = Some(m.arm_of.clone()),
            Arm::Variant => pair.variant = Some(m.arm_of.clone()),
        }
    }
    let ended: Vec<(&PairArm, &PairArm)> = pairs
        .iter()
        .filter_map(|p| match (&p.baseline, &p.variant) {
            (Some(b), Some(v)) if b.state.ended() && v.state.ended() => Some((b, v)),
            _ => None,
        })
        .collect();
    let seed = seed_of(id);
    let share = |quantity: &dyn Fn(&PairArm) -> f64| {
        let pairs: Vec<Pair> = ended.iter().map(|(b, v)| Pair::new(quantity(b), quantity(v))).collect();
        savings::saved(&pairs, seed).map(|s| Share { share: s.share, low: s.low, high: s.high })
    };
    let tokens = share(&|a| a.tokens as f64);
    let cost = share(&|a| a.cost_usd);
    let answers: std::collections::HashMap<&TreeId, &str> =
        measured.iter().filter_map(|m| Some((&m.arm_of.job, m.answer.as_deref()?))).collect();
    let answer_of = |arm: &PairArm| answers.get(&arm.job).copied();
    let agreement = savings::agreement(ended.iter().filter_map(|(b, v)| Some((answer_of(b)?, answer_of(v)?))));
    let verdict = savings::verdict(
        experiment.variant_offload,
        experiment.baseline_offload,
        cost.map(|s| savings::Saved { share: s.share, low: s.low, high: s.high }),
        agreement,
    );
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let savings = Savings {
        pairs: count(ended.len()),
        tokens,
        cost,
        tokens_saved: ended.iter().map(|(b, v)| b.tokens as i64 - v.tokens as i64).sum(),
        cost_saved_usd: ended.iter().map(|(b, v)| b.cost_usd - v.cost_usd).sum(),
        agreed: Agreed {
            exactly: count(agreement.exactly),
            normalized: count(agreement.loosely),
            of: count(agreement.of),
        },
        verdict,
    };
    Ok(ExperimentReport {
        id: experiment.id.clone(),
        agent: experiment.agent.clone(),
        experiment,
        baseline,
        variant,
        savings,
        pairs,
    })
}

/// Returns the seed an experiment's intervals are drawn from: its ID's, so that it says the same each
/// time it is shown (FNV-1a).
fn seed_of(id: &TreeId) -> u64 {
    id.as_str()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

//! The tenant's tool policy at a call: each call (a model's, a flow step's, a person's) and each of a
//! tool's model requests (`tool.sampling`) is checked, with what it will be made with, against the
//! most specific rule; `ask` waits for a person's approval until the call's time is up.

use std::sync::Arc;
use std::time::Duration;

use oz0_core::api::{ApprovalState, Effect, TreeId, decide};
use oz0_toolhost::{Ask, Asked};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::state::EdgeState;
use crate::store::{NewApproval, Principal};

/// How often a waiting call looks for its approval's answer, which may come from another process.
const POLL: Duration = Duration::from_millis(200);

/// What a call is checked with: whose it is, whether its manifest asks for approval, who may answer
/// on the spot, and until when it may wait.
#[derive(Clone)]
pub(crate) struct Gate {
    pub state: Arc<EdgeState>,
    pub principal: Principal,
    pub job: TreeId,
    pub person: Option<Arc<dyn Ask>>,
    pub deadline: Instant,
}

impl Gate {
    /// Lets the call of `target` (`tool.function` or `tool.sampling`) be made with `view` (what it will
    /// be made with), or says why not, naming the rule or the person.
    pub async fn pass(&self, target: &str, manifest_asks: bool, view: Value) -> Result<(), String> {
        let principal = self.principal.clone();
        let state = Arc::clone(&self.state);
        let rules = tokio::task::spawn_blocking(move || state.store().rules(&principal.tenant))
            .await
            .map_err(|err| format!("the edge failed: {err}"))?
            .map_err(|err| format!("the tenant's tool policy could not be read: {err}"))?;
        let Some(decided) = decide(&rules, target, manifest_asks) else { return Ok(()) };
        let rule = decided.describe();
        match decided.effect() {
            Effect::Allow => Ok(()),
            Effect::Deny => Err(format!("`{target}` is denied by {rule}")),
            Effect::Ask => self.ask(target, &rule, view).await,
        }
    }

    /// Puts the call to a person and waits for the answer, or the end of the call's time.
    async fn ask(&self, target: &str, rule: &str, view: Value) -> Result<(), String> {
        let remaining = self.deadline.saturating_duration_since(Instant::now());
        let expires = std::time::SystemTime::now() + remaining;
        let expires_ms = expires.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
        let (state, principal, job) = (Arc::clone(&self.state), self.principal.clone(), self.job.clone());
        let (target_owned, rule_owned, view_owned) = (target.to_owned(), rule.to_owned(), view.clone());
        let approval = tokio::task::spawn_blocking(move || {
            let new =
                NewApproval { job: &job, target: &target_owned, rule: &rule_owned, view: &view_owned, expires_ms };
            state.store().ask(&principal.tenant, &new)
        })
        .await
        .map_err(|err| format!("the edge failed: {err}"))?
        .map_err(|err| format!("the approval could not be asked: {err}"))?;
        tracing::info!(approval = approval.id, job = %self.job, target, "a call waits for a person's approval");
        // The person at the call may answer on the spot; anyone with the content role may answer it
        // with `oz0 approval`.
        let inline = self.person.clone().map(|person| {
            let (gate, id) = (self.clone(), approval.id);
            let message = format!(
                "approval {id}: {rule} asks a person before `{target}` runs with:\n{}",
                serde_json::to_string_pretty(&view).unwrap_or_default()
            );
            tokio::spawn(async move {
                let schema = json!({"type": "object", "required": ["approve"], "properties": {
                    "approve": {"type": "boolean", "title": "Approve", "description": "y runs it exactly as shown"},
                }});
                let approve = matches!(person.ask(&message, &schema).await,
                    Asked::Accept(content) if content.get("approve") == Some(&Value::Bool(true)));
                let state = if approve { ApprovalState::Approved } else { ApprovalState::Denied };
                let reason = (!approve).then_some("denied at the call");
                gate.decide(id, state, true, reason).await;
            })
        });
        let answer = loop {
            let (state, principal, id) = (Arc::clone(&self.state), self.principal.clone(), approval.id);
            let read = tokio::task::spawn_blocking(move || state.store().approval(&principal.tenant, id)).await;
            if let Ok(Ok(Some(read))) = read
                && read.state != ApprovalState::Pending
            {
                break read;
            }
            if Instant::now() >= self.deadline {
                self.decide(approval.id, ApprovalState::Expired, false, None).await;
                if let Some(inline) = &inline {
                    inline.abort();
                }
                return Err(format!(
                    "no one approved `{target}` (approval {}) by the end of the call's time; {rule} asks a person first",
                    approval.id
                ));
            }
            tokio::time::sleep(POLL.min(self.deadline.saturating_duration_since(Instant::now()))).await;
        };
        if let Some(inline) = inline {
            inline.abort();
        }
        match answer.state {
            ApprovalState::Approved => Ok(()),
            _ => {
                let who = answer.decided_by.as_deref().unwrap_or("no one");
                let reason = answer.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
                Err(format!("`{target}` was denied by {who} (approval {}){reason}", approval.id))
            }
        }
    }

    async fn decide(&self, id: u64, answer: ApprovalState, by_person: bool, reason: Option<&str>) {
        let (state, principal, reason) = (Arc::clone(&self.state), self.principal.clone(), reason.map(str::to_owned));
        let _ = tokio::task::spawn_blocking(move || {
            let who = by_person.then_some(&principal);
            state.store().decide(&principal.tenant, id, answer, who, reason.as_deref())
        })
        .await;
    }
}

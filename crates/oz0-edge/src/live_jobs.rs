//! The calls and runs of each job that this process runs: to cancel them, to tell who follows them of
//! their calls' progress, and to put their servers' questions to the person at the call.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use oz0_core::api::{QuestionAnswer, RunEvent, TreeId};
use tokio::sync::{broadcast, oneshot};
use tokio_util::sync::CancellationToken;

/// How many live events wait for a slow reader before the oldest are dropped.
const LIVE_BACKLOG: usize = 256;

/// A running job: what cancels it, how many of its calls run, and its live events and questions.
#[derive(Debug)]
struct Entry {
    token: CancellationToken,
    calls: usize,
    live: broadcast::Sender<RunEvent>,
    /// The questions waiting for an answer, each with its event, for a follower who comes later.
    questions: HashMap<u32, (RunEvent, oneshot::Sender<QuestionAnswer>)>,
    asked: u32,
}

impl Entry {
    fn waiting(&self) -> Vec<RunEvent> {
        let mut waiting: Vec<(u32, RunEvent)> =
            self.questions.iter().map(|(n, (event, _))| (*n, event.clone())).collect();
        waiting.sort_by_key(|(n, _)| *n);
        waiting.into_iter().map(|(_, event)| event).collect()
    }
}

/// The running calls of each job.
#[derive(Debug, Default)]
pub(crate) struct LiveJobs {
    jobs: Mutex<HashMap<(i64, String), Entry>>,
}

impl LiveJobs {
    fn with<T>(&self, tenant: i64, job: &TreeId, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        jobs.get_mut(&(tenant, job.as_str().to_owned())).map(f)
    }

    /// Registers a call of the job and returns the token that cancels it.
    pub(crate) fn enter(&self, tenant: i64, job: &TreeId) -> CancellationToken {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = jobs.entry((tenant, job.as_str().to_owned())).or_insert_with(|| Entry {
            token: CancellationToken::new(),
            calls: 0,
            live: broadcast::channel(LIVE_BACKLOG).0,
            questions: HashMap::new(),
            asked: 0,
        });
        entry.calls += 1;
        entry.token.child_token()
    }

    /// Unregisters a call of the job.
    pub(crate) fn leave(&self, tenant: i64, job: &TreeId) {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (tenant, job.as_str().to_owned());
        if let Some(entry) = jobs.get_mut(&key) {
            entry.calls -= 1;
            if entry.calls == 0 {
                jobs.remove(&key);
            }
        }
    }

    /// Cancels the job's running calls and runs in this process; returns whether there were any.
    pub(crate) fn cancel(&self, tenant: i64, job: &TreeId) -> bool {
        self.with(tenant, job, |entry| entry.token.cancel()).is_some()
    }

    /// Returns the job's live events from now on, while it runs in this process, and the questions
    /// asked before that still wait for an answer.
    pub(crate) fn follow(&self, tenant: i64, job: &TreeId) -> Option<(broadcast::Receiver<RunEvent>, Vec<RunEvent>)> {
        self.with(tenant, job, |entry| (entry.live.subscribe(), entry.waiting()))
    }

    /// Returns the job's questions that wait for an answer in this process, in the order asked.
    pub(crate) fn waiting(&self, tenant: i64, job: &TreeId) -> Vec<RunEvent> {
        self.with(tenant, job, |entry| entry.waiting()).unwrap_or_default()
    }

    /// Tells whoever follows the job of `event`.
    pub(crate) fn tell(&self, tenant: i64, job: &TreeId, event: RunEvent) {
        self.with(tenant, job, |entry| {
            let _ = entry.live.send(event);
        });
    }

    /// Puts a question to whoever follows the job in this process, and returns it with where its
    /// answer will come; `None` when the job does not run here.
    pub(crate) fn ask(
        &self,
        tenant: i64,
        job: &TreeId,
        call: &str,
        message: &str,
        schema: &serde_json::Value,
    ) -> Option<(RunEvent, oneshot::Receiver<QuestionAnswer>)> {
        self.with(tenant, job, |entry| {
            entry.asked += 1;
            let (answer, answered) = oneshot::channel();
            let question = RunEvent::Question {
                question: entry.asked,
                call: call.to_owned(),
                message: message.to_owned(),
                schema: schema.clone(),
            };
            let _ = entry.live.send(question.clone());
            entry.questions.insert(entry.asked, (question.clone(), answer));
            (question, answered)
        })
    }

    /// Answers the job's question `question`; returns whether it was waiting for one.
    pub(crate) fn answer(&self, tenant: i64, job: &TreeId, question: u32, answer: QuestionAnswer) -> bool {
        self.with(tenant, job, |entry| entry.questions.remove(&question).is_some_and(|(_, q)| q.send(answer).is_ok()))
            .unwrap_or(false)
    }
}

//! What the nodes sharing a store tell each other of the jobs they run, so that a job is followed,
//! answered and cancelled through any node: that a job recorded a step or ended, its calls' progress
//! and questions, and the cancels and answers meant for the node that runs it.
//!
//! A node hears its own news too, so that a follower waits on news alone, wherever the job runs. On a
//! store that no other node shares (SQLite), the news goes straight to this node's listeners; on one
//! that others share (PostgreSQL's `NOTIFY`), it is sent in order by a thread of its own, so that
//! telling never blocks the caller. News is not kept: a follower still reads the store now and then,
//! for what it may have missed.

use std::sync::{Arc, mpsc};

use oz0_core::api::{QuestionAnswer, RunEvent, TreeId};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::live_jobs::LiveJobs;
use crate::store::{MAX_NEWS_BYTES, Store};

/// How many notices wait for a slow listener before the oldest are dropped.
const BACKLOG: usize = 1024;

/// One piece of news of a job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "notice", rename_all = "snake_case")]
pub(crate) enum Notice {
    /// The job recorded a step or ended: its followers read the store again.
    Changed { tenant: i64, job: String },
    /// Someone asked for the job to be cancelled: the node that runs it cancels its calls.
    Cancel { tenant: i64, job: String },
    /// A call's progress or question, from the node `node` that runs it.
    Live { tenant: i64, job: String, node: String, event: Box<RunEvent> },
    /// An answer to one of the job's questions, for the node that asked it.
    Answer { tenant: i64, job: String, question: u32, answer: QuestionAnswer },
    /// A follower on another node asks for the job's questions still waiting for an answer.
    Follow { tenant: i64, job: String },
    /// The news of other nodes may have been missed (the store's connection was lost): every follower
    /// reads the store again.
    Missed,
}

impl Notice {
    /// Returns whether the notice is of the tenant's job `job`, or may be of any job.
    pub(crate) fn concerns(&self, tenant_id: i64, id: &TreeId) -> bool {
        match self {
            Self::Changed { tenant, job }
            | Self::Cancel { tenant, job }
            | Self::Live { tenant, job, .. }
            | Self::Answer { tenant, job, .. }
            | Self::Follow { tenant, job } => *tenant == tenant_id && job == id.as_str(),
            Self::Missed => true,
        }
    }
}

/// This node's news: what it tells, and what it hears.
#[derive(Debug)]
pub(crate) struct News {
    node: String,
    heard: broadcast::Sender<Notice>,
    /// Where the news for the other nodes waits to be sent, when other nodes share the store.
    outbox: Option<mpsc::Sender<String>>,
}

impl News {
    /// Returns the news of the node `node` over `store`.
    pub(crate) fn new(store: &Arc<dyn Store>) -> Self {
        let outbox = store.shared().then(|| {
            let (outbox, waiting) = mpsc::channel::<String>();
            // The thread holds the store until the news is dropped, and sends what is left before.
            let store = Arc::clone(store);
            let spawned = std::thread::Builder::new().name("oz0-news-out".to_owned()).spawn(move || {
                for text in waiting {
                    if let Err(err) = store.announce(&text) {
                        tracing::warn!(error = &err as &dyn std::error::Error, "could not tell the other nodes");
                    }
                }
            });
            if let Err(err) = spawned {
                tracing::warn!("could not start telling the other nodes: {err}");
            }
            outbox
        });
        Self { node: store.node().to_owned(), heard: broadcast::channel(BACKLOG).0, outbox }
    }

    /// Acts on the news `text` a node told through the store, or on news missed when there is none,
    /// for the jobs of `running`, then passes it to whoever listens.
    pub(crate) fn heard(&self, running: &LiveJobs, text: Option<&str>) {
        let notice = match text.map(serde_json::from_str::<Notice>) {
            None => Notice::Missed,
            Some(Ok(notice)) => notice,
            Some(Err(err)) => {
                tracing::debug!("news the edge does not know: {err}");
                return;
            }
        };
        self.hear(running, notice);
    }

    /// Returns whether other nodes hear this one.
    pub(crate) fn shared(&self) -> bool {
        self.outbox.is_some()
    }

    /// Returns this node's name, as its live notices carry it.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    /// Returns the news heard from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.heard.subscribe()
    }

    /// Tells every node, this one included, of `notice`; this node acts on it for the jobs of
    /// `running`. News too long to send to other nodes reaches this one alone.
    pub(crate) fn tell(&self, running: &LiveJobs, notice: Notice) {
        let Some(outbox) = &self.outbox else {
            self.hear(running, notice);
            return;
        };
        match serde_json::to_string(&notice) {
            Ok(text) if text.len() <= MAX_NEWS_BYTES => {
                let _ = outbox.send(text);
            }
            Ok(text) => {
                tracing::debug!(bytes = text.len(), "news too long for the other nodes");
                self.hear(running, notice);
            }
            Err(err) => tracing::warn!("could not write news down: {err}"),
        }
    }

    /// Tells the other nodes that follow the job of a call's live `event`; those that follow it here
    /// hear it from [`crate::live_jobs::LiveJobs`].
    pub(crate) fn live(&self, running: &LiveJobs, tenant: i64, job: &TreeId, event: RunEvent) {
        if self.shared() {
            let node = self.node.clone();
            self.tell(running, Notice::Live { tenant, job: job.as_str().to_owned(), node, event: Box::new(event) });
        }
    }

    /// Acts on what concerns the jobs this node runs, `running`, then passes `notice` to whoever
    /// listens.
    fn hear(&self, running: &LiveJobs, notice: Notice) {
        match &notice {
            Notice::Cancel { tenant, job } => {
                if let Ok(job) = job.parse::<TreeId>() {
                    running.cancel(*tenant, &job);
                }
            }
            Notice::Answer { tenant, job, question, answer } => {
                if let Ok(job) = job.parse::<TreeId>() {
                    running.answer(*tenant, &job, *question, answer.clone());
                }
            }
            Notice::Follow { tenant, job } => {
                if let Ok(id) = job.parse::<TreeId>() {
                    for event in running.waiting(*tenant, &id) {
                        self.live(running, *tenant, &id, event);
                    }
                }
            }
            Notice::Changed { .. } | Notice::Live { .. } | Notice::Missed => {}
        }
        let _ = self.heard.send(notice);
    }
}

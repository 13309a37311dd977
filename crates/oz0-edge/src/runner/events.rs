//! A job's events: each step as it is recorded, each message of its run after the step it follows,
//! then the end. They are read from the store, so a run
//! is followed the same from any node that shares it, and from where a reader left off: the store is
//! read again when a node tells of a change of the job ([`crate::news`]), and every [`POLL`]. Its
//! calls' progress and questions come live from the node that runs it, and are not kept.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use oz0_core::api::{EdgeError, EventStream, RunEvent, TreeId};
use tokio::sync::{broadcast, mpsc};

use crate::news::Notice;
use crate::state::EdgeState;
use crate::store::Principal;

/// How often the store is read for new steps without news of the job: for what no node tells, such as
/// the jobs of a dead node that another fails, or news missed while the store's connection was lost.
const POLL: Duration = Duration::from_secs(2);

/// The receiving end of a channel, as a stream.
struct Receiver(mpsc::Receiver<Result<RunEvent, EdgeError>>);

impl futures_core::Stream for Receiver {
    type Item = Result<RunEvent, EdgeError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx)
    }
}

/// Returns the job's events after step `after`; the stream ends after [`RunEvent::Done`].
pub(crate) async fn events(
    state: &Arc<EdgeState>,
    principal: &Principal,
    id: &TreeId,
    after: u32,
) -> Result<EventStream, EdgeError> {
    // The store's calls block (PostgreSQL's client drives a runtime of its own): off the async threads.
    let job = id.clone();
    let known = state.blocking(principal, move |s, p| Ok(s.store().job(&p.tenant, &job)?.is_some())).await?;
    if !known {
        return Err(EdgeError::not_found(format!("no job `{id}`")));
    }
    let (sender, receiver) = mpsc::channel(64);
    // The job's calls' progress and questions, while it runs in this process.
    let mut live = None;
    let (state, principal, id) = (Arc::clone(state), principal.clone(), id.clone());
    tokio::spawn(async move {
        // Heard before the first read of the store, for no change to fall in between.
        let mut news = state.news().subscribe();
        let (mut last, mut asked) = (after, false);
        // The messages said so far; those after the steps read wait for the next read. A reader that
        // goes on from step `after` saw the messages said before it.
        let mut heard = 0;
        let seen = |message: &(u32, u32, String)| message.1 < after;
        loop {
            let (s, p, i) = (Arc::clone(&state), principal.clone(), id.clone());
            let (from, said_from) = (last, heard);
            // The job is read before its steps and messages, so that a job seen ended has them all
            // read too; its answer is read only then.
            let read = tokio::task::spawn_blocking(move || {
                let job = s.store().job(&p.tenant, &i)?;
                let steps = s.store().steps(&p.tenant, &i, from)?;
                let said = s.store().said(&p.tenant, &i, said_from)?;
                let output = match &job {
                    Some(job) if job.state.ended() => s.store().job_io(&p.tenant, &i)?.1,
                    _ => None,
                };
                Ok::<_, crate::store::StoreError>((job, steps, said, output))
            })
            .await;
            let (job, steps, said, output) = match read {
                Ok(Ok(read)) => read,
                Ok(Err(err)) => {
                    let _ = sender.send(Err(err.into())).await;
                    return;
                }
                Err(err) => {
                    let _ = sender.send(Err(EdgeError::internal("a task of the edge failed", err))).await;
                    return;
                }
            };
            let mut said = said.into_iter().peekable();
            for step in steps {
                while let Some(message) = said.next_if(|(_, after, _)| *after < step.seq) {
                    heard = message.0;
                    if !seen(&message) && sender.send(said_event(message)).await.is_err() {
                        return;
                    }
                }
                last = step.seq;
                if sender.send(Ok(RunEvent::Step { step: Box::new(step) })).await.is_err() {
                    return;
                }
            }
            // A message after a step not read yet waits for it.
            while let Some(message) = said.next_if(|(_, after, _)| *after <= last) {
                heard = message.0;
                if !seen(&message) && sender.send(said_event(message)).await.is_err() {
                    return;
                }
            }
            match job {
                Some(job) if job.state.ended() => {
                    let _ = sender.send(Ok(RunEvent::Done { job, output })).await;
                    return;
                }
                None => return,
                Some(_) => {}
            }
            if sender.is_closed() {
                return;
            }
            // A job's call may start after its job does; a question asked before is still waiting.
            if live.is_none() {
                if let Some((events, waiting)) = state.running().follow(principal.tenant.id, &id) {
                    live = Some(events);
                    for question in waiting {
                        if sender.send(Ok(question)).await.is_err() {
                            return;
                        }
                    }
                } else if !asked && state.news().shared() {
                    // Run by another node, maybe: it tells again the questions it waits on.
                    asked = true;
                    let job = id.as_str().to_owned();
                    state.news().tell(state.running(), Notice::Follow { tenant: principal.tenant.id, job });
                }
            }
            let poll = tokio::time::sleep(POLL);
            tokio::pin!(poll);
            loop {
                let here = async {
                    match live.as_mut() {
                        Some(events) => events.recv().await,
                        None => std::future::pending().await,
                    }
                };
                let event = tokio::select! {
                    () = poll.as_mut() => break,
                    heard = news.recv() => match heard {
                        Ok(notice) if !notice.concerns(principal.tenant.id, &id) => continue,
                        Ok(Notice::Live { node, event, .. }) if node != state.news().node() => *event,
                        Ok(Notice::Changed { .. } | Notice::Missed) | Err(broadcast::error::RecvError::Lagged(_)) => {
                            break
                        }
                        Ok(_) => continue,
                        Err(broadcast::error::RecvError::Closed) => {
                            poll.as_mut().await;
                            break;
                        }
                    },
                    event = here => match event {
                        Ok(event) => event,
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => {
                            live = None;
                            break;
                        }
                    },
                };
                if sender.send(Ok(event)).await.is_err() {
                    return;
                }
            }
        }
    });
    Ok(Box::pin(Receiver(receiver)))
}

/// Returns the event of a message the store kept: its number, the step it follows, and it as JSON.
fn said_event((n, after, text): (u32, u32, String)) -> Result<RunEvent, EdgeError> {
    let message = serde_json::from_str(&text).map_err(|err| EdgeError::internal("a message of the job", err))?;
    Ok(RunEvent::Said { n, after, message })
}

//! The progress a server reported for each call, counted as it arrives and as it is told. rmcp hands
//! each notification to a task of its own while it answers a call in its own loop, so a call's result
//! may be taken before the progress the server sent ahead of it was told: the call waits for that
//! progress ([`Tally::settled`]) before it ends, so that its trace keeps the last progress reported.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{JsonRpcMessage, JsonRpcNotification, ProgressToken, ServerNotification};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::sync::Notify;

/// The progress notifications of each token: how many arrived, and how many were told.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    counts: Mutex<HashMap<ProgressToken, (u64, u64)>>,
    told: Notify,
}

impl Tally {
    fn arrived(&self, token: &ProgressToken) {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner).entry(token.clone()).or_default().0 += 1;
    }

    /// Notes that a progress notification of `token` was told to its call.
    pub(crate) fn told(&self, token: &ProgressToken) {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner).entry(token.clone()).or_default().1 += 1;
        self.told.notify_waiters();
    }

    fn pending(&self, token: &ProgressToken) -> bool {
        let counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        counts.get(token).is_some_and(|(arrived, told)| told < arrived)
    }

    /// Waits, for at most `within`, until each progress notification of `token` that arrived has been
    /// told, then forgets the token.
    pub(crate) async fn settled(&self, token: &ProgressToken, within: Duration) {
        let _ = tokio::time::timeout(within, async {
            loop {
                let told = self.told.notified();
                tokio::pin!(told);
                told.as_mut().enable();
                if !self.pending(token) {
                    return;
                }
                told.await;
            }
        })
        .await;
        self.counts.lock().unwrap_or_else(PoisonError::into_inner).remove(token);
    }
}

/// A transport that counts into a [`Tally`] each progress notification it receives, in the order the
/// server sent it, before rmcp's loop hands it on.
pub(crate) struct Counted<T> {
    inner: T,
    tally: Arc<Tally>,
}

impl<T> Counted<T> {
    pub(crate) fn new(inner: T, tally: Arc<Tally>) -> Self {
        Self { inner, tally }
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for Counted<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        let message = self.inner.receive().await;
        if let Some(JsonRpcMessage::Notification(JsonRpcNotification {
            notification: ServerNotification::ProgressNotification(progress),
            ..
        })) = &message
        {
            self.tally.arrived(&progress.params.progress_token);
        }
        message
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.inner.close().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::NumberOrString;

    #[tokio::test]
    async fn a_call_waits_for_the_progress_that_arrived_before_its_answer() {
        let tally = Arc::new(Tally::default());
        let token = ProgressToken(NumberOrString::Number(1));
        tally.arrived(&token);
        tally.arrived(&token);
        tally.told(&token);
        let late_told = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let late = {
            let (tally, token, late_told) = (Arc::clone(&tally), token.clone(), Arc::clone(&late_told));
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(50)).await;
                late_told.store(true, std::sync::atomic::Ordering::SeqCst);
                tally.told(&token);
            })
        };
        tally.settled(&token, Duration::from_secs(3600)).await;
        assert!(late_told.load(std::sync::atomic::Ordering::SeqCst), "it waited for the second to be told");
        late.await.unwrap();
        // With nothing pending it does not wait (the hour it is allowed).
        let other = ProgressToken(NumberOrString::Number(2));
        let settled = tokio::time::timeout(Duration::from_secs(60), tally.settled(&other, Duration::from_secs(3600)));
        assert!(settled.await.is_ok());
    }
}

//! News between nodes through PostgreSQL's `NOTIFY` and `LISTEN`: a notification is delivered to every
//! session listening on its channel, the sender's too, once the statement that sends it commits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::PostgresStore;
use crate::store::news::Hear;
use crate::store::news::MAX_NEWS_BYTES;
use crate::store::{NewsStore, StoreError};

/// The channel the nodes of an edge talk on.
const CHANNEL: &str = "oz0_news";

/// How often the listener looks whether its store was dropped.
const TICK: Duration = Duration::from_millis(500);

/// How long the listener waits before it connects again, after losing its connection.
const RECONNECT: Duration = Duration::from_secs(1);

impl NewsStore for PostgresStore {
    fn announce(&self, text: &str) -> Result<bool, StoreError> {
        if text.len() > MAX_NEWS_BYTES {
            return Err(StoreError::Conflict(format!(
                "news of {} bytes is more than the {MAX_NEWS_BYTES} a node may send the others",
                text.len()
            )));
        }
        self.read(|client| {
            client.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &text])?;
            Ok(true)
        })
    }

    fn listen(&self, hear: Hear) -> Result<(), StoreError> {
        let connect = {
            let url = self.pool.url().clone();
            move || {
                let mut client = super::pool::connect(&url)?;
                client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .map_err(|err| StoreError::Database(Box::new(err)))?;
                Ok::<_, StoreError>(client)
            }
        };
        // The first connection is made here, for a server that refuses it to be an error of the call.
        let mut client = connect()?;
        let dropped = Arc::clone(&self.dropped);
        let spawned = std::thread::Builder::new().name("oz0-news".to_owned()).spawn(move || {
            while !dropped.load(Ordering::Relaxed) {
                if hear_a_while(&mut client, hear.as_ref(), &dropped) && !client.is_closed() {
                    continue;
                }
                loop {
                    std::thread::sleep(RECONNECT);
                    if dropped.load(Ordering::Relaxed) {
                        return;
                    }
                    match connect() {
                        Ok(again) => {
                            client = again;
                            hear(None);
                            break;
                        }
                        Err(err) => tracing::debug!(error = &err as &dyn std::error::Error, "the store's news"),
                    }
                }
            }
        });
        spawned.map(drop).map_err(|err| StoreError::Database(Box::new(err)))
    }
}

/// Passes what `client` hears to `hear` until a [`TICK`] passes in silence or the store is dropped;
/// returns `false` when the connection failed.
fn hear_a_while(client: &mut postgres::Client, hear: &(dyn Fn(Option<&str>) + Send), dropped: &AtomicBool) -> bool {
    let mut notifications = client.notifications();
    let mut heard = notifications.timeout_iter(TICK);
    loop {
        match heard.next() {
            Ok(Some(notification)) => hear(Some(notification.payload())),
            Ok(None) => return true,
            Err(err) => {
                tracing::warn!(error = &err as &dyn std::error::Error, "lost the store's news");
                return false;
            }
        }
        if dropped.load(Ordering::Relaxed) {
            return true;
        }
    }
}

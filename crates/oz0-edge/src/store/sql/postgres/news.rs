//! News between nodes through PostgreSQL's `NOTIFY` and `LISTEN`: a notification is delivered to every
//! session listening on its channel, the sender's too, once the statement that sends it commits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::Postgres;
use crate::store::error::StoreError;
use crate::store::news::Hear;

/// The channel the nodes of an edge talk on.
const CHANNEL: &str = "oz0_news";

/// How often the listener looks whether its store was dropped.
const TICK: Duration = Duration::from_millis(500);

/// How long the listener waits before it connects again, after losing its connection.
const RECONNECT: Duration = Duration::from_secs(1);

impl Postgres {
    /// Sends `text` to every node listening, this one included.
    pub(crate) fn announce(&self, text: &str) -> Result<(), StoreError> {
        self.read(|sql| {
            sql.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &text])?;
            Ok(())
        })
    }

    /// Calls `hear` with each text any node announces from now on, on a thread of its own, until the
    /// store is dropped; with `None` after the connection was lost and made again.
    pub(crate) fn listen(&self, hear: Hear) -> Result<(), StoreError> {
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

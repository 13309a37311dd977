//! The edge key of the store: [`SealStore`] on PostgreSQL.

use std::sync::Arc;

use postgres::Transaction;

use super::{Lock, Outcome, PostgresStore, lock};
use crate::sealing::{EdgeKey, KeyError, KeyId};
use crate::store::sealed::{key_id, resealed};
use crate::store::sqlite::now_ms;
use crate::store::{SealStore, StoreError};

/// Returns the ID of the key the store records, its row locked until the transaction ends. The caller
/// holds [`Lock::EdgeKey`], so that two nodes starting on a store without a key never both record one.
fn recorded(tx: &mut Transaction<'_>) -> Outcome<Result<Option<KeyId>, StoreError>> {
    let text: Option<String> = tx
        .query_opt("SELECT key_id FROM edge_key WHERE one = 1 FOR UPDATE", &[])?
        .map(|row| row.try_get(0))
        .transpose()?;
    Ok(text.map(key_id).transpose())
}

fn all_plugins(tx: &mut Transaction<'_>) -> Outcome<Vec<(i64, String, String)>> {
    let rows = tx.query("SELECT tenant_id, name, record FROM plugins ORDER BY tenant_id, name FOR UPDATE", &[])?;
    Ok(rows
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
        .collect::<Result<_, postgres::Error>>()?)
}

/// Writes the records `rows` back and records `key`, its rows not yet scrubbed.
fn write_back(tx: &mut Transaction<'_>, rows: &[(i64, String, String)], key: &KeyId) -> Outcome<()> {
    for (tenant, name, text) in rows {
        tx.execute("UPDATE plugins SET record = $3 WHERE tenant_id = $1 AND name = $2", &[tenant, name, text])?;
    }
    tx.execute(
        "INSERT INTO edge_key (one, key_id, scrubbed, set_at) VALUES (1, $1, FALSE, $2)
         ON CONFLICT (one) DO UPDATE SET key_id = EXCLUDED.key_id, scrubbed = FALSE, set_at = EXCLUDED.set_at",
        &[&key.as_str(), &now_ms()],
    )?;
    Ok(())
}

/// Seals the rows' secrets with `to` (opened with `from`), writes them back and records `to`; or says
/// why not.
fn seal_all(tx: &mut Transaction<'_>, from: Option<&EdgeKey>, to: &EdgeKey) -> Outcome<Result<usize, StoreError>> {
    let rows = match resealed(all_plugins(tx)?, from, to) {
        Ok(rows) => rows,
        Err(err) => return Ok(Err(err)),
    };
    write_back(tx, &rows, to.id())?;
    Ok(Ok(rows.len()))
}

impl PostgresStore {
    /// Rewrites the plugins' table without the dead rows that may hold what sealing replaced, when the
    /// store's edge_key row says it is not yet done. The database's own write-ahead log and backups are
    /// beyond its reach.
    fn scrub(&self) -> Result<(), StoreError> {
        let mut client = self.pool.take()?;
        let scrubbed: Option<bool> = client
            .query_opt("SELECT scrubbed FROM edge_key WHERE one = 1", &[])
            .and_then(|row| row.map(|row| row.try_get(0)).transpose())
            .map_err(super::Failure::from)?;
        if scrubbed != Some(false) {
            return Ok(());
        }
        let done = client
            .batch_execute("VACUUM FULL plugins")
            .and_then(|()| client.execute("UPDATE edge_key SET scrubbed = TRUE WHERE one = 1", &[]));
        if let Err(err) = done {
            tracing::warn!(
                error = &err as &dyn std::error::Error,
                "could not scrub replaced secrets from the store's plugins table; the next start tries again"
            );
        }
        Ok(())
    }
}

impl SealStore for PostgresStore {
    fn sealed_with(&self) -> Result<Option<KeyId>, StoreError> {
        let text: Option<String> = self.read(|client| {
            Ok(client
                .query_opt("SELECT key_id FROM edge_key WHERE one = 1", &[])?
                .map(|row| row.try_get(0))
                .transpose()?)
        })?;
        text.map(key_id).transpose()
    }

    fn unlock(&self, key: Arc<EdgeKey>) -> Result<usize, StoreError> {
        // Nodes start often on a store that records their key: a read, not a locked write.
        let found: Option<(String, bool)> = self.read(|client| {
            let row = client.query_opt("SELECT key_id, scrubbed FROM edge_key WHERE one = 1", &[])?;
            Ok(row.map(|row| Ok::<_, postgres::Error>((row.try_get(0)?, row.try_get(1)?))).transpose()?)
        })?;
        if let Some((id, scrubbed)) = found
            && id == key.id().as_str()
        {
            self.sealer.set(key)?;
            if !scrubbed {
                self.scrub()?;
            }
            return Ok(0);
        }
        let sealed = self.write(|tx| {
            lock(tx, Lock::EdgeKey, 0)?;
            match recorded(tx)? {
                Err(err) => return Ok(Err(err)),
                Ok(Some(store)) if store == *key.id() => return Ok(Ok(0)),
                Ok(Some(store)) => {
                    let wrong = KeyError::Wrong { place: key.source().clone(), ours: key.id().clone(), store };
                    return Ok(Err(wrong.into()));
                }
                Ok(None) => {}
            }
            seal_all(tx, None, &key)
        })??;
        self.sealer.set(key)?;
        self.scrub()?;
        Ok(sealed)
    }

    fn reseal(&self, old: &EdgeKey, new: &EdgeKey) -> Result<usize, StoreError> {
        let sealed = self.write(|tx| {
            lock(tx, Lock::EdgeKey, 0)?;
            // A node serving now holds the old key, and would seal with it after this commits.
            let serving = tx.query("SELECT id FROM nodes WHERE lease_until > $1 ORDER BY id", &[&now_ms()])?;
            if !serving.is_empty() {
                let nodes = serving.iter().map(|row| row.try_get(0)).collect::<Result<Vec<String>, _>>()?;
                return Ok(Err(KeyError::Serving(nodes).into()));
            }
            match recorded(tx)? {
                Err(err) => return Ok(Err(err)),
                Ok(Some(store)) if store != *old.id() => {
                    let wrong = KeyError::Wrong { place: old.source().clone(), ours: old.id().clone(), store };
                    return Ok(Err(wrong.into()));
                }
                Ok(_) => {}
            }
            seal_all(tx, Some(old), new)
        })??;
        self.scrub()?;
        Ok(sealed)
    }
}

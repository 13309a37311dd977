//! Conversations: each a list of turns, each turn a job of its own tree. A turn starts with the files of
//! the turn before it copied into its tree, so that it reads what the turns before it stored and no
//! other; a fork begins with the turns of the conversation it was forked from, up to a turn, and its
//! next turn copies that turn's files, never a later turn's. Each agent's job keeps what it was asked
//! and what its model said and read ([`ConversationStore::say`]): a run's events carry them, and a
//! turn's are the next turn's history. Both are the tenant's payloads: sealed with its payload key when
//! the store seals them, a message bound to its job and number.

use std::sync::PoisonError;

use oz0_core::api::{Conversation, ConversationSummary, Forked, Job, JobState, TreeId, Turn};

use super::audit::{Action, audit};
use super::error::StoreError;
use super::jobs::{JOB, NewJob, insert_job, job_row, read_job};
use super::records::{Principal, TenantRecord, now_ms, number, rfc3339_millis};
use super::sql::{Outcome, Row, Sql, bad};
use super::sql_store::SqlStore;
use crate::sealing::payload::{Place, kept_plain};

/// A turn started.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnStarted {
    /// Its job.
    pub job: Job,
    /// Its number, from 1.
    pub turn: u32,
    /// Each turn before it: the messages its job kept, in order, as JSON, and what it was asked (for
    /// a turn that kept none, its job having ended before it could).
    pub history: Vec<(Vec<String>, String)>,
}

/// Why a turn did not start.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnRefused {
    /// No conversation of that ID that the person started: another person's is private.
    Unknown,
    /// The conversation's last turn still runs: the next waits for its answer.
    Busy(TreeId),
    /// A job of the ID asked for exists already: a turn is always a new job.
    Taken(TreeId),
}

/// Why a fork was not made.
#[derive(Debug, Clone, PartialEq)]
pub enum ForkRefused {
    /// No conversation of that ID that the person started.
    Unknown,
    /// The conversation has fewer turns than the one asked for.
    NoTurn(u32),
    /// The turn still runs.
    Running(TreeId),
}

/// What the edge needs to keep conversations. A conversation is its person's: another person of the
/// tenant neither lists it, reads it, goes on with it nor forks it (its turns' jobs are the tenant's,
/// as every job is).
pub trait ConversationStore {
    /// Starts a turn: of a new conversation named by the job's ID when `conversation` is `None`, else
    /// the next of that conversation, with the files of its last turn handed to the new job's tree.
    fn start_turn(
        &self,
        tenant: &TenantRecord,
        conversation: Option<&TreeId>,
        job: &NewJob<'_>,
    ) -> Result<Result<TurnStarted, TurnRefused>, StoreError>;

    /// Keeps a message of a job's run (JSON), after the job's last step so far.
    fn say(&self, tenant: &TenantRecord, job: &TreeId, message: &str) -> Result<(), StoreError>;

    /// Returns the messages of a job's run after the `after`-th: each one's number, the step it
    /// follows, and the message (JSON).
    fn said(&self, tenant: &TenantRecord, job: &TreeId, after: u32) -> Result<Vec<(u32, u32, String)>, StoreError>;

    /// Returns the conversations `person` started, newest first.
    fn conversations(
        &self,
        tenant: &TenantRecord,
        person: &str,
        limit: u32,
    ) -> Result<Vec<ConversationSummary>, StoreError>;

    /// Returns a conversation `person` started, and its turns.
    fn conversation(
        &self,
        tenant: &TenantRecord,
        person: &str,
        id: &TreeId,
    ) -> Result<Option<Conversation>, StoreError>;

    /// Forks `id` from its turn `turn` as the new conversation `fork`, audited as `conversation.fork`.
    fn fork_conversation(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
        turn: u32,
        fork: &TreeId,
        actor: &Principal,
    ) -> Result<Result<Conversation, ForkRefused>, StoreError>;
}

/// How many jobs a store keeps the next message's number of.
const NEXT_SAID_KEPT: usize = 4096;

/// The turns before a turn, as the store keeps them: each turn's job, its input, and its messages by
/// number.
type KeptHistory = Vec<(String, Option<String>, Vec<(i64, String)>)>;

/// Returns the last turn of a conversation: its number and its job's ID.
fn last_turn(sql: &mut dyn Sql, tenant: &TenantRecord, id: &TreeId) -> Outcome<Option<(u32, TreeId)>> {
    let row = sql.query_opt(
        "SELECT n, job FROM turns WHERE tenant_id = $1 AND conversation = $2 ORDER BY n DESC LIMIT 1",
        &[&tenant.id, &id.as_str()],
    )?;
    row.map(|row| Ok((number(&row, 0)?, TreeId::new(row.try_get(1)?).map_err(bad)?))).transpose()
}

fn forked(row: &Row, at: usize) -> Outcome<Option<Forked>> {
    let Some(from) = row.try_get::<_, Option<&str>>(at)? else {
        return Ok(None);
    };
    Ok(Some(Forked {
        conversation: TreeId::new(from).map_err(bad)?,
        turn: u32::try_from(row.try_get::<_, Option<i64>>(at + 1)?.unwrap_or(0)).unwrap_or(0),
    }))
}

fn read_conversation(
    sql: &mut dyn Sql,
    tenant: &TenantRecord,
    person: &str,
    id: &TreeId,
) -> Outcome<Option<Conversation>> {
    let Some(row) = sql.query_opt(
        "SELECT person, forked_from, forked_at, started_at FROM conversations
         WHERE tenant_id = $1 AND id = $2 AND person = $3",
        &[&tenant.id, &id.as_str(), &person],
    )?
    else {
        return Ok(None);
    };
    let rows = sql.query(
        &format!(
            "{JOB} JOIN turns t ON t.tenant_id = j.tenant_id AND t.job = j.id
             WHERE t.tenant_id = $1 AND t.conversation = $2 ORDER BY t.n"
        ),
        &[&tenant.id, &id.as_str()],
    )?;
    let turns =
        rows.iter().zip(1..).map(|(row, turn)| Ok(Turn { turn, job: job_row(row)? })).collect::<Outcome<Vec<_>>>()?;
    Ok(Some(Conversation {
        id: id.clone(),
        person: row.try_get(0)?,
        started_at: rfc3339_millis(row.try_get(3)?),
        forked_from: forked(&row, 1)?,
        turns,
    }))
}

impl ConversationStore for SqlStore {
    fn start_turn(
        &self,
        tenant: &TenantRecord,
        conversation: Option<&TreeId>,
        job: &NewJob<'_>,
    ) -> Result<Result<TurnStarted, TurnRefused>, StoreError> {
        let input = self.kept_input(tenant, job)?;
        let started = self.write(|tx| {
            let id = conversation.unwrap_or(job.id);
            let (turn, before) = match conversation {
                None => {
                    let made = tx.execute(
                        "INSERT INTO conversations (tenant_id, id, person, started_at) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (tenant_id, id) DO NOTHING",
                        &[&tenant.id, &id.as_str(), &job.person, &now_ms()],
                    )?;
                    if made == 0 {
                        return Ok(Err(TurnRefused::Taken(job.id.clone())));
                    }
                    (1, None)
                }
                Some(id) => {
                    // Two turns started at once: the second waits for the first to commit, then finds it
                    // running.
                    let found = tx.query_opt(
                        "SELECT person FROM conversations WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
                        &[&tenant.id, &id.as_str()],
                    )?;
                    if found.map(|row| row.try_get::<_, String>(0)).transpose()?.as_deref() != Some(job.person) {
                        return Ok(Err(TurnRefused::Unknown));
                    }
                    match last_turn(tx, tenant, id)? {
                        Some((n, last)) => {
                            let ended = read_job(tx, tenant, &last)?.is_none_or(|job| job.state.ended());
                            if !ended {
                                return Ok(Err(TurnRefused::Busy(last)));
                            }
                            (n + 1, Some(last))
                        }
                        None => (1, None),
                    }
                }
            };
            let inserted = insert_job(tx, tenant, job, input.as_deref(), self.node_id(), Some((id, turn)))?;
            if inserted == 0 {
                return Ok(Err(TurnRefused::Taken(job.id.clone())));
            }
            tx.execute(
                "INSERT INTO turns (tenant_id, conversation, n, job) VALUES ($1, $2, $3, $4)",
                &[&tenant.id, &id.as_str(), &i64::from(turn), &job.id.as_str()],
            )?;
            if let Some(last) = &before {
                // The files keep the time they were stored: a turn reading them does not lengthen how
                // long they are kept.
                tx.execute(
                    "INSERT INTO files (tenant_id, tree, digest, size, stored_at, labels)
                     SELECT tenant_id, $3, digest, size, stored_at, labels FROM files
                     WHERE tenant_id = $1 AND tree = $2 ON CONFLICT (tenant_id, tree, digest) DO NOTHING",
                    &[&tenant.id, &last.as_str(), &job.id.as_str()],
                )?;
            }
            let rows = tx.query(
                "SELECT t.n, t.job, j.input, s.n, s.message FROM turns t
                 JOIN jobs j ON j.tenant_id = t.tenant_id AND j.id = t.job
                 LEFT JOIN said s ON s.tenant_id = t.tenant_id AND s.job = t.job
                 WHERE t.tenant_id = $1 AND t.conversation = $2 AND t.n < $3 ORDER BY t.n, s.n",
                &[&tenant.id, &id.as_str(), &i64::from(turn)],
            )?;
            let (mut history, mut last): (KeptHistory, Option<u32>) = (Vec::new(), None);
            for row in &rows {
                let n = number(row, 0)?;
                if last != Some(n) {
                    last = Some(n);
                    history.push((row.try_get(1)?, row.try_get(2)?, Vec::new()));
                }
                let message: Option<(i64, String)> = match (row.try_get(3)?, row.try_get(4)?) {
                    (Some(n), Some(message)) => Some((n, message)),
                    _ => None,
                };
                if let (Some(message), Some((.., said))) = (message, history.last_mut()) {
                    said.push(message);
                }
            }
            let job = read_job(tx, tenant, job.id)?.ok_or_else(|| bad("the turn's job is gone"))?;
            Ok(Ok((job, turn, history)))
        })?;
        let (job, turn, kept) = match started {
            Ok(started) => started,
            Err(refused) => return Ok(Err(refused)),
        };
        // Opened once the transaction is over: a key this store has not opened yet is read from the store.
        let mut history = Vec::with_capacity(kept.len());
        for (job, input, said) in kept {
            let input = match input {
                Some(input) => self.open_text(&Place::job_input(tenant.id, &job), input)?,
                None => String::new(),
            };
            let said = said
                .into_iter()
                .map(|(n, message)| self.open_text(&Place::said(tenant.id, &job, n), message))
                .collect::<Result<_, _>>()?;
            history.push((said, input));
        }
        Ok(Ok(TurnStarted { job, turn, history }))
    }

    fn say(&self, tenant: &TenantRecord, job: &TreeId, message: &str) -> Result<(), StoreError> {
        let seal = self.seal_for(tenant.id)?;
        if !seal.seals() {
            return self.change(|sql| {
                sql.execute(
                    "INSERT INTO said (tenant_id, job, n, step, message) SELECT $1, $2,
                       COALESCE((SELECT MAX(n) FROM said WHERE tenant_id = $1 AND job = $2), 0) + 1,
                       COALESCE((SELECT MAX(seq) FROM steps WHERE tenant_id = $1 AND job = $2), 0), $3",
                    &[&tenant.id, &job.as_str(), &kept_plain(message).as_ref()],
                )?;
                Ok(())
            });
        }
        // A sealed message is sealed for its number: the next of the job's, as this store last left it
        // (1 for a job it said nothing of), else as the store has it when another message took that.
        let known = (tenant.id, job.as_str().to_owned());
        let guess = self.next_said.lock().unwrap_or_else(PoisonError::into_inner).get(&known).copied();
        let said = self.change(|sql| {
            let mut n = guess.unwrap_or(1);
            loop {
                let kept = match seal.text(&Place::said(tenant.id, job.as_str(), n), message) {
                    Ok(kept) => kept,
                    Err(err) => return Ok(Err(err)),
                };
                // Numbers follow on without a gap: a guess past the job's last (its messages erased) is
                // not taken.
                let inserted = sql.execute(
                    "INSERT INTO said (tenant_id, job, n, step, message) SELECT $1, $2, CAST($3 AS BIGINT),
                       COALESCE((SELECT MAX(seq) FROM steps WHERE tenant_id = $1 AND job = $2), 0), $4
                     WHERE CAST($3 AS BIGINT) = 1
                       OR EXISTS (SELECT 1 FROM said WHERE tenant_id = $1 AND job = $2 AND n = CAST($3 AS BIGINT) - 1)
                     ON CONFLICT (tenant_id, job, n) DO NOTHING",
                    &[&tenant.id, &job.as_str(), &n, &kept],
                )?;
                if inserted > 0 {
                    return Ok(Ok(n));
                }
                n = sql
                    .query_one(
                        "SELECT COALESCE(MAX(n), 0) + 1 FROM said WHERE tenant_id = $1 AND job = $2",
                        &[&tenant.id, &job.as_str()],
                    )?
                    .try_get(0)?;
            }
        })??;
        let mut next = self.next_said.lock().unwrap_or_else(PoisonError::into_inner);
        if next.len() >= NEXT_SAID_KEPT {
            next.clear();
        }
        next.insert(known, said + 1);
        Ok(())
    }

    fn said(&self, tenant: &TenantRecord, job: &TreeId, after: u32) -> Result<Vec<(u32, u32, String)>, StoreError> {
        let kept: Vec<(u32, u32, String)> = self.read(|sql| {
            let rows = sql.query(
                "SELECT n, step, message FROM said WHERE tenant_id = $1 AND job = $2 AND n > $3 ORDER BY n",
                &[&tenant.id, &job.as_str(), &i64::from(after)],
            )?;
            rows.iter().map(|row| Ok((number(row, 0)?, number(row, 1)?, row.try_get(2)?))).collect()
        })?;
        kept.into_iter()
            .map(|(n, step, message)| {
                Ok((n, step, self.open_text(&Place::said(tenant.id, job.as_str(), i64::from(n)), message)?))
            })
            .collect()
    }

    fn conversations(
        &self,
        tenant: &TenantRecord,
        person: &str,
        limit: u32,
    ) -> Result<Vec<ConversationSummary>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                "SELECT c.id, c.person, c.forked_from, c.forked_at, c.started_at, t.n, j.name, j.state
                 FROM conversations c
                 LEFT JOIN turns t ON t.tenant_id = c.tenant_id AND t.conversation = c.id
                   AND t.n = (SELECT MAX(u.n) FROM turns u WHERE u.tenant_id = c.tenant_id AND u.conversation = c.id)
                 LEFT JOIN jobs j ON j.tenant_id = t.tenant_id AND j.id = t.job
                 WHERE c.tenant_id = $1 AND c.person = $3 ORDER BY c.started_at DESC, c.id DESC LIMIT $2",
                &[&tenant.id, &i64::from(limit), &person],
            )?;
            rows.iter()
                .map(|row| {
                    let state = row
                        .try_get::<_, Option<String>>(7)?
                        .map(|text| serde_json::from_value::<JobState>(serde_json::Value::String(text)).map_err(bad))
                        .transpose()?;
                    Ok(ConversationSummary {
                        id: TreeId::new(row.try_get(0)?).map_err(bad)?,
                        person: row.try_get(1)?,
                        forked_from: forked(row, 2)?,
                        started_at: rfc3339_millis(row.try_get(4)?),
                        turns: row.try_get::<_, Option<i64>>(5)?.map_or(0, |n| u32::try_from(n).unwrap_or(0)),
                        agent: row.try_get(6)?,
                        state,
                    })
                })
                .collect()
        })
    }

    fn conversation(
        &self,
        tenant: &TenantRecord,
        person: &str,
        id: &TreeId,
    ) -> Result<Option<Conversation>, StoreError> {
        self.read(|sql| read_conversation(sql, tenant, person, id))
    }

    fn fork_conversation(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
        turn: u32,
        fork: &TreeId,
        actor: &Principal,
    ) -> Result<Result<Conversation, ForkRefused>, StoreError> {
        self.write(|tx| {
            let found = tx.query_opt(
                "SELECT 1 FROM conversations WHERE tenant_id = $1 AND id = $2 AND person = $3 FOR UPDATE",
                &[&tenant.id, &id.as_str(), &actor.person],
            )?;
            if found.is_none() {
                return Ok(Err(ForkRefused::Unknown));
            }
            let row = tx.query_opt(
                "SELECT job FROM turns WHERE tenant_id = $1 AND conversation = $2 AND n = $3",
                &[&tenant.id, &id.as_str(), &i64::from(turn)],
            )?;
            let Some(row) = row else {
                return Ok(Err(ForkRefused::NoTurn(last_turn(tx, tenant, id)?.map_or(0, |(n, _)| n))));
            };
            let job = TreeId::new(row.try_get(0)?).map_err(bad)?;
            if read_job(tx, tenant, &job)?.is_some_and(|job| !job.state.ended()) {
                return Ok(Err(ForkRefused::Running(job)));
            }
            tx.execute(
                "INSERT INTO conversations (tenant_id, id, person, forked_from, forked_at, started_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[&tenant.id, &fork.as_str(), &actor.person, &id.as_str(), &i64::from(turn), &now_ms()],
            )?;
            tx.execute(
                "INSERT INTO turns (tenant_id, conversation, n, job)
                 SELECT tenant_id, $3, n, job FROM turns
                 WHERE tenant_id = $1 AND conversation = $2 AND n <= $4",
                &[&tenant.id, &id.as_str(), &fork.as_str(), &i64::from(turn)],
            )?;
            let new = serde_json::json!({"conversation": fork, "forked_from": id, "turn": turn}).to_string();
            audit(tx, tenant, &actor.actor_in(tenant), Action::ConversationFork, "null", &new)?;
            let made = read_conversation(tx, tenant, &actor.person, fork)?.ok_or_else(|| bad("the fork is gone"))?;
            Ok(Ok(made))
        })
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{FileRef, JobKind, JobState, TenantName};

    use super::super::jobs::JobStart;
    use super::super::testing::stores;
    use super::*;

    fn turn<'a>(id: &'a TreeId, input: &'a str) -> NewJob<'a> {
        NewJob { id, kind: JobKind::Agent, name: "reader", person: "local", input: Some(input) }
    }

    fn id(text: &str) -> TreeId {
        TreeId::new(text).unwrap()
    }

    fn file(byte: u8) -> FileRef {
        FileRef::from_digest([byte; 32])
    }

    #[test]
    fn a_turn_reads_the_files_before_it_and_a_fork_those_up_to_its_turn() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let tenant = local.tenant.clone();
            let (c, t2, t3) = (id("C1"), id("C2"), id("C3"));
            let first = store.start_turn(&tenant, None, &turn(&c, "one")).unwrap().unwrap();
            assert_eq!((first.turn, first.history.len()), (1, 0));
            assert_eq!(first.job.turn_of.as_ref().map(|t| (t.conversation.as_str(), t.turn)), Some(("C1", 1)));
            store.record_file(&tenant, &c, &file(1), 10).unwrap();
            assert_eq!(
                store.start_turn(&tenant, Some(&c), &turn(&t2, "two")).unwrap(),
                Err(TurnRefused::Busy(c.clone()))
            );
            store.say(&tenant, &c, r#"{"role":"user","text":"one"}"#).unwrap();
            assert_eq!(store.said(&tenant, &c, 0).unwrap(), [(1, 0, r#"{"role":"user","text":"one"}"#.to_owned())]);
            store.end_job(&tenant, &c, JobState::Succeeded, None).unwrap();
            let second = store.start_turn(&tenant, Some(&c), &turn(&t2, "two")).unwrap().unwrap();
            assert_eq!(second.turn, 2);
            assert_eq!(second.history, [(vec![r#"{"role":"user","text":"one"}"#.to_owned()], "one".to_owned())]);
            assert!(
                store.file_size(&tenant, &t2, &file(1)).unwrap().is_some(),
                "{}: turn 2 reads turn 1's",
                store.kind()
            );
            store.end_job(&tenant, &t2, JobState::Succeeded, None).unwrap();
            store.start_turn(&tenant, Some(&c), &turn(&t3, "three")).unwrap().unwrap();
            store.record_file(&tenant, &t3, &file(3), 30).unwrap();
            store.end_job(&tenant, &t3, JobState::Succeeded, None).unwrap();

            let fork = store.fork_conversation(&tenant, &c, 1, &id("F1"), &local).unwrap().unwrap();
            assert_eq!(fork.turns.len(), 1);
            assert_eq!(fork.forked_from, Some(Forked { conversation: c.clone(), turn: 1 }));
            let next = store.start_turn(&tenant, Some(&id("F1")), &turn(&id("F1"), "again")).unwrap().unwrap();
            assert_eq!(next.turn, 2);
            assert!(store.file_size(&tenant, &id("F1"), &file(1)).unwrap().is_some());
            assert!(store.file_size(&tenant, &id("F1"), &file(3)).unwrap().is_none(), "{}: not turn 3's", store.kind());
            assert_eq!(
                store.fork_conversation(&tenant, &c, 9, &id("F2"), &local).unwrap(),
                Err(ForkRefused::NoTurn(3))
            );

            // A turn's ID, and a conversation's, is never started again as a job.
            let again = NewJob { kind: JobKind::Call, ..turn(&t2, "") };
            assert!(matches!(store.start_job(&tenant, &again).unwrap(), JobStart::Turn(_)), "{}", store.kind());
            let listed = store.conversations(&tenant, "local", 10).unwrap();
            assert_eq!(listed.iter().map(|c| (c.id.as_str(), c.turns)).collect::<Vec<_>>(), [("F1", 2), ("C1", 3)]);
            let shown = store.conversation(&tenant, "local", &c).unwrap().unwrap();
            // Another person's conversation is private.
            assert!(store.conversation(&tenant, "ada", &c).unwrap().is_none());
            assert!(store.conversations(&tenant, "ada", 10).unwrap().is_empty());
            let a1 = id("A1");
            let ada = NewJob { person: "ada", ..turn(&a1, "mine now") };
            assert_eq!(store.start_turn(&tenant, Some(&c), &ada).unwrap(), Err(TurnRefused::Unknown));
            assert_eq!(shown.turns.iter().map(|t| t.job.id.as_str()).collect::<Vec<_>>(), ["C1", "C2", "C3"]);
            assert_eq!(
                store.start_turn(&tenant, Some(&id("nope")), &turn(&id("X"), "")).unwrap(),
                Err(TurnRefused::Unknown)
            );
        }
    }
}

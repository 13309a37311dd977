//! The store's schema, one migration a version, written once for both databases. A migration is never
//! changed once released: a change of the schema is a new migration at the end.
//!
//! Where the databases differ, a migration says so as data: `{INT}`, `{ID}` and the other names of
//! [`TYPES`] are spelled for each database, and a line that starts `sqlite: ` or `postgres: ` is run
//! on that database only.

use super::error::StoreError;
use super::sql::{Dialect, Outcome, Sql};

/// Each migration's version and SQL, in order.
pub const MIGRATIONS: &[(u32, &str)] = &[
    (
        1,
        "
CREATE TABLE tenants (
    id {ID},
    name TEXT NOT NULL UNIQUE,
    operator {BOOL} NOT NULL DEFAULT {FALSE},
    created_at {INT} NOT NULL
);
CREATE TABLE people (
    id {ID},
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at {INT} NOT NULL,
    UNIQUE (tenant_id, name)
);
CREATE TABLE tokens (
    id {ID},
    person_id {INT} NOT NULL REFERENCES people(id),
    hash {BLOB} NOT NULL UNIQUE,
    created_at {INT} NOT NULL
);
CREATE TABLE tenant_settings (
    tenant_id {INT} PRIMARY KEY REFERENCES tenants(id),
    offload_default TEXT,
    offload_ceiling {INT}
);
CREATE TABLE audit (
    id {SERIAL},
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    at {INT} NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    old TEXT NOT NULL,
    new TEXT NOT NULL
);
CREATE INDEX audit_by_tenant ON audit (tenant_id, id);
CREATE TABLE files (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    tree TEXT NOT NULL,
    digest TEXT NOT NULL,
    size {INT} NOT NULL,
    stored_at {INT} NOT NULL,
    PRIMARY KEY (tenant_id, tree, digest)
){WITHOUT_ROWID};
postgres: CREATE INDEX files_by_digest ON files (tenant_id, digest);
",
    ),
    (
        2,
        "
CREATE TABLE plugins (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    record TEXT NOT NULL,
    installed_at {INT} NOT NULL,
    PRIMARY KEY (tenant_id, name)
){WITHOUT_ROWID};
CREATE TABLE tools (
    tenant_id {INT} NOT NULL,
    id TEXT NOT NULL,
    plugin TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, plugin) REFERENCES plugins (tenant_id, name) ON DELETE CASCADE
){WITHOUT_ROWID};
CREATE TABLE jobs (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    id TEXT NOT NULL,
    tree TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    person TEXT NOT NULL,
    started_at {INT} NOT NULL,
    ended_at {INT},
    cost_usd {REAL} NOT NULL DEFAULT 0,
    error TEXT,
    PRIMARY KEY (tenant_id, id)
){WITHOUT_ROWID};
CREATE INDEX jobs_by_start ON jobs (tenant_id, started_at);
CREATE TABLE steps (
    tenant_id {INT} NOT NULL,
    job TEXT NOT NULL,
    seq {INT} NOT NULL,
    step TEXT NOT NULL,
    PRIMARY KEY (tenant_id, job, seq),
    FOREIGN KEY (tenant_id, job) REFERENCES jobs (tenant_id, id)
){WITHOUT_ROWID};
",
    ),
    (
        3,
        "
ALTER TABLE jobs ADD COLUMN input TEXT;
ALTER TABLE jobs ADD COLUMN output TEXT;
CREATE TABLE definitions (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    definition TEXT NOT NULL,
    applied_at {INT} NOT NULL,
    PRIMARY KEY (tenant_id, name)
){WITHOUT_ROWID};
",
    ),
    (
        4,
        "
ALTER TABLE tenant_settings ADD COLUMN usd_per_day {REAL};
ALTER TABLE tenant_settings ADD COLUMN usd_per_month {REAL};
",
    ),
    (
        5,
        "
CREATE TABLE policy (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    pattern TEXT NOT NULL,
    effect TEXT NOT NULL,
    reason TEXT,
    set_at {INT} NOT NULL,
    PRIMARY KEY (tenant_id, pattern)
){WITHOUT_ROWID};
CREATE TABLE approvals (
    id {SERIAL},
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    job TEXT NOT NULL,
    target TEXT NOT NULL,
    rule TEXT NOT NULL,
    view TEXT NOT NULL,
    state TEXT NOT NULL,
    asked_at {INT} NOT NULL,
    expires_at {INT} NOT NULL,
    decided_by TEXT,
    reason TEXT,
    decided_at {INT}
);
CREATE INDEX approvals_by_tenant ON approvals (tenant_id, state, id);
",
    ),
    (
        6,
        "
ALTER TABLE jobs ADD COLUMN labels TEXT;
ALTER TABLE files ADD COLUMN labels TEXT;
",
    ),
    // A store of one node keeps files' bytes on disk, where one that nodes share keeps them in `blobs`.
    // The edge keeps plugins' archives only in a store that nodes share, but either store can.
    (
        7,
        "
postgres: CREATE TABLE blobs (
postgres:     tenant_id {INT} NOT NULL REFERENCES tenants(id),
postgres:     digest TEXT NOT NULL,
postgres:     bytes {BLOB} NOT NULL,
postgres:     stored_at {INT} NOT NULL,
postgres:     PRIMARY KEY (tenant_id, digest)
postgres: );
CREATE TABLE plugin_archives (
    tenant_id {INT} NOT NULL,
    plugin TEXT NOT NULL,
    digest TEXT NOT NULL,
    bytes {BLOB} NOT NULL,
    PRIMARY KEY (tenant_id, plugin),
    FOREIGN KEY (tenant_id, plugin) REFERENCES plugins (tenant_id, name) ON DELETE CASCADE
);
",
    ),
    // Leases of the nodes sharing the store, the node running each job, and the model calls
    // reserved against the tenants' limits and the job trees' budgets.
    (
        8,
        "
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    started_at {INT} NOT NULL,
    lease_until {INT} NOT NULL
){WITHOUT_ROWID};
ALTER TABLE jobs ADD COLUMN node TEXT;
CREATE INDEX jobs_running_by_node ON jobs (node) WHERE state = 'running';
CREATE TABLE reservations (
    id {SERIAL},
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    tree TEXT,
    node TEXT NOT NULL,
    usd {REAL} NOT NULL,
    tokens {INT} NOT NULL,
    made_at {INT} NOT NULL,
    expires_at {INT} NOT NULL
);
CREATE INDEX reservations_by_tenant ON reservations (tenant_id, tree);
CREATE INDEX reservations_by_node ON reservations (node);
",
    ),
    // Audit entries and approvals numbered within their tenant, 1, 2, 3, so that a tenant's numbers
    // tell nothing of another's; the entries kept so far are numbered in the order they were written,
    // and an answer's entry names the approval by its new number.
    (
        9,
        "
DROP INDEX audit_by_tenant;
sqlite: ALTER TABLE audit ADD COLUMN seq {INT} NOT NULL DEFAULT 0;
postgres: ALTER TABLE audit ADD COLUMN seq {INT};
UPDATE audit SET seq = numbered.seq
FROM (SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS seq FROM audit) AS numbered
WHERE audit.id = numbered.id;
postgres: ALTER TABLE audit ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX audit_by_number ON audit (tenant_id, seq);
DROP INDEX approvals_by_tenant;
sqlite: ALTER TABLE approvals ADD COLUMN seq {INT} NOT NULL DEFAULT 0;
postgres: ALTER TABLE approvals ADD COLUMN seq {INT};
UPDATE approvals SET seq = numbered.seq
FROM (SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS seq FROM approvals) AS numbered
WHERE approvals.id = numbered.id;
postgres: ALTER TABLE approvals ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX approvals_by_number ON approvals (tenant_id, seq);
CREATE INDEX approvals_by_state ON approvals (tenant_id, state, seq);
sqlite: UPDATE audit SET new = json_set(new, '$.id', (
sqlite:     SELECT numbered.seq FROM approvals AS numbered
sqlite:     WHERE numbered.tenant_id = audit.tenant_id
sqlite:       AND numbered.id = json_extract(CASE WHEN json_valid(audit.new) THEN audit.new END, '$.id')))
sqlite: WHERE action IN ('approval.approve', 'approval.deny') AND EXISTS (
sqlite:     SELECT 1 FROM approvals AS numbered
sqlite:     WHERE numbered.tenant_id = audit.tenant_id
sqlite:       AND numbered.id = json_extract(CASE WHEN json_valid(audit.new) THEN audit.new END, '$.id'));
postgres: UPDATE audit SET new = jsonb_set(audit.new::jsonb, '{id}', to_jsonb(numbered.seq))::text
postgres: FROM approvals AS numbered
postgres: WHERE audit.action IN ('approval.approve', 'approval.deny')
postgres:   AND numbered.tenant_id = audit.tenant_id
postgres:   AND numbered.id::text =
postgres:       CASE WHEN audit.action IN ('approval.approve', 'approval.deny') THEN audit.new::jsonb ->> 'id' END;
",
    ),
    // The ID of the edge key the plugins' secrets are sealed with (one row), and whether what they
    // replaced was scrubbed from the database's files.
    (
        10,
        "
CREATE TABLE edge_key (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    key_id TEXT NOT NULL,
    scrubbed {BOOL} NOT NULL DEFAULT {FALSE},
    set_at {INT} NOT NULL
);
",
    ),
    // Conversations: each a list of turns, each turn a job (named on the job too); a fork begins with
    // the turns of the one it was forked from, up to a turn. What each job's run was asked, what its
    // model said and read, in order, each after the step it follows.
    (
        11,
        "
CREATE TABLE conversations (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    id TEXT NOT NULL,
    person TEXT NOT NULL,
    forked_from TEXT,
    forked_at {INT},
    started_at {INT} NOT NULL,
    PRIMARY KEY (tenant_id, id)
){WITHOUT_ROWID};
CREATE TABLE turns (
    tenant_id {INT} NOT NULL,
    conversation TEXT NOT NULL,
    n {INT} NOT NULL,
    job TEXT NOT NULL,
    PRIMARY KEY (tenant_id, conversation, n),
    FOREIGN KEY (tenant_id, conversation) REFERENCES conversations (tenant_id, id)
){WITHOUT_ROWID};
CREATE INDEX turns_by_job ON turns (tenant_id, job);
CREATE TABLE said (
    tenant_id {INT} NOT NULL,
    job TEXT NOT NULL,
    n {INT} NOT NULL,
    step {INT} NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (tenant_id, job, n),
    FOREIGN KEY (tenant_id, job) REFERENCES jobs (tenant_id, id)
){WITHOUT_ROWID};
ALTER TABLE jobs ADD COLUMN conversation TEXT;
ALTER TABLE jobs ADD COLUMN turn {INT};
",
    ),
    // The data's life: how long the tenant keeps files and jobs' payloads; the holds that keep them
    // longer; the erasures begun and not yet done, finished at the next start; the blobs on a node's
    // disk that no tree holds any more, removed after the rows that named them; which node sweeps a
    // tenant now; and the tenants' payload keys, each wrapped by the edge key.
    (
        12,
        "
ALTER TABLE tenant_settings ADD COLUMN files_retention_s {INT};
ALTER TABLE tenant_settings ADD COLUMN jobs_retention_s {INT};
ALTER TABLE jobs ADD COLUMN erased_at {INT};
CREATE INDEX jobs_by_end ON jobs (tenant_id, ended_at) WHERE erased_at IS NULL;
CREATE INDEX files_by_age ON files (tenant_id, stored_at);
CREATE TABLE holds (
    id {SERIAL},
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    seq {INT} NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    reason TEXT,
    created_by TEXT NOT NULL,
    created_at {INT} NOT NULL,
    released_by TEXT,
    released_at {INT}
);
CREATE UNIQUE INDEX holds_by_number ON holds (tenant_id, seq);
CREATE INDEX holds_in_force ON holds (tenant_id, kind, target) WHERE released_at IS NULL;
CREATE TABLE erasures (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    actor TEXT NOT NULL,
    begun_at {INT} NOT NULL,
    ended_at {INT},
    counts TEXT NOT NULL,
    cursor TEXT,
    PRIMARY KEY (tenant_id, kind, target)
){WITHOUT_ROWID};
CREATE TABLE doomed_blobs (
    tenant_id {INT} NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (tenant_id, digest)
){WITHOUT_ROWID};
CREATE TABLE sweeps (
    tenant_id {INT} PRIMARY KEY REFERENCES tenants(id),
    node TEXT NOT NULL,
    until {INT} NOT NULL
);
CREATE TABLE payload_keys (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    key_id TEXT NOT NULL,
    wrapped TEXT NOT NULL,
    created_at {INT} NOT NULL,
    retired_at {INT},
    PRIMARY KEY (tenant_id, key_id)
){WITHOUT_ROWID};
",
    ),
    // Experiments (`oz0 compare-savings`): an agent run on each input under two thresholds, and the
    // jobs of each pair, tagged before they start; the node that runs an experiment, to fail it when
    // that node is gone.
    (
        13,
        "
CREATE TABLE experiments (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    id TEXT NOT NULL,
    agent TEXT NOT NULL,
    person TEXT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    baseline TEXT NOT NULL,
    variant TEXT NOT NULL,
    inputs {INT} NOT NULL,
    budget_usd {REAL},
    node TEXT NOT NULL,
    started_at {INT} NOT NULL,
    ended_at {INT},
    PRIMARY KEY (tenant_id, id)
){WITHOUT_ROWID};
CREATE INDEX experiments_by_start ON experiments (tenant_id, started_at);
CREATE TABLE experiment_jobs (
    tenant_id {INT} NOT NULL,
    experiment TEXT NOT NULL,
    pair {INT} NOT NULL,
    arm TEXT NOT NULL,
    job TEXT NOT NULL,
    PRIMARY KEY (tenant_id, experiment, pair, arm),
    FOREIGN KEY (tenant_id, experiment) REFERENCES experiments (tenant_id, id)
){WITHOUT_ROWID};
CREATE INDEX experiment_jobs_by_job ON experiment_jobs (tenant_id, job);
",
    ),
    // The tenant's data rules (which labels may go to which model aliases) and quotas, as JSON; each
    // call's result, whole, as its step's payload; what the tenant, and each plugin, asked of models
    // each UTC day.
    (
        14,
        "
ALTER TABLE tenant_settings ADD COLUMN data_rules TEXT;
ALTER TABLE tenant_settings ADD COLUMN quotas TEXT;
CREATE TABLE results (
    tenant_id {INT} NOT NULL,
    job TEXT NOT NULL,
    step {INT} NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (tenant_id, job, step),
    FOREIGN KEY (tenant_id, job) REFERENCES jobs (tenant_id, id)
){WITHOUT_ROWID};
CREATE TABLE asked_days (
    tenant_id {INT} NOT NULL REFERENCES tenants(id),
    day {INT} NOT NULL,
    plugin TEXT NOT NULL,
    tokens {INT} NOT NULL,
    requests {INT} NOT NULL,
    PRIMARY KEY (tenant_id, day, plugin)
){WITHOUT_ROWID};
",
    ),
    // The job of its tree that started a job: a delegated agent's caller, a flow tool's; and the plugin
    // a reservation's request is made for, which counts toward its quota.
    (
        15,
        "
ALTER TABLE reservations ADD COLUMN plugin TEXT;
ALTER TABLE jobs ADD COLUMN parent TEXT;
CREATE INDEX jobs_by_tree ON jobs (tenant_id, tree);
",
    ),
];

/// The names a migration spells per database: as SQLite spells them, and as PostgreSQL does.
const TYPES: &[(&str, &str, &str)] = &[
    // An integer key that a new row is given.
    ("{ID}", "INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    // The same, never given again after its row is deleted.
    ("{SERIAL}", "INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    ("{INT}", "INTEGER", "BIGINT"),
    ("{BOOL}", "INTEGER", "BOOLEAN"),
    ("{FALSE}", "0", "FALSE"),
    ("{REAL}", "REAL", "DOUBLE PRECISION"),
    ("{BLOB}", "BLOB", "BYTEA"),
    // A table keyed by its primary key alone, which SQLite then stores in that key's order.
    ("{WITHOUT_ROWID}", " WITHOUT ROWID", ""),
];

/// The tables the schema has, for the integrity check.
pub const TABLES: &[&str] = &[
    "tenants",
    "people",
    "tokens",
    "tenant_settings",
    "audit",
    "files",
    "plugins",
    "tools",
    "jobs",
    "steps",
    "definitions",
    "policy",
    "approvals",
    "blobs",
    "plugin_archives",
    "nodes",
    "reservations",
    "edge_key",
    "conversations",
    "turns",
    "said",
    "holds",
    "erasures",
    "doomed_blobs",
    "sweeps",
    "payload_keys",
    "experiments",
    "experiment_jobs",
    "asked_days",
    "results",
];

/// The newest schema version this code knows.
pub fn latest() -> u32 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

/// Returns `sql` as `dialect` spells it.
pub(super) fn spelled(sql: &str, dialect: Dialect) -> String {
    let own = match dialect {
        Dialect::Sqlite => "sqlite: ",
        Dialect::Postgres => "postgres: ",
    };
    let mut text = String::with_capacity(sql.len());
    for line in sql.split_inclusive('\n') {
        let line = match line.strip_prefix(own) {
            Some(line) => line,
            None if line.starts_with("sqlite: ") || line.starts_with("postgres: ") => continue,
            None => line,
        };
        text.push_str(line);
    }
    for (name, sqlite, postgres) in TYPES {
        text = text.replace(name, if dialect == Dialect::Sqlite { sqlite } else { postgres });
    }
    text
}

/// Brings the schema up to date: runs each migration newer than the store's, recording its version,
/// in the caller's transaction. Refuses a store that a newer oz0 migrated.
pub(super) fn migrate(sql: &mut dyn Sql) -> Outcome<Result<(), StoreError>> {
    let dialect = sql.dialect();
    sql.batch_execute(&spelled(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at {INT} NOT NULL)",
        dialect,
    ))?;
    let current: u32 = sql.query_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[])?.try_get(0)?;
    if current > latest() {
        return Ok(Err(StoreError::NewerSchema { found: current, known: latest() }));
    }
    for (version, migration) in MIGRATIONS.iter().filter(|(version, _)| *version > current) {
        sql.batch_execute(&spelled(migration, dialect))?;
        sql.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
            &[version, &super::records::now_ms()],
        )?;
    }
    Ok(Ok(()))
}

/// A store of schema version 8, the last to number audit entries and approvals across tenants: two
/// tenants whose entries and approvals were written in turn. Either store runs it after its own
/// migrations 1 to 8.
#[cfg(test)]
pub(crate) const VERSION_8_ROWS: &str = "
INSERT INTO tenants (id, name, operator, created_at) VALUES (1, 'main', TRUE, 0), (2, 'other', FALSE, 0);
INSERT INTO audit (tenant_id, at, actor, action, old, new) VALUES
    (1, 1, 'admin@main', 'main.1', 'null', '1'),
    (2, 2, 'admin@other', 'other.1', 'null', '1'),
    (1, 3, 'admin@main', 'main.2', 'null', '2'),
    (2, 4, 'admin@other', 'other.2', 'null', '2'),
    (2, 5, 'admin@other', 'other.3', 'null', '3'),
    (1, 6, 'admin@main', 'main.3', 'null', '3'),
    (2, 7, 'admin@other', 'approval.deny', 'null', '{\"id\":3,\"job\":\"J3\",\"reason\":null,\"target\":\"notes.add\"}');
INSERT INTO approvals (tenant_id, job, target, rule, view, state, asked_at, expires_at) VALUES
    (2, 'J1', 'notes.add', 'notes.*', '{}', 'pending', 0, 0),
    (1, 'J2', 'notes.add', 'notes.*', '{}', 'pending', 0, 0),
    (2, 'J3', 'notes.add', 'notes.*', '{}', 'pending', 0, 0);
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::numbered_in_turn;
    use crate::store::{DATABASE_FILE, SqlStore};

    #[test]
    fn a_store_of_version_8_numbers_its_entries_and_approvals_within_each_tenant_in_their_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        let tx = conn.transaction().unwrap();
        tx.execute_batch("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
            .unwrap();
        for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| *version <= 8) {
            tx.execute_batch(&spelled(sql, Dialect::Sqlite)).unwrap();
            tx.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?1, 0)", [version]).unwrap();
        }
        tx.execute_batch(VERSION_8_ROWS).unwrap();
        tx.commit().unwrap();
        drop(conn);
        numbered_in_turn(&SqlStore::sqlite(dir.path()).unwrap());
    }
}

//! The SQLite store's schema, one migration a version. A migration is never changed once released: a
//! change of the schema is a new migration at the end.

/// Each migration's version and SQL, in order.
pub const MIGRATIONS: &[(u32, &str)] = &[(
    1,
    "
CREATE TABLE tenants (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    operator INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE TABLE people (
    id INTEGER PRIMARY KEY,
    tenant_id INTEGER NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (tenant_id, name)
);
CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people(id),
    hash BLOB NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE TABLE tenant_settings (
    tenant_id INTEGER PRIMARY KEY REFERENCES tenants(id),
    offload_default TEXT,
    offload_ceiling INTEGER
);
CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id INTEGER NOT NULL REFERENCES tenants(id),
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    old TEXT NOT NULL,
    new TEXT NOT NULL
);
CREATE INDEX audit_by_tenant ON audit (tenant_id, id);
CREATE TABLE files (
    tenant_id INTEGER NOT NULL REFERENCES tenants(id),
    tree TEXT NOT NULL,
    digest TEXT NOT NULL,
    size INTEGER NOT NULL,
    stored_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, tree, digest)
) WITHOUT ROWID;
",
)];

/// The newest schema version this code knows.
pub fn latest() -> u32 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

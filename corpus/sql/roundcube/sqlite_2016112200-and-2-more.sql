DROP TABLE cache;
DROP TABLE cache_shared;

CREATE TABLE cache (
  user_id integer NOT NULL default 0,
  cache_key varchar(128) NOT NULL default '',
  expires datetime DEFAULT NULL,
  data text NOT NULL,
  PRIMARY KEY (user_id, cache_key)
);

CREATE INDEX ix_cache_expires ON cache(expires);

CREATE TABLE cache_shared (
  cache_key varchar(255) NOT NULL,
  expires datetime DEFAULT NULL,
  data text NOT NULL,
  PRIMARY KEY (cache_key)
);

CREATE INDEX ix_cache_shared_expires ON cache_shared(expires);

CREATE TABLE filestore (
    file_id integer PRIMARY KEY,
    user_id integer NOT NULL,
    filename varchar(128) NOT NULL,
    mtime integer NOT NULL,
    data text NOT NULL
);

CREATE UNIQUE INDEX ix_filestore_user_id ON filestore(user_id, filename);

CREATE TABLE tmp_filestore (
    file_id integer PRIMARY KEY,
    user_id integer NOT NULL,
    filename varchar(128) NOT NULL,
    mtime integer NOT NULL,
    data text NOT NULL
);

INSERT INTO tmp_filestore (file_id, user_id, filename, mtime, data)
    SELECT file_id, user_id, filename, mtime, data FROM filestore;

DROP TABLE filestore;

CREATE TABLE filestore (
    file_id integer NOT NULL PRIMARY KEY,
    user_id integer NOT NULL,
    context varchar(32) NOT NULL,
    filename varchar(128) NOT NULL,
    mtime integer NOT NULL,
    data text NOT NULL
);

INSERT INTO filestore (file_id, user_id, filename, mtime, data, context)
    SELECT file_id, user_id, filename, mtime, data, 'enigma' FROM tmp_filestore;

CREATE UNIQUE INDEX ix_filestore_user_id ON filestore(user_id, context, filename);

DROP TABLE tmp_filestore;


/**
 * The embedded SQLite database: one file holds the event store, the read models, the projection
 * checkpoints and the API keys (ARCHITECTURE §2). Opening it applies the pragmas and the schema.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_LOCK_WAIT_MS, setLockWait } from './lock-retry.js';

/** An open better-sqlite3 connection. */
export type SqliteDatabase = Database.Database;

/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many have run.
 * Append new entries; never edit a released one.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT, -- the $all position: gap-free, first is 1
    id          TEXT    NOT NULL UNIQUE,
    stream_id   TEXT    NOT NULL,
    revision    INTEGER NOT NULL CHECK (revision >= 0),
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    metadata    TEXT    NOT NULL CHECK (json_valid(metadata)),
    recorded_at TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  );
  CREATE TABLE read_models (
    collection TEXT NOT NULL,
    partition  TEXT NOT NULL,
    key        TEXT NOT NULL,
    doc        TEXT NOT NULL CHECK (json_valid(doc)),
    PRIMARY KEY (collection, partition, key)
  ) WITHOUT ROWID;
  CREATE TABLE checkpoints (
    projection TEXT    NOT NULL PRIMARY KEY,
    version    INTEGER NOT NULL,
    position   INTEGER
  );
  CREATE TABLE api_keys (
    id         TEXT NOT NULL PRIMARY KEY,
    hash       TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    workspace  TEXT NOT NULL,
    scopes     TEXT NOT NULL CHECK (json_valid(scopes)),
    created_at TEXT NOT NULL,
    expires_at TEXT,
    revoked_at TEXT
  );
  `,
  // 2: read-model documents carry the stream revision they reflect (the write guard), and a removed
  // document stays as a tombstone (doc NULL) so an older change cannot bring it back.
  `
  CREATE TABLE read_models_v2 (
    collection TEXT    NOT NULL,
    partition  TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    doc        TEXT    CHECK (doc IS NULL OR json_valid(doc)),
    PRIMARY KEY (collection, partition, key)
  ) WITHOUT ROWID;
  INSERT INTO read_models_v2 (collection, partition, key, revision, doc)
    SELECT collection, partition, key, COALESCE(json_extract(doc, '$.revision'), -1), doc FROM read_models;
  DROP TABLE read_models;
  ALTER TABLE read_models_v2 RENAME TO read_models;
  `,
  // 3: checkpoints hold opaque positions (ports/event-store.ts `Position`): the event store's 20-digit text form.
  `
  CREATE TABLE checkpoints_v3 (
    projection TEXT    NOT NULL PRIMARY KEY,
    version    INTEGER NOT NULL,
    position   TEXT
  );
  INSERT INTO checkpoints_v3 (projection, version, position)
    SELECT projection, version, CASE WHEN position IS NULL THEN NULL ELSE printf('%020d', position) END FROM checkpoints;
  DROP TABLE checkpoints;
  ALTER TABLE checkpoints_v3 RENAME TO checkpoints;
  `,
  // 4: the projector lease (one active projector per store).
  `
  CREATE TABLE leases (
    name       TEXT    NOT NULL PRIMARY KEY,
    holder     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL   -- ms since the epoch, this machine's clock (a SQLite file has one)
  );
  `,
  // 5: a read model served from another physical collection than its name (a rebuild's switch-over).
  `
  CREATE TABLE read_model_aliases (
    name     TEXT NOT NULL PRIMARY KEY,
    physical TEXT NOT NULL
  );
  `,
  // 6: which process holds the lease, so a successor need not wait for the expiry of a dead holder's.
  `
  ALTER TABLE leases ADD COLUMN host TEXT;
  ALTER TABLE leases ADD COLUMN pid INTEGER;
  `,
  // 7: key management over HTTP (issue 10): a per-key rate limit, listing a workspace's keys in order,
  // and the bootstrap key (ARCHITECTURE §5: "all scopes") gains the new scope keys:admin.
  `
  ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute INTEGER;
  CREATE INDEX api_keys_by_workspace ON api_keys (workspace, created_at, id);
  UPDATE api_keys SET scopes = json_insert(scopes, '$[#]', 'keys:admin')
    WHERE name = 'bootstrap' AND workspace = 'default'
      AND NOT EXISTS (SELECT 1 FROM json_each(api_keys.scopes) WHERE value = 'keys:admin');
  `,
  // 8: Idempotency-Key records (adapters/sqlite/idempotency-store.ts); a rowid table: bodies can be large.
  `
  CREATE TABLE idempotency_keys (
    scope       TEXT    NOT NULL,           -- the API key id
    key         TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    owner       TEXT    NOT NULL,
    status      INTEGER,                    -- NULL while the first request is in flight
    headers     TEXT    CHECK (headers IS NULL OR json_valid(headers)),
    body        TEXT,
    expires_at  INTEGER NOT NULL,           -- ms since the epoch
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  `,
  // 9: an in-flight Idempotency-Key holds a renewed lease apart from its 24 h retention, and notes where its
  // write lands, so a retry after a crash finds the committed write instead of writing again (issue 19).
  // Rows from before: the lease is their old expiry (lease_until NULL reads as expires_at).
  `
  ALTER TABLE idempotency_keys ADD COLUMN lease_until INTEGER;
  ALTER TABLE idempotency_keys ADD COLUMN target TEXT;
  `,
];

/** Schema version this code writes (the number of migrations). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** How the connection meets another connection's write lock. */
export interface OpenDatabaseOptions {
  /**
   * Longest wait for another connection's write lock before a call answers `DependencyUnavailableError`
   * (503), ms; the waiting happens between attempts, off the event loop (`lock-wait.ts`). Default
   * {@link DEFAULT_LOCK_WAIT_MS} (SQLITE_LOCK_WAIT_MS in the service).
   */
  lockWaitMs?: number;
}

/**
 * Open (creating if needed) the database file and bring its schema up to date.
 *
 * - `file`: a path (its parent directory is created) or `':memory:'`.
 * - Pragmas: `journal_mode=WAL` (readers do not block the writer, nor it them; an in-memory database stays
 *   `memory`), `synchronous=FULL` (a committed append survives power loss), `foreign_keys=ON`.
 * - Migrations are idempotent: each runs in its own transaction and bumps `user_version`. They run before
 *   anything is served, with `busy_timeout=5000` ms (another process starting on the same file may hold the lock).
 * - Then `busy_timeout=0`: SQLite never sleeps on the main thread for a lock; the stores' calls go through
 *   `sqliteCall`, which retries with pauses for up to `options.lockWaitMs`.
 *
 * The caller owns the connection: close it once, after every store built on it is done.
 * @throws Error when the file's schema is newer than this code (`user_version` > {@link SCHEMA_VERSION}),
 *   or whatever better-sqlite3 throws when the file cannot be opened.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    db.pragma('busy_timeout = 0');
    setLockWait(db, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: SqliteDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`Database schema version ${current} is newer than this build understands (${MIGRATIONS.length}).`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    // IMMEDIATE: two processes opening a fresh file at once must not both run a migration.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) !== version) return;
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

/**
 * PostgreSQL for several instances (ARCHITECTURE §2): one database holds the events, the read models,
 * the checkpoints and the API keys. Opening it creates and migrates the schema, idempotently and
 * versioned, under an advisory lock so that instances starting together do not race.
 */
import pg from 'pg';
import { DependencyUnavailableError } from '../../application/ports/index.js';
import { DEFAULT_POSTGRES_TIMEOUTS, pgTimeoutOptions, type PostgresTimeouts } from './timeouts.js';

/** Migrations, applied in order; `schema_version` records how many have run. Append; never edit one. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE events (
    position    BIGINT      PRIMARY KEY,                 -- the $all position, assigned in commit order
    id          UUID        NOT NULL UNIQUE,
    stream_id   TEXT        NOT NULL,
    revision    INTEGER     NOT NULL CHECK (revision >= 0),
    type        TEXT        NOT NULL,
    data        TEXT        NOT NULL,                    -- JSON text, kept byte for byte
    metadata    TEXT        NOT NULL,
    recorded_at TEXT        NOT NULL,
    UNIQUE (stream_id, revision)
  );
  CREATE TABLE read_models (
    collection TEXT    NOT NULL,
    partition  TEXT    NOT NULL,
    key        TEXT COLLATE "C" NOT NULL,                -- lists sort in UTF-8 byte order, as SQLite's BINARY
    revision   INTEGER NOT NULL,
    doc        JSONB,                                    -- NULL: a tombstone
    PRIMARY KEY (collection, partition, key)
  );
  CREATE TABLE checkpoints (
    projection TEXT    NOT NULL PRIMARY KEY,
    version    INTEGER NOT NULL,
    position   TEXT COLLATE "C"                          -- fixed-width digits: text order is $all order
  );
  CREATE TABLE api_keys (
    id         TEXT  NOT NULL PRIMARY KEY,
    hash       TEXT  NOT NULL UNIQUE,
    name       TEXT  NOT NULL,
    workspace  TEXT  NOT NULL,
    scopes     JSONB NOT NULL,
    created_at TEXT  NOT NULL,
    expires_at TEXT,
    revoked_at TEXT
  );
  `,
  // 2: a read model served from another physical collection than its name (a rebuild's switch-over).
  `
  CREATE TABLE read_model_aliases (
    name     TEXT NOT NULL PRIMARY KEY,
    physical TEXT NOT NULL
  );
  `,
  // 3: key management over HTTP (issue 10): a per-key rate limit, listing a workspace's keys in order,
  // and the bootstrap key (ARCHITECTURE §5: "all scopes") gains the new scope keys:admin.
  `
  ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute INTEGER;
  CREATE INDEX api_keys_by_workspace ON api_keys (workspace, created_at, id COLLATE "C");
  UPDATE api_keys SET scopes = scopes || '["keys:admin"]'::jsonb
    WHERE name = 'bootstrap' AND workspace = 'default' AND NOT scopes @> '["keys:admin"]'::jsonb;
  `,
  // 4: Idempotency-Key records (adapters/postgres/idempotency-store.ts).
  `
  CREATE TABLE idempotency_keys (
    scope       TEXT    NOT NULL,                        -- the API key id
    key         TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    owner       TEXT    NOT NULL,
    status      INTEGER,                                 -- NULL while the first request is in flight
    headers     JSONB,
    body        TEXT,
    expires_at  BIGINT  NOT NULL,                        -- ms since the epoch
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  `,
  // 5: an in-flight Idempotency-Key holds a renewed lease apart from its 24 h retention, and notes where its
  // write lands, so a retry after a crash finds the committed write instead of writing again (issue 19).
  // Rows from before: the lease is their old expiry (lease_until NULL reads as expires_at).
  `
  ALTER TABLE idempotency_keys ADD COLUMN lease_until BIGINT;
  ALTER TABLE idempotency_keys ADD COLUMN target TEXT;
  `,
];

/** Advisory lock keys (any two distinct bigints our tables do not otherwise use). */
export const LOCKS = { migrate: 7_000_001, append: 7_000_002, switchOver: 7_000_004 } as const;

/**
 * A migration may wait for another instance's (the advisory lock) and build indexes: its statements get
 * this bound, ms, instead of the request-path ones.
 */
const MIGRATION_TIMEOUT_MS = 300_000;

/**
 * Connect a pool to `url` and bring the schema up to date. Every connection, query and transaction of
 * the pool is bounded by `timeouts` (default {@link DEFAULT_POSTGRES_TIMEOUTS}); one past its bound
 * fails with {@link DependencyUnavailableError} (503), never waits on.
 * @throws DependencyUnavailableError when the server cannot be reached; Error when the schema is newer
 *   than this code.
 */
export async function openPostgres(url: string, options: { max?: number; timeouts?: PostgresTimeouts } = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...pgTimeoutOptions(options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS),
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that ends the process.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw asUnavailable(error) ?? error;
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    // node-postgres takes `query_timeout` per query too (client.js); @types/pg does not declare it.
    const slow = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      client.query<R>({ text, values, query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig);
    await slow(`SET LOCAL statement_timeout = ${MIGRATION_TIMEOUT_MS}`);
    await slow('SELECT pg_advisory_xact_lock($1)', [LOCKS.migrate]);
    await slow('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const { rows } = await slow<{ version: number }>('SELECT version FROM schema_version');
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length)
      throw new Error(`Database schema version ${current} is newer than this build understands (${MIGRATIONS.length}).`);
    for (let version = current; version < MIGRATIONS.length; version++) await slow(MIGRATIONS[version]!);
    if (rows.length === 0) await slow('INSERT INTO schema_version (version) VALUES ($1)', [MIGRATIONS.length]);
    else await slow('UPDATE schema_version SET version = $1', [MIGRATIONS.length]);
  });
}

/**
 * Run `work` in one transaction on one client: committed when it resolves, rolled back when it throws.
 * @throws what `work` throws; DependencyUnavailableError when the server does not answer.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await guardPg(() => pool.connect());
  let lost = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that stopped answering cannot roll back either (that would wait out a second timeout):
    // it is discarded below, and the server rolls the transaction back when the session ends.
    lost = isConnectionLost(error);
    if (!lost) await client.query('ROLLBACK').catch(() => undefined);
    throw asUnavailable(error) ?? error;
  } finally {
    client.release(lost);
  }
}

/** Run a query, turning "the server is unusable" failures into {@link DependencyUnavailableError} (503). */
export async function guardPg<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw asUnavailable(error) ?? error;
  }
}

/**
 * node-postgres's own timeouts, by message (they carry no code): `query_timeout` ("Query read timeout"),
 * `connectionTimeoutMillis` on a new connection ("Connection terminated due to connection timeout",
 * "timeout expired") and on waiting for a pooled one ("timeout exceeded when trying to connect").
 */
const CLIENT_TIMEOUT =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout|^timeout expired$/i;

/** The connection no longer answers (a client-side timeout or a broken socket): do not reuse it. */
function isConnectionLost(error: unknown): boolean {
  const cause = error instanceof DependencyUnavailableError ? error.cause : error;
  const message = (cause as Error | null)?.message ?? '';
  return CLIENT_TIMEOUT.test(message) || /Connection terminated|Client has encountered a connection error/i.test(message);
}

/**
 * Errors of the dependency, not of our statement: Node's socket errors; PostgreSQL's classes 08
 * (connection exception), 53 (insufficient resources), 57P (operator intervention), 57014
 * (query_canceled: `statement_timeout`), 55P03 (lock_not_available), 25P03
 * (idle_in_transaction_session_timeout); node-postgres's client-side timeouts.
 */
function asUnavailable(error: unknown): DependencyUnavailableError | null {
  if (error instanceof DependencyUnavailableError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as Error | null)?.message ?? '';
  const timedOut = code === '57014' || code === '55P03' || code === '25P03' || CLIENT_TIMEOUT.test(message);
  const unavailable =
    timedOut ||
    (typeof code === 'string' && (/^(ECONN|ENOTFOUND|ETIMEDOUT|EPIPE|EAI_)/.test(code) || /^(08|53|57P)/.test(code))) ||
    /Connection terminated|pool after calling end|Client has encountered a connection error/i.test(message);
  if (!unavailable) return null;
  const what = timedOut ? `PostgreSQL did not answer in time: ${message}` : `PostgreSQL is unavailable: ${message}`;
  return new DependencyUnavailableError('postgres', what, { cause: error });
}

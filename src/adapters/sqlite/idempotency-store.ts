/**
 * Idempotency keys in the embedded SQLite file: one row per (API key id, Idempotency-Key). Every process
 * on the file shares them; a claim is one statement in a write transaction, so it is atomic across them.
 */
import type { Statement } from 'better-sqlite3';
import type {
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  NewIdempotencyClaim,
  StoredResponse,
} from '../../application/ports/index.js';
import type { SqliteDatabase } from './database.js';
import { sqliteCall } from './lock-wait.js';

interface Row {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  status: number | null;
  headers: string | null;
  body: string | null;
  expires_at: number;
  /** NULL on rows from before migration 9: their lease was their expiry. */
  lease_until: number | null;
  target: string | null;
}

/** {@link IdempotencyStore} on the `idempotency_keys` table of a database from `openDatabase` (migrations 8, 9). */
export class SqliteIdempotencyStore implements IdempotencyStore {
  readonly #db: SqliteDatabase;
  readonly #claim: (record: NewIdempotencyClaim, now: number) => IdempotencyClaim;
  readonly #renew: Statement<[number, string | null, string, string, string]>;
  readonly #takeOver: Statement<[string, number, string, string, string]>;
  readonly #get: Statement<[string, string, number], Row>;
  readonly #complete: Statement<[number, string, string | null, number, string, string, string]>;
  readonly #release: Statement<[string, string, string]>;
  readonly #purge: Statement<[number, number]>;

  /** @param db an open database with the schema applied; its owner closes it. */
  constructor(db: SqliteDatabase) {
    this.#db = db;
    // Inserted when absent; an expired row (in flight or completed) is taken over, its response dropped.
    const take = db.prepare<[string, string, string, string, number, number, number], { owner: string }>(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, status, headers, body, expires_at, lease_until, target)
       VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?, ?, NULL)
       ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, owner = excluded.owner,
         status = NULL, headers = NULL, body = NULL, expires_at = excluded.expires_at,
         lease_until = excluded.lease_until, target = NULL
       WHERE idempotency_keys.expires_at <= ?
       RETURNING owner`,
    );
    // COALESCE: a renewal without a target keeps the one noted.
    this.#renew = db.prepare(
      'UPDATE idempotency_keys SET lease_until = ?, target = COALESCE(?, target) WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL',
    );
    this.#takeOver = db.prepare(
      'UPDATE idempotency_keys SET owner = ?, lease_until = ?, target = NULL WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL',
    );
    this.#get = db.prepare('SELECT * FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?');
    this.#complete = db.prepare(
      `UPDATE idempotency_keys SET status = ?, headers = ?, body = ?, expires_at = ?
       WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL`,
    );
    this.#release = db.prepare('DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL');
    this.#purge = db.prepare(
      'DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at <= ? LIMIT ?)',
    );
    // IMMEDIATE: the write lock is taken first, so the upsert and the read that follows see one state.
    const claim = db.transaction((record: NewIdempotencyClaim, now: number): IdempotencyClaim => {
      if (
        take.get(record.scope, record.key, record.fingerprint, record.owner, record.expiresAt, record.leaseUntil ?? record.expiresAt, now)
      )
        return { claimed: true };
      return { claimed: false, existing: toRecord(this.#get.get(record.scope, record.key, now)!) };
    });
    this.#claim = (record, now) => claim.immediate(record, now);
  }

  async claim(record: NewIdempotencyClaim, now: number): Promise<IdempotencyClaim> {
    return sqliteCall(this.#db, () => this.#claim(record, now));
  }

  async renew(scope: string, key: string, owner: string, leaseUntil: number, target?: string): Promise<boolean> {
    return (await sqliteCall(this.#db, () => this.#renew.run(leaseUntil, target ?? null, scope, key, owner))).changes > 0;
  }

  async takeOver(scope: string, key: string, from: string, to: string, leaseUntil: number): Promise<boolean> {
    return (await sqliteCall(this.#db, () => this.#takeOver.run(to, leaseUntil, scope, key, from))).changes > 0;
  }

  async complete(scope: string, key: string, owner: string, response: StoredResponse, expiresAt: number): Promise<boolean> {
    const result = await sqliteCall(this.#db, () =>
      this.#complete.run(response.status, JSON.stringify(response.headers), response.body, expiresAt, scope, key, owner),
    );
    return result.changes > 0;
  }

  async release(scope: string, key: string, owner: string): Promise<void> {
    await sqliteCall(this.#db, () => this.#release.run(scope, key, owner));
  }

  async get(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const row = await sqliteCall(this.#db, () => this.#get.get(scope, key, now));
    return row ? toRecord(row) : null;
  }

  async purgeExpired(now: number, limit: number): Promise<number> {
    return (await sqliteCall(this.#db, () => this.#purge.run(now, limit))).changes;
  }
}

function toRecord(row: Row): IdempotencyRecord {
  return {
    scope: row.scope,
    key: row.key,
    fingerprint: row.fingerprint,
    owner: row.owner,
    response:
      row.status === null
        ? null
        : { status: row.status, headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body },
    expiresAt: row.expires_at,
    leaseUntil: row.lease_until ?? row.expires_at,
    target: row.target,
  };
}

/**
 * Idempotency keys on PostgreSQL, shared by every instance: one row per (API key id, Idempotency-Key).
 * A claim is one `INSERT … ON CONFLICT DO UPDATE … WHERE` — atomic under concurrent claims (the row lock
 * of the conflicting row orders them) — followed, when it did not take the key, by a read of the holder.
 */
import type pg from 'pg';
import type {
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  NewIdempotencyClaim,
  StoredResponse,
} from '../../application/ports/index.js';
import { guardPg } from './database.js';

interface Row {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  /** BIGINT arrives as text (node-postgres keeps 64-bit integers exact). */
  expires_at: string;
  /** NULL on rows from before migration 5: their lease was their expiry. BIGINT as text. */
  lease_until: string | null;
  target: string | null;
}

/** How often a claim retries when the holder it lost to vanished before it could be read (released or purged). */
const CLAIM_ATTEMPTS = 3;

/** {@link IdempotencyStore} on the `idempotency_keys` table of a pool from `openPostgres` (migrations 4, 5). */
export class PostgresIdempotencyStore implements IdempotencyStore {
  /** @param pool a pool with the schema applied; the caller keeps owning it. */
  constructor(private readonly pool: pg.Pool) {}

  async claim(record: NewIdempotencyClaim, now: number): Promise<IdempotencyClaim> {
    for (let attempt = 1; ; attempt++) {
      const taken = await guardPg(() =>
        this.pool.query(
          `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, expires_at, lease_until) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, owner = excluded.owner,
             status = NULL, headers = NULL, body = NULL, expires_at = excluded.expires_at,
             lease_until = excluded.lease_until, target = NULL
           WHERE idempotency_keys.expires_at <= $7
           RETURNING owner`,
          [record.scope, record.key, record.fingerprint, record.owner, record.expiresAt, record.leaseUntil ?? record.expiresAt, now],
        ),
      );
      if ((taken.rowCount ?? 0) > 0) return { claimed: true };
      const existing = await this.get(record.scope, record.key, now);
      if (existing) return { claimed: false, existing };
      if (attempt === CLAIM_ATTEMPTS) throw new Error(`Idempotency key '${record.key}' could be neither claimed nor read.`);
    }
  }

  async renew(scope: string, key: string, owner: string, leaseUntil: number, target?: string): Promise<boolean> {
    // COALESCE: a renewal without a target keeps the one noted.
    const result = await guardPg(() =>
      this.pool.query(
        'UPDATE idempotency_keys SET lease_until = $1, target = COALESCE($2, target) WHERE scope = $3 AND key = $4 AND owner = $5 AND status IS NULL',
        [leaseUntil, target ?? null, scope, key, owner],
      ),
    );
    return (result.rowCount ?? 0) > 0;
  }

  async takeOver(scope: string, key: string, from: string, to: string, leaseUntil: number): Promise<boolean> {
    const result = await guardPg(() =>
      this.pool.query(
        'UPDATE idempotency_keys SET owner = $1, lease_until = $2, target = NULL WHERE scope = $3 AND key = $4 AND owner = $5 AND status IS NULL',
        [to, leaseUntil, scope, key, from],
      ),
    );
    return (result.rowCount ?? 0) > 0;
  }

  async complete(scope: string, key: string, owner: string, response: StoredResponse, expiresAt: number): Promise<boolean> {
    const result = await guardPg(() =>
      this.pool.query(
        `UPDATE idempotency_keys SET status = $1, headers = $2::jsonb, body = $3, expires_at = $4
         WHERE scope = $5 AND key = $6 AND owner = $7 AND status IS NULL`,
        [response.status, JSON.stringify(response.headers), response.body, expiresAt, scope, key, owner],
      ),
    );
    return (result.rowCount ?? 0) > 0;
  }

  async release(scope: string, key: string, owner: string): Promise<void> {
    await guardPg(() =>
      this.pool.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND owner = $3 AND status IS NULL', [scope, key, owner]),
    );
  }

  async get(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const { rows } = await guardPg(() =>
      this.pool.query<Row>('SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at > $3', [scope, key, now]),
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async purgeExpired(now: number, limit: number): Promise<number> {
    const result = await guardPg(() =>
      this.pool.query(
        `DELETE FROM idempotency_keys WHERE (scope, key) IN (SELECT scope, key FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`,
        [now, limit],
      ),
    );
    return result.rowCount ?? 0;
  }
}

function toRecord(row: Row): IdempotencyRecord {
  return {
    scope: row.scope,
    key: row.key,
    fingerprint: row.fingerprint,
    owner: row.owner,
    response: row.status === null ? null : { status: row.status, headers: row.headers ?? {}, body: row.body },
    expiresAt: Number(row.expires_at),
    leaseUntil: Number(row.lease_until ?? row.expires_at),
    target: row.target,
  };
}

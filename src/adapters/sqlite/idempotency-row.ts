/** A row of the `idempotency_keys` table (migrations 8, 9) and the record it is read as. */
import type { IdempotencyRecord } from '../../application/ports/index.js';

/** A row of `idempotency_keys` as better-sqlite3 returns it. */
export interface IdempotencyRow {
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

/** The record of a row: a NULL status is a request still in flight (no response); a NULL lease reads as the expiry. */
export function toIdempotencyRecord(row: IdempotencyRow): IdempotencyRecord {
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

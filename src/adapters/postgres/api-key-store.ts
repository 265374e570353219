/**
 * API keys on PostgreSQL. Only hashes are stored, never tokens.
 */
import type pg from 'pg';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore } from '../../application/ports.js';
import { toApiKeyRecord, type ApiKeyRow } from '../shared/api-keys.js';
import { guardPg } from './database.js';


/** PostgreSQL's unique_violation (SQLSTATE 23505). */
const UNIQUE_VIOLATION = '23505';

/** {@link ApiKeyStore} on the `api_keys` table of a pool from `openPostgres`. */
export class PostgresApiKeyStore implements ApiKeyStore {
  /** @param pool a pool with the schema applied (`openPostgres`); the caller keeps owning it. */
  constructor(private readonly pool: pg.Pool) {}

  /** The key whose SHA-256 hex `hash` this is, revoked and expired ones included; `null` when none. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await guardPg(() => this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE hash = $1', [hash]));
    return rows[0] ? toApiKeyRecord(rows[0]) : null;
  }

  /** Store a new key. @throws ApiKeyExistsError when the id or hash already exists. */
  async insert(record: ApiKeyRecord): Promise<void> {
    try {
      await guardPg(() =>
        this.pool.query(
          `INSERT INTO api_keys (id, hash, name, workspace, scopes, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`,
          [record.id, record.hash, record.name, record.workspace, JSON.stringify(record.scopes), record.createdAt, record.expiresAt, record.revokedAt],
        ),
      );
    } catch (error) {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new ApiKeyExistsError(record.id);
      throw error;
    }
  }

  /** Every key, oldest first (by `createdAt`, then id). */
  async list(): Promise<ApiKeyRecord[]> {
    const { rows } = await guardPg(() => this.pool.query<ApiKeyRow>('SELECT * FROM api_keys ORDER BY created_at, id COLLATE "C"'));
    return rows.map(toApiKeyRecord);
  }

  /** Mark key `id` revoked at `at` (RFC 3339); revoking twice keeps the first time. @returns false when no key has that id. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await guardPg(() => this.pool.query('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2', [at, id]));
    return (result.rowCount ?? 0) > 0;
  }

  /** Number of stored keys, revoked ones included. */
  async count(): Promise<number> {
    const { rows } = await guardPg(() => this.pool.query<{ count: string }>('SELECT COUNT(*)::text AS count FROM api_keys'));
    return Number(rows[0]?.count ?? 0);
  }
}

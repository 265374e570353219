/**
 * API keys on PostgreSQL. Only hashes are stored, never tokens.
 */
import type pg from 'pg';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore } from '../../application/ports/index.js';
import { API_KEY_COLUMNS, apiKeyValues, toApiKeyRecord, type ApiKeyRow } from '../shared/api-keys.js';
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
          `INSERT INTO api_keys (${API_KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
          apiKeyValues(record),
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

  /** The key with this id, revoked and expired ones included; `null` when none. */
  async findById(id: string): Promise<ApiKeyRecord | null> {
    const { rows } = await guardPg(() => this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]));
    return rows[0] ? toApiKeyRecord(rows[0]) : null;
  }

  /** A page of `workspace`'s keys, oldest first (ids in byte order, as SQLite), after the key `page.after` names. */
  async listByWorkspace(workspace: string, page: { limit: number; after?: { createdAt: string; id: string } }): Promise<ApiKeyRecord[]> {
    const { createdAt, id } = page.after ?? { createdAt: '', id: '' };
    const { rows } = await guardPg(() =>
      this.pool.query<ApiKeyRow>(
        `SELECT * FROM api_keys WHERE workspace = $1 AND (created_at > $2 OR (created_at = $2 AND id COLLATE "C" > $3))
         ORDER BY created_at, id COLLATE "C" LIMIT $4`,
        [workspace, createdAt, id, page.limit],
      ),
    );
    return rows.map(toApiKeyRecord);
  }

  /** Bring key `id`'s expiry forward to `at` (never later than it is). @returns false when no key has that id. */
  async expireBy(id: string, at: string): Promise<boolean> {
    const result = await guardPg(() =>
      this.pool.query(
        'UPDATE api_keys SET expires_at = CASE WHEN expires_at IS NULL OR expires_at COLLATE "C" > $1 THEN $1 ELSE expires_at END WHERE id = $2',
        [at, id],
      ),
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Mark key `id` revoked at `at` (RFC 3339); revoking twice keeps the first time. @returns false when no key has that id. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await guardPg(() =>
      this.pool.query('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2', [at, id]),
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Number of stored keys, revoked ones included. */
  async count(): Promise<number> {
    const { rows } = await guardPg(() => this.pool.query<{ count: string }>('SELECT COUNT(*)::text AS count FROM api_keys'));
    return Number(rows[0]?.count ?? 0);
  }
}

/**
 * API keys in the embedded SQLite file (ARCHITECTURE §2). Only hashes are stored, never tokens.
 */
import type { Statement } from 'better-sqlite3';
import Database from 'better-sqlite3';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore, type Scope } from '../../application/ports/index.js';
import { API_KEY_COLUMNS, apiKeyValues, toApiKeyRecord, type ApiKeyRow as SharedRow } from '../shared/api-keys.js';
import type { SqliteDatabase } from './database.js';
import { sqliteCall } from './lock-wait.js';

/** The row as SQLite keeps it: scopes as JSON text. */
type ApiKeyRow = SharedRow<string>;

/**
 * {@link ApiKeyStore} on the `api_keys` table of a database from `openDatabase`.
 * Storage failures surface as `DependencyUnavailableError`. It has no `close()`: the database's owner closes it.
 */
export class SqliteApiKeyStore implements ApiKeyStore {
  readonly #db: SqliteDatabase;
  readonly #findByHash: Statement<[string], ApiKeyRow>;
  readonly #insert: Statement<ReturnType<typeof apiKeyValues>>;
  readonly #list: Statement<[], ApiKeyRow>;
  readonly #findById: Statement<[string], ApiKeyRow>;
  readonly #listByWorkspace: Statement<[string, string, string, string, number], ApiKeyRow>;
  readonly #revoke: Statement<[string, string]>;
  readonly #expireBy: Statement<[string, string, string]>;
  readonly #count: Statement<[], { count: number }>;

  /** @param db an open database with the schema applied (`openDatabase`). */
  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#findByHash = db.prepare('SELECT * FROM api_keys WHERE hash = ?');
    this.#insert = db.prepare(`INSERT INTO api_keys (${API_KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#list = db.prepare('SELECT * FROM api_keys ORDER BY created_at, id');
    this.#findById = db.prepare('SELECT * FROM api_keys WHERE id = ?');
    // Keyset page over the (workspace, created_at, id) index; SQLite's default BINARY collation is byte order.
    this.#listByWorkspace = db.prepare(
      `SELECT * FROM api_keys WHERE workspace = ? AND (created_at > ? OR (created_at = ? AND id > ?))
       ORDER BY created_at, id LIMIT ?`,
    );
    // An expiry only moves earlier; ISO-8601 UTC strings of one format compare as instants.
    this.#expireBy = db.prepare(
      'UPDATE api_keys SET expires_at = CASE WHEN expires_at IS NULL OR expires_at > ? THEN ? ELSE expires_at END WHERE id = ?',
    );
    // COALESCE: revoking twice keeps the first revocation time.
    this.#revoke = db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?');
    this.#count = db.prepare('SELECT COUNT(*) AS count FROM api_keys');
  }

  /** The key whose SHA-256 hex `hash` this is, revoked and expired ones included (the caller checks); `null` when none. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = await sqliteCall(this.#db, () => this.#findByHash.get(hash));
    return row ? toRecord(row) : null;
  }

  /**
   * Store a new key.
   * @throws ApiKeyExistsError when the id or hash already exists (a primary-key or unique constraint).
   */
  async insert(record: ApiKeyRecord): Promise<void> {
    try {
      await sqliteCall(this.#db, () => this.#insert.run(...apiKeyValues(record)));
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) throw new ApiKeyExistsError(record.id);
      throw error;
    }
  }

  /** Every key, oldest first (by `createdAt`, then id). */
  async list(): Promise<ApiKeyRecord[]> {
    return (await sqliteCall(this.#db, () => this.#list.all())).map(toRecord);
  }

  /** The key with this id, revoked and expired ones included; `null` when none. */
  async findById(id: string): Promise<ApiKeyRecord | null> {
    const row = await sqliteCall(this.#db, () => this.#findById.get(id));
    return row ? toRecord(row) : null;
  }

  /** A page of `workspace`'s keys, oldest first, after the key `page.after` names. */
  async listByWorkspace(workspace: string, page: { limit: number; after?: { createdAt: string; id: string } }): Promise<ApiKeyRecord[]> {
    const { createdAt, id } = page.after ?? { createdAt: '', id: '' };
    return (await sqliteCall(this.#db, () => this.#listByWorkspace.all(workspace, createdAt, createdAt, id, page.limit))).map(toRecord);
  }

  /** Bring key `id`'s expiry forward to `at` (never later than it is). @returns false when no key has that id. */
  async expireBy(id: string, at: string): Promise<boolean> {
    return (await sqliteCall(this.#db, () => this.#expireBy.run(at, at, id))).changes > 0;
  }

  /**
   * Mark key `id` revoked at `at` (RFC 3339). Revoking an already revoked key keeps the first time.
   * @returns false when no key has that id.
   */
  async revoke(id: string, at: string): Promise<boolean> {
    return (await sqliteCall(this.#db, () => this.#revoke.run(at, id))).changes > 0;
  }

  /** Number of stored keys, revoked ones included. */
  async count(): Promise<number> {
    return sqliteCall(this.#db, () => this.#count.get()?.count ?? 0);
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return toApiKeyRecord({ ...row, scopes: JSON.parse(row.scopes) as Scope[] });
}

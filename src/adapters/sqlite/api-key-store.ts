/**
 * API keys in the embedded SQLite file (ARCHITECTURE §2). Only hashes are stored, never tokens.
 */
import type { Statement } from 'better-sqlite3';
import Database from 'better-sqlite3';
import { ApiKeyExistsError, type ApiKeyRecord, type ApiKeyStore, type Scope } from '../../application/ports.js';
import { toApiKeyRecord, type ApiKeyRow as SharedRow } from '../shared/api-keys.js';
import { guardSqlite, type SqliteDatabase } from './database.js';

/** The row as SQLite keeps it: scopes as JSON text. */
type ApiKeyRow = SharedRow<string>;

/**
 * {@link ApiKeyStore} on the `api_keys` table of a database from `openDatabase`.
 * Storage failures surface as `DependencyUnavailableError`. It has no `close()`: the database's owner closes it.
 */
export class SqliteApiKeyStore implements ApiKeyStore {
  readonly #findByHash: Statement<[string], ApiKeyRow>;
  readonly #insert: Statement<[string, string, string, string, string, string, string | null, string | null]>;
  readonly #list: Statement<[], ApiKeyRow>;
  readonly #revoke: Statement<[string, string]>;
  readonly #count: Statement<[], { count: number }>;

  /** @param db an open database with the schema applied (`openDatabase`). */
  constructor(db: SqliteDatabase) {
    this.#findByHash = db.prepare('SELECT * FROM api_keys WHERE hash = ?');
    this.#insert = db.prepare(
      `INSERT INTO api_keys (id, hash, name, workspace, scopes, created_at, expires_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#list = db.prepare('SELECT * FROM api_keys ORDER BY created_at, id');
    // COALESCE: revoking twice keeps the first revocation time.
    this.#revoke = db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?');
    this.#count = db.prepare('SELECT COUNT(*) AS count FROM api_keys');
  }

  /** The key whose SHA-256 hex `hash` this is, revoked and expired ones included (the caller checks); `null` when none. */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = guardSqlite(() => this.#findByHash.get(hash));
    return row ? toRecord(row) : null;
  }

  /**
   * Store a new key.
   * @throws ApiKeyExistsError when the id or hash already exists (a primary-key or unique constraint).
   */
  async insert(record: ApiKeyRecord): Promise<void> {
    try {
      this.#insertRow(record);
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) throw new ApiKeyExistsError(record.id);
      throw error;
    }
  }

  #insertRow(record: ApiKeyRecord): void {
    guardSqlite(() =>
      this.#insert.run(
        record.id,
        record.hash,
        record.name,
        record.workspace,
        JSON.stringify(record.scopes),
        record.createdAt,
        record.expiresAt,
        record.revokedAt,
      ),
    );
  }

  /** Every key, oldest first (by `createdAt`, then id). */
  async list(): Promise<ApiKeyRecord[]> {
    return guardSqlite(() => this.#list.all()).map(toRecord);
  }

  /**
   * Mark key `id` revoked at `at` (RFC 3339). Revoking an already revoked key keeps the first time.
   * @returns false when no key has that id.
   */
  async revoke(id: string, at: string): Promise<boolean> {
    return guardSqlite(() => this.#revoke.run(at, id)).changes > 0;
  }

  /** Number of stored keys, revoked ones included. */
  async count(): Promise<number> {
    return guardSqlite(() => this.#count.get()?.count ?? 0);
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return toApiKeyRecord({ ...row, scopes: JSON.parse(row.scopes) as Scope[] });
}

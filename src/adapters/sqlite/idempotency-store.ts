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
import { toIdempotencyRecord, type IdempotencyRow } from './idempotency-row.js';
import { sqliteCall } from './lock-wait.js';
import { inlineWriter, type SqliteWriter } from './writer.js';

/** {@link IdempotencyStore} on the `idempotency_keys` table of a database from `openDatabase` (migrations 8, 9). */
export class SqliteIdempotencyStore implements IdempotencyStore {
  readonly #db: SqliteDatabase;
  readonly #writer: SqliteWriter;
  readonly #get: Statement<[string, string, number], IdempotencyRow>;

  /**
   * @param db an open database with the schema applied; its owner closes it.
   * @param options `writer`: who runs the writes (the service's: the writer thread, `thread-writer.ts`);
   *   default `db` itself on this thread. Reads stay on `db`.
   */
  constructor(db: SqliteDatabase, options: { writer?: SqliteWriter } = {}) {
    this.#db = db;
    this.#writer = options.writer ?? inlineWriter(db, sqliteCall);
    this.#get = db.prepare('SELECT * FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?');
  }

  async claim(record: NewIdempotencyClaim, now: number): Promise<IdempotencyClaim> {
    // Plain fields only: the writer thread's messages carry plain data.
    const { scope, key, fingerprint, owner, expiresAt, leaseUntil } = record;
    return this.#writer.run(
      'claimIdempotency',
      { scope, key, fingerprint, owner, expiresAt, ...(leaseUntil === undefined ? {} : { leaseUntil }) },
      now,
    );
  }

  async renew(scope: string, key: string, owner: string, leaseUntil: number, target?: string): Promise<boolean> {
    return this.#writer.run('renewIdempotency', scope, key, owner, leaseUntil, target ?? null);
  }

  async takeOver(scope: string, key: string, from: string, to: string, leaseUntil: number): Promise<boolean> {
    return this.#writer.run('takeOverIdempotency', scope, key, from, to, leaseUntil);
  }

  async complete(scope: string, key: string, owner: string, response: StoredResponse, expiresAt: number): Promise<boolean> {
    return this.#writer.run(
      'completeIdempotency',
      scope,
      key,
      owner,
      response.status,
      JSON.stringify(response.headers),
      response.body,
      expiresAt,
    );
  }

  async release(scope: string, key: string, owner: string): Promise<void> {
    await this.#writer.run('releaseIdempotency', scope, key, owner);
  }

  async get(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const row = await sqliteCall(this.#db, () => this.#get.get(scope, key, now));
    return row ? toIdempotencyRecord(row) : null;
  }

  async purgeExpired(now: number, limit: number): Promise<number> {
    return this.#writer.run('purgeIdempotency', now, limit);
  }
}

/**
 * The embedded read-model store: projection documents and checkpoints in the same SQLite file as the
 * events (ARCHITECTURE §2). Every write is guarded by the stream revision it reflects, and checkpoints
 * only move forward, so several projectors (another instance, a rebuild) can never roll a document or
 * a checkpoint back; a page of changes and its checkpoints are still written in one transaction.
 */
import type { Statement } from 'better-sqlite3';
import type { DocumentChange, DocumentLocation, ProjectionCheckpoint, ReadModelStore } from '../../application/ports.js';
import { guardSqlite, type SqliteDatabase } from './database.js';

type CheckpointWrite = { projection: string } & ProjectionCheckpoint;

/**
 * {@link ReadModelStore} on the `read_models` and `checkpoints` tables of a database from `openDatabase`.
 * Documents are stored as JSON text; keys sort by SQLite's BINARY collation (UTF-8 byte order).
 * Storage failures surface as `DependencyUnavailableError`.
 */
export class SqliteReadModelStore implements ReadModelStore {
  readonly kind = 'sqlite';
  readonly #db: SqliteDatabase;
  readonly #get: Statement<[string, string, string], { doc: string | null }>;
  readonly #listFirst: Statement<[string, string, number], { key: string; doc: string }>;
  readonly #listAfter: Statement<[string, string, string, number], { key: string; doc: string }>;
  readonly #upsert: Statement<[string, string, string, number, string | null]>;
  readonly #getCheckpoint: Statement<[string], { version: number; position: string | null }>;
  readonly #upsertCheckpoint: Statement<[string, number, string | null]>;
  readonly #deleteCollection: Statement<[string]>;
  readonly #deleteCheckpoint: Statement<[string]>;
  readonly #commit: (changes: Array<{ change: DocumentChange; json: string | null }>, checkpoints: CheckpointWrite[]) => void;
  readonly #reset: (projection: string) => void;

  /** @param db an open database with the schema applied (`openDatabase`); the caller keeps owning it. */
  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#get = db.prepare('SELECT doc FROM read_models WHERE collection = ? AND partition = ? AND key = ?');
    this.#listFirst = db.prepare(
      'SELECT key, doc FROM read_models WHERE collection = ? AND partition = ? AND doc IS NOT NULL ORDER BY key LIMIT ?',
    );
    this.#listAfter = db.prepare(
      'SELECT key, doc FROM read_models WHERE collection = ? AND partition = ? AND key > ? AND doc IS NOT NULL ORDER BY key LIMIT ?',
    );
    // The revision guard: a change lands only over an older revision (a NULL doc is a tombstone).
    this.#upsert = db.prepare(
      `INSERT INTO read_models (collection, partition, key, revision, doc) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (collection, partition, key) DO UPDATE SET revision = excluded.revision, doc = excluded.doc
       WHERE excluded.revision > read_models.revision`,
    );
    this.#getCheckpoint = db.prepare('SELECT version, position FROM checkpoints WHERE projection = ?');
    // Forward only (positions are fixed-width text, so text order is $all order): the same version never
    // goes back to an earlier position (or to none); another
    // version (a rebuild after a definition change) replaces it.
    this.#upsertCheckpoint = db.prepare(
      `INSERT INTO checkpoints (projection, version, position) VALUES (?, ?, ?)
       ON CONFLICT (projection) DO UPDATE SET version = excluded.version, position = excluded.position
       WHERE excluded.version <> checkpoints.version OR checkpoints.position IS NULL
          OR (excluded.position IS NOT NULL AND excluded.position > checkpoints.position)`,
    );
    this.#deleteCollection = db.prepare('DELETE FROM read_models WHERE collection = ?');
    this.#deleteCheckpoint = db.prepare('DELETE FROM checkpoints WHERE projection = ?');

    this.#commit = db.transaction((changes: Array<{ change: DocumentChange; json: string | null }>, checkpoints: CheckpointWrite[]) => {
      for (const { change, json } of changes) this.#upsert.run(change.collection, change.partition, change.key, change.revision, json);
      for (const { projection, version, position } of checkpoints) this.#upsertCheckpoint.run(projection, version, position);
    });
    this.#reset = db.transaction((projection: string) => {
      this.#deleteCollection.run(projection);
      this.#deleteCheckpoint.run(projection);
    });
  }

  /** The document at `location` in `collection`, parsed from JSON; `null` when there is none or it was removed. */
  async get<T>(collection: string, location: DocumentLocation): Promise<T | null> {
    const row = guardSqlite(() => this.#get.get(collection, location.partition, location.key));
    return row && row.doc !== null ? (JSON.parse(row.doc) as T) : null;
  }

  /** The documents at `locations`, in order (`null` where none). One synchronous read each: no round trips here. */
  async getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>> {
    return guardSqlite(() =>
      locations.map((location) => {
        const row = this.#get.get(collection, location.partition, location.key);
        return row && row.doc !== null ? (JSON.parse(row.doc) as T) : null;
      }),
    );
  }

  /** Up to `limit` documents of one partition, keys ascending (UTF-8 byte order) and strictly after `after` when given. */
  async list<T>(collection: string, options: { partition: string; after?: string; limit: number }): Promise<Array<{ key: string; doc: T }>> {
    const { partition, after, limit } = options;
    const rows = guardSqlite(() =>
      after === undefined ? this.#listFirst.all(collection, partition, limit) : this.#listAfter.all(collection, partition, after, limit),
    );
    return rows.map((row) => ({ key: row.key, doc: JSON.parse(row.doc) as T }));
  }

  /**
   * Apply `changes` in order, each only over an older revision (a `null` doc leaves a tombstone), and move
   * `checkpoints` forward, all in one transaction: either everything is written or nothing is.
   * @throws TypeError when a doc is not JSON-serialisable (`undefined`, a function); nothing is written.
   */
  async commit(changes: DocumentChange[], checkpoints: CheckpointWrite[]): Promise<void> {
    // Serialise first so a bad document fails before the transaction starts.
    const serialised = changes.map((change) => ({ change, json: change.doc === null ? null : toJson(change) }));
    guardSqlite(() => this.#commit(serialised, checkpoints));
  }

  /** The stored checkpoint of `projection`, `null` when it has none (never run, or reset). */
  async getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null> {
    const row = guardSqlite(() => this.#getCheckpoint.get(projection));
    return row ? { version: row.version, position: row.position } : null;
  }

  /** Delete every document of the collection named `projection` and its checkpoint, in one transaction. */
  async reset(projection: string): Promise<void> {
    guardSqlite(() => this.#reset(projection));
  }

  /** Close the database if it is still open (the database is shared: close it once, after its users stop). */
  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

function toJson(change: DocumentChange): string {
  const json = JSON.stringify(change.doc);
  if (json === undefined) {
    throw new TypeError(`Document ${change.collection}/${change.partition}/${change.key} is not JSON-serialisable (${typeof change.doc}).`);
  }
  return json;
}

/**
 * The embedded read-model store: projection documents and checkpoints in the same SQLite file as the
 * events (ARCHITECTURE §2). Every write is guarded by the stream revision it reflects, and checkpoints
 * only move forward, so several projectors (another instance, a rebuild) can never roll a document or
 * a checkpoint back; a page of changes and its checkpoints are still written in one transaction.
 */
import type { Statement } from 'better-sqlite3';
import type { DocumentChange, DocumentLocation, ProjectionCheckpoint, ReadModelStore } from '../../application/ports/index.js';
import { Hints } from '../shared/hints.js';
import { caughtUp } from '../shared/read-models.js';
import type { SqliteDatabase } from './database.js';
import { sqliteCall } from './lock-wait.js';
import { inlineWriter, type SqliteWriter } from './writer.js';
import { PHYSICAL, type DocumentWrite } from './writes.js';

/**
 * {@link ReadModelStore} on the `read_models` and `checkpoints` tables of a database from `openDatabase`.
 * Documents are stored as JSON text; keys sort by SQLite's BINARY collation (UTF-8 byte order).
 * Storage failures surface as `DependencyUnavailableError`.
 */
export class SqliteReadModelStore implements ReadModelStore {
  readonly kind = 'sqlite';
  readonly #db: SqliteDatabase;
  readonly #get: Statement<[{ collection: string; partition: string; key: string }], { doc: string | null }>;
  readonly #listFirst: Statement<[{ collection: string; partition: string; limit: number }], { key: string; doc: string }>;
  readonly #listAfter: Statement<[{ collection: string; partition: string; after: string; limit: number }], { key: string; doc: string }>;
  readonly #getCheckpoint: Statement<[{ collection: string }], { version: number; position: string | null }>;
  readonly #deleteCollection: Statement<[{ collection: string }]>;
  readonly #deleteCheckpoint: Statement<[{ collection: string }]>;
  readonly #writer: SqliteWriter;
  readonly #reset: (projection: string) => void;
  readonly #activate: (name: string, physical: string) => boolean;
  readonly #checkpointListeners = new Hints<void>();

  /**
   * @param db an open database with the schema applied (`openDatabase`); the caller keeps owning it.
   * @param options `writer`: who runs `commit` (the service's: the writer thread, `thread-writer.ts`);
   *   default `db` itself on this thread.
   */
  constructor(db: SqliteDatabase, options: { writer?: SqliteWriter } = {}) {
    this.#db = db;
    this.#writer = options.writer ?? inlineWriter(db, sqliteCall);
    // Every statement names a collection (or projection) by @collection and reads the physical one it is an alias
    // of, in the statement itself: a rebuild's switch-over can never fall between the two.
    this.#get = db.prepare(`SELECT doc FROM read_models WHERE collection = ${PHYSICAL} AND partition = @partition AND key = @key`);
    this.#listFirst = db.prepare(
      `SELECT key, doc FROM read_models WHERE collection = ${PHYSICAL} AND partition = @partition AND doc IS NOT NULL ORDER BY key LIMIT @limit`,
    );
    this.#listAfter = db.prepare(
      `SELECT key, doc FROM read_models WHERE collection = ${PHYSICAL} AND partition = @partition AND key > @after AND doc IS NOT NULL ORDER BY key LIMIT @limit`,
    );
    this.#getCheckpoint = db.prepare(`SELECT version, position FROM checkpoints WHERE projection = ${PHYSICAL}`);
    this.#deleteCollection = db.prepare(`DELETE FROM read_models WHERE collection = ${PHYSICAL}`);
    this.#deleteCheckpoint = db.prepare(`DELETE FROM checkpoints WHERE projection = ${PHYSICAL}`);
    this.#activate = db.transaction((name: string, physical: string): boolean => {
      const current =
        db.prepare<[string], { physical: string }>('SELECT physical FROM read_model_aliases WHERE name = ?').get(name)?.physical ?? name;
      if (current === physical) return true;
      const checkpoint = db.prepare<[string], { version: number; position: string | null }>(
        'SELECT version, position FROM checkpoints WHERE projection = ?',
      );
      const live = checkpoint.get(current);
      const rebuilt = checkpoint.get(physical);
      if (!rebuilt || !caughtUp(rebuilt, live)) return false;
      db.prepare(
        'INSERT INTO read_model_aliases (name, physical) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET physical = excluded.physical',
      ).run(name, physical);
      db.prepare('DELETE FROM read_models WHERE collection = ?').run(current);
      db.prepare('DELETE FROM checkpoints WHERE projection = ?').run(current);
      return true;
    });

    this.#reset = db.transaction((projection: string) => {
      this.#deleteCollection.run({ collection: projection });
      this.#deleteCheckpoint.run({ collection: projection });
    });
  }

  /** The document at `location` in `collection`, parsed from JSON; `null` when there is none or it was removed. */
  async get<T>(collection: string, location: DocumentLocation): Promise<T | null> {
    const row = await sqliteCall(this.#db, () => this.#get.get({ collection, partition: location.partition, key: location.key }));
    return row && row.doc !== null ? (JSON.parse(row.doc) as T) : null;
  }

  /** The documents at `locations`, in order (`null` where none). One synchronous read each: no round trips here. */
  async getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>> {
    return sqliteCall(this.#db, () =>
      locations.map((location) => {
        const row = this.#get.get({ collection, partition: location.partition, key: location.key });
        return row && row.doc !== null ? (JSON.parse(row.doc) as T) : null;
      }),
    );
  }

  /** Up to `limit` documents of one partition, keys ascending (UTF-8 byte order) and strictly after `after` when given. */
  async list<T>(
    collection: string,
    options: { partition: string; after?: string; limit: number },
  ): Promise<Array<{ key: string; doc: T }>> {
    const { partition, after, limit } = options;
    const rows = await sqliteCall(this.#db, () =>
      after === undefined
        ? this.#listFirst.all({ collection, partition, limit })
        : this.#listAfter.all({ collection, partition, after, limit }),
    );
    return rows.map((row) => ({ key: row.key, doc: JSON.parse(row.doc) as T }));
  }

  /**
   * Apply `changes` in order, each only over an older revision (a `null` doc leaves a tombstone), and move
   * `checkpoints` forward, all in one transaction: either everything is written or nothing is.
   * @throws TypeError when a doc is not JSON-serialisable (`undefined`, a function); nothing is written.
   */
  async commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void> {
    // Serialise first so a bad document fails before the transaction starts.
    const serialised: DocumentWrite[] = changes.map((change) => ({
      collection: change.collection,
      partition: change.partition,
      key: change.key,
      revision: change.revision,
      json: change.doc === null ? null : toJson(change),
    }));
    // Checkpoints copied to their fields: the writer thread's messages carry plain data only.
    const moved = checkpoints.map(({ projection, version, position }) => ({ projection, version, position }));
    await this.#writer.run('commitDocuments', serialised, moved);
    if (checkpoints.length > 0) this.#checkpointListeners.notify();
  }

  /**
   * Serve collection `name` (and its checkpoint) from `physical` from now on, if `physical`'s checkpoint has
   * reached the live one's; then drop what `name` was served from. One transaction (IMMEDIATE: no commit
   * of a running projector can fall between the check and the switch).
   * @returns false, changing nothing, when `physical` is behind.
   */
  async activate(name: string, physical: string): Promise<boolean> {
    return sqliteCall(this.#db, () =>
      (this.#activate as unknown as { immediate(n: string, p: string): boolean }).immediate(name, physical),
    );
  }

  /** The stored checkpoint of `projection`, `null` when it has none (never run, or reset). */
  async getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null> {
    const row = await sqliteCall(this.#db, () => this.#getCheckpoint.get({ collection: projection }));
    return row ? { version: row.version, position: row.position } : null;
  }

  /** Delete every document of the collection named `projection` and its checkpoint, in one transaction. */
  async reset(projection: string): Promise<void> {
    await sqliteCall(this.#db, () => this.#reset(projection));
  }

  /** Tell `listener` after each commit through this store that wrote checkpoints (other processes' are not heard). */
  onCheckpointsMoved(listener: () => void): () => void {
    return this.#checkpointListeners.add(listener);
  }

  /** Close the database if it is still open (the database is shared: close it once, after its users stop). */
  async close(): Promise<void> {
    this.#checkpointListeners.clear();
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

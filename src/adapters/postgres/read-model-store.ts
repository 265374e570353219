/**
 * Read models, checkpoints on PostgreSQL: JSONB documents guarded by the stream revision they reflect
 * (a change lands only over an older revision; a removal stays as a tombstone), checkpoints that only
 * move forward. A commit is still one transaction, though the guards would keep it safe without one.
 * A commit that writes checkpoints sends `NOTIFY letterpress_checkpoints` (delivered on commit), so a
 * write waiting in another process for the projector hears of it at once.
 */
import type pg from 'pg';
import type { DocumentChange, DocumentLocation, ProjectionCheckpoint, ReadModelStore } from '../../application/ports/index.js';
import { Hints } from '../shared/hints.js';
import { caughtUp, newestPerDocument } from '../shared/read-models.js';
import { ChannelListener } from './channel-listener.js';
import type { PostgresTimeouts } from './timeouts.js';
import { guardPg, inTransaction, LOCKS } from './database.js';

/** The channel a commit that wrote checkpoints notifies (no payload: listeners re-read what they wait for). */
export const CHECKPOINTS_CHANNEL = 'letterpress_checkpoints';

/** Reads `$1` as a collection name and gives the physical collection it is served from. */
const PHYSICAL = 'COALESCE((SELECT physical FROM read_model_aliases WHERE name = $1), $1)';

type CheckpointWrite = { projection: string } & ProjectionCheckpoint;

/** {@link ReadModelStore} on the `read_models` and `checkpoints` tables of a pool from `openPostgres`. */
export class PostgresReadModelStore implements ReadModelStore {
  readonly kind = 'postgres';
  readonly #checkpointListeners = new Hints<void>();
  readonly #channel: ChannelListener | null;

  /**
   * @param pool a pool with the schema applied (`openPostgres`); the caller keeps owning it.
   * @param options `listenUrl`: connection string to `LISTEN` on, so `onCheckpointsMoved` also hears other
   *   processes' commits (without it, only this instance's); `listenRetryMs`: wait before re-listening after a drop (default 1000);
   *   `listenTimeouts`: bounds of the listening connection's connect and `LISTEN` (default `DEFAULT_POSTGRES_TIMEOUTS`).
   */
  constructor(
    private readonly pool: pg.Pool,
    options: { listenUrl?: string; listenRetryMs?: number; listenTimeouts?: PostgresTimeouts } = {},
  ) {
    this.#channel = options.listenUrl
      ? new ChannelListener({
          url: options.listenUrl,
          channel: CHECKPOINTS_CHANNEL,
          retryMs: options.listenRetryMs,
          timeouts: options.listenTimeouts,
          onNotification: () => this.#checkpointListeners.notify(),
          onResumed: () => this.#checkpointListeners.notify(), // one may have been missed
        })
      : null;
  }

  /** The document at `location`; `null` when there is none or it was removed. */
  async get<T>(collection: string, location: DocumentLocation): Promise<T | null> {
    const [doc] = await this.getMany<T>(collection, [location]);
    return doc ?? null;
  }

  /** The documents at `locations`, in their order (`null` where none), in one query. */
  async getMany<T>(collection: string, locations: DocumentLocation[]): Promise<Array<T | null>> {
    if (locations.length === 0) return [];
    const { rows } = await guardPg(() =>
      this.pool.query<{ partition: string; key: string; doc: T | null }>(
        `SELECT r.partition, r.key, r.doc FROM read_models r
         JOIN unnest($2::text[], $3::text[]) AS wanted(partition, key) ON r.partition = wanted.partition AND r.key = wanted.key
         WHERE r.collection = ${PHYSICAL}`,
        [collection, locations.map((l) => l.partition), locations.map((l) => l.key)],
      ),
    );
    const found = new Map(rows.map((row) => [JSON.stringify([row.partition, row.key]), row.doc]));
    return locations.map((l) => found.get(JSON.stringify([l.partition, l.key])) ?? null);
  }

  /** Up to `limit` live documents of one partition, keys ascending (UTF-8 byte order) and strictly after `after`. */
  async list<T>(
    collection: string,
    options: { partition: string; after?: string; limit: number },
  ): Promise<Array<{ key: string; doc: T }>> {
    const { rows } = await guardPg(() =>
      this.pool.query<{ key: string; doc: T }>(
        `SELECT key, doc FROM read_models WHERE collection = ${PHYSICAL} AND partition = $2 AND ($3::text IS NULL OR key > $3) AND doc IS NOT NULL
         ORDER BY key LIMIT $4`,
        [collection, options.partition, options.after ?? null, options.limit],
      ),
    );
    return rows;
  }

  /**
   * Apply `changes`, each only over an older revision, and move `checkpoints` forward, in one transaction;
   * the documents go in one statement (arrays unnested), however many there are.
   * @throws TypeError when a doc is not JSON-serialisable; nothing is written.
   */
  async commit(changes: DocumentChange[], checkpoints: CheckpointWrite[]): Promise<void> {
    const latest = newestPerDocument(changes);
    const columns = {
      collection: latest.map((c) => c.collection),
      partition: latest.map((c) => c.partition),
      key: latest.map((c) => c.key),
      revision: latest.map((c) => c.revision),
      doc: latest.map((c) => (c.doc === null ? null : toJson(c))),
    };
    await inTransaction(this.pool, async (client) => {
      // Shared with other commits, exclusive with a switch-over (`activate`): no commit straddles one.
      await client.query('SELECT pg_advisory_xact_lock_shared($1)', [LOCKS.switchOver]);
      if (latest.length > 0) {
        // One row per document (newestPerDocument): ON CONFLICT may not touch a row twice in a statement.
        await client.query(
          `INSERT INTO read_models (collection, partition, key, revision, doc)
           SELECT COALESCE((SELECT physical FROM read_model_aliases WHERE name = c.collection), c.collection), c.partition, c.key, c.revision, c.doc::jsonb
           FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[]) AS c(collection, partition, key, revision, doc)
           ON CONFLICT (collection, partition, key) DO UPDATE SET revision = excluded.revision, doc = excluded.doc
           WHERE read_models.revision < excluded.revision`,
          [columns.collection, columns.partition, columns.key, columns.revision, columns.doc],
        );
      }
      for (const { projection, version, position } of checkpoints) {
        await client.query(
          `INSERT INTO checkpoints (projection, version, position) VALUES (${PHYSICAL}, $2, $3)
           ON CONFLICT (projection) DO UPDATE SET version = excluded.version, position = excluded.position
           WHERE excluded.version > checkpoints.version
          OR (excluded.version = checkpoints.version AND checkpoints.position IS NULL)
              OR (excluded.version = checkpoints.version AND excluded.position IS NOT NULL AND excluded.position > checkpoints.position)`,
          [projection, version, position],
        );
      }
      if (checkpoints.length > 0) await client.query(`SELECT pg_notify('${CHECKPOINTS_CHANNEL}', '')`);
    });
    if (checkpoints.length > 0) this.#checkpointListeners.notify();
  }

  /** The stored checkpoint of `projection`, `null` when it has none. */
  async getCheckpoint(projection: string): Promise<ProjectionCheckpoint | null> {
    const { rows } = await guardPg(() =>
      this.pool.query<{ version: number; position: string | null }>(
        `SELECT version, position FROM checkpoints WHERE projection = ${PHYSICAL}`,
        [projection],
      ),
    );
    const row = rows[0];
    return row ? { version: row.version, position: row.position } : null;
  }

  /** Delete every document (tombstones included) of the collection named `projection` and its checkpoint, in one transaction. */
  async reset(projection: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(`DELETE FROM read_models WHERE collection = ${PHYSICAL}`, [projection]);
      await client.query(`DELETE FROM checkpoints WHERE projection = ${PHYSICAL}`, [projection]);
    });
  }

  /**
   * Serve collection `name` and its checkpoint from `physical` from now on, if `physical`'s checkpoint has
   * reached the live one's, then drop what `name` was served from; under the switch-over lock, so no
   * commit straddles it. @returns false, changing nothing, when `physical` is behind.
   */
  async activate(name: string, physical: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.switchOver]);
      const alias = await client.query<{ physical: string }>('SELECT physical FROM read_model_aliases WHERE name = $1', [name]);
      const current = alias.rows[0]?.physical ?? name;
      if (current === physical) return true;
      const checkpoint = async (projection: string) =>
        (await client.query<ProjectionCheckpoint>('SELECT version, position FROM checkpoints WHERE projection = $1', [projection])).rows[0];
      const rebuilt = await checkpoint(physical);
      if (!rebuilt || !caughtUp(rebuilt, await checkpoint(current))) return false;
      await client.query(
        'INSERT INTO read_model_aliases (name, physical) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET physical = excluded.physical',
        [name, physical],
      );
      await client.query('DELETE FROM read_models WHERE collection = $1', [current]);
      await client.query('DELETE FROM checkpoints WHERE projection = $1', [current]);
      return true;
    });
  }

  /**
   * Tell `listener` after each commit that wrote checkpoints: this instance's at once, and with
   * `listenUrl` other processes' (and once after every re-connection, since one may have been missed).
   * The first listener starts listening.
   */
  onCheckpointsMoved(listener: () => void): () => void {
    this.#channel?.start();
    return this.#checkpointListeners.add(listener);
  }

  /** Stop listening. The pool is shared with the other stores: its owner ends it. */
  async close(): Promise<void> {
    await this.#channel?.stop();
    this.#checkpointListeners.clear();
  }
}

function toJson(change: DocumentChange): string {
  const json = JSON.stringify(change.doc);
  if (json === undefined) {
    throw new TypeError(`Document ${change.collection}/${change.partition}/${change.key} is not JSON-serialisable (${typeof change.doc}).`);
  }
  return json;
}

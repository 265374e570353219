/**
 * The event store on PostgreSQL (`STORE=postgres`), with the semantics of the SQLite one and of
 * KurrentDB: per-stream revisions from 0, expected revisions, `$all` in position order.
 *
 * Positions are assigned in commit order. Every append takes one transaction-scoped advisory lock and
 * numbers its events after the highest position so far. A sequence would not do: two transactions can
 * take values 5 and 6 and commit 6 first, and a catch-up reader that saw 6 would never read 5. Serialising
 * appends makes "committed" and "numbered" the same order, at the cost of one append at a time per
 * database (the lock is held for a few inserts).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AppendResult, EventData, EventStore, ExpectedRevision, Position, RecordedEvent } from '../../application/ports.js';
import { AppendListeners, checkExpectedRevision, checkExpectedRevisionShape, decodePosition, encodePosition, requireType, toJson, toRecordedEvent, type EventRow } from '../shared/events.js';
import { guardPg, inTransaction, LOCKS } from './database.js';

/** Most events `readAll` returns when `maxCount` is not given. */
export const DEFAULT_READ_ALL_MAX_COUNT = 1000;


/** {@link EventStore} on the `events` table of a pool from `openPostgres`. Failures of the server surface as `DependencyUnavailableError`. */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  readonly #listeners = new AppendListeners();

  /** @param pool a pool with the schema applied (`openPostgres`); the caller keeps owning it. */
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Append events atomically, after checking the expected revision (see the module comment on order).
   * @throws WrongExpectedRevisionError (nothing written); RangeError on a malformed expected revision;
   *   TypeError when an event has no type or its data is not JSON-serialisable.
   */
  async appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const expected = options.expectedRevision;
    checkExpectedRevisionShape(expected);
    const rows = events.map((event) => ({ id: event.id ?? randomUUID(), type: requireType(event), data: toJson(event.data, 'data'), metadata: toJson(event.metadata ?? {}, 'metadata') }));
    const result = await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.append]);
      const last = await client.query<{ revision: number; position: string }>(
        'SELECT revision, position::text AS position FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1',
        [streamId],
      );
      const lastRow = last.rows[0];
      checkExpectedRevision(streamId, expected, lastRow?.revision);
      if (rows.length === 0) return { nextExpectedRevision: lastRow?.revision ?? -1, position: lastRow ? encodePosition(lastRow.position) : null };
      const head = await client.query<{ position: string }>('SELECT COALESCE(MAX(position), 0)::text AS position FROM events');
      let position = BigInt(head.rows[0]!.position);
      let revision = lastRow?.revision ?? -1;
      const recordedAt = new Date().toISOString();
      for (const row of rows) {
        position += 1n;
        revision += 1;
        await client.query(
          'INSERT INTO events (position, id, stream_id, revision, type, data, metadata, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [position.toString(), row.id, streamId, revision, row.type, row.data, row.metadata, recordedAt],
        );
      }
      return { nextExpectedRevision: revision, position: encodePosition(position.toString()) };
    });
    if (rows.length > 0 && result.position !== null) this.#listeners.notify(result.position);
    return result;
  }

  /** Events of one stream in revision order from `fromRevision` (default 0), at most `maxCount`; `[]` when there is no such stream. */
  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await guardPg(() =>
      this.pool.query<EventRow>(
        `SELECT position::text AS position, id::text AS id, stream_id, revision, type, data, metadata, recorded_at
         FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
        [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
      ),
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * Events of `$all` in position order, strictly after `after`, of streams whose id starts with
   * `streamPrefix` when given, at most `maxCount` (default {@link DEFAULT_READ_ALL_MAX_COUNT}).
   * @throws RangeError for a position this store did not issue.
   */
  async readAll(options: { after?: Position | null; maxCount?: number; streamPrefix?: string } = {}): Promise<RecordedEvent[]> {
    const after = options.after == null ? 0 : decodePosition(options.after);
    const { rows } = await guardPg(() =>
      this.pool.query<EventRow>(
        `SELECT position::text AS position, id::text AS id, stream_id, revision, type, data, metadata, recorded_at
         FROM events WHERE position > $1 AND ($2::text IS NULL OR starts_with(stream_id, $2)) ORDER BY events.position LIMIT $3`,
        [after, options.streamPrefix ?? null, options.maxCount ?? DEFAULT_READ_ALL_MAX_COUNT],
      ),
    );
    return rows.map(toRecordedEvent);
  }

  /** The last event of `$all` (position and recording time), `null` when the store is empty. */
  async head(): Promise<{ position: Position; recordedAt: string } | null> {
    const { rows } = await guardPg(() =>
      this.pool.query<{ position: string; recorded_at: string }>('SELECT position::text AS position, recorded_at FROM events ORDER BY events.position DESC LIMIT 1'),
    );
    const row = rows[0];
    return row ? { position: encodePosition(row.position), recordedAt: row.recorded_at } : null;
  }

  /** Call `listener` after every append made through this instance (other instances are seen by reading `$all`). */
  onAppended(listener: (position: Position) => void): () => void {
    return this.#listeners.add(listener);
  }


  /** The pool is shared with the other stores: its owner ends it. */
  async close(): Promise<void> {}

}

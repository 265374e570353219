/**
 * The event store on PostgreSQL (`STORE=postgres`), with the semantics of the SQLite one and of
 * KurrentDB: per-stream revisions from 0, expected revisions, `$all` in position order.
 *
 * Positions are assigned in commit order. Every append takes one transaction-scoped advisory lock and
 * numbers its events after the highest position so far. A sequence would not do: two transactions can
 * take values 5 and 6 and commit 6 first, and a catch-up reader that saw 6 would never read 5. Serialising
 * appends makes "committed" and "numbered" the same order, at the cost of one append at a time per
 * database (the lock is held for a few inserts).
 *
 * Every append also sends `NOTIFY` with its last position. PostgreSQL delivers notifications only when
 * the transaction commits, and in commit order, so another process's projector hears of an append as
 * soon as it is readable instead of at its next poll. They stay hints: a listener that was disconnected
 * misses them, and readers still poll.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  comparePositions,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandlers,
} from '../../application/ports/index.js';
import type { AppendHints } from '../shared/append-hints.js';
import {
  AppendListeners,
  checkExpectedRevision,
  checkExpectedRevisionShape,
  decodePosition,
  encodePosition,
  requireType,
  toJson,
  toRecordedEvent,
  type EventRow,
} from '../shared/events.js';
import { PolledSubscriptions } from '../shared/polled-subscription.js';
import { ChannelListener } from './channel-listener.js';
import type { PostgresTimeouts } from './timeouts.js';
import { guardPg, inTransaction, LOCKS } from './database.js';

/** Most events `readAll` returns when `maxCount` is not given. */
export const DEFAULT_READ_ALL_MAX_COUNT = 1000;

/** The channel every append notifies, with the position of its last event as the payload. */
export const APPENDS_CHANNEL = 'letterpress_appends';

/** Construction options. */
export interface PostgresEventStoreOptions {
  /**
   * Connection string to `LISTEN` on, so `onAppended` also hears appends made by other processes. Without
   * it `onAppended` hears only this instance's appends.
   */
  listenUrl?: string;
  /** Wait (ms) before re-listening after the listening connection drops. Default 1000. */
  listenRetryMs?: number;
  /** Bounds of the listening connection's connect and `LISTEN` (default `DEFAULT_POSTGRES_TIMEOUTS`). */
  listenTimeouts?: PostgresTimeouts;
  /**
   * How often a caught-up subscription reads for appends it was not told of, ms. Default 1000 when
   * listening (NOTIFY tells of every append; polling covers a lost notification), 250 otherwise.
   */
  pollIntervalMs?: number;
}

/** {@link EventStore} on the `events` table of a pool from `openPostgres`. Failures of the server surface as `DependencyUnavailableError`. */
export class PostgresEventStore implements EventStore, AppendHints {
  readonly kind = 'postgres';
  readonly #listeners = new AppendListeners();
  readonly #channel: ChannelListener | null;
  /** The highest position told to the listeners: an append heard both locally and by NOTIFY is told once. */
  #told: Position | null = null;
  readonly #subscriptions: PolledSubscriptions;

  /**
   * @param pool a pool with the schema applied (`openPostgres`); the caller keeps owning it.
   * @param options `listenUrl` to hear other processes' appends (see {@link PostgresEventStoreOptions}).
   */
  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.#channel = options.listenUrl
      ? new ChannelListener({
          url: options.listenUrl,
          channel: APPENDS_CHANNEL,
          retryMs: options.listenRetryMs,
          timeouts: options.listenTimeouts,
          // Anything else on the channel (a hand-sent NOTIFY) is not ours to announce.
          onNotification: (payload) => /^\d{1,19}$/.test(payload) && this.#tell(encodePosition(payload)),
          onResumed: () => void this.#tellHead(),
        })
      : null;
    this.#subscriptions = new PolledSubscriptions(this, { pollIntervalMs: options.pollIntervalMs ?? (options.listenUrl ? 1000 : 250) });
  }

  /** True while this store is listening for other processes' appends. */
  get listening(): boolean {
    return this.#channel?.listening ?? false;
  }

  /**
   * Append events atomically, after checking the expected revision (see the module comment on order).
   * @throws WrongExpectedRevisionError (nothing written); RangeError on a malformed expected revision;
   *   TypeError when an event has no type or its data is not JSON-serialisable.
   */
  async appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const expected = options.expectedRevision;
    checkExpectedRevisionShape(expected);
    const rows = events.map((event) => ({
      id: event.id ?? randomUUID(),
      type: requireType(event),
      data: toJson(event.data, 'data'),
      metadata: toJson(event.metadata ?? {}, 'metadata'),
    }));
    const result = await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.append]);
      const last = await client.query<{ revision: number; position: string }>(
        'SELECT revision, position::text AS position FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1',
        [streamId],
      );
      const lastRow = last.rows[0];
      checkExpectedRevision(streamId, expected, lastRow?.revision);
      if (rows.length === 0)
        return { nextExpectedRevision: lastRow?.revision ?? -1, position: lastRow ? encodePosition(lastRow.position) : null };
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
      await client.query('SELECT pg_notify($1, $2)', [APPENDS_CHANNEL, position.toString()]);
      return { nextExpectedRevision: revision, position: encodePosition(position.toString()) };
    });
    if (rows.length > 0 && result.position !== null) this.#tell(result.position);
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

  /** The revision of the stream's last event, null when it has none (one index lookup, no payload). */
  async streamRevision(streamId: string): Promise<number | null> {
    const { rows } = await guardPg(() =>
      this.pool.query<{ revision: number | null }>('SELECT max(revision) AS revision FROM events WHERE stream_id = $1', [streamId]),
    );
    return rows[0]?.revision ?? null;
  }

  /**
   * Ids of the streams starting with `prefix`, after `after`, at most `limit`, in UTF-8 byte order (`COLLATE "C"`,
   * whatever the database's collation): the revision-0 event of each stream, one per stream.
   */
  async listStreams(options: { prefix: string; after?: string; limit: number }): Promise<string[]> {
    const { rows } = await guardPg(() =>
      this.pool.query<{ stream_id: string }>(
        `SELECT stream_id FROM events WHERE revision = 0 AND starts_with(stream_id, $1) AND stream_id COLLATE "C" > $2
         ORDER BY stream_id COLLATE "C" LIMIT $3`,
        [options.prefix, options.after ?? '', options.limit],
      ),
    );
    return rows.map((row) => row.stream_id);
  }

  /** The last event of `$all` (position and recording time), `null` when the store is empty; of the streams starting with `streamPrefix` when given. */
  async head(options: { streamPrefix?: string } = {}): Promise<{ position: Position; recordedAt: string } | null> {
    const prefix = options.streamPrefix;
    const { rows } = await guardPg(() =>
      prefix === undefined
        ? this.pool.query<{ position: string; recorded_at: string }>(
            'SELECT position::text AS position, recorded_at FROM events ORDER BY events.position DESC LIMIT 1',
          )
        : this.pool.query<{ position: string; recorded_at: string }>(
            'SELECT position::text AS position, recorded_at FROM events WHERE left(stream_id, $1) = $2 ORDER BY events.position DESC LIMIT 1',
            [prefix.length, prefix],
          ),
    );
    const row = rows[0];
    return row ? { position: encodePosition(row.position), recordedAt: row.recorded_at } : null;
  }

  /**
   * Catch up from `from` with `readAll`, then follow, woken by `onAppended` (other processes' appends too,
   * with `listenUrl`) and every `pollIntervalMs` (see `Subscription` for the guarantees).
   */
  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription {
    this.#channel?.start();
    return this.#subscriptions.open(options, handlers);
  }

  /**
   * Call `listener` after every append made through this instance and, with `listenUrl`, on each append
   * by another process that reached it (once per position; after a dropped connection, once with the head).
   * The first subscription starts listening.
   */
  onAppended(listener: (position: Position) => void): () => void {
    this.#channel?.start();
    return this.#listeners.add(listener);
  }

  /** Stop the subscriptions and listening. The pool is shared with the other stores: its owner ends it. */
  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    await this.#channel?.stop();
    this.#listeners.clear();
  }

  #tell(position: Position): void {
    if (this.#told !== null && comparePositions(position, this.#told) <= 0) return;
    this.#told = position;
    this.#listeners.notify(position);
  }

  /** After (re)connecting: whatever was appended while nobody listened is announced by the head. */
  async #tellHead(): Promise<void> {
    const head = await this.head().catch(() => null);
    if (head) this.#tell(head.position);
  }
}

/**
 * The embedded event store: KurrentDB's stream semantics on one SQLite table (ARCHITECTURE §2).
 */
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type {
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  Position,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
  SubscriptionHandlers,
} from '../../application/ports/index.js';
import { WrongExpectedRevisionError } from '../../application/ports/index.js';
import type { AppendHints } from '../shared/append-hints.js';
import {
  AppendListeners,
  checkExpectedRevisionShape,
  decodePosition,
  encodePosition,
  requireType,
  toJson,
  toRecordedEvent,
  type EventRow,
} from '../shared/events.js';
import { PolledSubscriptions } from '../shared/polled-subscription.js';
import type { SqliteDatabase } from './database.js';
import { sqliteCall } from './lock-wait.js';
import { inlineWriter, type SqliteWriter } from './writer.js';
import type { EventRowInput } from './writes.js';

export { encodePosition } from '../shared/events.js';

/** `readAll` page size when the caller gives no `maxCount`. */
export const DEFAULT_READ_ALL_MAX_COUNT = 500;

/**
 * {@link EventStore} on the `events` table of a database from `openDatabase`.
 *
 * Semantics copied from KurrentDB: per-stream revisions from 0; expected-revision checks
 * (`no_stream`, `stream_exists`, exact number, `any`); one global, gap-free, increasing `$all`
 * position starting at 1 (the table's AUTOINCREMENT key: a rolled-back append returns its numbers,
 * and appends are serialised by an IMMEDIATE transaction, so no gaps appear).
 *
 * Storage failures (another connection's write lock held past the lock-wait bound, I/O error, closed
 * connection) surface as `DependencyUnavailableError`; waiting for a lock never blocks the event loop (lock-wait.ts).
 */
export class SqliteEventStore implements EventStore, AppendHints {
  readonly kind = 'sqlite';
  readonly #db: SqliteDatabase;
  readonly #listeners = new AppendListeners();
  readonly #lastOfStream: Statement<[string], { revision: number; position: number }>;
  readonly #readStream: Statement<[string, number, number], EventRow>;
  readonly #readAll: Statement<[number, number], EventRow>;
  readonly #head: Statement<[], { position: number; recorded_at: string }>;
  readonly #headOf: Statement<[number, string], { position: number; recorded_at: string }>;
  readonly #streamsOf: Statement<[string, string, number, string, number], { stream_id: string }>;
  readonly #readAllPrefixed: Statement<[number, number, string, number], EventRow>;
  readonly #writer: SqliteWriter;
  readonly #subscriptions: PolledSubscriptions;

  /**
   * @param db an open database with the schema applied (`openDatabase`); the caller keeps owning it.
   * @param options `pollIntervalMs`: how often a caught-up subscription reads for appends made by other
   *   processes on the same file (this instance's own appends wake it at once). Default 250.
   *   `writer`: who runs the appends (the service's: the writer thread, `thread-writer.ts`); default `db`
   *   itself on this thread.
   */
  constructor(db: SqliteDatabase, options: { pollIntervalMs?: number; writer?: SqliteWriter } = {}) {
    this.#db = db;
    this.#writer = options.writer ?? inlineWriter(db, sqliteCall);
    this.#subscriptions = new PolledSubscriptions(this, { pollIntervalMs: options.pollIntervalMs ?? 250 });
    this.#lastOfStream = db.prepare('SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1');
    // LIMIT -1 is SQLite for "no limit".
    this.#readStream = db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?');
    this.#readAll = db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
    this.#head = db.prepare('SELECT position, recorded_at FROM events ORDER BY position DESC LIMIT 1');
    this.#headOf = db.prepare('SELECT position, recorded_at FROM events WHERE substr(stream_id, 1, ?) = ? ORDER BY position DESC LIMIT 1');
    // A plain prefix comparison, so the filter needs no LIKE escaping; the position order stays the primary key's.
    this.#readAllPrefixed = db.prepare('SELECT * FROM events WHERE position > ? AND substr(stream_id, 1, ?) = ? ORDER BY position LIMIT ?');
    // Each stream has one revision-0 event: the (stream_id, revision) index gives the ids in BINARY (UTF-8 byte) order.
    this.#streamsOf = db.prepare(
      'SELECT stream_id FROM events WHERE revision = 0 AND stream_id >= ? AND stream_id > ? AND substr(stream_id, 1, ?) = ? ORDER BY stream_id LIMIT ?',
    );
  }

  /**
   * Append `events` to `streamId` in one IMMEDIATE transaction: all or none.
   * Events get revisions last+1…, a UUID when `id` is absent, and `recordedAt` = now (RFC 3339 UTC).
   * Zero events: only the expected revision is checked and nothing is written (as KurrentDB does); the
   * result then gives the stream's current revision (-1, KurrentDB's "no stream", when it does not exist)
   * and the position of its last event (0 when none).
   * Listeners registered with {@link onAppended} run after the commit. With the writer thread, the
   * commit (and its fsync) happens there: this thread goes on serving meanwhile.
   * @throws WrongExpectedRevisionError when the expected revision does not hold (nothing is written).
   * @throws RangeError on a numeric expected revision that is not a non-negative integer.
   * @throws TypeError when an event has no type or its data/metadata is not JSON-serialisable.
   * @throws SqliteError (constraint) when a caller-supplied event id already exists.
   * @throws DependencyUnavailableError when the store is unusable, or the writer thread failed or did not answer.
   */
  async appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const expected = options.expectedRevision;
    checkExpectedRevisionShape(expected);
    // Serialised here, so a bad event fails before anything is sent or written.
    const rows: EventRowInput[] = events.map((event) => ({
      id: event.id ?? randomUUID(),
      type: requireType(event),
      data: toJson(event.data, 'data'),
      metadata: toJson(event.metadata ?? {}, 'metadata'),
    }));
    // One IMMEDIATE transaction (writes.ts), run again while another connection holds the write lock (lock-wait.ts).
    const outcome = await this.#writer.run('append', streamId, rows, expected);
    if ('refused' in outcome) throw new WrongExpectedRevisionError(streamId, expected, outcome.refused);
    const result: AppendResult = outcome;
    if (events.length > 0 && result.position !== null) this.#listeners.notify(result.position);
    return result;
  }

  /** Events of one stream in revision order from `fromRevision` (default 0), at most `maxCount` (default all); `[]` when the stream does not exist. */
  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const rows = await sqliteCall(this.#db, () => this.#readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1));
    return rows.map(toRecordedEvent);
  }

  /** The revision of the stream's last event, null when it has none (one read of the (stream_id, revision) index). */
  async streamRevision(streamId: string): Promise<number | null> {
    return (await sqliteCall(this.#db, () => this.#lastOfStream.get(streamId)))?.revision ?? null;
  }

  /**
   * Events of `$all` in position order, strictly after `after` (default: from the start), of streams whose
   * id starts with `streamPrefix` when given, at most `maxCount` (default {@link DEFAULT_READ_ALL_MAX_COUNT}).
   * @throws RangeError for a position this store did not issue.
   */
  async readAll(options: { after?: Position | null; maxCount?: number; streamPrefix?: string } = {}): Promise<RecordedEvent[]> {
    const after = options.after == null ? 0 : decodePosition(options.after);
    const maxCount = options.maxCount ?? DEFAULT_READ_ALL_MAX_COUNT;
    const rows = await sqliteCall(this.#db, () =>
      options.streamPrefix === undefined
        ? this.#readAll.all(after, maxCount)
        : this.#readAllPrefixed.all(after, options.streamPrefix.length, options.streamPrefix, maxCount),
    );
    return rows.map(toRecordedEvent);
  }

  /** The last event of `$all` (position and recording time), `null` when the store is empty. */
  /** Ids of the streams starting with `prefix`, after `after`, at most `limit`, in UTF-8 byte order (one index range read). */
  async listStreams(options: { prefix: string; after?: string; limit: number }): Promise<string[]> {
    const { prefix, after, limit } = options;
    const rows = await sqliteCall(this.#db, () => this.#streamsOf.all(prefix, after ?? '', prefix.length, prefix, limit));
    return rows.map((row) => row.stream_id);
  }

  async head(options: { streamPrefix?: string } = {}): Promise<{ position: Position; recordedAt: string } | null> {
    const prefix = options.streamPrefix;
    const row = await sqliteCall(this.#db, () => (prefix === undefined ? this.#head.get() : this.#headOf.get(prefix.length, prefix)));
    return row ? { position: encodePosition(row.position), recordedAt: row.recorded_at } : null;
  }

  /**
   * Catch up from `from` with `readAll`, then follow: woken at once by this instance's appends, and every
   * `pollIntervalMs` for other processes' (see `Subscription` for the guarantees).
   */
  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription {
    return this.#subscriptions.open(options, handlers);
  }

  /**
   * Register a listener called (synchronously, after the commit) with the `$all` position of the last
   * event of every successful non-empty append made through this instance. A listener that throws is
   * ignored: listeners are hints (the projector also polls), and an append that committed must not fail.
   * @returns a function that unregisters the listener.
   */
  onAppended(listener: (position: Position) => void): () => void {
    return this.#listeners.add(listener);
  }

  /** Stop the subscriptions, drop the listeners and close the database if it is still open (the database is shared: close it once). */
  async close(): Promise<void> {
    await this.#subscriptions.stopAll();
    this.#listeners.clear();
    if (this.#db.open) this.#db.close();
  }
}

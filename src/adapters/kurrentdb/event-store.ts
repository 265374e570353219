/**
 * The event store on KurrentDB (EventStoreDB 23.10+, 24.2+ recommended; see docs/kurrentdb.md), through
 * `@kurrent/kurrentdb-client`, the maintained successor of `@eventstore/db-client` (same vendor, same gRPC
 * protocol; its `readAll` takes the server-side filter this adapter needs). The port was made
 * in KurrentDB's image, so this adapter mostly converts at the edge (`mapping.ts`): `bigint` revisions and
 * `{ commit, prepare }` positions in, the port's numbers and opaque strings out.
 *
 * `$all` here means the application's events: system events (`$`-prefixed streams and types, such as
 * `$stats`) are left out of `readAll` without a prefix and of `head`, so `/health` compares the projector
 * with the last event it could ever apply.
 */
import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@kurrent/kurrentdb-client';
import type { Filter, JSONType } from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandlers,
  DependencyUnavailableError,
} from '../../application/ports/index.js';
import type { SkippedEvent } from '../../application/ports/index.js';
import type { AppendHints } from '../shared/append-hints.js';
import { checkExpectedRevisionShape, requireType, toJson } from '../shared/events.js';
import { Hints } from '../shared/hints.js';
import { scanStreamIds } from '../shared/stream-listing.js';
import {
  decodePosition,
  encodePosition,
  eventId,
  toPortError,
  toRecordedEvent,
  toRevision,
  toStreamState,
  unavailable,
} from './mapping.js';
import { KurrentSubscription } from './subscription.js';

/** Most events `readAll` returns when `maxCount` is not given. */
export const DEFAULT_READ_ALL_MAX_COUNT = 1000;

/** Options of {@link KurrentEventStore}. */
export interface KurrentEventStoreOptions {
  /**
   * `head()` counts only streams starting with this (the projector's prefix, `project-`): on a KurrentDB
   * shared with other applications, their events are not ones the projector could ever apply. Default:
   * every non-system event.
   */
  headStreamPrefix?: string;
  /**
   * The bound of each append and read, ms: appends carry it as their gRPC `deadline` (the server answers
   * `Timeout`, the client DEADLINE_EXCEEDED); reads go through the client's Rust bridge, which takes no
   * deadline, so a timer bounds them. Past it: DependencyUnavailableError (503). Default: the client's
   * own (`defaultDeadline` in the URL, 10 s) for appends, no bound for reads.
   */
  deadlineMs?: number;
}

/** An event a subscription skipped because it cannot be read (see `KurrentSubscription`): the port's shape. */
export type { SkippedEvent };

/** {@link EventStore} on a KurrentDB client; the store owns the client (`close` disposes of it). */
export class KurrentEventStore implements EventStore, AppendHints {
  readonly kind = 'kurrentdb';
  readonly #appended = new Hints<Position>();
  readonly #subscriptions = new Set<Subscription>();
  readonly #skipped = new Hints<SkippedEvent>();

  /** @param client from `KurrentDBClient.connectionString(url)`; owned by this store from now on. */
  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: KurrentEventStoreOptions = {},
  ) {}

  /**
   * Append events with the stream state taken from the expected revision. Events keep the caller's ids
   * (else random ones): an append repeated with the same ids at the same expected revision is written once
   * and answers the revision and position of that first write.
   * @throws WrongExpectedRevisionError (nothing written), also when the client is set not to throw
   *   (`throwOnAppendFailure=false` in the URL); AppendTooLargeError over the server's `MaxAppendSize`;
   *   DependencyUnavailableError when the server does not answer; KurrentAccessDeniedError when the user
   *   may not write; RangeError on a malformed expected revision; TypeError when an event has no type or its data is not JSON.
   */
  async appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const expected = options.expectedRevision;
    checkExpectedRevisionShape(expected);
    const data = events.map((event) => {
      requireType(event);
      // Round-trips through JSON text, as the SQL stores do, so every engine stores the same values.
      const body = JSON.parse(toJson(event.data, 'data')) as JSONType;
      const metadata = JSON.parse(toJson(event.metadata ?? {}, 'metadata')) as JSONType;
      return jsonEvent({ id: eventId(event, randomUUID), type: event.type, data: body, metadata });
    });
    let result;
    try {
      const deadline = this.options.deadlineMs;
      result = await this.client.appendToStream(streamId, data, {
        streamState: toStreamState(expected),
        ...(deadline !== undefined ? { deadline } : {}),
      });
    } catch (error) {
      throw toPortError(error, streamId, expected);
    }
    if (!result.success) {
      // throwOnAppendFailure=false: the client resolves a wrong expected version instead of throwing, and
      // its revision there is unreliable (`BigInt(hasCurrentStreamRevision())`, client batchAppend.js): read it.
      const last = (await this.#readStreamBackwards(streamId, 1))[0];
      throw new WrongExpectedRevisionError(streamId, expected, last ? last.revision : 'no_stream');
    }
    const nextExpectedRevision = toRevision(result.nextExpectedRevision);
    if (events.length === 0) {
      // Nothing appended: the stream's last event tells. -1: KurrentDB's revision of "no stream", as the other stores answer.
      const last = (await this.#readStreamBackwards(streamId, 1))[0];
      return { nextExpectedRevision: last ? last.revision : -1, position: last?.position ?? null };
    }
    if (!result.position) {
      // A retry of a write already made (same ids): the server wrote nothing and gives no position, but the
      // revision is that write's own. Its last event has the position; the stream may have moved on since.
      const [own] = await this.#collect(() =>
        this.client.readStream(streamId, { fromRevision: BigInt(nextExpectedRevision), maxCount: 1 }),
      );
      return { nextExpectedRevision, position: own?.position ?? null };
    }
    const position = encodePosition(result.position);
    this.#appended.notify(position);
    return { nextExpectedRevision, position };
  }

  /** Events of one stream in revision order from `fromRevision` (default 0), at most `maxCount`; `[]` when the stream does not exist. */
  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    return this.#collect(() =>
      this.client.readStream(streamId, {
        fromRevision: BigInt(options.fromRevision ?? 0),
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      }),
    );
  }

  /**
   * Events of `$all` strictly after `after`, of streams starting with `streamPrefix` (else every
   * non-system event), at most `maxCount` (default {@link DEFAULT_READ_ALL_MAX_COUNT}).
   * @throws RangeError for a position this store did not issue.
   */
  async readAll(options: { after?: Position | null; maxCount?: number; streamPrefix?: string } = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? null;
    const maxCount = options.maxCount ?? DEFAULT_READ_ALL_MAX_COUNT;
    const filter = this.#filter(options.streamPrefix);
    // Reading from a position includes the event there: ask for one more and leave it out.
    const events = await this.#collect(() =>
      this.client.readAll({
        fromPosition: after === null ? START : decodePosition(after),
        maxCount: after === null ? maxCount : maxCount + 1,
        filter,
      }),
    );
    return events.filter((event) => after === null || comparePositions(event.position, after) > 0).slice(0, maxCount);
  }

  /**
   * Ids of the streams starting with `prefix`, after `after`, at most `limit`, in UTF-8 byte order. KurrentDB
   * has no stream-name index (the `$streams` projection needs system projections on), so this reads the
   * prefix's events, filtered server-side, a page at a time, keeping `limit` ids (stream-listing.ts).
   */
  listStreams(options: { prefix: string; after?: string; limit: number }): Promise<string[]> {
    return scanStreamIds((read) => this.readAll(read), options);
  }

  /**
   * The last event of `$all` (position and recording time) the projector could apply: of the streams
   * starting with `headStreamPrefix` when it was given, else any non-system event; `null` when there is none.
   */
  async head(options: { streamPrefix?: string } = {}): Promise<{ position: Position; recordedAt: string } | null> {
    const last = await this.#lastOf(this.#filter(options.streamPrefix ?? this.options.headStreamPrefix));
    return last ? { position: last.position, recordedAt: last.recordedAt } : null;
  }

  /**
   * KurrentDB's own catch-up subscription to `$all`, filtered by stream prefix server-side, in pages;
   * resubscribes after a drop with backoff (see `KurrentSubscription`).
   */
  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription {
    const filter = this.#filter(options.streamPrefix);
    const subscription: Subscription = new KurrentSubscription(
      (from) => this.client.subscribeToAll({ fromPosition: from === null ? START : decodePosition(from), filter }),
      options,
      handlers,
      {
        onStop: () => this.#subscriptions.delete(subscription),
        filteredHead: async () => (await this.#lastOf(filter))?.position ?? null,
        onSkipped: (skipped) => this.#skipped.notify(skipped),
      },
    );
    this.#subscriptions.add(subscription);
    return subscription;
  }

  /** Called after each successful non-empty append through this instance (other processes' reach subscriptions directly). */
  onAppended(listener: (position: Position) => void): () => void {
    return this.#appended.add(listener);
  }

  /**
   * Called for each event a subscription skips: a link to a deleted event or data that is not JSON in a
   * subscribed stream. Skipped, not retried: retrying would meet it again and stall every projection.
   */
  onSkipped(listener: (skipped: SkippedEvent) => void): () => void {
    return this.#skipped.add(listener);
  }

  /** Stop the subscriptions and dispose of the client. */
  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
    this.#appended.clear();
    this.#skipped.clear();
    await this.client.dispose();
  }

  /** The server-side filter for a stream prefix, else one that leaves out system events. */
  #filter(streamPrefix: string | undefined): Filter {
    return streamPrefix !== undefined ? streamNameFilter({ prefixes: [streamPrefix] }) : excludeSystemEvents();
  }

  async #lastOf(filter: Filter): Promise<RecordedEvent | undefined> {
    return (await this.#collect(() => this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter })))[0];
  }

  async #readStreamBackwards(streamId: string, maxCount: number): Promise<RecordedEvent[]> {
    return this.#collect(() => this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount }));
  }

  /**
   * Drain a read into port events; a missing stream is `[]`, a server that does not answer (within
   * `deadlineMs`, when given) a `DependencyUnavailableError`.
   */
  async #collect(read: () => AsyncIterable<Parameters<typeof toRecordedEvent>[0]>): Promise<RecordedEvent[]> {
    const drain = async () => {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of read()) events.push(toRecordedEvent(resolved));
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw unavailable(error);
      }
      return events;
    };
    const limit = this.options.deadlineMs;
    return limit === undefined ? drain() : withinDeadline(drain(), limit);
  }
}

/** `work`, or DependencyUnavailableError('kurrentdb') once `ms` have passed (the read goes on, unheard). */
async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError('kurrentdb', `KurrentDB did not answer a read within ${ms} ms.`)), ms);
  });
  work.catch(() => undefined); // an abandoned read's late failure is nobody's to handle
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connect to `url` (a `kurrentdb://` or `esdb://` connection string). The client connects lazily: call `head()` to check. */
export function connectKurrent(url: string): KurrentDBClient {
  return KurrentDBClient.connectionString(url);
}

/**
 * An event store seen through a namespace: every stream id gets a prefix of the test's own, and reads of
 * `$all` see only that prefix. It lets the contract suite, which wants an empty `$all` per test, run on a
 * shared server whose `$all` cannot be emptied (KurrentDB). It changes no semantics of the store beneath:
 * appends, revisions, positions and subscriptions are the real store's. Checked by running the contract
 * over it on a SQLite store that already holds other events (`test/contract/sqlite-event-store.test.ts`).
 */
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandlers,
} from '../../src/application/ports/index.js';
import type { HintingEventStore } from '../../src/adapters/shared/append-hints.js';

export class NamespacedEventStore implements HintingEventStore {
  readonly kind: string;

  constructor(
    private readonly inner: HintingEventStore,
    private readonly namespace: string,
  ) {
    this.kind = inner.kind;
  }

  async appendToStream(streamId: string, events: EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    try {
      return await this.inner.appendToStream(this.namespace + streamId, events, options);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new WrongExpectedRevisionError(streamId, error.expected, error.actual);
      throw error;
    }
  }

  async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(this.namespace + streamId, options)).map((event) => this.#strip(event));
  }

  async readAll(options: { after?: Position | null; maxCount?: number; streamPrefix?: string } = {}): Promise<RecordedEvent[]> {
    return (await this.inner.readAll({ ...options, streamPrefix: this.namespace + (options.streamPrefix ?? '') })).map((event) =>
      this.#strip(event),
    );
  }

  async listStreams(options: { prefix: string; after?: string; limit: number }): Promise<string[]> {
    const ids = await this.inner.listStreams({
      prefix: this.namespace + options.prefix,
      ...(options.after !== undefined ? { after: this.namespace + options.after } : {}),
      limit: options.limit,
    });
    return ids.map((id) => id.slice(this.namespace.length));
  }

  /** The last event of the namespace, of its streams starting with `streamPrefix` when given (read forwards in pages: test stores are small). */
  async head(options: { streamPrefix?: string } = {}): Promise<{ position: Position; recordedAt: string } | null> {
    let last: RecordedEvent | null = null;
    const prefix = options.streamPrefix !== undefined ? { streamPrefix: options.streamPrefix } : {};
    for (;;) {
      const page = await this.readAll({ after: last?.position ?? null, maxCount: 500, ...prefix });
      if (page.length === 0) break;
      last = page[page.length - 1]!;
    }
    return last ? { position: last.position, recordedAt: last.recordedAt } : null;
  }

  subscribeToAll(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription {
    return this.inner.subscribeToAll(
      { ...options, streamPrefix: this.namespace + (options.streamPrefix ?? '') },
      { ...handlers, onEvents: (page) => handlers.onEvents(page.map((event) => this.#strip(event))) },
    );
  }

  onAppended(listener: (position: Position) => void): () => void {
    return this.inner.onAppended(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  #strip(event: RecordedEvent): RecordedEvent {
    if (!event.streamId.startsWith(this.namespace)) throw new Error(`Event of ${event.streamId} read through namespace ${this.namespace}.`);
    return { ...event, streamId: event.streamId.slice(this.namespace.length) };
  }
}

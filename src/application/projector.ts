/**
 * The projector: runs on catch-up subscriptions to `$all` from the projections' checkpoints and keeps
 * every read model caught up. Pages are applied one at a time, each committed with the checkpoints it
 * advances; a page delivered twice (a resumed subscription, two catch-ups at once) is skipped by position,
 * and the store's revision guard makes any document write idempotent.
 */
import { PROJECT_STREAM_PREFIX } from '../domain/project.js';
import { isProjectEvent, pageChanges } from './page-changes.js';
import { comparePositions, type DocumentChange, type EventStore, type Position, type ProjectionCheckpoint, type ReadModelStore, type RecordedEvent, type Subscription } from './ports.js';
import type { AnyProjection, RecordedProjectEvent } from './projection.js';

/** The subset of a pino logger the projector uses. */
export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Construction options. */
export interface ProjectorOptions {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** Definitions to run; names must be unique (each is a collection and a checkpoint). */
  projections: AnyProjection[];
  /** Default: errors to `console.error`, info dropped. */
  logger?: ProjectorLogger;
  /** Events delivered from `$all` and committed per page. Default 200. */
  batchSize?: number;
}

/** For `/health`: each projection's checkpoint and the lowest of them (`null` when any has applied nothing yet). */
export interface ProjectorStatus {
  projections: Array<{ name: string; version: number; position: Position | null }>;
  position: Position | null;
  /** When the last event this projector applied was recorded (RFC 3339); null before it applied one. */
  appliedRecordedAt: string | null;
}

interface Waiter {
  position: Position;
  resolve(reached: boolean): void;
}

/**
 * Told of the project events of each page the projector has committed, in `$all` order. Delivery is at
 * least once (a page re-read after a restart or a single projection's rebuild repeats events), so a
 * listener must be idempotent by stream revision. Must not throw (a throw is logged and ignored).
 */
export type AppliedListener = (events: readonly RecordedProjectEvent[]) => void;

const consoleLogger: ProjectorLogger = {
  info() {},
  error(obj, msg) {
    console.error(msg ?? 'projector error', obj);
  },
};


/**
 * Runs projections over the event store into the read-model store.
 *
 * Lifecycle: `await start()` (loads checkpoints, rebuilds projections whose version changed, catches up,
 * then follows `$all` live on a subscription), `await stop()` on shutdown. `catchUp`, `waitFor` and
 * `rebuild` also work without `start` (the rebuild script uses them so).
 */
export class Projector {
  readonly #eventStore: EventStore;
  readonly #readModels: ReadModelStore;
  readonly #projections: readonly AnyProjection[];
  readonly #logger: ProjectorLogger;
  readonly #batchSize: number;

  /** In-memory copy of each projection's committed checkpoint position; filled by #load. */
  readonly #positions = new Map<string, Position | null>();
  #appliedRecordedAt: string | null = null;
  #loaded = false;
  /** Projections to reset before the next catch-up (version changes, `rebuild`). */
  readonly #pendingResets = new Set<string>();
  /** Bumped by every reset: a subscription opened before it stops delivering and starts over. */
  #generation = 0;
  /** The newest head a subscription of this generation caught up at: every event up to it is applied. */
  #scanned: Position | null = null;
  /** Resets and pages run one at a time, in order, whichever subscription delivered them. */
  #queue: Promise<unknown> = Promise.resolve();
  #live: Subscription | null = null;
  #started = false;
  readonly #catchUps = new Set<Promise<void>>();
  readonly #waiters = new Set<Waiter>();
  readonly #appliedListeners = new Set<{ listener: AppliedListener }>();

  /**
   * @throws Error on duplicate projection names; RangeError when `batchSize` is not a positive integer.
   */
  constructor(options: ProjectorOptions) {
    const { batchSize = 200 } = options;
    if (!Number.isSafeInteger(batchSize) || batchSize <= 0) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}.`);
    const names = options.projections.map((p) => p.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate !== undefined) throw new Error(`Two projections are named '${duplicate}'.`);

    this.#eventStore = options.eventStore;
    this.#readModels = options.readModels;
    this.#projections = [...options.projections];
    this.#logger = options.logger ?? consoleLogger;
    this.#batchSize = batchSize;
  }

  /**
   * Load checkpoints, reset every projection whose stored version differs from its definition (or that has
   * no checkpoint), catch up, then follow `$all` on a live subscription (which resumes by itself after a
   * drop, logging it).
   * @throws whatever the first catch-up fails with (e.g. `DependencyUnavailableError`); nothing is left running then.
   */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    try {
      await this.catchUp();
    } catch (error) {
      this.#started = false;
      throw error;
    }
    if (this.#started) this.#openLive(); // unless stop() was called while we caught up
  }

  /** Stop the live subscription, wait for catch-ups in flight, and answer pending `waitFor` calls with false. */
  async stop(): Promise<void> {
    this.#started = false;
    const live = this.#live;
    this.#live = null;
    await live?.stop();
    await Promise.all([...this.#catchUps].map((run) => run.catch(() => {}))); // failures went to their callers
    for (const waiter of [...this.#waiters]) waiter.resolve(false);
  }

  /**
   * Apply every event appended before the call: a subscription from the lowest checkpoint, until it has
   * caught up. Calls may overlap (each page is applied once).
   * @throws what the event store or read-model store throws; checkpoints stay at the last committed page.
   */
  catchUp(): Promise<void> {
    const run = this.#catchUp();
    this.#catchUps.add(run);
    const forget = () => void this.#catchUps.delete(run);
    run.then(forget, forget);
    return run;
  }

  /**
   * Resolve true once every projection has applied `position` (a `$all` position from an append), false
   * if that has not happened within `timeoutMs`. Catches up itself when not started. The write path uses
   * it so that a GET after a write's response sees at least that write.
   */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.#reached(position)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(reached);
        },
      };
      this.#waiters.add(waiter);
      if (!this.#live) this.catchUp().catch((error: unknown) => this.#logger.error({ err: error }, 'projector catch-up failed'));
    });
  }

  /**
   * Call `listener` after each page of events is committed to the read models (before the `waitFor` calls
   * it satisfies resolve, so whoever waited on a write sees the listener's state include it).
   * @returns a function that unsubscribes.
   */
  onApplied(listener: AppliedListener): () => void {
    const subscription = { listener }; // a wrapper, so one function subscribed twice is called twice
    this.#appliedListeners.add(subscription);
    return () => void this.#appliedListeners.delete(subscription);
  }

  /** Checkpoints as last committed (all `null` before the first catch-up loads them). */
  status(): ProjectorStatus {
    const projections = this.#projections.map((p) => ({ name: p.name, version: p.version, position: this.#positions.get(p.name) ?? null }));
    return { projections, position: this.#lowestPosition(), appliedRecordedAt: this.#appliedRecordedAt };
  }

  /**
   * Drop the read model of projection `name` (every projection when omitted) and rebuild it from the start
   * of `$all`; the others apply only what they have not. Resolves when caught up.
   * @throws Error when no projection has that name.
   */
  async rebuild(name?: string): Promise<void> {
    const targets = name === undefined ? this.#projections : this.#projections.filter((p) => p.name === name);
    if (targets.length === 0) throw new Error(`No projection is named '${name}'.`);
    for (const p of targets) this.#pendingResets.add(p.name);
    const live = this.#live;
    this.#live = null;
    await live?.stop();
    try {
      await this.catchUp();
    } finally {
      if (live && this.#started && !this.#live) this.#openLive();
    }
  }

  async #catchUp(): Promise<void> {
    if (this.#projections.length === 0) return; // no checkpoint would advance: nothing to read for
    for (;;) {
      const generation = await this.#inQueue(() => this.#prepare());
      if (await this.#catchUpOnce(generation)) return;
    }
  }

  /** One subscription until caught up. @returns false when a reset made it stale (go round again). */
  #catchUpOnce(generation: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        // Not awaited by the handler that calls this: stop() waits for that handler.
        void subscription.stop().then(outcome);
      };
      const subscription = this.#subscribe({
        onPage: async (page) => {
          if (generation !== this.#generation) return finish(() => resolve(false));
          await this.#applyPage(page);
        },
        onCaughtUp: (head) => {
          this.#caughtUpAt(head, generation);
          finish(() => resolve(true));
        },
        onDropped: (error) => finish(() => reject(error)),
      });
    });
  }

  /** Follow `$all` from the lowest checkpoint until stopped; a stale generation reopens it. */
  #openLive(): void {
    const generation = this.#generation;
    this.#live = this.#subscribe({
      onPage: async (page) => {
        if (generation === this.#generation) return this.#applyPage(page);
        const stale = this.#live;
        this.#live = null;
        void stale?.stop().then(() => this.#started && !this.#live && this.#openLive());
      },
      onCaughtUp: (head) => this.#caughtUpAt(head, generation),
      onDropped: (error, retryInMs) => this.#logger.error({ err: error, retryInMs }, 'projector subscription dropped; resuming'),
    });
  }

  #subscribe(handlers: { onPage(page: RecordedEvent[]): Promise<void>; onCaughtUp(head: Position | null): void; onDropped(error: unknown, retryInMs: number): void }): Subscription {
    return this.#eventStore.subscribeToAll(
      { from: this.#lowestPosition(), streamPrefix: PROJECT_STREAM_PREFIX, maxCount: this.#batchSize },
      { onEvents: (page) => this.#inQueue(() => handlers.onPage(page)), onCaughtUp: handlers.onCaughtUp, onDropped: handlers.onDropped },
    );
  }

  #inQueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #prepare(): Promise<number> {
    await this.#load();
    await this.#applyPendingResets();
    return this.#generation;
  }

  async #load(): Promise<void> {
    if (this.#loaded) return;
    for (const p of this.#projections) {
      const checkpoint = await this.#readModels.getCheckpoint(p.name);
      if (checkpoint === null || checkpoint.version !== p.version) {
        if (checkpoint !== null) this.#logger.info({ projection: p.name, from: checkpoint.version, to: p.version }, 'projection version changed; rebuilding');
        this.#pendingResets.add(p.name);
      }
      this.#positions.set(p.name, checkpoint?.position ?? null);
    }
    this.#loaded = true;
  }

  async #applyPendingResets(): Promise<void> {
    const targets = this.#projections.filter((p) => this.#pendingResets.has(p.name));
    if (targets.length === 0) return;
    for (const p of targets) await this.#readModels.reset(p.name);
    // Record the versions now, so an empty store does not reset again on every start.
    await this.#readModels.commit([], targets.map((p) => ({ projection: p.name, version: p.version, position: null })));
    for (const p of targets) {
      this.#positions.set(p.name, null);
      this.#pendingResets.delete(p.name);
    }
    this.#generation += 1;
    this.#scanned = null;
  }

  async #applyPage(page: RecordedEvent[]): Promise<void> {
    const lowest = this.#lowestPosition();
    const fresh = lowest === null ? page : page.filter((event) => comparePositions(event.position, lowest) > 0);
    if (fresh.length === 0) return; // delivered before, by another subscription
    const last = fresh[fresh.length - 1]!.position;
    const changes: DocumentChange[] = [];
    const checkpoints: Array<{ projection: string } & ProjectionCheckpoint> = [];
    for (const projection of this.#projections) {
      const from = this.#positions.get(projection.name) ?? null;
      if (from !== null && comparePositions(last, from) <= 0) continue;
      changes.push(...(await pageChanges(projection, fresh, from, this.#readModels, (error, p, event) => this.#fault(error, p, event))));
      checkpoints.push({ projection: projection.name, version: projection.version, position: last });
    }
    await this.#readModels.commit(changes, checkpoints);
    for (const { projection, position } of checkpoints) this.#positions.set(projection, position);
    this.#appliedRecordedAt = fresh[fresh.length - 1]!.recordedAt;
    this.#notifyApplied(fresh);
    this.#settleWaiters();
  }

  #caughtUpAt(head: Position | null, generation: number): void {
    if (head === null || generation !== this.#generation) return;
    if (this.#scanned === null || comparePositions(head, this.#scanned) > 0) this.#scanned = head;
    this.#settleWaiters();
  }

  #fault(error: unknown, projection: AnyProjection, event: RecordedEvent): void {
    this.#logger.error(
      { err: error, projection: projection.name, position: event.position, streamId: event.streamId, revision: event.revision, type: event.type },
      'projection threw; event skipped for this projection',
    );
  }

  #notifyApplied(page: RecordedEvent[]): void {
    if (this.#appliedListeners.size === 0) return;
    const events = page.filter(isProjectEvent);
    if (events.length === 0) return;
    for (const { listener } of [...this.#appliedListeners]) {
      try {
        listener(events);
      } catch (error) {
        // The page is committed whatever a listener does; failing here would re-read and re-apply it.
        this.#logger.error({ err: error, from: events[0]!.position, to: events[events.length - 1]!.position }, 'onApplied listener threw; ignored');
      }
    }
  }

  /** The checkpoint of the projection furthest behind; `null` when any has applied nothing (or there is none). */
  #lowestPosition(): Position | null {
    let lowest: Position | null = null;
    for (const p of this.#projections) {
      const position = this.#positions.get(p.name) ?? null;
      if (position === null) return null;
      if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }

  /** Every projection has applied `position`: its checkpoint is there, or a subscription caught up past it. */
  #reached(position: Position): boolean {
    if (this.#scanned !== null && comparePositions(this.#scanned, position) >= 0) return true;
    const lowest = this.#lowestPosition();
    return this.#projections.length > 0 && lowest !== null && comparePositions(lowest, position) >= 0;
  }

  #settleWaiters(): void {
    for (const waiter of [...this.#waiters]) if (this.#reached(waiter.position)) waiter.resolve(true);
  }
}

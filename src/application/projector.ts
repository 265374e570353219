/**
 * The projector: reads `$all` from the projections' checkpoints and keeps every read model caught up.
 * One catch-up runs at a time; each page of events is committed with the checkpoints it advances, so a
 * read model with a transactional store (SQLite) applies each event at most once.
 */
import { PROJECT_EVENT_TYPES, PROJECT_STREAM_PREFIX } from '../domain/project.js';
import { comparePositions, type DocumentChange, type DocumentLocation, type EventStore, type Position, type ProjectionCheckpoint, type ReadModelStore, type RecordedEvent } from './ports.js';
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
  /** How often (ms) to look for events appended by other processes. Default 1000. */
  pollIntervalMs?: number;
  /** Events read from `$all` and committed per page. Default 200. */
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

const PROJECT_EVENTS: ReadonlySet<string> = new Set(PROJECT_EVENT_TYPES);

/**
 * Runs projections over the event store into the read-model store.
 *
 * Lifecycle: `await start()` (loads checkpoints, rebuilds projections whose version changed, catches up,
 * then follows appends and polls), `await stop()` on shutdown. `catchUp`, `waitFor` and `rebuild` also
 * work without `start` (as the rebuild script uses them).
 */
export class Projector {
  readonly #eventStore: EventStore;
  readonly #readModels: ReadModelStore;
  readonly #projections: readonly AnyProjection[];
  readonly #logger: ProjectorLogger;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;

  /** In-memory copy of each projection's committed checkpoint position; filled by #load. */
  readonly #positions = new Map<string, Position | null>();
  #appliedRecordedAt: string | null = null;
  #loaded = false;
  /** Projections to reset before the next page (version changes, `rebuild`). */
  readonly #pendingResets = new Set<string>();
  #inFlight: Promise<void> | null = null;
  #runAgain = false;
  readonly #waiters = new Set<Waiter>();
  #timer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #started = false;
  readonly #appliedListeners = new Set<{ listener: AppliedListener }>();

  /**
   * @throws Error on duplicate projection names; RangeError when `pollIntervalMs` or `batchSize` is not a positive integer.
   */
  constructor(options: ProjectorOptions) {
    const { pollIntervalMs = 1000, batchSize = 200 } = options;
    if (!Number.isSafeInteger(pollIntervalMs) || pollIntervalMs <= 0) throw new RangeError(`pollIntervalMs must be a positive integer, got ${pollIntervalMs}.`);
    if (!Number.isSafeInteger(batchSize) || batchSize <= 0) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}.`);
    const names = options.projections.map((p) => p.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate !== undefined) throw new Error(`Two projections are named '${duplicate}'.`);

    this.#eventStore = options.eventStore;
    this.#readModels = options.readModels;
    this.#projections = [...options.projections];
    this.#logger = options.logger ?? consoleLogger;
    this.#pollIntervalMs = pollIntervalMs;
    this.#batchSize = batchSize;
  }

  /**
   * Load checkpoints, reset every projection whose stored version differs from its definition (or that has
   * no checkpoint), catch up, then keep catching up on each local append and every `pollIntervalMs`.
   * @throws whatever the first catch-up throws (e.g. `DependencyUnavailableError`); nothing is left running then.
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
    if (!this.#started) return; // stop() was called while we caught up
    this.#unsubscribe = this.#eventStore.onAppended(() => this.#catchUpInBackground());
    this.#timer = setInterval(() => this.#catchUpInBackground(), this.#pollIntervalMs);
    this.#timer.unref(); // polling alone must not keep the process alive
  }

  /** Stop following appends and polling, wait for the catch-up in flight, and answer pending `waitFor` calls with false. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.#inFlight?.catch(() => {}); // its failure was already reported to its callers
    for (const waiter of [...this.#waiters]) waiter.resolve(false);
  }

  /**
   * Apply every event not yet applied. Single-flight: a call during a run shares that run, and the run then
   * goes round once more so events appended meanwhile are included.
   * @throws what the event store or read-model store throws; checkpoints stay at the last committed page.
   */
  catchUp(): Promise<void> {
    if (this.#inFlight) {
      this.#runAgain = true;
      return this.#inFlight;
    }
    this.#inFlight = this.#run();
    return this.#inFlight;
  }

  /**
   * Resolve true once every projection's checkpoint is at or past `position` (a `$all` position from an
   * append), false if that has not happened within `timeoutMs`. Triggers a catch-up. The write path uses it
   * so that a GET after a write's response sees at least that write.
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
      this.#catchUpInBackground();
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
   * Drop the read model of projection `name` (every projection when omitted) and rebuild it from position 0.
   * Resolves when caught up.
   * @throws Error when no projection has that name.
   */
  async rebuild(name?: string): Promise<void> {
    const targets = name === undefined ? this.#projections : this.#projections.filter((p) => p.name === name);
    if (targets.length === 0) throw new Error(`No projection is named '${name}'.`);
    for (const p of targets) this.#pendingResets.add(p.name);
    // If a run is in flight, catchUp() makes it go round again, and the loop resets before reading.
    await this.catchUp();
  }

  // The loop awaits before it can finish, so #inFlight is always set before the finally clears it.
  async #run(): Promise<void> {
    try {
      do {
        this.#runAgain = false;
        await this.#load();
        await this.#applyPendingResets();
        await this.#drain();
      } while (this.#runAgain || this.#pendingResets.size > 0);
    } finally {
      this.#inFlight = null;
    }
  }

  #catchUpInBackground(): void {
    this.catchUp().catch((error: unknown) => this.#logger.error({ err: error }, 'projector catch-up failed; will retry'));
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
  }

  async #drain(): Promise<void> {
    if (this.#projections.length === 0) return; // no checkpoint would advance: nothing to read for
    for (;;) {
      const page = await this.#eventStore.readAll({ after: this.#lowestPosition(), maxCount: this.#batchSize, streamPrefix: PROJECT_STREAM_PREFIX });
      if (page.length === 0) return;
      await this.#applyPage(page);
      if (page.length < this.#batchSize) return;
    }
  }

  async #applyPage(page: RecordedEvent[]): Promise<void> {
    const last = page[page.length - 1]!.position;
    const changes: DocumentChange[] = [];
    const checkpoints: Array<{ projection: string } & ProjectionCheckpoint> = [];
    for (const projection of this.#projections) {
      const from = this.#positions.get(projection.name) ?? null;
      if (from !== null && comparePositions(last, from) <= 0) continue;
      changes.push(...(await this.#project(projection, page, from)));
      checkpoints.push({ projection: projection.name, version: projection.version, position: last });
    }
    await this.#readModels.commit(changes, checkpoints);
    for (const { projection, position } of checkpoints) this.#positions.set(projection, position);
    this.#appliedRecordedAt = page[page.length - 1]!.recordedAt;
    this.#notifyApplied(page);
    this.#settleWaiters();
  }

  #notifyApplied(page: RecordedEvent[]): void {
    if (this.#appliedListeners.size === 0) return;
    const events = page.filter((event) => PROJECT_EVENTS.has(event.type)) as RecordedProjectEvent[];
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

  /**
   * One projection's changes for a page: the final document of each location whose document changed,
   * with the stream revision of the event that changed it last (the store's write guard). The documents
   * the page touches are read in one `getMany`.
   */
  async #project(projection: AnyProjection, page: RecordedEvent[], from: Position | null): Promise<DocumentChange[]> {
    const located: Array<{ event: RecordedProjectEvent; key: string }> = [];
    const locations = new Map<string, DocumentLocation>();
    for (const recorded of page) {
      if ((from !== null && comparePositions(recorded.position, from) <= 0) || !PROJECT_EVENTS.has(recorded.type)) continue;
      const event = recorded as RecordedProjectEvent;
      const location = this.#guard(projection, event, () => projection.locate(event));
      if (!location) continue;
      const key = JSON.stringify([location.partition, location.key]);
      locations.set(key, location);
      located.push({ event, key });
    }
    if (located.length === 0) return [];
    // Outside #guard: a store failure must stop the page, not skip the events.
    const stored = await this.#readModels.getMany<unknown>(projection.name, [...locations.values()]);
    const docs = new Map<string, { change: DocumentChange; dirty: boolean }>();
    [...locations].forEach(([key, location], i) => docs.set(key, { change: { collection: projection.name, ...location, doc: stored[i] ?? null, revision: -1 }, dirty: false }));
    for (const { event, key } of located) {
      const entry = docs.get(key)!;
      const next = this.#guard(projection, event, () => ({ doc: projection.evolve(entry.change.doc, event) ?? null }));
      // Projections return the same object for an event they have already applied: nothing to write.
      if (next && next.doc !== entry.change.doc) {
        entry.change.doc = next.doc;
        entry.change.revision = event.revision;
        entry.dirty = true;
      }
    }
    return [...docs.values()].filter((entry) => entry.dirty).map((entry) => entry.change);
  }

  /**
   * Run a projection's `locate`/`evolve`. They are specified never to throw; if one does, the event is
   * logged and skipped for that projection so one bad event cannot stall every read model.
   */
  #guard<T>(projection: AnyProjection, event: RecordedEvent, call: () => T): T | null {
    try {
      return call();
    } catch (error) {
      this.#logger.error(
        { err: error, projection: projection.name, position: event.position, streamId: event.streamId, revision: event.revision, type: event.type },
        'projection threw; event skipped for this projection',
      );
      return null;
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

  #reached(position: Position): boolean {
    return this.#projections.every((p) => {
      const at = this.#positions.get(p.name) ?? null;
      return at !== null && comparePositions(at, position) >= 0;
    });
  }

  #settleWaiters(): void {
    for (const waiter of [...this.#waiters]) if (this.#reached(waiter.position)) waiter.resolve(true);
  }
}

/**
 * The projector: runs on catch-up subscriptions to `$all` from the projections' checkpoints and keeps
 * every read model caught up. Pages are applied one at a time, each committed with the checkpoints it
 * advances; a page delivered twice (a resumed subscription, two catch-ups at once) is skipped by position,
 * and the store's revision guard makes any document write idempotent.
 */
import { PROJECT_STREAM_PREFIX } from '../../domain/project.js';
import { CheckpointedProjections, type AppliedListener, type ProjectorLogger, type ProjectorStatus } from './checkpointed-projections.js';
import type { EventStore, Position, RecordedEvent, Subscription, ReadModelStore, AnyProjection } from '../ports/index.js';

export type { AppliedListener, ProjectorLogger, ProjectorStatus } from './checkpointed-projections.js';

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

interface Waiter {
  position: Position;
  resolve(reached: boolean): void;
}

/** What a subscription of the projector does with what it is told. */
interface PageHandlers {
  onPage(page: RecordedEvent[]): Promise<void>;
  onCaughtUp(head: Position | null): void;
  onDropped(error: unknown, retryInMs: number): void;
}

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
  readonly #logger: ProjectorLogger;
  readonly #batchSize: number;
  readonly #projections: CheckpointedProjections;
  /** Resets and pages run one at a time, in order, whichever subscription delivered them. */
  #queue: Promise<unknown> = Promise.resolve();
  #live: Subscription | null = null;
  #started = false;
  readonly #catchUps = new Set<Promise<void>>();
  /** Ends each catch-up subscription in flight (stop() calls them: a catch-up must not outlive the lease). */
  readonly #abortCatchUps = new Set<() => void>();
  readonly #waiters = new Set<Waiter>();

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
    this.#logger = options.logger ?? consoleLogger;
    this.#batchSize = batchSize;
    this.#projections = new CheckpointedProjections(options.readModels, [...options.projections], this.#logger, () =>
      this.#settleWaiters(),
    );
  }

  /**
   * Load checkpoints, build every projection that has none, build a projection whose definition is newer
   * than the stored one beside its live read model (switched to once caught up; projection-versions.ts),
   * catch up, then follow `$all` on a live subscription (which resumes by itself after a drop, logging it).
   * @throws NewerProjectionVersionError when the store serves a newer version of a projection (nothing is
   *   changed: stand by); whatever the first catch-up fails with (e.g. `DependencyUnavailableError`);
   *   nothing is left running then.
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

  /** Stop the live subscription and the catch-ups in flight (they resolve early), and answer pending `waitFor` calls with false. */
  async stop(): Promise<void> {
    this.#started = false;
    for (const abort of [...this.#abortCatchUps]) abort();
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
    if (this.#projections.reached(position)) return Promise.resolve(true);
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
    return this.#projections.onApplied(listener);
  }

  /** Checkpoints as last committed (all `null` before the first catch-up loads them). */
  status(): ProjectorStatus {
    return this.#projections.status();
  }

  /**
   * Drop the read model of projection `name` (every projection when omitted) and rebuild it from the start
   * of `$all`; the others apply only what they have not. Resolves when caught up.
   * @throws Error when no projection has that name.
   */
  async rebuild(name?: string): Promise<void> {
    const all = this.#projections.projections;
    const targets = name === undefined ? all : all.filter((p) => p.name === name);
    if (targets.length === 0) throw new Error(`No projection is named '${name}'.`);
    this.#projections.requestReset(targets.map((p) => p.name));
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
    if (this.#projections.projections.length === 0) return; // no checkpoint would advance: nothing to read for
    for (;;) {
      const generation = await this.#inQueue(() => this.#projections.prepare());
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
        this.#abortCatchUps.delete(abort);
        // Not awaited by the handler that calls this: stop() waits for that handler.
        void subscription.stop().then(outcome);
      };
      const subscription = this.#subscribe({
        onPage: async (page) => {
          if (generation !== this.#projections.generation) return finish(() => resolve(false));
          await this.#projections.applyPage(page);
        },
        onCaughtUp: (head) => {
          this.#projections.caughtUpAt(head, generation);
          if (!this.#projections.building) return finish(() => resolve(true));
          // Everything up to the head is applied: a new version built beside its live read model may take over.
          this.#inQueue(() => this.#projections.activateBuilt()).then(
            () => finish(() => resolve(true)),
            (error: unknown) => finish(() => reject(error)),
          );
        },
        onDropped: (error) => finish(() => reject(error)),
      });
      // Stopped: nothing more to catch up for (resolving true lets start() see it was stopped).
      const abort = () => finish(() => resolve(true));
      this.#abortCatchUps.add(abort);
    });
  }

  /** Follow `$all` from the lowest checkpoint until stopped; a stale generation reopens it. */
  #openLive(): void {
    const generation = this.#projections.generation;
    this.#live = this.#subscribe({
      onPage: async (page) => {
        if (generation === this.#projections.generation) {
          await this.#projections.applyPage(page);
          // A switch refused at the end of the catch-up (an older projector had moved the live read model
          // ahead) is tried again after each live page: some engines tell caught-up once per subscription.
          if (this.#projections.building) await this.#switchBuilt();
          return;
        }
        const stale = this.#live;
        this.#live = null;
        void stale?.stop().then(() => this.#started && !this.#live && this.#openLive());
      },
      onCaughtUp: (head) => {
        this.#projections.caughtUpAt(head, generation);
        if (this.#projections.building) void this.#inQueue(() => this.#switchBuilt());
      },
      onDropped: (error, retryInMs) => this.#logger.error({ err: error, retryInMs }, 'projector subscription dropped; resuming'),
    });
  }

  /** `activateBuilt`, a failure logged (the next live page or caught-up tries again). */
  async #switchBuilt(): Promise<void> {
    await this.#projections
      .activateBuilt()
      .catch((error: unknown) =>
        this.#logger.error({ err: error }, 'switching to a new projection version failed; retrying after the next page'),
      );
  }

  #subscribe(handlers: PageHandlers): Subscription {
    return this.#eventStore.subscribeToAll(
      { from: this.#projections.lowestPosition(), streamPrefix: PROJECT_STREAM_PREFIX, maxCount: this.#batchSize },
      { onEvents: (page) => this.#inQueue(() => handlers.onPage(page)), onCaughtUp: handlers.onCaughtUp, onDropped: handlers.onDropped },
    );
  }

  #inQueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => {});
    return run;
  }

  #settleWaiters(): void {
    for (const waiter of [...this.#waiters]) if (this.#projections.reached(waiter.position)) waiter.resolve(true);
  }
}

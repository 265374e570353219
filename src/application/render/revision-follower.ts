/**
 * Keeps the current-revision index up to date in a process that runs no projector (`PROJECTOR=off`):
 * a subscription to `$all` (project streams only) from the head it finds at start — what came before,
 * the index reads through on demand — woken by appends (this process's at once, other processes' by the
 * store's notifications or polls).
 */
import { PROJECT_STREAM_PREFIX } from '../../domain/project.js';
import type { CurrentRevisions } from '../read/index.js';
import { comparePositions, type EventStore, type Position, type Subscription, isProjectEvent } from '../ports/index.js';

export interface RevisionFollowerOptions {
  /** Told when the subscription drops (it resumes by itself after `retryInMs`). */
  onError?: (error: unknown, retryInMs: number) => void;
}

export class RevisionFollower {
  /** Every project event up to here has reached the index (the last delivered, or a head caught up at). */
  #position: Position | null = null;
  #subscription: Subscription | null = null;
  readonly #waiters = new Set<{ position: Position; resolve: (reached: boolean) => void }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly index: CurrentRevisions,
    private readonly options: RevisionFollowerOptions = {},
  ) {}

  /** Start at the current head, then follow. @throws what the event store throws reading the head. */
  async start(): Promise<void> {
    this.#position = (await this.eventStore.head())?.position ?? null;
    this.#subscription = this.eventStore.subscribeToAll(
      { from: this.#position, streamPrefix: PROJECT_STREAM_PREFIX, maxCount: 500 },
      {
        onEvents: async (page) => {
          this.index.apply(page.filter(isProjectEvent));
          this.#advance(page[page.length - 1]!.position);
        },
        onCaughtUp: (head) => head !== null && this.#advance(head),
        onDropped: (error, retryInMs) => this.options.onError?.(error, retryInMs),
      },
    );
  }

  /** Resolve true once the index has seen `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.#reached(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve: (reached: boolean) => (clearTimeout(timer), this.#waiters.delete(waiter), resolve(reached)) };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /** Stop following; pending `waitFor` calls answer false. */
  async stop(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    await subscription?.stop();
    for (const waiter of [...this.#waiters]) waiter.resolve(false);
  }

  #advance(position: Position): void {
    if (this.#reached(position)) return;
    this.#position = position;
    for (const waiter of [...this.#waiters]) if (this.#reached(waiter.position)) waiter.resolve(true);
  }

  #reached(position: Position): boolean {
    return this.#position !== null && comparePositions(this.#position, position) >= 0;
  }
}

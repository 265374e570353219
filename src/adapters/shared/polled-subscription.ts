/**
 * A catch-up subscription to `$all` for stores that push nothing themselves (SQLite; PostgreSQL, woken
 * by NOTIFY): it reads pages with `readAll`, and once a page comes back short it is caught up and waits —
 * for an append hint (`onAppended`) or, for appends nobody told it of, the poll interval.
 */
import {
  comparePositions,
  type Position,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandlers,
} from '../../application/ports/index.js';
import type { HintingEventStore } from './append-hints.js';

/** How a polled subscription waits. */
export interface PollingOptions {
  /** Longest wait between two reads while caught up, ms (an append hint ends the wait at once). */
  pollIntervalMs: number;
  /** First wait after a drop, ms; doubles on each drop in a row. Default 100. */
  retryMinMs?: number;
  /** Longest wait after a drop, ms. Default 5,000. */
  retryMaxMs?: number;
}

type Source = Pick<HintingEventStore, 'readAll' | 'head' | 'onAppended'>;

/** `EventStore.subscribeToAll` over `readAll`, `head` and `onAppended`. */
export class PolledSubscription implements Subscription {
  #position: Position | null;
  #caughtUp = false;
  #stopped = false;
  /** An append hint arrived since the last read began: read again instead of waiting. */
  #hinted = false;
  #wake: (() => void) | null = null;
  readonly #unlisten: () => void;
  readonly #done: Promise<void>;

  constructor(
    private readonly source: Source,
    private readonly options: SubscribeToAllOptions,
    private readonly handlers: SubscriptionHandlers,
    private readonly polling: PollingOptions,
    /** Told once when `stop` is first called. */
    private readonly onStop: () => void = () => {},
  ) {
    this.#position = options.from;
    this.#unlisten = source.onAppended((position) => {
      if (this.#position === null || comparePositions(position, this.#position) > 0) this.#wakeUp(true);
    });
    this.#done = this.#run();
  }

  get caughtUp(): boolean {
    return this.#caughtUp;
  }

  stop(): Promise<void> {
    if (!this.#stopped) this.onStop();
    this.#stopped = true;
    this.#caughtUp = false;
    this.#unlisten();
    this.#wakeUp(false);
    return this.#done;
  }

  async #run(): Promise<void> {
    const maxCount = this.options.maxCount ?? 200;
    const { retryMinMs = 100, retryMaxMs = 5000 } = this.polling;
    let retryMs = retryMinMs;
    let reported: Position | null | undefined; // the head last told to onCaughtUp
    while (!this.#stopped) {
      try {
        this.#hinted = false;
        // Read the head first: every matching event up to it is in the page or before it. (Both stores
        // give positions in commit order, so no event at or below the head can still appear later.)
        const head = (await this.source.head())?.position ?? null;
        const page = await this.source.readAll({
          after: this.#position,
          maxCount,
          ...(this.options.streamPrefix !== undefined ? { streamPrefix: this.options.streamPrefix } : {}),
        });
        if (this.#stopped) return;
        if (page.length > 0) {
          await this.handlers.onEvents(page);
          this.#position = page[page.length - 1]!.position;
          if (this.#stopped) return;
        }
        retryMs = retryMinMs;
        if (page.length === maxCount) continue;
        if (!this.#caughtUp || head !== reported) {
          this.#caughtUp = true;
          reported = head;
          this.#tell(() => this.handlers.onCaughtUp?.(head));
        }
        if (!this.#hinted) await this.#sleep(this.polling.pollIntervalMs);
      } catch (error) {
        if (this.#stopped) return;
        this.#caughtUp = false;
        this.#tell(() => this.handlers.onDropped?.(error, retryMs));
        await this.#sleep(retryMs);
        retryMs = Math.min(retryMs * 2, retryMaxMs);
      }
    }
  }

  #tell(call: () => void): void {
    try {
      call();
    } catch {
      // the subscriber's bug; delivery goes on
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }

  #wakeUp(hint: boolean): void {
    if (hint) this.#hinted = true;
    this.#wake?.();
  }
}

/** The subscriptions one store has opened, so that closing the store stops them. */
export class PolledSubscriptions {
  readonly #open = new Set<Subscription>();

  constructor(
    private readonly source: Source,
    private readonly polling: PollingOptions,
  ) {}

  /** Open one (see `EventStore.subscribeToAll`). */
  open(options: SubscribeToAllOptions, handlers: SubscriptionHandlers): Subscription {
    const subscription: Subscription = new PolledSubscription(this.source, options, handlers, this.polling, () =>
      this.#open.delete(subscription),
    );
    this.#open.add(subscription);
    return subscription;
  }

  /** Stop every open subscription, waiting for the pages they are handling. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#open].map((subscription) => subscription.stop()));
  }
}

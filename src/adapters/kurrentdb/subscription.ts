/**
 * The port's `Subscription` on KurrentDB's catch-up subscription to `$all`: the client's stream of events
 * gathered into pages, with backpressure (the stream is paused while a page is handled), "caught up" told
 * once every event before the server's caught-up message has been handled — or, on servers that send none
 * (before 23.10: kurrent-io/KurrentDB PR #3899), once the filtered head read after the confirmation has
 * been handled — and again after each live page that leaves nothing buffered (as the SQL stores do); an
 * event that cannot be read is reported and skipped; a resubscription from the last handled position,
 * with backoff, after any failure.
 */
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandlers,
} from '../../application/ports/index.js';
import { skippedEvent, toRecordedEvent, unavailable } from './mapping.js';
import type { ClientSubscription, KurrentSubscriptionOptions } from './subscription-client.js';

export type { ClientSubscription, KurrentSubscriptionOptions } from './subscription-client.js';

export class KurrentSubscription implements Subscription {
  /** The last position the handler accepted: where a resubscription starts. */
  #position: Position | null;
  /** The last position put in a page (skips a repeat after a resubscription that includes its start). */
  #queued: Position | null;
  #page: RecordedEvent[] = [];
  #current: ClientSubscription | null = null;
  #handling: Promise<void> | null = null;
  #flushScheduled = false;
  /** Events still to arrive before the server's caught-up point; null when none is pending. */
  #caughtUpIn: number | null = null;
  #caughtUp = false;
  /** The filtered head read after this connection's confirmation; undefined until it is known. */
  #fallbackTarget: Position | null | undefined = undefined;
  #stopped = false;
  #retryMs: number;
  #retryTimer: NodeJS.Timeout | null = null;
  readonly #maxCount: number;

  /**
   * @param open opens the client's subscription from a position (`null`: the start of `$all`); it may
   *   deliver the event at that position again, which is skipped.
   */
  constructor(
    private readonly open: (from: Position | null) => ClientSubscription,
    options: SubscribeToAllOptions,
    private readonly handlers: SubscriptionHandlers,
    private readonly settings: KurrentSubscriptionOptions = {},
  ) {
    this.#position = options.from;
    this.#queued = options.from;
    this.#maxCount = options.maxCount ?? 200;
    this.#retryMs = settings.retryMinMs ?? 100;
    this.#connect();
  }

  get caughtUp(): boolean {
    return this.#caughtUp;
  }

  async stop(): Promise<void> {
    if (!this.#stopped) this.settings.onStop?.();
    this.#stopped = true;
    this.#caughtUp = false;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const current = this.#current;
    this.#current = null;
    await this.#handling?.catch(() => {});
    await current?.unsubscribe().catch(() => {});
  }

  #connect(): void {
    if (this.#stopped) return;
    this.#page = [];
    this.#queued = this.#position;
    this.#caughtUpIn = null;
    this.#fallbackTarget = undefined;
    let subscription: ClientSubscription;
    try {
      subscription = this.open(this.#position);
    } catch (error) {
      this.#scheduleRetry(error);
      return;
    }
    this.#current = subscription;
    subscription.on('data', (resolved) => this.#onData(subscription, resolved));
    subscription.on('caughtUp', () => this.#onCaughtUp(subscription));
    subscription.on('confirmation', () => this.#onConfirmation(subscription));
    subscription.on('fellBehind', () => subscription === this.#current && (this.#caughtUp = false));
    subscription.on('error', (error) => void this.#drop(subscription, unavailable(error)));
    subscription.on('end', () => void this.#drop(subscription, new Error('The KurrentDB subscription ended.')));
    subscription.on('close', () => void this.#drop(subscription, new Error('The KurrentDB subscription closed.')));
  }

  #onData(subscription: ClientSubscription, resolved: AllStreamResolvedEvent): void {
    if (subscription !== this.#current) return;
    if (this.#caughtUpIn !== null && this.#caughtUpIn > 0) this.#caughtUpIn -= 1;
    let event: RecordedEvent;
    try {
      event = toRecordedEvent(resolved);
    } catch (error) {
      // Dropping would meet the same event again on every resubscription and stall every projection.
      this.#skip(resolved, error);
      this.#scheduleFlush(subscription);
      return;
    }
    if (this.#queued !== null && comparePositions(event.position, this.#queued) <= 0) return;
    this.#queued = event.position;
    this.#page.push(event);
    if (this.#page.length >= this.#maxCount) subscription.pause();
    this.#scheduleFlush(subscription);
  }

  /**
   * The server says it has sent everything up to now. Events it sent before that may still sit in the
   * Readable's buffer (paused while a page is handled): count them, and tell `onCaughtUp` once they are handled.
   */
  #onCaughtUp(subscription: ClientSubscription): void {
    if (subscription !== this.#current || this.#caughtUp) return;
    this.#caughtUpIn = subscription.readableLength;
    this.#scheduleFlush(subscription);
  }

  /** Servers before 23.10 send no caught-up message: read how far the filter's events go now, and count reaching it as caught up. */
  #onConfirmation(subscription: ClientSubscription): void {
    if (subscription !== this.#current || !this.settings.filteredHead) return;
    this.settings.filteredHead().then(
      (target) => {
        if (subscription !== this.#current) return;
        this.#fallbackTarget = target;
        this.#scheduleFlush(subscription);
      },
      (error: unknown) => void this.#drop(subscription, error),
    );
  }

  #fallbackReached(): boolean {
    const target = this.#fallbackTarget;
    if (target === undefined) return false;
    return target === null || (this.#position !== null && comparePositions(this.#position, target) >= 0);
  }

  #skip(resolved: AllStreamResolvedEvent, error: unknown): void {
    try {
      this.settings.onSkipped?.(skippedEvent(resolved, error));
    } catch {
      // the subscriber's bug; delivery goes on
    }
  }

  #scheduleFlush(subscription: ClientSubscription): void {
    if (this.#flushScheduled || this.#handling) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      void this.#flush(subscription);
    });
  }

  async #flush(subscription: ClientSubscription): Promise<void> {
    let handled = false;
    while (subscription === this.#current && !this.#stopped && this.#page.length > 0) {
      const page = this.#page.splice(0, this.#maxCount);
      subscription.pause();
      this.#handling = this.handlers.onEvents(page);
      try {
        await this.#handling;
      } catch (error) {
        this.#handling = null;
        await this.#drop(subscription, error);
        return;
      }
      this.#handling = null;
      this.#position = page[page.length - 1]!.position;
      this.#retryMs = this.settings.retryMinMs ?? 100;
      handled = true;
    }
    if (subscription !== this.#current || this.#stopped) return;
    if (this.#caughtUpIn === 0 || (!this.#caughtUp && this.#fallbackReached())) this.#tellCaughtUp();
    else if (this.#caughtUp && handled && subscription.readableLength === 0) this.#tellCaughtUp(); // a live page, nothing behind it
    subscription.resume();
  }

  #tellCaughtUp(): void {
    this.#caughtUpIn = null;
    this.#caughtUp = true;
    try {
      // The last event handled: every matching event up to it has been. (The server's caught-up message
      // may carry a later position, but events after it can be on their way: it proves nothing past them.)
      this.handlers.onCaughtUp?.(this.#position);
    } catch {
      // the subscriber's bug; delivery goes on
    }
  }

  async #drop(subscription: ClientSubscription, error: unknown): Promise<void> {
    if (subscription !== this.#current || this.#stopped) return;
    this.#current = null;
    this.#caughtUp = false;
    await this.#handling?.catch(() => {}); // handlers run one at a time: the next subscription waits for this page
    void subscription.unsubscribe().catch(() => {});
    this.#scheduleRetry(error);
  }

  #scheduleRetry(error: unknown): void {
    if (this.#stopped) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(wait * 2, this.settings.retryMaxMs ?? 5000);
    try {
      this.handlers.onDropped?.(error, wait);
    } catch {
      // ignored, as onCaughtUp
    }
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#connect();
    }, wait);
  }
}

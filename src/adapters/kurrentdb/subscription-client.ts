/**
 * What `KurrentSubscription` needs from the client's subscription and from its owner (types only).
 */
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import type { Position } from '../../application/ports/index.js';

/** What `KurrentSubscription` uses of the client's `AllStreamSubscription` (a Node.js object-mode Readable). */
export interface ClientSubscription {
  on(event: 'data', listener: (event: AllStreamResolvedEvent) => void): this;
  on(event: 'caughtUp' | 'fellBehind', listener: (info: { position?: { commit: bigint; prepare: bigint } }) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'confirmation', listener: () => void): this;
  on(event: 'end' | 'close', listener: () => void): this;
  /** Objects buffered in the Readable, not yet emitted as 'data'. */
  readonly readableLength: number;
  pause(): this;
  resume(): this;
  unsubscribe(): Promise<void>;
}

/** Backoff and bookkeeping options. */
export interface KurrentSubscriptionOptions {
  /** Told once when `stop` is first called. */
  onStop?: () => void;
  /** First wait after a drop, ms; doubles on each drop in a row. Default 100. */
  retryMinMs?: number;
  /** Longest wait after a drop, ms. Default 5,000. */
  retryMaxMs?: number;
  /**
   * The position of the last `$all` event the subscription's filter matches (null: none). Read after each
   * confirmation: reaching it counts as caught up when the server sends no caught-up message.
   */
  filteredHead?: () => Promise<Position | null>;
  /** Told of each event skipped because it cannot be read (a link to a deleted event, data that is not JSON). */
  onSkipped?: (skipped: { position: Position | null; streamId: string | null; reason: string }) => void;
}

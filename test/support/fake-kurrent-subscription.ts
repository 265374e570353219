/**
 * A stand-in for the KurrentDB client's subscription (a Node.js object-mode Transform, as the client's is),
 * for unit tests of `KurrentSubscription` without a server: `send` queues events, the confirmation and the
 * caught-up message in order, as the server sends them.
 */
import { Transform } from 'node:stream';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import { encodePosition } from '../../src/adapters/kurrentdb/mapping.js';
import type { ClientSubscription } from '../../src/adapters/kurrentdb/subscription.js';
import type { Position } from '../../src/application/ports/index.js';

/** What `send` takes: event n, `-n` for event n with data that is not JSON, or a server message. */
export type FakeItem = number | 'caughtUp' | 'confirmation';

/** A client subscription stand-in: `send` queues events and messages in order, as the server does. */
export class FakeClientSubscription extends Transform implements ClientSubscription {
  unsubscribed = false;
  constructor(readonly from: Position | null) {
    super({ objectMode: true, highWaterMark: 2 });
  }
  override _transform(
    item: AllStreamResolvedEvent | 'caughtUp' | 'confirmation',
    _encoding: string,
    next: (error?: Error | null, value?: unknown) => void,
  ): void {
    if (item === 'caughtUp' || item === 'confirmation') {
      this.emit(item, {});
      next();
    } else next(null, item);
  }
  send(...items: FakeItem[]): void {
    for (const item of items)
      this.write(typeof item === 'string' ? item : item < 0 ? { event: { ...resolved(-item).event!, isJson: false } } : resolved(item));
  }
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/** Event `n` of `$all` at commit position n. */
export function resolved(n: number): AllStreamResolvedEvent {
  return {
    event: {
      streamId: 'project-a',
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      isJson: true,
      revision: BigInt(n),
      type: 'Thing',
      created: new Date(Date.UTC(2026, 0, 1)),
      data: { n },
      metadata: {},
      position: { commit: BigInt(n), prepare: BigInt(n) },
    },
  };
}
export const at = (n: number) => encodePosition({ commit: BigInt(n), prepare: BigInt(n) });

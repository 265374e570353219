/**
 * The KurrentDB subscription's own logic, without a server: pages and backpressure over the client's
 * object-mode stream, "caught up" only after every event sent before the server's caught-up message has
 * been handled, a repeated start event skipped, and a resubscription from the last handled position after
 * a failure. The stream stand-in is a Node.js Transform, as the client's subscription is; what the server
 * itself sends is checked by the contract suite when KURRENTDB_URL is set.
 */
import { Transform } from 'node:stream';
import { expect } from 'chai';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import { encodePosition } from '../../src/adapters/kurrentdb/mapping.js';
import { KurrentSubscription, type ClientSubscription } from '../../src/adapters/kurrentdb/subscription.js';
import type { Position, RecordedEvent } from '../../src/application/ports/event-store.js';
import { eventually } from '../contract/subscription.contract.js';

/** A client subscription stand-in: `send` queues events and the caught-up message in order, as the server does. */
class FakeClientSubscription extends Transform implements ClientSubscription {
  unsubscribed = false;
  constructor(readonly from: Position | null) {
    super({ objectMode: true, highWaterMark: 2 });
  }
  override _transform(item: AllStreamResolvedEvent | 'caughtUp', _encoding: string, next: (error?: Error | null, value?: unknown) => void): void {
    if (item === 'caughtUp') {
      this.emit('caughtUp', {});
      next();
    } else next(null, item);
  }
  send(...items: Array<number | 'caughtUp'>): void {
    for (const item of items) this.write(item === 'caughtUp' ? item : resolved(item));
  }
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/** Event `n` of `$all` at commit position n. */
function resolved(n: number): AllStreamResolvedEvent {
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
  } as AllStreamResolvedEvent;
}
const at = (n: number) => encodePosition({ commit: BigInt(n), prepare: BigInt(n) });

describe('KurrentSubscription (no server)', () => {
  const running: KurrentSubscription[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });

  function start(options: { maxCount?: number; from?: Position | null; onEvents?: (page: RecordedEvent[]) => Promise<void> } = {}) {
    const opened: FakeClientSubscription[] = [];
    const seen = { pages: [] as number[][], caughtUp: [] as Array<Position | null>, dropped: [] as string[] };
    const subscription = new KurrentSubscription(
      (from) => {
        const client = new FakeClientSubscription(from);
        opened.push(client);
        return client;
      },
      { from: options.from ?? null, maxCount: options.maxCount ?? 3 },
      {
        onEvents: async (page) => {
          await options.onEvents?.(page);
          seen.pages.push(page.map((e) => (e.data as { n: number }).n));
        },
        onCaughtUp: (position) => seen.caughtUp.push(position),
        onDropped: (error) => seen.dropped.push(String(error)),
      },
      { retryMinMs: 5 },
    );
    running.push(subscription);
    return { subscription, opened, seen };
  }

  it('delivers pages of at most maxCount, and says it caught up only after handling every event sent before', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const { opened, seen, subscription } = start({
      onEvents: async () => {
        if (first) await slow; // the stream is paused meanwhile: the rest waits in its buffer
        first = false;
      },
    });
    opened[0]!.send(1, 2, 3, 4, 5, 6, 7, 'caughtUp');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.caughtUp, 'not while events before the caught-up message wait').to.deep.equal([]);
    release();
    await eventually(() => expect(seen.caughtUp).to.deep.equal([at(7)]));
    expect(seen.pages.flat()).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.pages.every((page) => page.length <= 3)).to.equal(true);
    expect(subscription.caughtUp).to.equal(true);
    opened[0]!.send(8);
    await eventually(() => expect(seen.pages.flat()).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]));
  });

  it('skips the event at its start position when the server sends it again', async () => {
    const { opened, seen } = start({ from: at(2) });
    expect(opened[0]!.from).to.equal(at(2));
    opened[0]!.send(2, 3, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.have.length(1));
    expect(seen.pages.flat()).to.deep.equal([3]);
  });

  it('resubscribes from the last handled position after a stream error, with the failed events delivered again', async () => {
    const { opened, seen, subscription } = start({ maxCount: 2 });
    opened[0]!.send(1, 2, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.have.length(1));
    opened[0]!.emit('error', new Error('connection reset'));
    await eventually(() => expect(opened).to.have.length(2));
    expect(opened[0]!.unsubscribed).to.equal(true);
    expect(opened[1]!.from).to.equal(at(2));
    expect(seen.dropped).to.deep.equal(['Error: connection reset']);
    expect(subscription.caughtUp).to.equal(false);
    opened[1]!.send(3, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.have.length(2));
    expect(seen.pages.flat()).to.deep.equal([1, 2, 3]);
  });

  it('when its handler fails, resubscribes from before that page and delivers it again', async () => {
    let failures = 1;
    const { opened, seen } = start({
      onEvents: async () => {
        if (failures-- > 0) throw new Error('read model down');
      },
    });
    opened[0]!.send(1, 2, 'caughtUp');
    await eventually(() => expect(opened).to.have.length(2));
    expect(opened[1]!.from).to.equal(null);
    opened[1]!.send(1, 2, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.have.length(1));
    expect(seen.pages.flat()).to.deep.equal([1, 2]);
    expect(seen.dropped).to.deep.equal(['Error: read model down']);
  });

  it('stop() waits for the page being handled, unsubscribes, and nothing more is delivered', async () => {
    let release!: () => void;
    const handling = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const { opened, seen, subscription } = start({
      onEvents: async () => {
        entered();
        await handling;
      },
    });
    opened[0]!.send(1);
    await inHandler;
    let stopped = false;
    const stopping = subscription.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).to.equal(false);
    release();
    await stopping;
    expect(opened[0]!.unsubscribed).to.equal(true);
    opened[0]!.send(2, 'caughtUp');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.pages.flat()).to.deep.equal([1]);
    expect(seen.caughtUp).to.deep.equal([]);
  });
});

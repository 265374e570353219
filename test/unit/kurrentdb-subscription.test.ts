/**
 * The KurrentDB subscription's own logic, without a server: pages and backpressure over the client's
 * object-mode stream, "caught up" only after every event sent before the server's caught-up message has
 * been handled (or, with no such message, once the head read after the confirmation is) and again after
 * each live page, a repeated start event skipped, an unreadable event reported and skipped, and a
 * resubscription from the last handled position after a failure. The stream stand-in is
 * test/support/fake-kurrent-subscription.ts; what the server itself sends is checked by the contract suite
 * (on the server KURRENTDB_URL names, else on the wire-level double).
 */
import { expect } from 'chai';
import { KurrentSubscription } from '../../src/adapters/kurrentdb/subscription.js';
import type { Position, RecordedEvent } from '../../src/application/ports/index.js';
import { eventually } from '../contract/subscription.contract.js';
import { at, FakeClientSubscription } from '../support/fake-kurrent-subscription.js';

describe('KurrentSubscription (no server)', () => {
  const running: KurrentSubscription[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });

  function start(
    options: {
      maxCount?: number;
      from?: Position | null;
      onEvents?: (page: RecordedEvent[]) => Promise<void>;
      filteredHead?: () => Promise<Position | null>;
    } = {},
  ) {
    const opened: FakeClientSubscription[] = [];
    const seen = {
      pages: [] as number[][],
      caughtUp: [] as Array<Position | null>,
      dropped: [] as string[],
      skipped: [] as Array<Position | null>,
    };
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
      {
        retryMinMs: 5,
        onSkipped: (skipped) => seen.skipped.push(skipped.position),
        ...(options.filteredHead ? { filteredHead: options.filteredHead } : {}),
      },
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

  it('says caught up again after each live page once nothing is buffered (the server says it once)', async () => {
    const { opened, seen } = start();
    opened[0]!.send(1, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.deep.equal([at(1)]));
    opened[0]!.send(2);
    await eventually(() => expect(seen.caughtUp).to.deep.equal([at(1), at(2)]));
  });

  it('with no caught-up message (servers before 23.10), is caught up once the head read after the confirmation is handled', async () => {
    const { opened, seen, subscription } = start({ filteredHead: async () => at(3) });
    opened[0]!.send('confirmation', 1, 2);
    await eventually(() => expect(seen.pages.flat()).to.deep.equal([1, 2]));
    expect(seen.caughtUp).to.deep.equal([]);
    opened[0]!.send(3);
    await eventually(() => expect(seen.caughtUp).to.deep.equal([at(3)]));
    expect(subscription.caughtUp).to.equal(true);
  });

  it('reports and skips an event it cannot read, instead of dropping on it again and again', async () => {
    const { opened, seen } = start();
    opened[0]!.send(1, -2, 3, 'caughtUp');
    await eventually(() => expect(seen.caughtUp).to.deep.equal([at(3)]));
    expect([seen.pages.flat(), seen.skipped, seen.dropped, opened.length]).to.deep.equal([[1, 3], [at(2)], [], 1]);
  });
});

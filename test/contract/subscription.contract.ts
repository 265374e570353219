/**
 * The `subscribeToAll` part of the EventStore contract (registered by `describeEventStoreContract`):
 * catch up from a checkpoint, then live; say when caught up; resume after a failure, delivering the
 * failed page again; stop. Positions are compared, never counted.
 */
import { expect } from 'chai';
import type {
  EventData,
  EventStore,
  Position,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../../src/application/ports/index.js';

/** What one subscription was told, and the subscription. */
interface Recording {
  subscription: Subscription;
  pages: RecordedEvent[][];
  caughtUp: Array<Position | null>;
  dropped: Array<{ error: unknown; retryInMs: number }>;
  /** Every delivered event's data `n`, in delivery order. */
  numbers(): number[];
}

function things(from: number, count: number): EventData[] {
  return Array.from({ length: count }, (_, i) => ({ type: 'Thing', data: { n: from + i } }));
}

/** Resolve once `check` passes (retried every 5 ms), or fail with its last error after `timeoutMs`. */
export async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** Register `subscribeToAll` cases; `store()` gives the test's empty store. */
export function describeSubscriptionContract(store: () => EventStore): void {
  describe('subscribeToAll', () => {
    const open: Subscription[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((subscription) => subscription.stop()));
    });

    function subscribe(options: SubscribeToAllOptions, onEvents: (page: RecordedEvent[]) => Promise<void> = async () => {}): Recording {
      const recording: Omit<Recording, 'subscription'> = {
        pages: [],
        caughtUp: [],
        dropped: [],
        numbers: () => recording.pages.flat().map((event) => (event.data as { n: number }).n),
      };
      const subscription = store().subscribeToAll(options, {
        onEvents: async (page) => {
          await onEvents(page);
          recording.pages.push(page);
        },
        onCaughtUp: (position) => recording.caughtUp.push(position),
        onDropped: (error, retryInMs) => recording.dropped.push({ error, retryInMs }),
      });
      open.push(subscription);
      return Object.assign(recording, { subscription });
    }

    // No position on a truly empty store (the SQLite test checks that); through a test namespace on a
    // shared server the store may report the head it saw outside the namespace.
    it('says it has caught up on a store with nothing to deliver', async () => {
      const r = subscribe({ from: null });
      await eventually(() => expect(r.caughtUp).to.have.length(1));
      expect(r.subscription.caughtUp).to.equal(true);
      expect(r.pages).to.deep.equal([]);
    });

    it('catches up in pages of at most maxCount, says so at the head, then delivers appends live', async () => {
      await store().appendToStream('a', things(0, 3), { expectedRevision: 'no_stream' });
      const head = (await store().appendToStream('b', things(3, 2), { expectedRevision: 'no_stream' })).position;
      const r = subscribe({ from: null, maxCount: 2 });
      await eventually(() => expect(r.caughtUp).to.have.length(1));
      expect(r.caughtUp[0]).to.equal(head);
      expect(r.numbers()).to.deep.equal([0, 1, 2, 3, 4]);
      expect(r.pages.every((page) => page.length <= 2)).to.equal(true);

      const live = await store().appendToStream('a', things(5, 2), { expectedRevision: 2 });
      await eventually(() => expect(r.numbers()).to.deep.equal([0, 1, 2, 3, 4, 5, 6]));
      await eventually(() => expect(r.caughtUp.at(-1)).to.equal(live.position));
      const positions = r.pages.flat().map((event) => event.position);
      expect(positions).to.deep.equal([...positions].sort());
      expect(r.dropped).to.deep.equal([]);
    });

    it('starts strictly after its checkpoint', async () => {
      const first = await store().appendToStream('a', things(0, 2), { expectedRevision: 'no_stream' });
      await store().appendToStream('a', things(2, 1), { expectedRevision: 1 });
      const r = subscribe({ from: first.position });
      await eventually(() => expect(r.caughtUp).to.have.length(1));
      expect(r.numbers()).to.deep.equal([2]);
    });

    it('delivers only the streams of its prefix, and is caught up at its last event or at the head beyond it', async () => {
      const mine = await store().appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' });
      const other = await store().appendToStream('other', things(1, 1), { expectedRevision: 'no_stream' });
      const r = subscribe({ from: null, streamPrefix: 'project-' });
      await eventually(() => expect(r.caughtUp).to.have.length(1));
      expect([mine.position, other.position]).to.include(r.caughtUp[0]);
      expect(r.numbers()).to.deep.equal([0]);
      await store().appendToStream('other', things(2, 1), { expectedRevision: 0 });
      await store().appendToStream('project-b', things(3, 1), { expectedRevision: 'no_stream' });
      await eventually(() => expect(r.numbers()).to.deep.equal([0, 3]));
    });

    it('drops when its handler fails, says so, and delivers the same page again when it resumes', async () => {
      await store().appendToStream('a', things(0, 2), { expectedRevision: 'no_stream' });
      let failures = 1;
      const r = subscribe({ from: null }, async () => {
        if (failures-- > 0) throw new Error('read model down');
      });
      await eventually(() => expect(r.caughtUp).to.have.length(1));
      expect(r.dropped.map(({ error }) => String(error))).to.deep.equal(['Error: read model down']);
      expect(r.dropped[0]!.retryInMs).to.be.above(0);
      expect(r.numbers()).to.deep.equal([0, 1]);
    });

    it('after stop() has resolved, delivers nothing more; stop waits for the page being handled', async () => {
      await store().appendToStream('a', things(0, 1), { expectedRevision: 'no_stream' });
      let release!: () => void;
      const handling = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inHandler = new Promise<void>((resolve) => (entered = resolve));
      const r = subscribe({ from: null }, async () => {
        entered();
        await handling;
      });
      await inHandler;
      let stopped = false;
      const stopping = r.subscription.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stopped, 'stop() resolved while a page was being handled').to.equal(false);
      release();
      await stopping;
      expect(r.subscription.caughtUp).to.equal(false);
      const delivered = r.pages.length;
      await store().appendToStream('a', things(1, 1), { expectedRevision: 0 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(r.pages.length).to.equal(delivered);
    });
  });
}

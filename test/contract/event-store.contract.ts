/**
 * The EventStore contract: KurrentDB semantics every adapter must show (ARCHITECTURE §2).
 * Reuse it from an adapter's `*.test.ts`:
 *
 *   describeEventStoreContract('sqlite', async () => ({ store, cleanup }));
 *
 * `factory` is called before each test and must return a store whose `$all` is empty.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { describeSubscriptionContract } from './subscription.contract.js';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type EventData,
  type ExpectedRevision,
  type Position,
} from '../../src/application/ports/index.js';
import type { HintingEventStore } from '../../src/adapters/shared/append-hints.js';

/** What the factory returns: an empty store (with the adapters' append hints), and how to dispose of it after the test. */
export interface EventStoreFixture {
  store: HintingEventStore;
  cleanup(): Promise<void>;
}

function events(count: number, type = 'Thing'): EventData[] {
  return Array.from({ length: count }, (_, i) => ({ type, data: { n: i } }));
}

/** Assert that `promise` is refused with WrongExpectedRevisionError carrying `expected` and the stream's `actual` revision. */
export async function expectWrongRevision(
  promise: Promise<unknown>,
  expected: ExpectedRevision,
  actual: number | 'no_stream',
): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (caught) {
    error = caught;
  }
  expect(error, 'append should be refused').to.be.instanceOf(WrongExpectedRevisionError);
  const wrong = error as WrongExpectedRevisionError;
  expect(wrong.expected).to.equal(expected);
  expect(wrong.actual).to.equal(actual);
}

/** Register the contract suite as `EventStore contract: <name>`; `factory` runs before each test and must give an empty store. */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: HintingEventStore;
    let fixture: EventStoreFixture;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    /** Positions are opaque: only their order is asserted, never a distance between them. */
    function expectIncreasing(positions: Position[]): void {
      positions
        .slice(1)
        .forEach((position, i) => expect(comparePositions(positions[i]!, position), `${positions[i]} before ${position}`).to.be.below(0));
    }

    /** Appending is refused and nothing at all is written. */
    async function expectRefusedWithoutWrites(
      streamId: string,
      append: () => Promise<unknown>,
      expected: ExpectedRevision,
      actual: number | 'no_stream',
    ) {
      const streamBefore = await store.readStream(streamId);
      const headBefore = (await store.head())?.position ?? null;
      await expectWrongRevision(append(), expected, actual);
      expect(await store.readStream(streamId)).to.deep.equal(streamBefore);
      expect((await store.head())?.position ?? null).to.equal(headBefore);
    }

    describe('revisions and positions', () => {
      it('an empty store has no head; an append reports the position of its event, which becomes the head', async () => {
        expect(await store.head()).to.equal(null);
        const result = await store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' });
        const [stored] = await store.readStream('s-1');
        expect(result).to.deep.equal({ nextExpectedRevision: 0, position: stored!.position });
        expect(await store.head()).to.deep.equal({ position: stored!.position, recordedAt: stored!.recordedAt });
      });

      it('with a stream prefix, the head is the last event of the streams starting with it (null when none)', async () => {
        expect(await store.head({ streamPrefix: 'p-' })).to.equal(null);
        await store.appendToStream('p-1', events(1), { expectedRevision: 'no_stream' });
        const [mine] = await store.readStream('p-1');
        await store.appendToStream('q-1', events(1), { expectedRevision: 'no_stream' });
        expect(await store.head({ streamPrefix: 'p-' })).to.deep.equal({ position: mine!.position, recordedAt: mine!.recordedAt });
        expect((await store.head())!.position).to.not.equal(mine!.position);
        expect(await store.head({ streamPrefix: 'r-' })).to.equal(null);
      });

      it('numbers stream revisions from 0 and continues them across appends', async () => {
        const first = await store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' });
        const second = await store.appendToStream('s-1', events(2), { expectedRevision: first.nextExpectedRevision });
        expect(first.nextExpectedRevision).to.equal(0);
        expect(second.nextExpectedRevision).to.equal(2);
        expect((await store.readStream('s-1')).map((e) => e.revision)).to.deep.equal([0, 1, 2]);
      });

      it('appends several events atomically, in order, at increasing positions', async () => {
        const result = await store.appendToStream('s-1', events(3), { expectedRevision: 'no_stream' });
        const stored = await store.readStream('s-1');
        expect(stored.map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }]);
        expectIncreasing(stored.map((e) => e.position));
        expect(stored[2]!.position).to.equal(result.position);
        expect(result.nextExpectedRevision).to.equal(2);
      });

      it('records id, type, data, metadata and time; assigns a UUID when no id is given', async () => {
        const id = randomUUID();
        await store.appendToStream(
          's-1',
          [
            { id, type: 'Named', data: { text: 'ünïcode ✓', nested: { list: [1, null, true] } }, metadata: { correlationId: 'c-1' } },
            { type: 'Anonymous', data: { n: 2 } },
          ],
          { expectedRevision: 'any' },
        );
        const [first, second] = await store.readStream('s-1');
        expect(first).to.include({ id, streamId: 's-1', revision: 0, type: 'Named' });
        expect(first!.data).to.deep.equal({ text: 'ünïcode ✓', nested: { list: [1, null, true] } });
        expect(first!.metadata).to.deep.equal({ correlationId: 'c-1' });
        expect(second!.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
        expect(second!.id).not.to.equal(id);
        expect(second!.metadata).to.deep.equal({});
        expect(new Date(second!.recordedAt).toISOString()).to.equal(second!.recordedAt);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' succeeds on a new stream and is refused on an existing one", async () => {
        await store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' });
        await expectRefusedWithoutWrites(
          's-1',
          () => store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' }),
          'no_stream',
          0,
        );
      });

      it("'stream_exists' is refused on a new stream and succeeds on an existing one", async () => {
        await expectRefusedWithoutWrites(
          's-1',
          () => store.appendToStream('s-1', events(1), { expectedRevision: 'stream_exists' }),
          'stream_exists',
          'no_stream',
        );
        await store.appendToStream('s-1', events(1), { expectedRevision: 'any' });
        const result = await store.appendToStream('s-1', events(1), { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).to.equal(1);
      });

      it('a number succeeds only when it is the last revision', async () => {
        await store.appendToStream('s-1', events(2), { expectedRevision: 'no_stream' }); // revisions 0, 1
        await expectRefusedWithoutWrites('s-1', () => store.appendToStream('s-1', events(1), { expectedRevision: 0 }), 0, 1);
        await expectRefusedWithoutWrites('s-1', () => store.appendToStream('s-1', events(1), { expectedRevision: 2 }), 2, 1);
        const result = await store.appendToStream('s-1', events(1), { expectedRevision: 1 });
        expect(result.nextExpectedRevision).to.equal(2);
      });

      it('a number is refused on a stream that does not exist', async () => {
        await expectRefusedWithoutWrites('s-1', () => store.appendToStream('s-1', events(1), { expectedRevision: 0 }), 0, 'no_stream');
      });

      it("'any' succeeds on new and existing streams", async () => {
        const first = await store.appendToStream('s-1', events(1), { expectedRevision: 'any' });
        const second = await store.appendToStream('s-1', events(1), { expectedRevision: 'any' });
        expect([first.nextExpectedRevision, second.nextExpectedRevision]).to.deep.equal([0, 1]);
      });

      it('a refused multi-event append writes none of its events, in any stream', async () => {
        await store.appendToStream('other', events(1), { expectedRevision: 'no_stream' });
        await store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' });
        await expectRefusedWithoutWrites(
          's-1',
          () => store.appendToStream('s-1', events(5), { expectedRevision: 'no_stream' }),
          'no_stream',
          0,
        );
        expect(await store.readAll()).to.have.length(2);
      });

      it('appending zero events checks the expected revision and writes nothing', async () => {
        await store.appendToStream('s-1', events(2), { expectedRevision: 'no_stream' });
        const head = (await store.head())?.position ?? null;
        const result = await store.appendToStream('s-1', [], { expectedRevision: 1 });
        expect(result).to.deep.equal({ nextExpectedRevision: 1, position: head });
        await expectRefusedWithoutWrites('s-1', () => store.appendToStream('s-1', [], { expectedRevision: 0 }), 0, 1);
        await store.appendToStream('new', [], { expectedRevision: 'no_stream' });
        expect(await store.readStream('new')).to.deep.equal([]);
        expect((await store.head())?.position ?? null).to.equal(head);
      });

      it('of concurrent appends with the same expected revision, exactly one wins', async () => {
        await store.appendToStream('s-1', events(1), { expectedRevision: 'no_stream' });
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) => store.appendToStream('s-1', [{ type: 'Attempt', data: { i } }], { expectedRevision: 0 })),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).to.have.length(1);
        expect(lost).to.have.length(4);
        for (const loss of lost) expect(loss.reason).to.be.instanceOf(WrongExpectedRevisionError);
        expect((await store.readStream('s-1')).map((e) => e.revision)).to.deep.equal([0, 1]);
      });

      it("of concurrent 'no_stream' appends, exactly one creates the stream", async () => {
        const attempts = await Promise.allSettled(
          Array.from({ length: 3 }, () => store.appendToStream('s-1', events(2), { expectedRevision: 'no_stream' })),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).to.have.length(1);
        expect(await store.readStream('s-1')).to.have.length(2);
      });
    });

    describe('readStream', () => {
      beforeEach(async () => {
        await store.appendToStream('s-1', events(5), { expectedRevision: 'no_stream' });
        await store.appendToStream('s-2', events(1), { expectedRevision: 'no_stream' });
      });

      it('returns only that stream, in revision order', async () => {
        const stored = await store.readStream('s-1');
        expect(stored.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3, 4]);
        expect(stored.every((e) => e.streamId === 's-1')).to.equal(true);
      });

      it('starts at fromRevision and stops after maxCount', async () => {
        expect((await store.readStream('s-1', { fromRevision: 3 })).map((e) => e.revision)).to.deep.equal([3, 4]);
        expect((await store.readStream('s-1', { maxCount: 2 })).map((e) => e.revision)).to.deep.equal([0, 1]);
        expect((await store.readStream('s-1', { fromRevision: 1, maxCount: 3 })).map((e) => e.revision)).to.deep.equal([1, 2, 3]);
        expect(await store.readStream('s-1', { fromRevision: 5 })).to.deep.equal([]);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream('nope')).to.deep.equal([]);
      });

      it('streamRevision (where the store has it): the last revision of a stream, null when there is none', async function () {
        if (!store.streamRevision) this.skip();
        expect([await store.streamRevision('s-1'), await store.streamRevision('s-2'), await store.streamRevision('nope')]).to.deep.equal([
          4,
          0,
          null,
        ]);
      });
    });

    describe('readAll and headPosition', () => {
      it('is increasing across streams, in append order', async () => {
        await store.appendToStream('a', events(2, 'A'), { expectedRevision: 'no_stream' });
        await store.appendToStream('b', events(1, 'B'), { expectedRevision: 'no_stream' });
        await store.appendToStream('a', events(1, 'A'), { expectedRevision: 1 });
        const all = await store.readAll();
        expect(all.map((e) => [e.streamId, e.revision])).to.deep.equal([
          ['a', 0],
          ['a', 1],
          ['b', 0],
          ['a', 2],
        ]);
        expectIncreasing(all.map((e) => e.position));
        expect((await store.head())?.position).to.equal(all[3]!.position);
      });

      it('keeps $all order past a change in the number of digits (12 events: 9 → 10 → 11 …)', async () => {
        await store.appendToStream('a', events(12), { expectedRevision: 'no_stream' });
        const all = await store.readAll();
        expect(all.map((e) => e.revision)).to.deep.equal([...Array(12).keys()]);
        expectIncreasing(all.map((e) => e.position));
        expect((await store.head())?.position).to.equal(all[11]!.position);
        expect((await store.readAll({ after: all[8]!.position, maxCount: 2 })).map((e) => e.revision)).to.deep.equal([9, 10]);
      });

      it('reads strictly after `after`, at most maxCount', async () => {
        await store.appendToStream('a', events(6), { expectedRevision: 'no_stream' });
        const all = await store.readAll();
        const p = all.map((e) => e.position);
        expect((await store.readAll({ after: p[1]! })).map((e) => e.position)).to.deep.equal(p.slice(2));
        expect((await store.readAll({ after: p[1]!, maxCount: 2 })).map((e) => e.position)).to.deep.equal(p.slice(2, 4));
        expect((await store.readAll({ maxCount: 1 })).map((e) => e.position)).to.deep.equal([p[0]]);
        expect((await store.readAll({ after: null })).map((e) => e.position)).to.deep.equal(p);
        expect(await store.readAll({ after: p[5]! })).to.deep.equal([]);
      });

      it('reads only the streams whose id starts with `streamPrefix`, still in position order', async () => {
        await store.appendToStream('project-a', events(2), { expectedRevision: 'no_stream' });
        await store.appendToStream('other-b', events(1), { expectedRevision: 'no_stream' });
        await store.appendToStream('project-c', events(1), { expectedRevision: 'no_stream' });
        await store.appendToStream('projector', events(1), { expectedRevision: 'no_stream' });
        const projects = await store.readAll({ streamPrefix: 'project-' });
        expect(projects.map((e) => [e.streamId, e.revision])).to.deep.equal([
          ['project-a', 0],
          ['project-a', 1],
          ['project-c', 0],
        ]);
        expect(
          (await store.readAll({ streamPrefix: 'project-', after: projects[0]!.position, maxCount: 1 })).map((e) => e.streamId),
        ).to.deep.equal(['project-a']);
        expect(await store.readAll({ streamPrefix: 'nothing-' })).to.deep.equal([]);
      });

      it('listStreams: the ids starting with the prefix, once each, in byte order, after `after`, at most `limit`', async () => {
        for (const id of ['layout-w:c', 'layout-w:a', 'layout-v:z', 'layout-w:b', 'partial-w:a', 'layout-w']) {
          await store.appendToStream(id, events(2), { expectedRevision: 'no_stream' });
        }
        await store.appendToStream('layout-w:a', events(1), { expectedRevision: 1 });
        expect(await store.listStreams({ prefix: 'layout-w:', limit: 10 })).to.deep.equal(['layout-w:a', 'layout-w:b', 'layout-w:c']);
        expect(await store.listStreams({ prefix: 'layout-w:', limit: 2 })).to.deep.equal(['layout-w:a', 'layout-w:b']);
        expect(await store.listStreams({ prefix: 'layout-w:', after: 'layout-w:b', limit: 2 })).to.deep.equal(['layout-w:c']);
        expect(await store.listStreams({ prefix: 'layout-w:', after: 'layout-w:c', limit: 2 })).to.deep.equal([]);
        expect(await store.listStreams({ prefix: 'layout-', limit: 10 })).to.deep.equal([
          'layout-v:z',
          'layout-w',
          'layout-w:a',
          'layout-w:b',
          'layout-w:c',
        ]);
        expect(await store.listStreams({ prefix: 'nothing-', limit: 10 })).to.deep.equal([]);
      });

      it('returns the same events readStream does', async () => {
        await store.appendToStream('a', [{ type: 'T', data: { x: 1 }, metadata: { m: true } }], { expectedRevision: 'no_stream' });
        expect(await store.readAll()).to.deep.equal(await store.readStream('a'));
      });
    });

    describe('onAppended', () => {
      it('fires once per append with the position of its last event', async () => {
        const seen: Position[] = [];
        store.onAppended((position) => seen.push(position));
        const first = await store.appendToStream('a', events(3), { expectedRevision: 'no_stream' });
        const second = await store.appendToStream('b', events(1), { expectedRevision: 'no_stream' });
        expect(seen).to.deep.equal([first.position, second.position]);
      });

      it('does not fire for a refused append, and stops after unsubscribing', async () => {
        const seen: Position[] = [];
        const unsubscribe = store.onAppended((position) => seen.push(position));
        const first = await store.appendToStream('a', events(1), { expectedRevision: 'no_stream' });
        await expectWrongRevision(store.appendToStream('a', events(1), { expectedRevision: 'no_stream' }), 'no_stream', 0);
        unsubscribe();
        await store.appendToStream('a', events(1), { expectedRevision: 0 });
        expect(seen).to.deep.equal([first.position]);
      });

      it('a listener that throws fails neither the append nor the other listeners', async () => {
        const seen: Position[] = [];
        store.onAppended(() => {
          throw new Error('listener bug');
        });
        store.onAppended((position) => seen.push(position));
        const result = await store.appendToStream('a', events(1), { expectedRevision: 'no_stream' });
        expect(seen).to.deep.equal([result.position]);
        expect(await store.readStream('a')).to.have.length(1);
      });
    });

    describeSubscriptionContract(() => store);
  });
}

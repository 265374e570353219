/**
 * The KurrentDB adapter over the wire-level double, under what a healthy test server does not show on
 * demand: client options in the URL (`throwOnAppendFailure=false`, `defaultDeadline`), a server without
 * `CaughtUp` (before 23.10), dropped subscriptions, UNAVAILABLE, a held append, `MaxAppendSize`, a user
 * without `$all` access, an unreadable event. Each test has a double of its own, whatever `KURRENTDB_URL` says.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { binaryEvent } from '@kurrent/kurrentdb-client';
import {
  connectKurrent,
  KurrentEventStore,
  type KurrentEventStoreOptions,
  type SkippedEvent,
} from '../../src/adapters/kurrentdb/event-store.js';
import { KurrentAccessDeniedError } from '../../src/adapters/kurrentdb/mapping.js';
import {
  DependencyUnavailableError,
  AppendTooLargeError,
  WrongExpectedRevisionError,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '../../src/application/ports/index.js';
import { startKurrentDouble, type KurrentFaults } from '../support/kurrentdb-double/server.js';
import { eventually } from './subscription.contract.js';

const things = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ type: 'Thing', data: { n: from + i } }));

describe('KurrentDB adapter under injected faults (wire-level double)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A double of the test's own, and a store on it; `query` is added to the URL (client options). */
  async function onDouble(faults: Partial<KurrentFaults> = {}, query = '', options: KurrentEventStoreOptions = {}) {
    const double = await startKurrentDouble({ faults });
    const client = connectKurrent(double.url + query);
    const store = new KurrentEventStore(client, options);
    cleanups.push(async () => {
      await store.close();
      await double.stop();
    });
    return { double, store, client };
  }

  function record(store: KurrentEventStore, options: SubscribeToAllOptions) {
    const seen = { pages: [] as RecordedEvent[][], caughtUp: [] as Array<Position | null>, dropped: [] as unknown[] };
    const subscription = store.subscribeToAll(options, {
      onEvents: async (page) => void seen.pages.push(page),
      onCaughtUp: (position) => seen.caughtUp.push(position),
      onDropped: (error) => seen.dropped.push(error),
    });
    const numbers = () => seen.pages.flat().map((event) => (event.data as { n: number }).n);
    return { subscription, seen, numbers };
  }

  it('K1: with throwOnAppendFailure=false in the URL, a stale append is still WrongExpectedRevisionError, and nothing is lost silently', async () => {
    const { store } = await onDouble({}, '&throwOnAppendFailure=false');
    await store.appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' });
    await store.appendToStream('project-a', things(1, 1), { expectedRevision: 0 }); // the other writer
    const stale = await store.appendToStream('project-a', things(9, 1), { expectedRevision: 0 }).catch((error: unknown) => error);
    expect(stale).to.be.instanceOf(WrongExpectedRevisionError).and.to.include({ expected: 0, actual: 1 });
    const missing = await store.appendToStream('project-new', things(0, 1), { expectedRevision: 3 }).catch((error: unknown) => error);
    expect(missing).to.be.instanceOf(WrongExpectedRevisionError).and.to.include({ actual: 'no_stream' });
    expect((await store.readStream('project-a')).map((e) => (e.data as { n: number }).n)).to.deep.equal([0, 1]);
  });

  it('K2: on a server that sends no CaughtUp (before 23.10), catches up once the filtered head is handled', async () => {
    const { store } = await onDouble({ noCaughtUp: true });
    await store.appendToStream('project-a', things(0, 3), { expectedRevision: 'no_stream' });
    const last = await store.appendToStream('project-b', things(3, 2), { expectedRevision: 'no_stream' });
    await store.appendToStream('other-c', things(99, 1), { expectedRevision: 'no_stream' }); // past the filter's head
    const r = record(store, { from: null, streamPrefix: 'project-', maxCount: 2 });
    await eventually(() => expect(r.seen.caughtUp).to.deep.equal([last.position]));
    expect([r.numbers(), r.subscription.caughtUp]).to.deep.equal([[0, 1, 2, 3, 4], true]);
    const live = await store.appendToStream('project-a', things(5, 1), { expectedRevision: 2 });
    await eventually(() => expect(r.seen.caughtUp.at(-1)).to.equal(live.position));
  });

  it('K2: on such a server with nothing to deliver, says caught up at once (null)', async () => {
    const { store } = await onDouble({ noCaughtUp: true });
    const r = record(store, { from: null, streamPrefix: 'project-' });
    await eventually(() => expect(r.seen.caughtUp).to.deep.equal([null]));
  });

  it("K4: head() with a stream prefix ignores later events of other applications' streams", async () => {
    const { store } = await onDouble({}, '', { headStreamPrefix: 'project-' });
    const mine = await store.appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' });
    await store.appendToStream('other-app', things(1, 1), { expectedRevision: 'no_stream' });
    expect((await store.head())?.position).to.equal(mine.position);
  });

  it("K7: the server's MaxAppendSize (type, data and metadata) is AppendTooLargeError; nothing is written", async () => {
    const { store } = await onDouble({ maxAppendSize: 2000 });
    const metadataOnly = { type: 'T', data: { text: 'x'.repeat(1900) }, metadata: { note: 'y'.repeat(200) } }; // the data alone fits
    const refused = await store
      .appendToStream('project-a', [metadataOnly], { expectedRevision: 'no_stream' })
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(AppendTooLargeError).and.to.include({ streamId: 'project-a', maxBytes: 2000 });
    expect(await store.readStream('project-a')).to.deep.equal([]);
  });

  it('K7: a user who may not read $all, or write the project streams, gets an error naming the permission, not a connection failure', async () => {
    const { store } = await onDouble({ denyAll: true, deniedStreamPrefix: 'project-' });
    const denied = await store.head().catch((error: unknown) => error);
    expect(denied).to.be.instanceOf(KurrentAccessDeniedError);
    expect((denied as Error).message)
      .to.include('admin user')
      .and.to.include('KURRENTDB_URL');
    const refused = await store
      .appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' })
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(KurrentAccessDeniedError);
  });

  it('K9: an event that is not JSON is reported and skipped; the subscription goes on and catches up', async () => {
    const { store, client } = await onDouble();
    const skipped: SkippedEvent[] = [];
    store.onSkipped((event) => skipped.push(event));
    await store.appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' });
    await client.appendToStream('project-b', binaryEvent({ type: 'Opaque', data: Buffer.from([0xff, 0x00]) }));
    const last = await store.appendToStream('project-a', things(1, 1), { expectedRevision: 0 });
    const r = record(store, { from: null, streamPrefix: 'project-' });
    await eventually(() => expect(r.seen.caughtUp).to.deep.equal([last.position]));
    expect(r.numbers()).to.deep.equal([0, 1]);
    expect(r.seen.dropped).to.deep.equal([]);
    expect(skipped.map((s) => s.streamId)).to.deep.equal(['project-b']);
    expect(skipped[0]!.reason).to.include('not JSON');
  });

  it('resubscribes after the server drops live subscriptions (UNAVAILABLE): every event once, in order, caught up again', async () => {
    const { store, double } = await onDouble();
    const r = record(store, { from: null, streamPrefix: 'project-' });
    await eventually(() => expect(r.seen.caughtUp).to.have.length(1));
    await store.appendToStream('project-a', things(0, 5), { expectedRevision: 'no_stream' });
    await eventually(() => expect(r.numbers()).to.have.length(5));
    expect(double.dropSubscriptions()).to.equal(1);
    await store.appendToStream('project-a', things(5, 5), { expectedRevision: 4 });
    await eventually(() => expect(r.numbers()).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(r.seen.dropped).to.have.length(1);
    expect(r.seen.dropped[0]).to.be.instanceOf(DependencyUnavailableError);
    await eventually(() => expect(r.subscription.caughtUp).to.equal(true));
  });

  it('an append the server fails with UNAVAILABLE is DependencyUnavailableError, and the next append goes through', async () => {
    const { store } = await onDouble({ unavailableAppends: 1 });
    const failed = await store
      .appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' })
      .catch((error: unknown) => error);
    expect(failed).to.be.instanceOf(DependencyUnavailableError);
    await store.appendToStream('project-a', things(1, 1), { expectedRevision: 'no_stream' });
    expect((await store.readStream('project-a')).map((e) => (e.data as { n: number }).n)).to.deep.equal([1]);
  });

  it('an append held past its deadline is DependencyUnavailableError though it may have landed; the same ids retried answer that write', async () => {
    const { store, double } = await onDouble({ holdAppends: { commit: true } }, '&defaultDeadline=300');
    const save = [{ id: randomUUID(), type: 'Saved', data: { n: 0 } }];
    const timedOut = await store.appendToStream('project-a', save, { expectedRevision: 'no_stream' }).catch((error: unknown) => error);
    expect(timedOut).to.be.instanceOf(DependencyUnavailableError);
    expect(double.log.stream('project-a')).to.have.length(1); // it landed: the caller cannot know (K6)
    double.faults.holdAppends = null;
    const retried = await store.appendToStream('project-a', save, { expectedRevision: 'no_stream' });
    const [stored] = await store.readStream('project-a');
    expect(retried).to.deep.equal({ nextExpectedRevision: 0, position: stored!.position });
  });

  it("KURRENTDB_DEADLINE_MS: an append held by the server is DependencyUnavailableError at the store's deadline, not the client's 10 s (issue 19)", async () => {
    const { store } = await onDouble({ holdAppends: { commit: false } }, '', { deadlineMs: 300 });
    const started = Date.now();
    const timedOut = await store
      .appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' })
      .catch((error: unknown) => error);
    expect(timedOut).to.be.instanceOf(DependencyUnavailableError);
    expect(Date.now() - started).to.be.below(3000);
  });

  it('KURRENTDB_DEADLINE_MS: a read the server never answers (the bridge has no deadline) is DependencyUnavailableError within the bound (issue 19)', async () => {
    const { store, double } = await onDouble({}, '', { deadlineMs: 300 });
    await store.appendToStream('project-a', things(0, 1), { expectedRevision: 'no_stream' });
    double.faults.holdReads = true;
    for (const read of [() => store.head(), () => store.readStream('project-a'), () => store.readAll({})]) {
      const started = Date.now();
      const error = await read().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(DependencyUnavailableError);
      expect((error as DependencyUnavailableError).dependency).to.equal('kurrentdb');
      expect(Date.now() - started).to.be.below(3000);
    }
    double.faults.holdReads = false;
    expect(await store.readStream('project-a')).to.have.length(1);
  });
});

/**
 * Reads of `revision-history` version 2 (src/application/read/revision-index.ts) over an in-memory store that
 * counts round trips: paging, the revision live at an instant in a bounded number of round trips, the
 * creation a revision belongs to, and version 1's layout while it is still served.
 */
import { expect } from 'chai';
import { projectPartition, revisionKey, type RevisionHistoryDoc, type RevisionHistoryItem } from '../../projections/index.js';
import type { DocumentLocation, ReadModelStore } from '../../src/application/ports/index.js';
import { creationOf, revisionLiveAt, revisionPage } from '../../src/application/read/revision-index.js';

const REF = { workspace: 'acme', projectId: 'welcome' };
const START = Date.parse('2026-01-01T00:00:00.000Z');
const time = (revision: number) => new Date(START + revision * 1000).toISOString();

/** An in-memory read-model store of 'revision-history' documents that counts its round trips. */
class CountingStore implements Pick<ReadModelStore, 'get' | 'getMany' | 'list'> {
  readonly docs = new Map<string, unknown>();
  roundTrips = 0;
  put(location: DocumentLocation, doc: unknown): void {
    this.docs.set(JSON.stringify([location.partition, location.key]), doc);
  }
  async get<T>(collection: string, location: DocumentLocation): Promise<T | null> {
    return (await this.getMany<T>(collection, [location]))[0]!;
  }
  async getMany<T>(_collection: string, locations: DocumentLocation[]): Promise<Array<T | null>> {
    this.roundTrips += 1;
    return locations.map((l) => (this.docs.get(JSON.stringify([l.partition, l.key])) ?? null) as T | null);
  }
  async list<T>(
    _collection: string,
    options: { partition: string; after?: string; limit: number },
  ): Promise<Array<{ key: string; doc: T }>> {
    this.roundTrips += 1;
    const rows = [...this.docs]
      .map(([id, doc]) => ({ at: JSON.parse(id) as [string, string], doc: doc as T }))
      .filter(({ at: [partition, key] }) => partition === options.partition && (options.after === undefined || key > options.after))
      .sort((a, b) => (a.at[1] < b.at[1] ? -1 : 1));
    return rows.slice(0, options.limit).map(({ at, doc }) => ({ key: at[1], doc }));
  }
}

function item(revision: number, event: RevisionHistoryItem['event']): RevisionHistoryItem {
  const published = event !== 'deleted';
  return {
    revision,
    event,
    occurredAt: time(revision),
    mjmlVersion: published ? '5.4.1' : null,
    publishedHtmlBytes: published ? 100 : null,
    name: published ? 'n' : null,
  };
}

/** 100,001 revisions: created 0, saves, deleted 40,000, created again 40,001, saves to 100,000. */
const HEAD = 100_000;
const kindOf = (r: number): RevisionHistoryItem['event'] => (r === 0 || r === 40_001 ? 'created' : r === 40_000 ? 'deleted' : 'saved');

describe('revision-index: revision-history version 2 reads', () => {
  const store = new CountingStore();
  before(() => {
    for (let r = 0; r <= HEAD; r++) store.put({ partition: projectPartition(REF), key: revisionKey(r) }, item(r, kindOf(r)));
  });
  beforeEach(() => (store.roundTrips = 0));

  it('revisionLiveAt: the last revision at or before the instant, in at most 4 round trips over 100,001 revisions', async () => {
    const cases: Array<[number, number | null]> = [
      [START - 1, null],
      [START, 0],
      [START + 999, 0],
      [START + 1000, 1],
      [START + 39_999_500, 39_999],
      [START + 40_000_000, 40_000],
      [START + 77_777_777, 77_777],
      [START + HEAD * 1000, HEAD],
      [START + HEAD * 1000 + 5000, HEAD],
    ];
    for (const [at, expected] of cases) {
      store.roundTrips = 0;
      const live = await revisionLiveAt(store, REF, HEAD, at);
      expect(live?.revision ?? null, new Date(at).toISOString()).to.equal(expected);
      expect(store.roundTrips, `round trips for ${new Date(at).toISOString()}`).to.be.at.most(4);
    }
  });

  it('revisionLiveAt: undefined (ask the stream) when a probed revision has no document', async () => {
    expect(await revisionLiveAt(store, { workspace: 'acme', projectId: 'unindexed' }, 10, START + 5000)).to.equal(undefined);
  });

  it('creationOf: the last creation at or before the revision, walking back from it 500 revisions a round trip', async () => {
    expect(await creationOf(store, REF, 40_001)).to.equal(time(40_001));
    expect(await creationOf(store, REF, 40_300)).to.equal(time(40_001));
    expect(store.roundTrips, 'a creation within 500 revisions: one round trip each').to.equal(2);
    store.roundTrips = 0;
    // The cost the caller only pays for a revision from an earlier life of the id (module doc): 40,000 back.
    expect(await creationOf(store, REF, 39_999)).to.equal(time(0));
    expect(store.roundTrips).to.equal(80);
  });

  it('revisionPage: pages of `limit` in revision order, each one list, the last with nextAfter null', async () => {
    const first = await revisionPage(store, REF, { limit: 200 });
    expect(first.items.map((i) => i.revision)).to.deep.equal(Array.from({ length: 200 }, (_, i) => i));
    expect(first.nextAfter).to.equal(199);
    expect(store.roundTrips).to.equal(1);
    const middle = await revisionPage(store, REF, { after: 39_999, limit: 3 });
    expect(middle.items.map((i) => [i.revision, i.event])).to.deep.equal([
      [40_000, 'deleted'],
      [40_001, 'created'],
      [40_002, 'saved'],
    ]);
    const last = await revisionPage(store, REF, { after: HEAD - 2, limit: 2 });
    expect([last.items.map((i) => i.revision), last.nextAfter]).to.deep.equal([[HEAD - 1, HEAD], null]);
  });
});

describe('revision-index: while version 1 is still served', () => {
  const store = new CountingStore();
  const items = [item(0, 'created'), item(1, 'saved'), item(2, 'deleted'), item(3, 'created'), item(4, 'saved')];
  before(() =>
    store.put({ partition: REF.workspace, key: REF.projectId }, {
      workspace: 'acme',
      id: 'welcome',
      revision: 4,
      items,
    } satisfies RevisionHistoryDoc),
  );

  it("revisionPage pages version 1's list", async () => {
    expect(await revisionPage(store, REF, { limit: 2 })).to.deep.equal({ items: items.slice(0, 2), nextAfter: 1 });
    expect(await revisionPage(store, REF, { after: 1, limit: 2 })).to.deep.equal({ items: items.slice(2, 4), nextAfter: 3 });
    expect(await revisionPage(store, REF, { after: 3, limit: 2 })).to.deep.equal({ items: items.slice(4), nextAfter: null });
  });

  it("revisionLiveAt answers undefined (the stream answers), creationOf reads version 1's list", async () => {
    expect(await revisionLiveAt(store, REF, 4, START + 1500)).to.equal(undefined);
    expect(await creationOf(store, REF, 2)).to.equal(time(0));
    expect(await creationOf(store, REF, 4)).to.equal(time(3));
  });

  it('a project with neither layout: an empty page, no creation', async () => {
    const other = { workspace: 'acme', projectId: 'other' };
    expect(await revisionPage(store, other, { limit: 2 })).to.deep.equal({ items: [], nextAfter: null });
    expect(await creationOf(store, other, 0)).to.equal(null);
  });
});

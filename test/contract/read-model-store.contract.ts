/**
 * The ReadModelStore contract every adapter must pass (SQLite now, MongoDB later).
 * Reuse it from an adapter's `*.test.ts`:
 *
 *   describeReadModelStoreContract('sqlite', async () => ({ store, cleanup }));
 *
 * `factory` is called before each test and must return an empty store.
 */
import { expect } from 'chai';
import { revisionHistory, revisionKey, type RevisionHistoryItem } from '../../projections/index.js';
import type { ReadModelStore } from '../../src/application/ports/index.js';
import { creationOf, revisionLiveAt, revisionPage } from '../../src/application/read/revision-index.js';
import { created, deleted, recorded, saved } from '../support/events.js';

/** A position as the event stores write them: fixed-width digits, so text order is `$all` order. */
const pos = (n: number): string => String(n).padStart(20, '0');

/** What the factory returns: an empty store, and how to dispose of it after the test. */
export interface ReadModelStoreFixture {
  store: ReadModelStore;
  cleanup(): Promise<void>;
}

const at = (key: string, partition = 'acme') => ({ partition, key });

/** The same elements in another order (a fixed shuffle): a commit must not rely on arriving in key order. */
function shuffled<T>(list: T[]): T[] {
  return list
    .map((value, i) => ({ value, rank: (i * 7919) % list.length }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ value }) => value);
}

/** Register the contract suite as `ReadModelStore contract: <name>`; `factory` runs before each test and must give an empty store. */
export function describeReadModelStoreContract(name: string, factory: () => Promise<ReadModelStoreFixture>): void {
  describe(`ReadModelStore contract: ${name}`, () => {
    let store: ReadModelStore;
    let fixture: ReadModelStoreFixture;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    /** Put docs into `collection`/`acme` under the given keys (doc = { key }). */
    async function put(collection: string, keys: string[], partition = 'acme'): Promise<void> {
      await store.commit(
        keys.map((key) => ({ collection, partition, key, doc: { key }, revision: 0 })),
        [],
      );
    }

    describe('get and commit', () => {
      it('returns null for a missing document and a missing checkpoint', async () => {
        expect(await store.get('docs', at('nope'))).to.equal(null);
        expect(await store.getCheckpoint('docs')).to.equal(null);
      });

      it('stores a document and returns it as JSON round-trips it', async () => {
        const doc = { name: 'Ünïcode ✓', nested: { list: [1, 'two', null, true] }, nothing: null, n: 1.5 };
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc, revision: 0 }], []);
        expect(await store.get('docs', at('a'))).to.deep.equal(doc);
      });

      it('stores many documents in one commit, whatever characters their keys and JSON hold', async () => {
        const awkward = ['quote " back \\ comma , braces {} parens ()', 'NULL', '', 'tab\tnew\nline', '😀 ünï'];
        const changes = awkward.map((text, i) => ({
          collection: 'docs',
          partition: `p,${text}`,
          key: `k"${i}{`,
          doc: { text, i, list: [text] },
          revision: i,
        }));
        await store.commit([...changes, { collection: 'docs', partition: 'acme', key: 'gone', doc: null, revision: 0 }], []);
        const back = await store.getMany(
          'docs',
          changes.map(({ partition, key }) => ({ partition, key })),
        );
        expect(back).to.deep.equal(changes.map((c) => c.doc));
        expect(await store.get('docs', at('gone'))).to.equal(null);
      });

      it('replaces a document with a newer revision, and a null doc removes it', async () => {
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 1 }, revision: 0 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 2 }, revision: 1 }], []);
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 2 });
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: null, revision: 2 }], []);
        expect(await store.get('docs', at('a'))).to.equal(null);
      });

      it('brings a removed document back with a newer revision (an id created again after a delete)', async () => {
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 1 }, revision: 0 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: null, revision: 1 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 'again' }, revision: 2 }], []);
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 'again' });
        expect(await store.list('docs', { partition: 'acme', limit: 10 })).to.deep.equal([{ key: 'a', doc: { v: 'again' } }]);
      });

      it('never rolls a document back: an equal or older revision is ignored, also over a removal', async () => {
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 5 }, revision: 5 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 4 }, revision: 4 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 'again' }, revision: 5 }], []);
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 5 });
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: null, revision: 6 }], []);
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 'stale' }, revision: 5 }], []);
        expect(await store.get('docs', at('a')), 'a stale write cannot bring a removed document back').to.equal(null);
        expect(await store.list('docs', { partition: 'acme', limit: 10 })).to.deep.equal([]);
      });

      it('getMany reads several locations in their order, null where there is none', async () => {
        await put('docs', ['a', 'c']);
        expect(await store.getMany('docs', [at('c'), at('b'), at('a')])).to.deep.equal([{ key: 'c' }, null, { key: 'a' }]);
        expect(await store.getMany('docs', [])).to.deep.equal([]);
      });

      it('deleting a document that does not exist is harmless', async () => {
        await store.commit(
          [{ collection: 'docs', partition: 'acme', key: 'ghost', doc: null, revision: 0 }],
          [{ projection: 'docs', version: 1, position: pos(3) }],
        );
        expect(await store.get('docs', at('ghost'))).to.equal(null);
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(3) });
      });

      it('applies changes in order: the newest change to one document wins', async () => {
        await store.commit(
          [
            { collection: 'docs', partition: 'acme', key: 'a', doc: { v: 1 }, revision: 0 },
            { collection: 'docs', partition: 'acme', key: 'a', doc: { v: 2 }, revision: 1 },
            { collection: 'docs', partition: 'acme', key: 'b', doc: { v: 1 }, revision: 0 },
            { collection: 'docs', partition: 'acme', key: 'b', doc: null, revision: 1 },
          ],
          [],
        );
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 2 });
        expect(await store.get('docs', at('b'))).to.equal(null);
      });

      it('keeps collections and partitions apart', async () => {
        await store.commit(
          [
            { collection: 'docs', partition: 'acme', key: 'a', doc: { from: 'docs/acme' }, revision: 0 },
            { collection: 'docs', partition: 'globex', key: 'a', doc: { from: 'docs/globex' }, revision: 0 },
            { collection: 'other', partition: 'acme', key: 'a', doc: { from: 'other/acme' }, revision: 0 },
          ],
          [],
        );
        expect(await store.get('docs', at('a'))).to.deep.equal({ from: 'docs/acme' });
        expect(await store.get('docs', at('a', 'globex'))).to.deep.equal({ from: 'docs/globex' });
        expect(await store.get('other', at('a'))).to.deep.equal({ from: 'other/acme' });
      });
    });

    describe('checkpoints', () => {
      it('tells onCheckpointsMoved listeners after a commit that wrote checkpoints, and only then', async () => {
        let told = 0;
        const unlisten = store.onCheckpointsMoved(() => (told += 1));
        await store.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: {}, revision: 0 }], []);
        expect(told, 'documents alone').to.equal(0);
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(1) }]);
        expect(told).to.equal(1);
        unlisten();
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(2) }]);
        expect(told).to.equal(1);
      });

      it('only moves a checkpoint forward: never back to an earlier position, or none, of the same version', async () => {
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(10) }]);
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(7) }]);
        await store.commit([], [{ projection: 'docs', version: 1, position: null }]);
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(10) });
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(11) }]);
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(11) });
        await store.commit([], [{ projection: 'docs', version: 2, position: null }]); // a new definition starts over
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 2, position: null });
      });

      it("never moves a checkpoint back to an older version: an older image's projector cannot undo a version change", async () => {
        await store.commit([], [{ projection: 'docs', version: 2, position: pos(5) }]);
        await store.commit([], [{ projection: 'docs', version: 1, position: pos(9) }]);
        await store.commit([], [{ projection: 'docs', version: 1, position: null }]);
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 2, position: pos(5) });
      });

      it('stores, then overwrites, a checkpoint together with documents', async () => {
        await store.commit(
          [{ collection: 'docs', partition: 'acme', key: 'a', doc: {}, revision: 0 }],
          [{ projection: 'docs', version: 1, position: null }],
        );
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: null });
        await store.commit(
          [],
          [
            { projection: 'docs', version: 2, position: pos(42) },
            { projection: 'other', version: 1, position: pos(7) },
          ],
        );
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 2, position: pos(42) });
        expect(await store.getCheckpoint('other')).to.deep.equal({ version: 1, position: pos(7) });
      });
    });

    describe('activate (a rebuild switching over)', () => {
      it('serves a collection and its checkpoint from the rebuilt one, dropping the old, once it has caught up', async () => {
        await store.commit(
          [{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 'old' }, revision: 1 }],
          [{ projection: 'docs', version: 1, position: pos(5) }],
        );
        await store.commit(
          [{ collection: 'docs@2', partition: 'acme', key: 'a', doc: { v: 'new' }, revision: 1 }],
          [{ projection: 'docs@2', version: 1, position: pos(4) }],
        );
        expect(await store.activate('docs', 'docs@2'), 'behind the live checkpoint').to.equal(false);
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 'old' });
        await store.commit([], [{ projection: 'docs@2', version: 1, position: pos(5) }]);
        expect(await store.activate('docs', 'docs@2')).to.equal(true);
        expect(await store.get('docs', at('a'))).to.deep.equal({ v: 'new' });
        expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(5) });
        // Writes and lists under the name follow the switch; the old collection is gone.
        await store.commit(
          [{ collection: 'docs', partition: 'acme', key: 'b', doc: { v: 'b' }, revision: 0 }],
          [{ projection: 'docs', version: 1, position: pos(6) }],
        );
        expect((await store.list('docs', { partition: 'acme', limit: 10 })).map((r) => r.key)).to.deep.equal(['a', 'b']);
        expect(await store.get('docs@2', at('b'))).to.deep.equal({ v: 'b' });
        expect(await store.getCheckpoint('docs@2')).to.deep.equal({ version: 1, position: pos(6) });
        expect(await store.activate('docs', 'docs@2'), 'already served from it').to.equal(true);
      });

      it('switches to a newer projection version once it has reached the live position, never to an older one', async () => {
        await store.commit(
          [{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 1 }, revision: 1 }],
          [{ projection: 'docs', version: 1, position: pos(5) }],
        );
        await store.commit(
          [{ collection: 'docs@v2', partition: 'acme', key: 'a', doc: { v: 2 }, revision: 1 }],
          [{ projection: 'docs@v2', version: 2, position: pos(4) }],
        );
        expect(await store.activate('docs', 'docs@v2'), 'behind the live checkpoint').to.equal(false);
        await store.commit([], [{ projection: 'docs@v2', version: 2, position: pos(5) }]);
        expect(await store.activate('docs', 'docs@v2')).to.equal(true);
        expect([await store.get('docs', at('a')), await store.getCheckpoint('docs')]).to.deep.equal([
          { v: 2 },
          { version: 2, position: pos(5) },
        ]);
        // An older version built beside it, even further on, never replaces it.
        await store.commit(
          [{ collection: 'docs@old', partition: 'acme', key: 'a', doc: { v: 1 }, revision: 2 }],
          [{ projection: 'docs@old', version: 1, position: pos(9) }],
        );
        expect(await store.activate('docs', 'docs@old')).to.equal(false);
        expect([await store.get('docs', at('a')), await store.getCheckpoint('docs')]).to.deep.equal([
          { v: 2 },
          { version: 2, position: pos(5) },
        ]);
      });
    });

    describe('list', () => {
      beforeEach(async () => {
        await put('docs', ['delta', 'alpha', 'charlie', 'bravo', 'echo']);
        await put('docs', ['aardvark', 'zulu'], 'globex');
        await put('other', ['apple']);
      });

      it('returns one partition of one collection in ascending key order', async () => {
        const page = await store.list<{ key: string }>('docs', { partition: 'acme', limit: 10 });
        expect(page.map((item) => item.key)).to.deep.equal(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
        expect(page[0]).to.deep.equal({ key: 'alpha', doc: { key: 'alpha' } });
      });

      it('pages with `after` (exclusive) and `limit`', async () => {
        const first = await store.list('docs', { partition: 'acme', limit: 2 });
        const second = await store.list('docs', { partition: 'acme', after: first[first.length - 1]!.key, limit: 2 });
        const third = await store.list('docs', { partition: 'acme', after: 'delta', limit: 2 });
        expect(first.map((item) => item.key)).to.deep.equal(['alpha', 'bravo']);
        expect(second.map((item) => item.key)).to.deep.equal(['charlie', 'delta']);
        expect(third.map((item) => item.key)).to.deep.equal(['echo']);
        expect(await store.list('docs', { partition: 'acme', after: 'echo', limit: 2 })).to.deep.equal([]);
      });

      it('`after` need not be an existing key', async () => {
        const page = await store.list('docs', { partition: 'acme', after: 'c', limit: 10 });
        expect(page.map((item) => item.key)).to.deep.equal(['charlie', 'delta', 'echo']);
      });

      it('returns [] for an empty partition', async () => {
        expect(await store.list('docs', { partition: 'initech', limit: 10 })).to.deep.equal([]);
      });
    });

    describe('revision-history version 2 layout: 2,000 revisions of one project (M4)', () => {
      const REF = { workspace: 'acme', projectId: 'welcome' };
      const START = Date.parse('2026-01-01T00:00:00.000Z');
      const time = (revision: number) => new Date(START + revision * 1000).toISOString();
      const REVISIONS = 2_000;
      let items: RevisionHistoryItem[];

      beforeEach(async function () {
        this.timeout(60_000);
        // Created 0, saved 1…1,199, deleted 1,200, created again 1,201, saved to 1,999: one document each.
        const kind = (r: number) => (r === 0 || r === 1_201 ? created : r === 1_200 ? deleted : saved);
        const events = Array.from({ length: REVISIONS }, (_, r) => recorded(kind(r)({ occurredAt: time(r) }), r));
        const changes = events.map((event) => ({
          collection: 'revision-history',
          ...revisionHistory.locate(event)!,
          doc: revisionHistory.evolve(null, event),
          revision: event.revision,
        }));
        items = changes.map((change) => change.doc!);
        for (let i = 0; i < changes.length; i += 500) await store.commit(shuffled(changes.slice(i, i + 500)), []);
        // Neighbours that must stay out of the way: the workspace's own partition, a project whose id extends this one's.
        await store.commit(
          [
            { collection: 'revision-history', partition: 'acme', key: 'welcome', doc: { items: [] }, revision: 0 },
            {
              collection: 'revision-history',
              partition: 'acme/welcome2',
              key: revisionKey(0),
              doc: { ...items[0], name: 'other' },
              revision: 0,
            },
          ],
          [],
        );
      });

      it("lists the project's revisions in revision order, paged with `after` and `limit`", async () => {
        const seen: RevisionHistoryItem[] = [];
        let after: number | undefined;
        for (let pages = 1; ; pages++) {
          const page = await revisionPage(store, REF, { limit: 200, ...(after !== undefined ? { after } : {}) });
          seen.push(...page.items);
          if (page.nextAfter === null) {
            expect(pages).to.equal(10);
            break;
          }
          after = page.nextAfter;
        }
        expect(seen).to.deep.equal(items);
      });

      it('finds the revision live at an instant in at most 3 round trips, and the creation it belongs to', async () => {
        let roundTrips = 0;
        const counted = {
          get: store.get.bind(store),
          list: store.list.bind(store),
          getMany: <T>(c: string, l: Array<{ partition: string; key: string }>) => ((roundTrips += 1), store.getMany<T>(c, l)),
        };
        const cases: Array<[number, number | null]> = [
          [START - 1, null],
          [START, 0],
          [START + 1_234_567, 1_234],
          [START + 1_200_000, 1_200],
          [START + 1_999_000, 1_999],
          [START + 9_999_999, 1_999],
        ];
        for (const [at, expected] of cases) {
          roundTrips = 0;
          const live = await revisionLiveAt(counted, REF, REVISIONS - 1, at);
          expect(live ?? null, new Date(at).toISOString()).to.deep.equal(expected === null ? null : items[expected]);
          expect(roundTrips).to.be.at.most(3);
        }
        expect(await creationOf(store, REF, 1_500)).to.equal(time(1_201));
        expect(await creationOf(store, REF, 1_199)).to.equal(time(0));
      });
    });

    describe('reset', () => {
      it("drops one collection's documents and checkpoint, and nothing else", async () => {
        await store.commit(
          [
            { collection: 'docs', partition: 'acme', key: 'a', doc: {}, revision: 0 },
            { collection: 'docs', partition: 'globex', key: 'b', doc: {}, revision: 0 },
            { collection: 'other', partition: 'acme', key: 'a', doc: { kept: true }, revision: 0 },
          ],
          [
            { projection: 'docs', version: 1, position: pos(5) },
            { projection: 'other', version: 1, position: pos(5) },
          ],
        );
        await store.reset('docs');
        expect(await store.get('docs', at('a'))).to.equal(null);
        expect(await store.list('docs', { partition: 'globex', limit: 10 })).to.deep.equal([]);
        expect(await store.getCheckpoint('docs')).to.equal(null);
        expect(await store.get('other', at('a'))).to.deep.equal({ kept: true });
        expect(await store.getCheckpoint('other')).to.deep.equal({ version: 1, position: pos(5) });
      });
    });
  });
}

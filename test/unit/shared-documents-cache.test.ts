/**
 * The folded layouts and shared partials an instance keeps are bounded by bytes (SHARED_DOCUMENTS_CACHE_MB,
 * docs/operations.md): past the bound the least recently used state goes, and is folded again from its
 * stream at its next use, with the same answer.
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SharedDocuments } from '../../src/application/render/index.js';

describe('SharedDocuments: the cache of folded states', () => {
  let db: SqliteDatabase;
  let store: SqliteEventStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db);
  });
  afterEach(() => db.close());

  const actor = { keyId: 'k1' };
  const now = () => '2026-11-26T18:00:00.000Z';
  const layout = (id: string) => ({ kind: 'layout' as const, workspace: 'acme', id });

  it('holds no more than its bound however many layouts are saved, and answers an evicted one from its stream', async () => {
    const cacheBytes = 64 * 1024;
    const documents = new SharedDocuments(store, now, { cacheBytes });
    const source = (i: number, r: number) =>
      `<mjml><mj-body><lp-slot /><mj-text>${String(i)}.${String(r)} ${'x'.repeat(4000)}</mj-text></mj-body></mjml>`;
    for (let i = 0; i < 40; i++) {
      await documents.write(layout(`l${String(i)}`), true, { source: source(i, 0) }, { actor });
      await documents.write(layout(`l${String(i)}`), false, { source: source(i, 1) }, { actor });
    }
    // 40 layouts of two ~8 KB sources each: ~640 KB folded, ten times the bound.
    expect(documents.cachedBytes).to.be.greaterThan(0).and.at.most(cacheBytes);
    const first = await documents.get(layout('l0')); // evicted long ago: folded again
    expect(first.state.sources.get(1)).to.equal(source(0, 1));
    expect(first.state.publishedRevision).to.equal(1);
    expect(documents.cachedBytes).to.be.at.most(cacheBytes);
  });

  it('a state larger than the whole cache is not kept, and is still answered', async () => {
    const documents = new SharedDocuments(store, now, { cacheBytes: 1024 });
    const big = `<mjml><mj-body><lp-slot /><mj-text>${'y'.repeat(10_000)}</mj-text></mj-body></mjml>`;
    await documents.write(layout('big'), true, { source: big }, { actor });
    expect((await documents.get(layout('big'))).state.sources.get(0)).to.equal(big);
    expect(documents.cachedBytes).to.equal(0);
  });
});

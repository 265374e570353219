/**
 * The audit's view of layouts and shared partials over the real SQLite event store (docs/audit.md):
 * `SharedDocuments.resolveAt` answers what a render resolved at an instant (a draft saved after a publish is
 * not used; a publish is from its instant on; before creation and after deletion, `<kind>_not_found`), and
 * `sharedHistory` lists each revision with its kind, the revision published after it and its key.
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { sharedHistory } from '../../src/application/audit/index.js';
import { SharedDocuments } from '../../src/application/render/index.js';
import { DomainError } from '../../src/domain/errors.js';

describe('audit of layouts and shared partials', () => {
  let db: SqliteDatabase;
  let store: SqliteEventStore;
  let clock = '';
  const ref = { kind: 'layout' as const, workspace: 'acme', id: 'frame' };
  const actor = { keyId: 'k1' };
  const minute = (m: number) => `2026-11-26T18:0${m}:00.000Z`;

  beforeEach(async () => {
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db);
    const documents = new SharedDocuments(store, () => clock);
    clock = minute(1);
    await documents.write(ref, true, { source: 'v0' }, { actor }); // rev 0, published by its create
    clock = minute(2);
    await documents.write(ref, false, { source: 'v1', publishing: 'review' }, { actor }); // rev 1, a draft
    clock = minute(3);
    await documents.publish(ref, 1, { actor }); // rev 2 publishes 1
    clock = minute(4);
    await documents.delete(ref, { actor }); // rev 3
  });
  afterEach(() => db.close());

  const resolvedAt = (at: string, revision?: number) =>
    new SharedDocuments(store, () => clock).resolveAt(
      'layout',
      'acme',
      { id: 'frame', ...(revision === undefined ? {} : { revision }) },
      at,
    );

  it('resolves as a render did at each instant: the published revision, never a later draft; a pinned one as pinned', async () => {
    expect(await resolvedAt(minute(1))).to.deep.equal({ id: 'frame', revision: 0, source: 'v0' });
    expect(await resolvedAt('2026-11-26T18:02:30.000Z')).to.deep.equal({ id: 'frame', revision: 0, source: 'v0' });
    expect(await resolvedAt(minute(3))).to.deep.equal({ id: 'frame', revision: 1, source: 'v1' });
    expect(await resolvedAt(minute(2), 1)).to.deep.equal({ id: 'frame', revision: 1, source: 'v1' });
  });

  it('refuses an instant before the creation or after the deletion, saying which', async () => {
    for (const [at, words] of [
      ['2026-11-26T18:00:00.000Z', 'did not exist yet at'],
      [minute(5), 'had been deleted by'],
    ] as const) {
      const error = await resolvedAt(at).catch((thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(DomainError);
      expect((error as DomainError).code).to.equal('layout_not_found');
      expect((error as DomainError).message).to.include(words);
    }
  });

  it('lists the stream: kind, draft, the revision published after each event, key', async () => {
    const records = await sharedHistory(store, ref);
    expect(records.map((r) => [r.revision, r.occurred_at, r.kind, r.draft, r.published_revision, r.key_id])).to.deep.equal([
      [0, minute(1), 'created', false, 0, 'k1'],
      [1, minute(2), 'saved', true, 0, 'k1'],
      [2, minute(3), 'published', false, 1, 'k1'],
      [3, minute(4), 'deleted', false, null, 'k1'],
    ]);
    expect(await sharedHistory(store, { ...ref, id: 'none' })).to.deep.equal([]);
  });
});

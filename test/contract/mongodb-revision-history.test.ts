/**
 * Finding M4 over MongoDB: the save at revision 120,000 of one project, as the projector commits it.
 * Version 1 of `revision-history` rewrote the project's whole list, a document over MongoDB's 16 MiB limit
 * that the driver refuses (the projector then retried that page for ever); version 2 writes one small
 * document for that revision.
 */
import { expect } from 'chai';
import { revisionHistory, type RevisionHistoryDoc, type RevisionHistoryItem } from '../../projections/index.js';
import { MongoReadModelStore } from '../../src/adapters/mongodb/read-model-store.js';
import { COLLECTIONS } from '../../src/adapters/mongodb/database.js';
import { pageChanges } from '../../src/application/projector/page-changes.js';
import type { DocumentLocation, ReadModelStore, AnyProjection } from '../../src/application/ports/index.js';
import { recorded, saved, WORKSPACE } from '../support/events.js';
import { describeOnMongo } from '../support/mongodb.js';
import { revisionHistoryV1 } from '../support/revision-history-v1.js';

const REVISION = 120_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const time = (revision: number) => new Date(START + revision * 1000).toISOString();

/** Version 1's document after revisions 0…`REVISION - 1` (built directly: folding 120,000 saves is quadratic). */
function versionOneDoc(): RevisionHistoryDoc {
  const items: RevisionHistoryItem[] = Array.from({ length: REVISION }, (_, r) => ({
    revision: r,
    event: r === 0 ? 'created' : 'saved',
    occurredAt: time(r),
    mjmlVersion: '5.4.1',
    publishedHtmlBytes: 35,
    name: 'Welcome v2',
  }));
  return { workspace: WORKSPACE, id: 'welcome', revision: REVISION - 1, items };
}

/** What the projector commits for the save at `REVISION`, given what the earlier revisions left at its location. */
async function changesForSave(projection: AnyProjection, before: (location: DocumentLocation) => unknown) {
  const store: Pick<ReadModelStore, 'getMany'> = {
    getMany: async <T>(_c: string, ls: DocumentLocation[]) => ls.map((l) => before(l) as T | null),
  };
  return pageChanges(projection, [recorded(saved({ occurredAt: time(REVISION) }), REVISION)], null, store, (error) => {
    throw error;
  });
}

describeOnMongo('revision-history over MongoDB: the save at revision 120,000 (M4)', (mongo) => {
  beforeEach(() =>
    Promise.all(
      [COLLECTIONS.readModels, COLLECTIONS.checkpoints, COLLECTIONS.aliases].map((name) => mongo().db.collection(name).deleteMany({})),
    ),
  );

  it('version 1 (the fixture): a document over 16 MiB, refused, and the checkpoint does not move', async function () {
    this.timeout(60_000);
    const old = versionOneDoc();
    const changes = await changesForSave(revisionHistoryV1, (l) => (l.partition === WORKSPACE && l.key === 'welcome' ? old : null));
    expect(Buffer.byteLength(JSON.stringify(changes[0]!.doc))).to.be.above(16 * 1024 * 1024);
    const store = new MongoReadModelStore(mongo().db);
    const error = await store
      .commit(changes, [{ projection: 'revision-history', version: 1, position: String(REVISION + 1).padStart(20, '0') }])
      .then(
        () => null,
        (e: unknown) => e,
      );
    console.log(`      refused: ${(error as Error).name}: ${(error as Error).message.slice(0, 120)}`);
    expect(error, 'commit refused').to.be.instanceOf(Error);
    expect(String(error)).to.match(/larger than the maximum|maximum size|too large|BSON/i);
    expect(await store.getCheckpoint('revision-history')).to.equal(null);
  });

  it('version 2: one document of ~140 bytes for that revision, committed', async () => {
    const changes = await changesForSave(revisionHistory, () => null);
    expect(changes).to.have.length(1);
    expect(Buffer.byteLength(JSON.stringify(changes[0]!.doc))).to.be.below(200);
    const store = new MongoReadModelStore(mongo().db);
    await store.commit(changes, [{ projection: 'revision-history', version: 2, position: String(REVISION + 1).padStart(20, '0') }]);
    expect(await store.get('revision-history', changes[0]!)).to.deep.include({
      revision: REVISION,
      event: 'saved',
      occurredAt: time(REVISION),
    });
    expect(await store.getCheckpoint('revision-history')).to.deep.include({ version: 2 });
  });
});

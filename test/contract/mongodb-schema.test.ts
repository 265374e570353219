/**
 * The MongoDB schema over time (review finding M7): index definitions that change between releases, and
 * tombstones that would otherwise pile up forever. On a database of this run's own (the wire double, or the
 * server `MONGODB_URL` names).
 */
import { expect } from 'chai';
import { COLLECTIONS, openMongo } from '../../src/adapters/mongodb/database.js';
import { ensureIndexes } from '../../src/adapters/mongodb/indexes.js';
import { MongoReadModelStore } from '../../src/adapters/mongodb/read-model-store.js';
import { purgeTombstones } from '../../src/adapters/mongodb/tombstones.js';
import { describeOnMongo } from '../support/mongodb.js';

const namesAndKeys = async (collection: { indexes(): Promise<Array<{ name?: string; key: unknown }>> }) =>
  (await collection.indexes()).map((index) => [index.name, index.key]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describeOnMongo('MongoDB schema changes (M7)', (mongo) => {
  it('starts when an index under one of our names has another definition (86 IndexKeySpecsConflict): it is rebuilt to ours', async () => {
    const readModels = mongo().db.collection(COLLECTIONS.readModels);
    await readModels.deleteMany({});
    await readModels.dropIndex('location');
    await readModels.createIndex({ collection: 1, key: 1 }, { name: 'location', unique: true }); // an older definition
    const again = await openMongo(mongo().url);
    try {
      expect(await namesAndKeys(again.db.collection(COLLECTIONS.readModels))).to.deep.include([
        'location',
        { collection: 1, partition: 1, key: 1 },
      ]);
    } finally {
      await again.client.close();
    }
  });

  describe('versioned index names', () => {
    const scratch = () => mongo().db.collection('scratch');
    beforeEach(async () => {
      await scratch()
        .drop()
        .catch(() => undefined);
      await mongo().db.createCollection('scratch');
    });

    it('a new version is created beside the old one, then the old one is dropped', async () => {
      await scratch().createIndex({ x: 1 }, { name: 'by_x' }); // version 1
      expect(await ensureIndexes(scratch(), [{ base: 'by_x', version: 2, key: { x: 1, y: 1 } }])).to.deep.equal(['by_x_v2']);
      expect(await namesAndKeys(scratch())).to.deep.equal([
        ['_id_', { _id: 1 }],
        ['by_x_v2', { x: 1, y: 1 }],
      ]);
    });

    it('the same key with other options under an older version (85 IndexOptionsConflict): the old one goes first', async () => {
      await scratch().createIndex({ x: 1 }, { name: 'by_x' });
      await ensureIndexes(scratch(), [{ base: 'by_x', version: 2, key: { x: 1 }, options: { unique: true } }]);
      const indexes = await scratch().indexes();
      expect(indexes.map((index) => [index.name, index.unique ?? false])).to.deep.equal([
        ['_id_', false],
        ['by_x_v2', true],
      ]);
    });

    it('a newer version made by a newer release is left alone (a rollback does not flip it back)', async () => {
      await scratch().createIndex({ x: 1, y: 1 }, { name: 'by_x_v3' });
      expect(await ensureIndexes(scratch(), [{ base: 'by_x', version: 2, key: { x: 1 } }])).to.deep.equal([]);
      expect(await namesAndKeys(scratch())).to.deep.equal([
        ['_id_', { _id: 1 }],
        ['by_x_v3', { x: 1, y: 1 }],
      ]);
    });

    it('an index not made by this service that holds the key: a refusal naming the index and what to do', async () => {
      await scratch().createIndex({ x: 1 }, { name: 'someone_elses' });
      const failure = await ensureIndexes(scratch(), [{ base: 'by_x', version: 1, key: { x: 1 }, options: { unique: true } }]).catch(
        (error: unknown) => error,
      );
      expect(String(failure)).to.include("MongoDB refuses index 'by_x'").and.include('dropIndex');
    });
  });

  describe('tombstone purge', () => {
    const at = (key: string) => ({ partition: 'p', key });
    const change = (key: string, doc: unknown, revision: number) => ({ collection: 'docs', ...at(key), doc, revision });
    const stored = () =>
      mongo()
        .db.collection(COLLECTIONS.readModels)
        .find({ collection: 'docs' }, { projection: { _id: 0, key: 1, doc: 1 } })
        .sort({ key: 1 })
        .toArray();
    beforeEach(() => mongo().db.collection(COLLECTIONS.readModels).deleteMany({}));

    it('deletes tombstones removed before the horizon, keeps recent ones and live documents', async () => {
      const store = new MongoReadModelStore(mongo().db);
      await store.commit([change('old', { v: 1 }, 0), change('recent', { v: 1 }, 0), change('live', { v: 1 }, 0)], []);
      await store.commit([change('old', null, 1), change('recent', null, 1)], []);
      const removedAt = (await mongo().db.collection(COLLECTIONS.readModels).findOne({ key: 'recent' }))?.['removedAt'] as Date;
      expect(removedAt).to.be.instanceOf(Date);
      await mongo()
        .db.collection(COLLECTIONS.readModels)
        .updateOne({ key: 'old' }, { $set: { removedAt: new Date(removedAt.getTime() - 8 * 86_400_000) } });
      expect(await purgeTombstones(mongo().db.collection(COLLECTIONS.readModels), removedAt.getTime(), 7 * 86_400_000, 100)).to.equal(1);
      expect(await stored()).to.deep.equal([
        { key: 'live', doc: '{"v":1}' },
        { key: 'recent', doc: null },
      ]);
    });

    it('a commit starts the purge by itself, and a document brought back is no tombstone', async () => {
      const store = new MongoReadModelStore(mongo().db, { tombstones: { horizonMs: 0, intervalMs: 0, now: () => Date.now() + 60_000 } });
      await store.commit([change('gone', { v: 1 }, 0), change('back', { v: 1 }, 0)], []);
      await store.commit([change('gone', null, 1), change('back', null, 1)], []);
      await store.commit([change('back', { v: 2 }, 2)], []);
      await store.close(); // waits for the purge the commit started
      expect(await stored()).to.deep.equal([{ key: 'back', doc: '{"v":2}' }]);
      expect(
        await mongo()
          .db.collection(COLLECTIONS.readModels)
          .countDocuments({ removedAt: { $exists: true } }),
      ).to.equal(0);
    });
  });
});

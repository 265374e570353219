/**
 * The MongoDB adapters against the same contract suites as SQLite's and PostgreSQL's, on a database of this
 * run's own when `MONGODB_URL` is set, plus what only MongoDB needs showing (concurrent first writes, the
 * switch-over fence, keys BSON could not hold). How an unreachable server is reported needs no server and
 * always runs.
 */
import { expect } from 'chai';
import { MongoApiKeyStore } from '../../src/adapters/mongodb/api-key-store.js';
import { MongoIdempotencyStore } from '../../src/adapters/mongodb/idempotency-store.js';
import { COLLECTIONS, databaseName, mongoConnection, openMongo, withoutCredentials } from '../../src/adapters/mongodb/database.js';
import { MongoProjectorLease } from '../../src/adapters/mongodb/projector-lease.js';
import { MongoReadModelStore, SwitchOverInProgressError } from '../../src/adapters/mongodb/read-model-store.js';
import { DependencyUnavailableError } from '../../src/application/ports/index.js';
import { describeOnMongo } from '../support/mongodb.js';
import { describeApiKeyStoreContract } from './api-key-store.contract.js';
import { describeIdempotencyStoreContract } from './idempotency-store.contract.js';
import { describeReadModelStoreContract } from './read-model-store.contract.js';
import { failureOf } from '../support/failure.js';

const pos = (n: number): string => String(n).padStart(20, '0');
const at = (key: string) => ({ partition: 'acme', key });

describe('MongoDB adapters without a server', () => {
  it('report an unreachable server as DependencyUnavailableError, naming the URL without its credentials', async () => {
    const failure = await failureOf(openMongo('mongodb://reader:s3cret@127.0.0.1:1/none', { serverSelectionTimeoutMs: 500 }));
    expect(failure).to.be.instanceOf(DependencyUnavailableError);
    expect((failure as DependencyUnavailableError).dependency).to.equal('mongodb');
    expect((failure as Error).message)
      .to.include('mongodb://127.0.0.1:1/none')
      .and.not.include('s3cret');
  });

  it('report reads and writes of every store on an unreachable server as DependencyUnavailableError', async () => {
    // A client of its own for each call: after a failed first connection the driver fails every later call at once.
    const calls: Array<(db: ReturnType<typeof mongoConnection>['db']) => Promise<unknown>> = [
      (db) => new MongoReadModelStore(db).get('docs', at('a')),
      (db) =>
        new MongoReadModelStore(db).commit(
          [{ collection: 'docs', ...at('a'), doc: {}, revision: 0 }],
          [{ projection: 'docs', version: 1, position: pos(1) }],
        ),
      (db) => new MongoApiKeyStore(db).count(),
      (db) => new MongoProjectorLease(db).tryAcquire('a', 1000),
      (db) => new MongoIdempotencyStore(db).claim({ scope: 's', key: 'k', fingerprint: 'f', owner: 'o', expiresAt: 2 }, 1),
    ];
    for (const call of calls) {
      const { client, db } = mongoConnection('mongodb://127.0.0.1:1/none', { serverSelectionTimeoutMs: 200 });
      try {
        expect(await failureOf(call(db))).to.be.instanceOf(DependencyUnavailableError);
      } finally {
        await client.close();
      }
    }
  });

  it('refuse a document that is not JSON before sending anything', async () => {
    const { client, db } = mongoConnection('mongodb://127.0.0.1:1/none', { serverSelectionTimeoutMs: 200 });
    try {
      const commit = new MongoReadModelStore(db).commit([{ collection: 'docs', ...at('a'), doc: undefined, revision: 0 }], []);
      expect(await failureOf(commit)).to.be.instanceOf(TypeError);
    } finally {
      await client.close();
    }
  });

  it('take the database from the URL path, `letterpress` when it names none, and print URLs without credentials', () => {
    expect(databaseName('mongodb://127.0.0.1:27017')).to.equal('letterpress');
    expect(databaseName('mongodb://127.0.0.1:27017/?replicaSet=rs0')).to.equal('letterpress');
    expect(databaseName('mongodb://u:p@a:1,b:2/reads%2Dhere?replicaSet=rs0')).to.equal('reads-here');
    expect(databaseName('mongodb+srv://cluster.example.net/lp')).to.equal('lp');
    expect(withoutCredentials('mongodb://u:p@a:1,b:2/lp?authSource=admin')).to.equal('mongodb://a:1,b:2/lp?authSource=admin');
    expect(withoutCredentials('mongodb://a:1/lp')).to.equal('mongodb://a:1/lp');
  });
});

describeOnMongo('MongoDB adapters', (mongo) => {
  const collection = (name: string) => mongo().db.collection<{ _id: string }>(name);
  const clear = (...names: string[]) => Promise.all(names.map((name) => mongo().db.collection(name).deleteMany({})));
  const clearReadModels = () => clear(COLLECTIONS.readModels, COLLECTIONS.checkpoints, COLLECTIONS.aliases);

  describeReadModelStoreContract('mongodb', async () => {
    await clearReadModels();
    return { store: new MongoReadModelStore(mongo().db), cleanup: async () => {} };
  });

  describeApiKeyStoreContract('mongodb', async () => {
    await clear(COLLECTIONS.apiKeys);
    return { store: new MongoApiKeyStore(mongo().db), cleanup: async () => {} };
  });

  describeIdempotencyStoreContract('mongodb', async () => {
    await clear(COLLECTIONS.idempotencyKeys);
    return { store: new MongoIdempotencyStore(mongo().db), other: new MongoIdempotencyStore(mongo().db), cleanup: async () => {} };
  });

  it('expires idempotency records through a TTL index on expiresAt', async () => {
    const ttl = (await mongo().db.collection(COLLECTIONS.idempotencyKeys).indexes()).filter(
      (index) => index.expireAfterSeconds !== undefined,
    );
    expect(ttl.map((index) => [index.key, index.expireAfterSeconds])).to.deep.equal([[{ expiresAt: 1 }, 0]]);
  });

  describe('MongoReadModelStore beyond the contract', () => {
    beforeEach(clearReadModels);

    it('keeps the newest revision when two writers insert the same new documents at once', async () => {
      const [a, b] = [new MongoReadModelStore(mongo().db), new MongoReadModelStore(mongo().db)];
      const keys = Array.from({ length: 50 }, (_, i) => `k${i}`);
      await Promise.all(
        keys.flatMap((key) => [
          b.commit([{ collection: 'docs', ...at(key), doc: { r: 3 }, revision: 3 }], [{ projection: key, version: 1, position: pos(3) }]),
          a.commit([{ collection: 'docs', ...at(key), doc: { r: 5 }, revision: 5 }], [{ projection: key, version: 1, position: pos(5) }]),
        ]),
      );
      expect(await a.getMany('docs', keys.map(at))).to.deep.equal(keys.map(() => ({ r: 5 })));
      expect(await Promise.all(keys.map((key) => a.getCheckpoint(key)))).to.deep.equal(keys.map(() => ({ version: 1, position: pos(5) })));
    });

    it('returns documents whose keys BSON field names could not hold, as stored', async () => {
      const store = new MongoReadModelStore(mongo().db);
      const doc = { $where: 1, 'a.b': { '': [null, 'nul\u0000byte'] }, '\u0000': true };
      await store.commit([{ collection: 'docs', ...at('a'), doc, revision: 0 }], []);
      expect(await store.get('docs', at('a'))).to.deep.equal(doc);
    });

    it('lists keys in UTF-8 byte order', async () => {
      const store = new MongoReadModelStore(mongo().db);
      const keys = ['😀', 'é', 'a', 'Z', 'B'];
      await store.commit(
        keys.map((key) => ({ collection: 'docs', ...at(key), doc: {}, revision: 0 })),
        [],
      );
      expect((await store.list('docs', { partition: 'acme', limit: 10 })).map((row) => row.key)).to.deep.equal(['B', 'Z', 'a', 'é', '😀']);
    });

    it('pages after a key in UTF-8 byte order too (past U+FFFF, where UTF-16 order differs)', async () => {
      const store = new MongoReadModelStore(mongo().db);
      await store.commit(
        ['\uFB00', '😀', 'z'].map((key) => ({ collection: 'docs', ...at(key), doc: {}, revision: 0 })),
        [],
      );
      expect((await store.list('docs', { partition: 'acme', after: '\uFB00', limit: 10 })).map((row) => row.key)).to.deep.equal(['😀']);
    });

    it('refuses to move a checkpoint a switch-over holds, until the hold expires', async () => {
      let now = Date.UTC(2026, 0, 1);
      const store = new MongoReadModelStore(mongo().db, { now: () => now });
      await store.commit([], [{ projection: 'docs', version: 1, position: pos(5) }]);
      // The fence `activate` sets (by hand: a real switch-over lifts it at once).
      await collection(COLLECTIONS.checkpoints).updateOne(
        { _id: 'docs' },
        { $set: { switchOver: { to: 'docs@2', until: new Date(now + 30_000) } } },
      );
      expect(await failureOf(store.commit([], [{ projection: 'docs', version: 1, position: pos(6) }]))).to.be.instanceOf(
        SwitchOverInProgressError,
      );
      expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(5) });
      now += 30_001; // its activate died: commits go on
      await store.commit([], [{ projection: 'docs', version: 1, position: pos(6) }]);
      expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(6) });
    });

    it('retires the collection it switched away from for good, and finishes a switch-over that was interrupted', async () => {
      const store = new MongoReadModelStore(mongo().db);
      const build = (name: string, v: string) =>
        store.commit([{ collection: name, ...at('a'), doc: { v }, revision: 1 }], [{ projection: name, version: 1, position: pos(5) }]);
      await build('docs', 'old');
      await build('docs@2', 'new');
      expect(await store.activate('docs', 'docs@2')).to.equal(true);
      expect(await collection(COLLECTIONS.checkpoints).findOne({ _id: 'docs' })).to.deep.equal({
        _id: 'docs',
        retired: true,
        supersededBy: 'docs@2',
      });
      expect(await store.activate('docs', 'docs'), 'a retired collection is never served again').to.equal(false);
      // A switch-over to docs@3 that died after writing the alias: docs@2 still there, not retired.
      await build('docs@3', 'newer');
      await collection(COLLECTIONS.aliases).updateOne({ _id: 'docs' }, { $set: { physical: 'docs@3', previous: 'docs@2' } });
      expect(await store.activate('docs', 'docs@3')).to.equal(true);
      expect(
        await mongo()
          .db.collection(COLLECTIONS.readModels)
          .countDocuments({ collection: { $in: ['docs', 'docs@2'] } }),
      ).to.equal(0);
      expect(await collection(COLLECTIONS.aliases).findOne({ _id: 'docs' })).to.deep.equal({ _id: 'docs', physical: 'docs@3' });
      expect(await store.get('docs', at('a'))).to.deep.equal({ v: 'newer' });
    });

    it("a reader that remembers where a name is served sees another process's switch-over at its next read (M5)", async () => {
      const [reader, switcher] = [new MongoReadModelStore(mongo().db), new MongoReadModelStore(mongo().db)];
      await reader.commit(
        [{ collection: 'docs', ...at('a'), doc: { v: 'old' }, revision: 1 }],
        [{ projection: 'docs', version: 1, position: pos(5) }],
      );
      await reader.commit(
        [{ collection: 'docs@2', ...at('a'), doc: { v: 'new' }, revision: 1 }],
        [{ projection: 'docs@2', version: 2, position: pos(6) }],
      );
      expect([
        await reader.get('docs', at('a')),
        (await reader.list('docs', { partition: 'acme', limit: 10 })).map((d) => d.doc),
        (await reader.getCheckpoint('docs'))?.version,
      ]).to.deep.equal([{ v: 'old' }, [{ v: 'old' }], 1]);
      expect(await switcher.activate('docs', 'docs@2')).to.equal(true);
      expect([
        await reader.get('docs', at('a')),
        (await reader.list('docs', { partition: 'acme', limit: 10 })).map((d) => d.doc),
        (await reader.getCheckpoint('docs'))?.version,
      ]).to.deep.equal([{ v: 'new' }, [{ v: 'new' }], 2]);
    });
  });

  describe('MongoProjectorLease', () => {
    beforeEach(() => clear(COLLECTIONS.leases));

    it('one holder at a time; the holder renews; another takes it once it expires or is released', async () => {
      let now = 1_000;
      const lease = new MongoProjectorLease(mongo().db, { now: () => now });
      expect(await lease.tryAcquire('a', 100)).to.equal(true);
      expect(await lease.tryAcquire('b', 100)).to.equal(false);
      now += 90;
      expect(await lease.tryAcquire('a', 100), 'a renewal').to.equal(true);
      now += 90;
      expect(await lease.tryAcquire('b', 100), 'still held: renewed 90 ms ago').to.equal(false);
      now += 20;
      expect(await lease.tryAcquire('b', 100), 'expired').to.equal(true);
      expect(await lease.tryAcquire('a', 100)).to.equal(false);
      await lease.release('a'); // not the holder: nothing happens
      expect(await lease.tryAcquire('a', 100)).to.equal(false);
      await lease.release('b');
      expect(await lease.tryAcquire('a', 100)).to.equal(true);
    });
  });

  it('opens idempotently: opening the database again keeps the data and the unique indexes', async () => {
    await new MongoApiKeyStore(mongo().db).insert({
      id: 'lp_kept',
      hash: 'f'.repeat(64),
      name: 'kept',
      workspace: 'acme',
      scopes: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
      rateLimitPerMinute: null,
    });
    const again = await openMongo(mongo().url);
    try {
      expect(await new MongoApiKeyStore(again.db).count()).to.be.greaterThan(0);
      const unique = async (name: string) =>
        (await again.db.collection(name).indexes()).filter((index) => index.unique).map((index) => index.key);
      expect(await unique(COLLECTIONS.readModels)).to.deep.equal([{ collection: 1, partition: 1, key: 1 }]);
      expect(await unique(COLLECTIONS.apiKeys)).to.deep.equal([{ hash: 1 }]);
    } finally {
      await again.client.close();
    }
  });
});

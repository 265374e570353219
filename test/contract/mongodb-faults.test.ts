/**
 * The MongoDB adapters under the faults a replica set shows, injected by the wire double's switches
 * (test/support/mongodb-double/faults.ts). These run on a double of their own whatever `MONGODB_URL` says:
 * a real server cannot be told to time out a write concern or step down on cue.
 *
 * - M1 (review of the card pair): writes waited for a majority forever; now `wtimeoutMS` bounds the wait and
 *   the store answers DependencyUnavailableError (503), undoing what it can.
 * - M6: a write concern error after a write that landed answered 503; now a single-document write is read
 *   back at majority before the answer, and a write that landed is a success.
 */
import { expect } from 'chai';
import { MongoApiKeyStore } from '../../src/adapters/mongodb/api-key-store.js';
import { DEFAULT_WRITE_CONCERN_TIMEOUT_MS, type MongoConnection, mongoConnection, openMongo } from '../../src/adapters/mongodb/database.js';
import { MongoIdempotencyStore } from '../../src/adapters/mongodb/idempotency-store.js';
import { MongoProjectorLease } from '../../src/adapters/mongodb/projector-lease.js';
import { MongoReadModelStore } from '../../src/adapters/mongodb/read-model-store.js';
import { type ApiKeyRecord, DependencyUnavailableError } from '../../src/application/ports/index.js';
import { type MongoDouble, startMongoDouble } from '../support/mongodb-double/server.js';

const key = (id: string): ApiKeyRecord => ({
  id,
  hash: id.padEnd(64, '0'),
  name: id,
  workspace: 'acme',
  scopes: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  rateLimitPerMinute: null,
});
const claimOf = (owner: string) => ({ scope: 'k1', key: 'idem', fingerprint: 'f', owner, expiresAt: 10_000_000 });
const pos = (n: number): string => String(n).padStart(20, '0');

/** What `promise` settled with, or 'no answer' when it had not settled after `ms` (a liveness bound, far above the write timeout). */
async function outcome<T>(promise: Promise<T>, ms = 10_000): Promise<{ value: T } | { error: unknown } | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      silence,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('MongoDB adapters under injected faults (wire double)', function () {
  this.timeout(30_000);
  let double: MongoDouble;
  let mongo: MongoConnection;

  beforeEach(async () => {
    double = await startMongoDouble();
    mongo = await openMongo(`${double.url}/faults`, { serverSelectionTimeoutMs: 2000, writeConcernTimeoutMs: 200 });
  });
  afterEach(async () => {
    double.faults.reset();
    await mongo.client.close();
    await double.stop();
  });

  describe('M1: a majority that cannot be reached', () => {
    beforeEach(() => double.faults.holdMajority());

    it("every write asks for a majority within wtimeoutMS: 5 s by default, or the URL's wtimeoutMS", async () => {
      const [plain, fromUrl] = [mongoConnection('mongodb://127.0.0.1:1/x'), mongoConnection('mongodb://127.0.0.1:1/x?wtimeoutMS=700')];
      expect([plain, fromUrl].map((c) => [c.client.options.writeConcern?.w, c.client.options.writeConcern?.wtimeoutMS])).to.deep.equal([
        ['majority', DEFAULT_WRITE_CONCERN_TIMEOUT_MS],
        ['majority', 700],
      ]);
      await Promise.all([plain.client.close(), fromUrl.client.close()]);
    });

    it('a new API key answers DependencyUnavailableError instead of waiting forever, and is not left behind', async () => {
      const result = await outcome(new MongoApiKeyStore(mongo.db).insert(key('lp_held')));
      expect(result).to.have.property('error').that.is.instanceOf(DependencyUnavailableError);
      await until(() => double.received.some((c) => c.name === 'delete'));
      double.faults.releaseMajority();
      expect(await new MongoApiKeyStore(mongo.db).findById('lp_held'), 'the unconfirmed key was taken back').to.equal(null);
    });

    it('an idempotency claim answers DependencyUnavailableError, and a retry after the outage is not refused by an orphaned claim', async () => {
      const store = new MongoIdempotencyStore(mongo.db);
      expect(await outcome(store.claim(claimOf('first'), 1)))
        .to.have.property('error')
        .that.is.instanceOf(DependencyUnavailableError);
      await until(() => double.received.some((c) => c.name === 'delete'));
      double.faults.releaseMajority();
      expect(await store.claim(claimOf('retry'), 2)).to.deep.equal({ claimed: true });
    });

    it('the projector lease answers DependencyUnavailableError instead of waiting forever', async () => {
      expect(await outcome(new MongoProjectorLease(mongo.db).tryAcquire('a', 10_000)))
        .to.have.property('error')
        .that.is.instanceOf(DependencyUnavailableError);
    });

    it('a read-model commit answers DependencyUnavailableError instead of waiting forever (the projector applies the page again)', async () => {
      const commit = new MongoReadModelStore(mongo.db).commit(
        [{ collection: 'docs', partition: 'p', key: 'a', doc: {}, revision: 0 }],
        [{ projection: 'docs', version: 1, position: pos(1) }],
      );
      expect(await outcome(commit))
        .to.have.property('error')
        .that.is.instanceOf(DependencyUnavailableError);
    });
  });

  describe('M6: a write concern error after a write that landed', () => {
    it('a new API key is created, not a 503', async () => {
      double.faults.writeConcernErrors(1);
      await new MongoApiKeyStore(mongo.db).insert(key('lp_landed'));
      expect(await new MongoApiKeyStore(mongo.db).findById('lp_landed')).to.deep.include({ id: 'lp_landed' });
    });

    it('an idempotency claim is claimed, completed and released as written', async () => {
      const store = new MongoIdempotencyStore(mongo.db);
      double.faults.writeConcernErrors(1);
      expect(await store.claim(claimOf('first'), 1)).to.deep.equal({ claimed: true });
      double.faults.writeConcernErrors(1);
      expect(await store.complete('k1', 'idem', 'first', { status: 201, headers: {}, body: null }, 10_000_000)).to.equal(true);
      expect(await store.claim(claimOf('retry'), 2)).to.deep.include({ claimed: false });
      const other = { ...claimOf('x'), key: 'other' };
      await store.claim(other, 1);
      double.faults.writeConcernErrors(1);
      await store.release('k1', 'other', 'x');
      expect(await store.get('k1', 'other', 2)).to.equal(null);
    });

    it('revoking a key and taking the lease succeed', async () => {
      const keys = new MongoApiKeyStore(mongo.db);
      await keys.insert(key('lp_rev'));
      double.faults.writeConcernErrors(1);
      expect(await keys.revoke('lp_rev', '2026-02-01T00:00:00.000Z')).to.equal(true);
      double.faults.writeConcernErrors(1);
      expect(await keys.expireBy('lp_rev', '2026-03-01T00:00:00.000Z')).to.equal(true);
      double.faults.writeConcernErrors(1);
      expect(await new MongoProjectorLease(mongo.db).tryAcquire('a', 10_000)).to.equal(true);
    });
  });

  describe('a primary stepping down, the upsert race, dropped connections', () => {
    it('NotWritablePrimary (10107) is a DependencyUnavailableError; the next write, once the server is writable again, succeeds', async () => {
      const keys = new MongoApiKeyStore(mongo.db);
      double.faults.notWritablePrimary(1);
      expect(await outcome(keys.insert(key('lp_stepdown'))))
        .to.have.property('error')
        .that.is.instanceOf(DependencyUnavailableError);
      expect(await keys.findById('lp_stepdown'), 'nothing was applied').to.equal(null);
      await keys.insert(key('lp_stepdown'));
      expect(await keys.findById('lp_stepdown')).to.deep.include({ id: 'lp_stepdown' });
    });

    it('E11000 upsert race on a read-model document: the retry as a plain update lands over an older racer, and leaves a newer one', async () => {
      const store = new MongoReadModelStore(mongo.db);
      const change = (k: string, revision: number) => ({ collection: 'docs', partition: 'p', key: k, doc: { revision }, revision });
      double.faults.raceNextUpsert('read_models', { revision: 2, doc: '{"revision":2}' });
      const updatesBefore = double.received.filter((c) => c.name === 'update').length;
      await store.commit([change('older-racer', 5)], []);
      expect(double.received.filter((c) => c.name === 'update').length - updatesBefore, 'the upsert, then its retry').to.equal(2);
      double.faults.raceNextUpsert('read_models', { revision: 7, doc: '{"revision":7}' });
      await store.commit([change('newer-racer', 5)], []);
      expect(
        await store.getMany('docs', [
          { partition: 'p', key: 'older-racer' },
          { partition: 'p', key: 'newer-racer' },
        ]),
      ).to.deep.equal([{ revision: 5 }, { revision: 7 }]);
    });

    it('E11000 upsert race on the lease and on an idempotency claim: the other writer holds them', async () => {
      double.faults.raceNextUpsert('leases', { holder: 'other', expiresAt: new Date(Date.now() + 60_000) });
      expect(await new MongoProjectorLease(mongo.db).tryAcquire('me', 10_000)).to.equal(false);
      double.faults.raceNextUpsert('idempotency_keys', { ...claimOf('other'), response: null, expiresAt: new Date(10_000_000) });
      const claim = await new MongoIdempotencyStore(mongo.db).claim(claimOf('me'), 1);
      expect(claim).to.deep.include({ claimed: false });
      expect(claim.claimed === false && claim.existing.owner).to.equal('other');
    });

    it('a dropped connection: a read is retried by the driver and answers; a write is a DependencyUnavailableError, and the next one succeeds', async () => {
      const keys = new MongoApiKeyStore(mongo.db);
      await keys.insert(key('lp_before'));
      double.faults.dropBefore('find', 1);
      expect(await keys.findById('lp_before')).to.deep.include({ id: 'lp_before' });
      double.faults.dropBefore('insert', 1);
      expect(await outcome(keys.insert(key('lp_dropped'))))
        .to.have.property('error')
        .that.is.instanceOf(DependencyUnavailableError);
      await keys.insert(key('lp_after'));
      expect((await keys.list()).map((k) => k.id)).to.include('lp_after');
    });
  });
});

/**
 * The SQLite read-model store against the ReadModelStore contract, plus atomicity, which SQLite lets us
 * show by making one statement of the transaction fail (a trigger that aborts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { DependencyUnavailableError } from '../../src/application/ports/index.js';
import { describeReadModelStoreContract } from './read-model-store.contract.js';
import { failureOf } from '../support/failure.js';

/** A position as the event stores write them: fixed-width digits, so text order is `$all` order. */
const pos = (n: number): string => String(n).padStart(20, '0');

describeReadModelStoreContract('sqlite (temp file)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'letterpress-read-models-'));
  const store = new SqliteReadModelStore(openDatabase(join(dir, 'store.db')));
  return {
    store,
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadModelStore atomicity', () => {
  let db: SqliteDatabase;
  let store: SqliteReadModelStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteReadModelStore(db);
  });
  afterEach(() => store.close());

  it('a commit whose checkpoint write fails leaves no document behind', async () => {
    await store.commit(
      [{ collection: 'docs', partition: 'acme', key: 'old', doc: { v: 1 }, revision: 0 }],
      [{ projection: 'docs', version: 1, position: pos(1) }],
    );
    db.exec(`CREATE TRIGGER fail_checkpoint BEFORE UPDATE ON checkpoints BEGIN SELECT RAISE(ABORT, 'forced failure'); END`);

    const error = await failureOf(
      store.commit(
        [
          { collection: 'docs', partition: 'acme', key: 'new', doc: { v: 1 }, revision: 0 },
          { collection: 'docs', partition: 'acme', key: 'old', doc: { v: 2 }, revision: 1 },
        ],
        [{ projection: 'docs', version: 1, position: pos(2) }],
      ),
    );
    expect(String(error)).to.match(/forced failure/);
    expect(await store.get('docs', { partition: 'acme', key: 'new' })).to.equal(null);
    expect(await store.get('docs', { partition: 'acme', key: 'old' })).to.deep.equal({ v: 1 });
    expect(await store.getCheckpoint('docs')).to.deep.equal({ version: 1, position: pos(1) });
  });

  it('a reset whose checkpoint delete fails keeps the documents', async () => {
    await store.commit(
      [{ collection: 'docs', partition: 'acme', key: 'a', doc: {}, revision: 0 }],
      [{ projection: 'docs', version: 1, position: pos(1) }],
    );
    db.exec(`CREATE TRIGGER fail_reset BEFORE DELETE ON checkpoints BEGIN SELECT RAISE(ABORT, 'forced failure'); END`);
    expect(String(await failureOf(store.reset('docs')))).to.match(/forced failure/);
    expect(await store.get('docs', { partition: 'acme', key: 'a' })).to.deep.equal({});
  });

  it('refuses a document that is not JSON, writing nothing of the commit', async () => {
    const error = await failureOf(
      store.commit(
        [
          { collection: 'docs', partition: 'acme', key: 'a', doc: { fine: true }, revision: 0 },
          { collection: 'docs', partition: 'acme', key: 'b', doc: undefined, revision: 0 },
        ],
        [{ projection: 'docs', version: 1, position: pos(1) }],
      ),
    );
    expect(error).to.be.instanceOf(TypeError);
    expect(await store.get('docs', { partition: 'acme', key: 'a' })).to.equal(null);
    expect(await store.getCheckpoint('docs')).to.equal(null);
  });

  it('reports a closed database as DependencyUnavailableError', async () => {
    await store.close();
    expect(await failureOf(store.get('docs', { partition: 'acme', key: 'a' }))).to.be.instanceOf(DependencyUnavailableError);
  });
});

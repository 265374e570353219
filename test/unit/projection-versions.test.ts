/**
 * What a projector does with each stored projection version (projection-versions.ts), and
 * `rebuildWhileServing` refusing, before it builds anything, to rebuild a projection to an older version.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { NewerProjectionVersionError, sideCollection, versionPlan } from '../../src/application/projection-versions.js';
import { rebuildWhileServing } from '../../src/application/rebuild.js';

const p = { name: 'docs', version: 2 };

describe('projection versions', () => {
  it('plans a build in place with none stored, nothing with the same, a build beside with an older one, standing by with a newer one', () => {
    expect(versionPlan(p, null)).to.deep.equal({ kind: 'fresh' });
    expect(versionPlan(p, { version: 2, position: null })).to.deep.equal({ kind: 'current' });
    expect(versionPlan(p, { version: 1, position: '5' })).to.deep.equal({ kind: 'upgrade', from: 1, side: 'docs@v2' });
    expect(versionPlan(p, { version: 3, position: '5' })).to.deep.equal({ kind: 'newer-stored', stored: 3 });
    expect(sideCollection(p)).to.equal('docs@v2');
  });

  it('says what was found and what would work when a newer version is stored', () => {
    const error = new NewerProjectionVersionError('docs', 3, 2);
    expect(error.message).to.equal(
      "Projection 'docs' is stored at version 3, newer than this code's version 2: standing by (a newer image projects it). To go back to older code for good, give its definition a version above 3.",
    );
  });

  it('rebuildWhileServing refuses to rebuild to an older version than the stored one, building nothing', async () => {
    const db = openDatabase(':memory:');
    try {
      const readModels = new SqliteReadModelStore(db);
      await readModels.commit([{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 3 }, revision: 0 }], [{ projection: 'docs', version: 3, position: null }]);
      const older = { name: 'docs', version: 2, locate: () => null, evolve: () => null };
      let thrown: unknown;
      await rebuildWhileServing({ eventStore: new SqliteEventStore(db), readModels }, [older]).catch((error: unknown) => (thrown = error));
      expect(thrown).to.be.instanceOf(NewerProjectionVersionError);
      expect(await readModels.get('docs', { partition: 'acme', key: 'a' })).to.deep.equal({ v: 3 });
      expect(db.prepare("SELECT count(*) AS n FROM checkpoints WHERE projection LIKE 'docs@%'").get()).to.deep.equal({ n: 0 });
    } finally {
      db.close();
    }
  });
});

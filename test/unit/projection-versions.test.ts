/**
 * What a projector does with each stored projection version (projection-versions.ts), and
 * `rebuildWhileServing` refusing, before it builds anything, to rebuild a projection to an older version.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { NewerProjectionVersionError, sideCollection, versionPlan } from '../../src/application/projector/projection-versions.js';
import { Projector, rebuildWhileServing } from '../../src/application/projector/index.js';
import type { Projection, RecordedProjectEvent } from '../../src/application/ports/projection.js';
import { projectStream, type ProjectEvent } from '../../src/domain/project.js';
import { created, saved, toEventData } from '../support/events.js';

/** A store whose first `refusals` switch-overs are refused, as when an older projector had moved the live read model ahead. */
class RefusingSwitches extends SqliteReadModelStore {
  refusals = 1;
  override async activate(name: string, physical: string): Promise<boolean> {
    if (this.refusals-- > 0) return false;
    return super.activate(name, physical);
  }
}

const counting = (version: number): Projection<{ revision: number; builtBy: number }> => ({
  name: 'docs',
  version,
  locate: (event: RecordedProjectEvent) => ({ partition: event.data.workspace, key: event.data.projectId }),
  evolve: (_doc, event) => ({ revision: event.revision, builtBy: version }),
});

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
      await readModels.commit(
        [{ collection: 'docs', partition: 'acme', key: 'a', doc: { v: 3 }, revision: 0 }],
        [{ projection: 'docs', version: 3, position: null }],
      );
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

  it('a switch refused at the end of the catch-up is made after a later live page; the old read model serves until then', async () => {
    const db = openDatabase(':memory:');
    const quiet = { info() {}, error() {} };
    const eventStore = new SqliteEventStore(db, { pollIntervalMs: 20 });
    const readModels = new RefusingSwitches(db);
    const append = async (event: ProjectEvent) =>
      (await eventStore.appendToStream(projectStream(event.data), toEventData(event), { expectedRevision: 'any' })).position!;
    const v2 = new Projector({ eventStore, readModels, projections: [counting(2)], logger: quiet });
    try {
      await append(created());
      const v1 = new Projector({ eventStore, readModels, projections: [counting(1)], logger: quiet });
      await v1.start();
      await v1.stop();
      await v2.start();
      const at = { partition: 'acme', key: 'welcome' };
      expect([await readModels.getCheckpoint('docs').then((c) => c?.version), await readModels.get('docs', at)]).to.deep.equal([
        1,
        { revision: 0, builtBy: 1 },
      ]);
      expect(await v2.waitFor(await append(saved()), 10_000)).to.equal(true);
      for (let i = 0; i < 100 && (await readModels.getCheckpoint('docs'))?.version !== 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect([await readModels.getCheckpoint('docs').then((c) => c?.version), await readModels.get('docs', at)]).to.deep.equal([
        2,
        { revision: 1, builtBy: 2 },
      ]);
    } finally {
      await v2.stop();
      db.close();
    }
  });
});

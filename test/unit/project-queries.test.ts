/**
 * ProjectQueries over a project of 2,000 revisions (SQLite in memory), counting what each read costs:
 * `?at=` reads one event of the stream, not the whole stream, and a handful of read-model round trips
 * (finding M4: revision-history version 2, one document per revision).
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { allProjections } from '../../projections/index.js';
import type { EventStore, ReadModelStore } from '../../src/application/ports/index.js';
import { ProjectQueries } from '../../src/application/read/index.js';
import { Projector } from '../../src/application/projector/index.js';
import { projectStream } from '../../src/domain/project.js';
import { created, deleted, saved, toEventData, WORKSPACE } from '../support/events.js';

const REF = { workspace: WORKSPACE, projectId: 'welcome' };
const REVISIONS = 2_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const time = (revision: number) => new Date(START + revision * 1000).toISOString();
const quiet = { info() {}, error() {} };

/** Created 0, saved 1…1,199, deleted 1,200, created again 1,201, saved to 1,999. */
function event(r: number) {
  const occurredAt = time(r);
  if (r === 1_200) return deleted({ occurredAt });
  return (r === 0 || r === 1_201 ? created : saved)({ occurredAt, metadata: { name: `rev ${r}` } });
}

/** Counts events read from the stream and read-model round trips. */
function counting<T extends object>(target: T, count: (method: string, result: unknown) => void): T {
  return new Proxy(target, {
    get(t, property, receiver) {
      const value: unknown = Reflect.get(t, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
        count(String(property), result);
        return result;
      };
    },
  });
}

describe(`ProjectQueries over ${REVISIONS.toLocaleString('en')} revisions`, function () {
  this.timeout(30_000);
  let db: SqliteDatabase;
  let queries: ProjectQueries;
  let eventsRead = 0;
  let roundTrips = 0;

  before(async () => {
    db = openDatabase(':memory:');
    const eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 });
    const readModels = new SqliteReadModelStore(db);
    await eventStore.appendToStream(projectStream(REF), toEventData(...Array.from({ length: REVISIONS }, (_, r) => event(r))), {
      expectedRevision: 'no_stream',
    });
    await new Projector({ eventStore, readModels, projections: allProjections, logger: quiet }).catchUp();
    const countedEvents = counting<EventStore>(eventStore, (method, result) => {
      if (method === 'readStream') eventsRead += (result as unknown[]).length;
    });
    const countedModels = counting<ReadModelStore>(readModels, () => (roundTrips += 1));
    queries = new ProjectQueries(countedModels, countedEvents);
  });
  after(() => db.close());
  beforeEach(() => {
    eventsRead = 0;
    roundTrips = 0;
  });

  it('?at= reads one event of the stream and at most 4 read-model round trips', async () => {
    const view = await queries.getProjectAsOf(REF, new Date(START + 1_500_500).toISOString());
    expect([view.revision, view.createdAt, view.updatedAt, view.metadata]).to.deep.equal([
      1_500,
      time(1_201),
      time(1_500),
      { name: 'rev 1500' },
    ]);
    expect(eventsRead, 'events read from the stream').to.equal(1);
    expect(roundTrips, 'read-model round trips').to.be.at.most(4);
  });

  it('?at= before the creation, and while deleted, answers from the read model alone', async () => {
    const failure = (at: number) =>
      queries.getProjectAsOf(REF, new Date(at).toISOString()).then(
        () => null,
        (e: { code: string }) => e.code,
      );
    expect(await failure(START - 1)).to.equal('revision_not_found');
    expect(await failure(START + 1_200_500)).to.equal('project_deleted');
    expect(eventsRead).to.equal(0);
  });

  it('a page of revisions is one list after the existence check', async () => {
    const page = await queries.listRevisions(REF, { after: 1_199, limit: 3 });
    expect(page.items.map((item) => [item.revision, item.event])).to.deep.equal([
      [1_200, 'deleted'],
      [1_201, 'created'],
      [1_202, 'saved'],
    ]);
    expect([page.nextAfter, roundTrips]).to.deep.equal([1_202, 2]);
  });
});

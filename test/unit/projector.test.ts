/**
 * The projector over the real SQLite stores (one in-memory database): catching up, following appends,
 * checkpoints across restarts, version-driven rebuilds, and surviving a projection that throws.
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { encodePosition, SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { comparePositions, type Position, type DocumentChange, type ProjectionCheckpoint } from '../../src/application/ports/index.js';
import type { Projection, RecordedProjectEvent } from '../../src/application/ports/projection.js';
import type { ProjectionEvent } from '../../projections/projection.js';
import { Projector, type ProjectorLogger } from '../../src/application/projector/projector.js';
import { projectStream, type ProjectEvent } from '../../src/domain/project.js';
import {
  allProjections,
  projectPartition,
  revisionKey,
  type ProjectDetailsDoc,
  type RevisionHistoryItem,
  type TemplateSummaryDoc,
} from '../../projections/index.js';
import { created, deleted, saved, toEventData, WORKSPACE } from '../support/events.js';

/** A read-model store that counts commits and can run a hook before each one. */
class ObservedReadModels extends SqliteReadModelStore {
  commits = 0;
  beforeCommit: (() => Promise<void> | void) | null = null;
  override async commit(changes: DocumentChange[], checkpoints: Array<{ projection: string } & ProjectionCheckpoint>): Promise<void> {
    await this.beforeCommit?.();
    this.commits += 1;
    return super.commit(changes, checkpoints);
  }
}

interface SpyDoc {
  revision: number;
  applied: number[];
  builtBy: number;
}

/**
 * The row id behind the `$all` position of the event a spy applies. Positions are opaque to the
 * service; these unit tests run over the SQLite store, whose positions are its row ids (`encodePosition`),
 * so they can be written as small numbers. The projector hands projections the recorded event, though a
 * projection's own type (rightly) does not promise positions.
 */
const positionOf = (event: ProjectionEvent) => Number((event as RecordedProjectEvent).position);
/** The SQLite store's position of row `n`. */
const at = (n: number) => encodePosition(n);

/** A projection that records which positions it applied, and counts every evolve call in `calls`. */
function spyProjection(version = 1, name = 'spy'): Projection<SpyDoc> & { calls: number } {
  const spy = {
    name,
    version,
    calls: 0,
    locate: (event: RecordedProjectEvent) => ({ partition: event.data.workspace, key: event.data.projectId }),
    evolve(doc: SpyDoc | null, event: RecordedProjectEvent): SpyDoc {
      spy.calls += 1;
      return { revision: event.revision, applied: [...(doc?.applied ?? []), positionOf(event)], builtBy: version };
    },
  };
  return spy;
}

function recordingLogger(): ProjectorLogger & { errors: Array<{ obj: Record<string, unknown>; msg?: string }> } {
  const errors: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
  return {
    errors,
    info() {},
    error(obj, msg) {
      errors.push({ obj: obj as Record<string, unknown>, msg });
    },
  };
}

const where = (key: string) => ({ partition: WORKSPACE, key });

describe('Projector', () => {
  let db: SqliteDatabase;
  let eventStore: SqliteEventStore;
  let readModels: ObservedReadModels;
  const running: Projector[] = [];

  /** A projector over the shared stores; stopped after each test. */
  function projector(options: Partial<ConstructorParameters<typeof Projector>[0]> = {}): Projector {
    const p = new Projector({ eventStore, readModels, projections: allProjections, logger: recordingLogger(), ...options });
    running.push(p);
    return p;
  }

  /** Append domain events to their project's stream with 'any' (tests control the order). */
  async function append(...events: ProjectEvent[]): Promise<Position> {
    let position: Position | null = null;
    for (const event of events) {
      ({ position } = await eventStore.appendToStream(projectStream(event.data), toEventData(event), { expectedRevision: 'any' }));
    }
    return position!;
  }

  beforeEach(() => {
    db = openDatabase(':memory:');
    eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 }); // polls slowed: only appends wake subscriptions
    readModels = new ObservedReadModels(db);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
    db.close();
  });

  it('catches up from events appended before it started', async () => {
    await append(
      created(),
      created({ projectId: 'gone' }),
      saved(),
      created({ projectId: 'other', metadata: { name: 'Other' } }),
      deleted({ projectId: 'gone' }),
    );
    const p = projector();
    await p.start();

    const details = await readModels.get<ProjectDetailsDoc>('project-details', where('welcome'));
    expect(details).to.deep.include({ revision: 1, status: 'active', publishedHtml: saved().data.publishedHtml });
    expect(await readModels.get<ProjectDetailsDoc>('project-details', where('gone'))).to.deep.include({ status: 'deleted', revision: 1 });
    const list = await readModels.list<TemplateSummaryDoc>('template-list', { partition: WORKSPACE, limit: 10 });
    expect(list.map((item) => [item.key, item.doc.revision])).to.deep.equal([
      ['other', 0],
      ['welcome', 1],
    ]);
    const lastRecorded = (await eventStore.readAll()).at(-1)!.recordedAt;
    expect(p.status()).to.deep.equal({
      projections: [
        { name: 'project-details', version: 2, position: at(5) },
        { name: 'revision-history', version: 2, position: at(5) },
        { name: 'template-list', version: 1, position: at(5) },
      ],
      position: at(5),
      appliedRecordedAt: lastRecorded,
    });
    expect(await readModels.getCheckpoint('template-list')).to.deep.equal({ version: 1, position: at(5) });
  });

  it('applies consecutive events on one document within one page, each seeing the previous result', async () => {
    await append(created(), saved(), saved({ occurredAt: '2026-01-05T00:00:00.000Z' }));
    await projector().catchUp();
    // project-details keeps createdAt from the creation: each event saw the document the one before made.
    const details = await readModels.get<ProjectDetailsDoc>('project-details', where('welcome'));
    expect(details).to.deep.include({ revision: 2, createdAt: created().data.occurredAt, updatedAt: '2026-01-05T00:00:00.000Z' });
    const history = await readModels.list<RevisionHistoryItem>('revision-history', {
      partition: projectPartition({ workspace: WORKSPACE, projectId: 'welcome' }),
      limit: 10,
    });
    expect(history.map((row) => [row.key, row.doc.event])).to.deep.equal([
      [revisionKey(0), 'created'],
      [revisionKey(1), 'saved'],
      [revisionKey(2), 'saved'],
    ]);
    expect(readModels.commits).to.equal(2); // one recording the versions at first load, one for the single page
  });

  it('reads in pages of batchSize and commits once per page', async () => {
    await append(created(), saved(), saved(), saved(), saved());
    const spy = spyProjection();
    await projector({ projections: [spy], batchSize: 2 }).catchUp();
    expect((await readModels.get<SpyDoc>('spy', where('welcome')))?.applied).to.deep.equal([1, 2, 3, 4, 5]);
    expect(readModels.commits).to.equal(1 + 3); // version record + pages [1,2] [3,4] [5]
  });

  it('waitFor resolves true once an append is projected', async () => {
    const p = projector();
    await p.start();
    await append(created());
    const position = await append(saved());
    expect(await p.waitFor(position, 10_000)).to.equal(true);
    expect(comparePositions(p.status().position!, position)).to.be.at.least(0);
    expect((await readModels.get<ProjectDetailsDoc>('project-details', where('welcome')))?.revision).to.equal(1);
  });

  it('waitFor triggers a catch-up itself, even when not started', async () => {
    const position = await append(created());
    const p = projector();
    expect(await p.waitFor(position, 10_000)).to.equal(true);
    expect(await readModels.get('template-list', where('welcome'))).not.to.equal(null);
  });

  it('waitFor resolves false when the position is not reached in time', async () => {
    const position = await append(created());
    const p = projector();
    expect(await p.waitFor(at(Number(position) + 1), 20)).to.equal(false); // a position after the head
  });

  it('stop() answers a pending waitFor with false', async () => {
    const p = projector();
    await p.start();
    const waiting = p.waitFor(at(1_000), 600_000);
    await p.stop();
    expect(await waiting).to.equal(false);
  });

  it('after start(), follows appends without being asked', async () => {
    const p = projector();
    await p.start();
    const committed = new Promise<void>((resolve) => (readModels.beforeCommit = resolve));
    await append(created());
    await committed;
    await p.catchUp(); // the live subscription's page and this catch-up's are applied once
    expect(await readModels.get('project-details', where('welcome'))).not.to.equal(null);
  });

  it('applies each event once when catch-ups overlap with each other and with the live subscription', async () => {
    await append(created(), saved());
    const spy = spyProjection();
    const p = projector({ projections: [spy], batchSize: 2 });
    await p.start();
    let appendedDuringRun: Position | null = null;
    readModels.beforeCommit = async () => {
      readModels.beforeCommit = null;
      appendedDuringRun = await append(saved({ occurredAt: '2026-01-09T00:00:00.000Z' }));
    };
    await append(saved(), saved(), saved());
    await Promise.all([p.catchUp(), p.catchUp(), p.catchUp()]);
    expect(await p.waitFor(appendedDuringRun!, 10_000)).to.equal(true);
    expect(spy.calls).to.equal(6);
    expect((await readModels.get<SpyDoc>('spy', where('welcome')))?.applied).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(p.status().position).to.equal(at(6));
  });

  it('resumes after a failed commit: the page is delivered again and applied once', async () => {
    const logger = recordingLogger();
    const spy = spyProjection();
    const p = projector({ projections: [spy], logger });
    await p.start();
    readModels.beforeCommit = () => {
      readModels.beforeCommit = null;
      throw new Error('disk full');
    };
    const position = await append(created(), saved());
    expect(await p.waitFor(position, 10_000)).to.equal(true);
    expect((await readModels.get<SpyDoc>('spy', where('welcome')))?.applied).to.deep.equal([1, 2]);
    expect(logger.errors.map((e) => [e.msg, String(e.obj.err)])).to.deep.equal([
      ['projector subscription dropped; resuming', 'Error: disk full'],
    ]);
  });

  it('catchUp() rejects when the store fails, and a later one succeeds', async () => {
    await append(created());
    const p = projector();
    await p.catchUp(); // versions recorded
    await append(saved());
    readModels.beforeCommit = () => {
      readModels.beforeCommit = null;
      throw new Error('disk full');
    };
    let failure: unknown;
    await p.catchUp().catch((error: unknown) => (failure = error));
    expect(String(failure)).to.equal('Error: disk full');
    await p.catchUp();
    expect(p.status().position).to.equal(at(2));
  });

  it('keeps checkpoints: a restarted projector does not re-apply events', async () => {
    await append(created(), saved());
    const first = spyProjection();
    const p1 = projector({ projections: [first] });
    await p1.start();
    await p1.stop();
    expect(first.calls).to.equal(2);

    const second = spyProjection();
    const p2 = projector({ projections: [second] });
    await p2.start();
    expect(second.calls).to.equal(0);
    const position = await append(saved());
    expect(await p2.waitFor(position, 10_000)).to.equal(true);
    expect(second.calls).to.equal(1);
    expect((await readModels.get<SpyDoc>('spy', where('welcome')))?.applied).to.deep.equal([1, 2, 3]);
  });

  it('rebuilds a projection from the start when its version changes', async () => {
    await append(created(), saved());
    const v1 = spyProjection(1);
    await projector({ projections: [v1] }).start();
    // A document v2 would never write, to show the rebuild drops the old read model.
    await readModels.commit([{ collection: 'spy', partition: WORKSPACE, key: 'stale', doc: { builtBy: 1 }, revision: 0 }], []);

    const v2 = spyProjection(2);
    const p2 = projector({ projections: [v2] });
    await p2.start();
    expect(v2.calls).to.equal(2);
    expect(await readModels.get<SpyDoc>('spy', where('welcome'))).to.deep.equal({ revision: 1, applied: [1, 2], builtBy: 2 });
    expect(await readModels.get('spy', where('stale'))).to.equal(null);
    expect(await readModels.getCheckpoint('spy')).to.deep.equal({ version: 2, position: at(2) });
  });

  it('rebuild(name) replays one projection; the others apply only what they have not seen', async () => {
    await append(created(), saved());
    const a = spyProjection(1, 'a');
    const b = spyProjection(1, 'b');
    const p = projector({ projections: [a, b] });
    await p.catchUp();
    await readModels.commit([{ collection: 'a', partition: WORKSPACE, key: 'welcome', doc: { broken: true }, revision: 99 }], []);
    await append(saved()); // b must apply this one only, although the page starts at position 1

    await p.rebuild('a');
    expect([a.calls, b.calls]).to.deep.equal([2 + 3, 2 + 1]);
    expect(await readModels.get<SpyDoc>('a', where('welcome'))).to.deep.equal({ revision: 2, applied: [1, 2, 3], builtBy: 1 });
    expect(await readModels.get<SpyDoc>('b', where('welcome'))).to.deep.equal({ revision: 2, applied: [1, 2, 3], builtBy: 1 });
    expect(p.status().position).to.equal(at(3));
    let unknown: unknown;
    await p.rebuild('nope').catch((error: unknown) => (unknown = error));
    expect(String(unknown)).to.match(/nope/);
  });

  it('logs and skips an event a projection throws on, while the others advance', async () => {
    const logger = recordingLogger();
    const fragile: Projection<SpyDoc> = {
      ...spyProjection(1, 'fragile'),
      evolve(doc, event) {
        if (event.type === 'ProjectSaved') throw new Error('bug in evolve');
        return { revision: event.revision, applied: [...(doc?.applied ?? []), positionOf(event)], builtBy: 1 };
      },
    };
    const pickyLocate: Projection<SpyDoc> = {
      ...spyProjection(1, 'picky'),
      locate(event) {
        if (event.data.projectId === 'other') throw new Error('bug in locate');
        return { partition: event.data.workspace, key: event.data.projectId };
      },
    };
    await append(created(), saved(), created({ projectId: 'other' }), deleted());
    const p = projector({ projections: [...allProjections, fragile, pickyLocate], logger });
    await p.start();

    expect(p.status().position).to.equal(at(4));
    expect((await readModels.get<SpyDoc>('fragile', where('welcome')))?.applied).to.deep.equal([1, 4]);
    expect(await readModels.get('picky', where('other'))).to.equal(null);
    expect((await readModels.get<ProjectDetailsDoc>('project-details', where('welcome')))?.status).to.equal('deleted');
    expect(logger.errors.map(({ obj }) => [obj.projection, obj.position, obj.streamId, obj.type])).to.deep.equal([
      ['fragile', at(2), projectStream(saved().data), 'ProjectSaved'],
      ['picky', at(3), projectStream(created({ projectId: 'other' }).data), 'ProjectCreated'],
    ]);
    expect(String(logger.errors[0]?.obj.err)).to.match(/bug in evolve/);
  });

  it('ignores events that are not project events', async () => {
    await eventStore.appendToStream('$settings', [{ type: 'SomethingElse', data: { workspace: WORKSPACE, projectId: 'x' } }], {
      expectedRevision: 'any',
    });
    await append(created());
    const spy = spyProjection();
    const p = projector({ projections: [spy] });
    await p.catchUp();
    expect(spy.calls).to.equal(1);
    expect(p.status().position).to.equal(at(2));
  });

  it('refuses two projections with one name, and a non-positive batch size', () => {
    expect(() => new Projector({ eventStore, readModels, projections: [spyProjection(), spyProjection()] })).to.throw(/spy/);
    expect(() => new Projector({ eventStore, readModels, projections: [], batchSize: 0 })).to.throw(RangeError);
  });
});

/**
 * The current-revision index: fed by applied events, forward-only, read-through on a miss (once), deletes
 * answer null; and end to end through the real Projector over SQLite, including `Projector.onApplied`.
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { encodePosition, SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import { CurrentRevisions, ProjectQueries } from '../../src/application/read/index.js';
import type { Position, DocumentLocation, ReadModelStore, RecordedProjectEvent } from '../../src/application/ports/index.js';
import { Projector, type ProjectorLogger } from '../../src/application/projector/projector.js';
import { projectStream, type ProjectEvent } from '../../src/domain/project.js';
import { allProjections, type TemplateSummaryDoc } from '../../projections/index.js';
import { created, deleted, recorded, saved, toEventData, WORKSPACE } from '../support/events.js';

const ref = { workspace: WORKSPACE, projectId: 'welcome' };

/** A read-model store holding template-list documents only; counts `get` calls; `gate` holds reads back. */
class FakeReadModels implements ReadModelStore {
  readonly kind = 'fake';
  readonly docs = new Map<string, TemplateSummaryDoc>();
  gets = 0;
  gate: Promise<void> | null = null;
  async get<T>(collection: string, { partition, key }: DocumentLocation): Promise<T | null> {
    this.gets += 1;
    expect(collection).to.equal('template-list');
    const doc = this.docs.get(`${partition}/${key}`) ?? null; // read now, answer after the gate: a stale read
    await this.gate;
    return doc as T | null;
  }
  put(revision: number, updatedAt = '2026-01-01T10:00:00.000Z', projectId = 'welcome'): void {
    this.docs.set(`${WORKSPACE}/${projectId}`, {
      workspace: WORKSPACE,
      id: projectId,
      name: null,
      subject: null,
      revision,
      createdAt: updatedAt,
      updatedAt,
    });
  }
  getMany(): never {
    throw new Error('not used');
  }
  onCheckpointsMoved(): never {
    throw new Error('not used');
  }
  activate(): never {
    throw new Error('not used');
  }
  list(): never {
    throw new Error('not used');
  }
  commit(): never {
    throw new Error('not used');
  }
  getCheckpoint(): never {
    throw new Error('not used');
  }
  reset(): never {
    throw new Error('not used');
  }
  async close(): Promise<void> {}
}

describe('CurrentRevisions', () => {
  let store: FakeReadModels;
  let index: CurrentRevisions;
  beforeEach(() => {
    store = new FakeReadModels();
    index = new CurrentRevisions(store);
  });

  it('answers from applied events without reading the store', async () => {
    const malformed = { ...recorded(created({ projectId: 'broken' }), 0, 3), data: null } as unknown as RecordedProjectEvent;
    index.apply([recorded(created(), 0), malformed, recorded(saved(), 1), recorded(created({ projectId: 'other' }), 0, 3)]);
    expect(await index.get(ref)).to.deep.equal({ revision: 1, updatedAt: saved().data.occurredAt });
    expect(await index.get({ workspace: WORKSPACE, projectId: 'other' })).to.deep.equal({
      revision: 0,
      updatedAt: created().data.occurredAt,
    });
    expect(store.gets).to.equal(0);
  });

  it('never moves an entry backwards, whatever order events arrive in', async () => {
    const later = saved({ occurredAt: '2026-01-05T00:00:00.000Z' });
    index.apply([recorded(later, 2)]);
    index.apply([recorded(created(), 0), recorded(saved(), 1), recorded(later, 2)]);
    expect(await index.get(ref)).to.deep.equal({ revision: 2, updatedAt: later.data.occurredAt });
    index.apply([recorded(deleted(), 3)]);
    index.apply([recorded(saved(), 1), recorded(later, 2)]);
    expect(index.peek(ref)).to.deep.equal({ status: 'deleted', revision: 3 });
  });

  it('a deleted id created again is live at its next revision (deleted at 2 → live at 3)', async () => {
    const again = created({ occurredAt: '2026-01-05T00:00:00.000Z' });
    index.apply([recorded(created(), 0), recorded(saved(), 1), recorded(deleted(), 2)]);
    expect(await index.get(ref)).to.equal(null);
    index.apply([recorded(again, 3)]);
    expect(await index.get(ref)).to.deep.equal({ revision: 3, updatedAt: '2026-01-05T00:00:00.000Z' });
    index.apply([recorded(deleted(), 2)]); // re-delivered: never back
    expect(index.peek(ref)).to.deep.equal({ status: 'live', revision: 3, updatedAt: '2026-01-05T00:00:00.000Z' });
    expect(store.gets).to.equal(0);
  });

  it('reads through on a miss, then answers from memory', async () => {
    store.put(4, '2026-01-04T00:00:00.000Z');
    const expected = { revision: 4, updatedAt: '2026-01-04T00:00:00.000Z' };
    expect(await index.get(ref)).to.deep.equal(expected);
    expect(await index.get(ref)).to.deep.equal(expected);
    expect(store.gets).to.equal(1);
    index.apply([recorded(saved(), 5)]);
    expect(await index.get(ref)).to.deep.equal({ revision: 5, updatedAt: saved().data.occurredAt });
    expect(store.gets).to.equal(1);
  });

  it('does not let a slow read-through overwrite a newer event, nor revive a deleted project', async () => {
    store.put(1);
    let release!: () => void;
    store.gate = new Promise<void>((resolve) => (release = resolve));
    const reading = index.get(ref);
    index.apply([recorded(saved(), 2)]);
    release();
    expect(await reading).to.deep.equal({ revision: 2, updatedAt: saved().data.occurredAt }); // the newer answer
    expect(index.peek(ref)).to.deep.include({ revision: 2 });

    const other = { workspace: WORKSPACE, projectId: 'other' };
    store.put(0, undefined, 'other');
    store.gate = new Promise<void>((resolve) => (release = resolve));
    const racing = index.get(other);
    index.apply([recorded(deleted({ projectId: 'other' }), 1)]);
    release();
    expect(await racing).to.equal(null);
    expect(index.peek(other)).to.deep.equal({ status: 'deleted', revision: 1 });
  });

  it('answers null for a deleted project at once, and does not remember a project the store lacks', async () => {
    store.put(1);
    expect(await index.get(ref)).to.deep.include({ revision: 1 });
    index.apply([recorded(deleted(), 2)]);
    expect(await index.get(ref)).to.equal(null);
    expect(store.gets).to.equal(1); // the delete marker answered, not the store

    const missing = { workspace: WORKSPACE, projectId: 'missing' };
    expect(await index.get(missing)).to.equal(null);
    expect(index.peek(missing)).to.equal(undefined);
    store.put(0, undefined, 'missing'); // created later (say by another process): found on the next ask
    expect(await index.get(missing)).to.deep.include({ revision: 0 });
    expect(store.gets).to.equal(3);
  });

  it('forgets least recently used projects beyond maxEntries and reads them through again', async () => {
    const small = new CurrentRevisions(store, { maxEntries: 1 });
    store.put(7);
    small.apply([recorded(created({ projectId: 'other' }), 0)]);
    expect(await small.get(ref)).to.deep.include({ revision: 7 });
    expect(small.size).to.equal(1);
    expect(small.peek({ workspace: WORKSPACE, projectId: 'other' })).to.equal(undefined);
    expect(() => new CurrentRevisions(store, { maxEntries: 0 })).to.throw(RangeError);
  });

  it('backs ProjectQueries.currentRevision when given as its third argument', async () => {
    index.apply([recorded(created(), 0)]);
    const queries = new ProjectQueries(store, null as never, index);
    expect(await queries.currentRevision(ref)).to.deep.equal({ revision: 0, updatedAt: created().data.occurredAt });
    expect(store.gets).to.equal(0);
  });
});

describe('CurrentRevisions fed by the Projector (SQLite)', () => {
  let db: SqliteDatabase;
  let eventStore: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  let projector: Projector;
  let errors: Array<{ obj: object; msg?: string }>;

  beforeEach(() => {
    db = openDatabase(':memory:');
    eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 }); // only appends wake subscriptions
    readModels = new SqliteReadModelStore(db);
    errors = [];
    const logger: ProjectorLogger = { info() {}, error: (obj, msg) => void errors.push({ obj, msg }) };
    projector = new Projector({ eventStore, readModels, projections: allProjections, logger });
  });
  afterEach(async () => {
    await projector.stop();
    db.close();
  });

  async function append(event: ProjectEvent): Promise<Position> {
    return (await eventStore.appendToStream(projectStream(event.data), toEventData(event), { expectedRevision: 'any' })).position!;
  }

  it('shows a save in the index once waitFor(position) resolves, and a delete as null', async () => {
    const index = new CurrentRevisions(readModels);
    projector.onApplied((events) => index.apply(events));
    await projector.start();

    expect(await projector.waitFor(await append(created()), 5000)).to.equal(true);
    expect(index.peek(ref)).to.deep.equal({ status: 'live', revision: 0, updatedAt: created().data.occurredAt });
    expect(await projector.waitFor(await append(saved()), 5000)).to.equal(true);
    expect(index.peek(ref)).to.deep.equal({ status: 'live', revision: 1, updatedAt: saved().data.occurredAt });
    // The same updatedAt the template-list document has.
    expect(await readModels.get<TemplateSummaryDoc>('template-list', { partition: WORKSPACE, key: 'welcome' })).to.deep.include({
      revision: 1,
      updatedAt: saved().data.occurredAt,
    });
    expect(await projector.waitFor(await append(deleted()), 5000)).to.equal(true);
    expect(await index.get(ref)).to.equal(null);
  });

  it('tells every listener of committed project events; a throwing one is logged, the rest still told', async () => {
    const seen: RecordedProjectEvent[][] = [];
    projector.onApplied(() => {
      throw new Error('listener broke');
    });
    const unsubscribe = projector.onApplied((events) => seen.push([...events]));
    await append(created());
    await append(saved());
    await projector.catchUp();
    expect(seen.map((page) => page.map((e) => [e.type, e.revision, Number(e.position)]))).to.deep.equal([
      // SQLite positions: row ids
      [
        ['ProjectCreated', 0, 1],
        ['ProjectSaved', 1, 2],
      ],
    ]);
    expect(errors.map((e) => e.msg)).to.deep.equal(['onApplied listener threw; ignored']);
    expect(await readModels.getCheckpoint('template-list')).to.deep.equal({ version: 1, position: encodePosition(2) });

    unsubscribe();
    await append(deleted());
    await projector.catchUp();
    expect(seen).to.have.length(1);
  });
});

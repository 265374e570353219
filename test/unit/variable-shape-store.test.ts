/**
 * Where recorded shapes go (variable-shape-store.ts, variable-shape-recorder.ts) over a real read-model store
 * (SQLite in memory): merged counts, the window, the bounds, two writers racing for one document, a
 * template's keys only, and the recorder's memory bounds and flushes.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteReadModelStore } from '../../src/adapters/sqlite/read-model-store.js';
import {
  VARIABLE_SHAPES_COLLECTION,
  VariableShapeRecorder,
  VariableShapeStore,
  type RecordedShape,
  type ShapesDocument,
} from '../../src/application/render/index.js';
import type { DocumentChange, ReadModelStore } from '../../src/application/ports/index.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { rebuildWhileServing } from '../../src/application/projector/index.js';
import { allProjections } from '../../projections/index.js';
import { created } from '../support/events.js';
import { projectStream } from '../../src/domain/project.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const shape = (path: string, at: number, count = 1): RecordedShape => ({
  paths: [[path, ['string']]],
  count,
  first_seen: iso(at),
  last_seen: iso(at),
});
const where = (template: string, keyId: string) => ({ workspace: 'acme', template, keyId });

describe('variable shapes: the store', () => {
  let db: ReturnType<typeof openDatabase>;
  let readModels: SqliteReadModelStore;
  const options = { windowMs: 24 * HOUR, maxShapes: 3, maxKeys: 10 };

  beforeEach(() => {
    db = openDatabase(':memory:');
    readModels = new SqliteReadModelStore(db);
  });
  afterEach(() => db.close());

  it('merges: counts added, first and last seen widened, one document per template and key', async () => {
    const store = new VariableShapeStore(readModels, options);
    expect(await store.merge(where('receipt', 'k1'), [shape('a', T0, 2)], T0)).to.equal(true);
    expect(await store.merge(where('receipt', 'k1'), [shape('a', T0 + 1000, 3), shape('b', T0 + 1000)], T0 + 1000)).to.equal(true);
    const [found] = await store.forTemplate('acme', 'receipt', T0 + 2000);
    expect(found!.keyId).to.equal('k1');
    const a = found!.shapes.find((s) => s.paths[0]![0] === 'a')!;
    expect(a).to.include({ count: 5, first_seen: iso(T0), last_seen: iso(T0 + 1000) });
    expect(found!.shapes).to.have.length(2);
  });

  it('drops shapes past the window, keeps the most recent maxShapes, removes a document with nothing left', async () => {
    const store = new VariableShapeStore(readModels, options);
    const shapes = ['a', 'b', 'c', 'd'].map((path, i) => shape(path, T0 + i * 1000));
    await store.merge(where('receipt', 'k1'), shapes, T0 + 5000);
    const [kept] = await store.forTemplate('acme', 'receipt', T0 + 5000);
    expect(kept!.shapes.map((s) => s.paths[0]![0]).sort()).to.deep.equal(['b', 'c', 'd']);
    await store.merge(where('receipt', 'k2'), [shape('x', T0)], T0);
    const later = T0 + 24 * HOUR + 1500; // 'x' (T0) and 'b' (T0 + 1 s) are out of the window
    const found = await store.forTemplate('acme', 'receipt', later);
    expect(found.map((f) => [f.keyId, f.shapes.length])).to.deep.equal([['k1', 2]]);
    const removed = await readModels.get(VARIABLE_SHAPES_COLLECTION, { partition: 'acme', key: 'receipt/k2' });
    expect(removed).to.equal(null);
  });

  it("lists one template's keys only (not a-b's, nor ab's, nor another workspace's)", async () => {
    const store = new VariableShapeStore(readModels, options);
    for (const template of ['a', 'a-b', 'ab', 'b']) await store.merge(where(template, 'k1'), [shape(template, T0)], T0);
    await store.merge({ workspace: 'other', template: 'a', keyId: 'k9' }, [shape('a', T0)], T0);
    await store.merge(where('a', 'k2'), [shape('a', T0)], T0);
    const found = await store.forTemplate('acme', 'a', T0);
    expect(found.map((f) => f.keyId)).to.deep.equal(['k1', 'k2']);
  });

  it('a projection rebuild leaves the collection alone (no projection owns it)', async () => {
    const eventStore = new SqliteEventStore(db, { pollIntervalMs: 60_000 });
    const event = created();
    await eventStore.appendToStream(projectStream(event.data), [{ type: event.type, data: event.data, metadata: {} }], {
      expectedRevision: 'no_stream',
    });
    const store = new VariableShapeStore(readModels, options);
    await store.merge(where('welcome', 'k1'), [shape('a', T0)], T0);
    const rebuilt = await rebuildWhileServing({ eventStore, readModels }, allProjections);
    expect(rebuilt.events).to.equal(1);
    expect((await store.forTemplate('acme', 'welcome', T0)).map((f) => f.keyId)).to.deep.equal(['k1']);
  });

  it('two writers racing for one document: the loser merges again onto the winner, nothing is lost', async () => {
    const rival = new VariableShapeStore(readModels, options);
    let raced = false;
    // Before this writer's first commit lands, the rival writes the same document.
    const racing: Pick<ReadModelStore, 'get' | 'list' | 'commit'> = {
      get: (collection, location) => readModels.get(collection, location),
      list: (collection, o) => readModels.list(collection, o),
      commit: async (changes: DocumentChange[], checkpoints) => {
        if (!raced) {
          raced = true;
          await rival.merge(where('receipt', 'k1'), [shape('rival', T0)], T0);
        }
        return readModels.commit(changes, checkpoints);
      },
    };
    const store = new VariableShapeStore(racing, options);
    expect(await store.merge(where('receipt', 'k1'), [shape('mine', T0)], T0)).to.equal(true);
    const doc = await readModels.get<ShapesDocument>(VARIABLE_SHAPES_COLLECTION, { partition: 'acme', key: 'receipt/k1' });
    expect(doc!.shapes.map((s) => s.paths[0]![0]).sort()).to.deep.equal(['mine', 'rival']);
    expect(doc!.seq).to.equal(2);
  });
});

describe('variable shapes: the recorder', () => {
  let db: ReturnType<typeof openDatabase>;
  let store: VariableShapeStore;
  let now: number;
  const ref = (projectId: string) => ({ workspace: 'acme', projectId });

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new VariableShapeStore(new SqliteReadModelStore(db), { windowMs: 24 * HOUR, maxShapes: 2, maxKeys: 10 });
    now = T0;
  });
  afterEach(() => db.close());

  it('counts renders per shape; keeps at most maxShapes per key (the least recently seen goes); recorded() flushes first', async () => {
    const recorder = new VariableShapeRecorder(store, { flushMs: 60_000, maxShapes: 2, maxEntries: 10, now: () => now });
    recorder.record(ref('t'), 'k1', { a: 'x' }, false);
    now += 1;
    recorder.record(ref('t'), 'k1', { b: 'x' }, false);
    now += 1;
    recorder.record(ref('t'), 'k1', { a: 'y' }, false); // a is the most recent now
    now += 1;
    recorder.record(ref('t'), 'k1', { c: 1 }, true); // evicts b
    const [found] = await recorder.recorded(ref('t'));
    const summary = found!.shapes.map((s) => [s.paths.map(([p]) => p).join(), s.count, s.strict ?? false]).sort();
    expect(summary).to.deep.equal([
      ['a', 2, false],
      ['c', 1, true],
    ]);
    expect(JSON.stringify(found)).to.not.contain('"x"').and.not.contain('"y"');
  });

  it('holds at most maxEntries template-key pairs until a flush; a failed flush keeps what it could not write', async () => {
    const readModels = new SqliteReadModelStore(db);
    let failing = false;
    const flaky: Pick<ReadModelStore, 'get' | 'list' | 'commit'> = {
      get: (collection, location) => (failing ? Promise.reject(new Error('store down')) : readModels.get(collection, location)),
      list: (collection, o) => readModels.list(collection, o),
      commit: (changes, checkpoints) => readModels.commit(changes, checkpoints),
    };
    const flakyStore = new VariableShapeStore(flaky, { windowMs: 24 * HOUR, maxShapes: 2, maxKeys: 10 });
    const recorder = new VariableShapeRecorder(flakyStore, { flushMs: 60_000, maxShapes: 2, maxEntries: 1, now: () => now });
    recorder.record(ref('t'), 'k1', { a: 1 }, false);
    recorder.record(ref('t'), 'k2', { a: 1 }, false); // past maxEntries: not recorded
    expect((await recorder.recorded(ref('t'))).map((f) => f.keyId)).to.deep.equal(['k1']);

    recorder.record(ref('u'), 'k1', { b: 1 }, false);
    failing = true;
    let failed = false;
    await recorder.flush().catch(() => (failed = true));
    expect(failed).to.equal(true);
    failing = false;
    const [kept] = await recorder.recorded(ref('u'));
    expect(kept!.shapes[0]!.paths).to.deep.equal([['b', ['integer']]]);
  });
});

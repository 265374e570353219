/**
 * Which revision a render uses (render-revisions.ts): the index alone by default; the project's stream when
 * a `minRevision` or `revision` is past the index (waiting, bounded, for `minRevision`), or on every render
 * with `checkStore`; what the stream shows moves the index forward.
 */
import { expect } from 'chai';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import { CurrentRevisions } from '../../src/application/read/index.js';
import type { ReadModelStore } from '../../src/application/ports/index.js';
import { RenderRevisions, RevisionNotYetVisibleError } from '../../src/application/render/index.js';
import { DomainError } from '../../src/domain/errors.js';
import { projectStream } from '../../src/domain/project.js';
import { created, deleted, recorded, saved, toEventData, WORKSPACE } from '../support/events.js';

const ref = { workspace: WORKSPACE, projectId: 'welcome' };
const stream = projectStream(ref);

describe('RenderRevisions', () => {
  let events: SqliteEventStore;
  let index: CurrentRevisions;
  let reads: number;
  let lookups: number;
  const counted = {
    readStream: (id: string, options?: { fromRevision?: number; maxCount?: number }) => ((reads += 1), events.readStream(id, options)),
    streamRevision: (id: string) => ((lookups += 1), events.streamRevision(id)),
  };
  const revisions = (options: Partial<ConstructorParameters<typeof RenderRevisions>[2]> = {}) =>
    new RenderRevisions(index, counted, { maxWaitMs: 100, checkStore: false, pollMs: 5, ...options });

  beforeEach(async () => {
    events = new SqliteEventStore(openDatabase(':memory:'));
    // Nothing is read through: the index learns only from `apply` and the stream.
    index = new CurrentRevisions({ get: async () => null } as unknown as ReadModelStore);
    reads = 0;
    lookups = 0;
    await events.appendToStream(stream, toEventData(created(), saved(), saved(), saved()), { expectedRevision: 'no_stream' });
    index.apply([recorded(created(), 0), recorded(saved(), 1)]); // the index is two revisions behind the stream
  });
  afterEach(() => events.close());

  it('without minRevision or checkStore: the index, no store read', async () => {
    expect(await revisions().current(ref)).to.equal(1);
    expect(reads).to.equal(0);
  });

  it('a minRevision past the index: the newest revision of the stream, applied to the index', async () => {
    expect(await revisions().current(ref, { minRevision: 2 })).to.equal(3);
    expect(index.peek(ref)).to.include({ status: 'live', revision: 3 });
    expect([lookups, reads], 'the last revision, then its event (and nothing past it)').to.deep.equal([1, 2]);
    [reads, lookups] = [0, 0];
    expect(await revisions().current(ref, { minRevision: 3 })).to.equal(3);
    expect([reads, lookups], 'seen now: no read').to.deep.equal([0, 0]);
  });

  it('checkStore: one revision lookup and no event read when nothing is newer; the newer revision when there is one', async () => {
    expect(await revisions({ checkStore: true }).current(ref)).to.equal(3);
    [reads, lookups] = [0, 0];
    expect(await revisions({ checkStore: true }).current(ref)).to.equal(3);
    expect([lookups, reads]).to.deep.equal([1, 0]);
  });

  it('a store without streamRevision is probed with readStream', async () => {
    const probed = new RenderRevisions(index, { readStream: counted.readStream }, { maxWaitMs: 0, checkStore: true });
    expect(await probed.current(ref)).to.equal(3);
    reads = 0;
    expect(await probed.current(ref)).to.equal(3);
    expect(reads).to.equal(1);
  });

  it('a past revision past the index is looked up once, without waiting', async () => {
    expect(await revisions().current(ref, { revision: 3 })).to.equal(3);
    [reads, lookups] = [0, 0];
    const started = Date.now();
    expect(await revisions().current(ref, { revision: 7 })).to.equal(3);
    expect([lookups, reads, Date.now() - started < 50]).to.deep.equal([1, 0, true]);
  });

  it('a minRevision not in the stream: waits for it, or RevisionNotYetVisibleError past maxWaitMs', async () => {
    const waiting = revisions({ maxWaitMs: 2000 }).current(ref, { minRevision: 4 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await events.appendToStream(stream, toEventData(saved()), { expectedRevision: 3 });
    expect(await waiting).to.equal(4);
    const error = await revisions({ maxWaitMs: 60 })
      .current(ref, { minRevision: 9 })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(RevisionNotYetVisibleError);
    expect(error).to.include({ asked: 9, found: 4 });
    expect((error as RevisionNotYetVisibleError).waitedMs).to.be.at.least(60);
  });

  it('a deletion as the newest event: project_deleted', async () => {
    await events.appendToStream(stream, toEventData(deleted()), { expectedRevision: 3 });
    const error = await revisions()
      .current(ref, { minRevision: 2 })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DomainError).and.include({ code: 'project_deleted' });
    expect(index.peek(ref)).to.include({ status: 'deleted', revision: 4 });
  });
});

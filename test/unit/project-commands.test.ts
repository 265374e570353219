/**
 * The command path over the real SQLite event store: a write reads only the events it has not folded
 * yet, and still sees every event another writer appended meanwhile.
 */
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteEventStore } from '../../src/adapters/sqlite/event-store.js';
import type { RecordedEvent, TemplatePreparer } from '../../src/application/ports/index.js';
import { ProjectCommands } from '../../src/application/write/index.js';
import { projectStream } from '../../src/domain/project.js';
import { saved, sampleAst, toEventData, WORKSPACE } from '../support/events.js';

/** An event store that records the `fromRevision` of every stream read. */
class RecordingEventStore extends SqliteEventStore {
  reads: number[] = [];
  override async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]> {
    this.reads.push(options?.fromRevision ?? 0);
    return super.readStream(streamId, options);
  }
}

/** An event store that runs `race` (another writer) right after the next single-event read: the template a patch reads. */
class RacingEventStore extends SqliteEventStore {
  race: (() => Promise<unknown>) | undefined;
  override async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]> {
    const events = await super.readStream(streamId, options);
    const race = this.race;
    if (options?.maxCount === 1 && race) {
      this.race = undefined;
      await race();
    }
    return events;
  }
}

const templates: TemplatePreparer = {
  prepare: async () => ({ template: { ast: sampleAst(), publishedHtml: '<p>{{name}}</p>', mjmlVersion: '5.4.1' }, warnings: [] }),
};

describe('ProjectCommands', () => {
  let db: SqliteDatabase;
  let store: RecordingEventStore;
  let commands: ProjectCommands;
  const ref = { workspace: WORKSPACE, projectId: 'welcome' };
  const input = { metadata: {}, source: { mjml: '<mjml></mjml>' }, validation: 'soft' as const };

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new RecordingEventStore(db);
    commands = new ProjectCommands({
      eventStore: store,
      projector: { waitFor: async () => true },
      templates,
      now: () => new Date().toISOString(),
    });
  });
  afterEach(() => db.close());

  it('reads a stream once in full, then only the events after the revision it has folded', async () => {
    await commands.create(ref, input);
    for (let i = 0; i < 3; i++) await commands.save(ref, { ...input, metadata: { n: i } }); // each differs: identical saves append nothing
    // create reads from 0 (nothing there); each save reads from the revision after the last it appended
    expect(store.reads).to.deep.equal([0, 1, 2, 3]);
  });

  it('still sees what another writer appended in between, and numbers its own revision after it', async () => {
    await commands.create(ref, input); // revision 0
    await store.appendToStream(projectStream(ref), toEventData(saved({ projectId: 'welcome' })), { expectedRevision: 0 }); // revision 1, elsewhere
    const result = await commands.save(ref, { ...input, expectedRevision: 1 });
    expect(result.revision).to.equal(2);
    let refusal: unknown;
    try {
      await commands.save(ref, { ...input, expectedRevision: 1 });
    } catch (error) {
      refusal = error;
    }
    expect((refusal as { code?: string }).code).to.equal('revision_mismatch');
  });

  describe('patchMetadata when another writer saves between its read and its append', () => {
    let racing: RacingEventStore;
    let patching: ProjectCommands;
    const theirs = saved({ projectId: 'welcome', metadata: { a: 1, other: 'theirs' } });

    beforeEach(async () => {
      racing = new RacingEventStore(db);
      patching = new ProjectCommands({
        eventStore: racing,
        projector: { waitFor: async () => true },
        templates,
        now: () => new Date().toISOString(),
      });
      await patching.create(ref, { ...input, metadata: { a: 1 } }); // revision 0
      racing.race = () => racing.appendToStream(projectStream(ref), toEventData(theirs), { expectedRevision: 0 }); // revision 1
    });

    it('without If-Match: merges again onto the newer revision, keeping what the other writer saved', async () => {
      const result = await patching.patchMetadata(ref, { patch: { mine: 'yes' } });
      expect(result.revision).to.equal(2);
      expect(result.view.metadata).to.deep.equal({ a: 1, other: 'theirs', mine: 'yes' });
      expect(result.view.publishedHtml).to.equal(theirs.data.publishedHtml); // the template of the revision merged onto
    });

    it('with If-Match: revision_mismatch, nothing written', async () => {
      let refusal: unknown;
      try {
        await patching.patchMetadata(ref, { patch: { mine: 'yes' }, expectedRevision: 0 });
      } catch (error) {
        refusal = error;
      }
      expect((refusal as { code?: string }).code).to.equal('revision_mismatch');
      expect((await racing.readStream(projectStream(ref))).map((e) => e.revision)).to.deep.equal([0, 1]);
    });
  });
});

/**
 * The read-model definitions, one given/when/then per event type, plus idempotency: applying a recorded
 * event a second time changes nothing.
 */
import { expect } from 'chai';
import type { Projection, RecordedProjectEvent } from '../../src/application/ports/projection.js';
import {
  allProjections,
  projectDetails,
  revisionHistory,
  templateList,
  type ProjectDetailsDoc,
  revisionKey,
  type RevisionHistoryItem,
  type TemplateSummaryDoc,
} from '../../projections/index.js';
import { foldStream } from '../../src/application/projector/rebuild.js';
import { created, deleted, recorded, sampleAst, saved, WORKSPACE } from '../support/events.js';

const CREATED = recorded(created(), 0);
const SAVED = recorded(saved(), 1);
const DELETED = recorded(deleted(), 2);

/** Fold recorded events through a projection, starting from no document. */
function fold<Doc>(projection: Projection<Doc>, events: RecordedProjectEvent[], start: Doc | null = null): Doc | null {
  return events.reduce<Doc | null>((doc, event) => projection.evolve(doc, event), start);
}

/** JSON round trip, as the read-model store does: catches non-serialisable values and frozen-input mutation alike. */
const stored = <T>(doc: T): T => JSON.parse(JSON.stringify(doc)) as T;

describe('projections', () => {
  it('allProjections holds the three definitions with unique names; project-details at version 2 (locales), revision-history at version 2 (one document per revision)', () => {
    expect(allProjections.map((p) => [p.name, p.version])).to.deep.equal([
      ['project-details', 2],
      ['revision-history', 2],
      ['template-list', 1],
    ]);
  });

  it('project-details and template-list locate a project event at partition = workspace, key = project id', () => {
    for (const projection of [projectDetails, templateList]) {
      expect(projection.locate(SAVED)).to.deep.equal({ partition: WORKSPACE, key: 'welcome' });
    }
  });

  it('revision-history locates each event at partition = workspace/project id, key = its revision zero-padded to 16 digits', () => {
    expect(revisionHistory.locate(CREATED)).to.deep.equal({ partition: `${WORKSPACE}/welcome`, key: '0000000000000000' });
    expect(revisionHistory.locate(recorded(saved(), 12_345))).to.deep.equal({ partition: `${WORKSPACE}/welcome`, key: '0000000000012345' });
    expect(revisionKey(Number.MAX_SAFE_INTEGER)).to.equal('9007199254740991');
    // Keys sort in revision order as strings (the store's list order), unlike unpadded numbers ('10' < '9').
    const keys = [9, 10, 100, 1_000_000].map(revisionKey);
    expect([...keys].sort()).to.deep.equal(keys);
  });

  describe('project-details', () => {
    it('ProjectCreated: an active document at revision 0 with the published template', () => {
      const doc = fold(projectDetails, [CREATED]);
      expect(doc).to.deep.equal({
        workspace: WORKSPACE,
        id: 'welcome',
        revision: 0,
        status: 'active',
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
        metadata: { name: 'Welcome', subject: 'Hi {{name}}' },
        ast: sampleAst(),
        publishedHtml: '<p>Hello {{name}}</p>',
        mjmlVersion: '5.4.1',
      } satisfies ProjectDetailsDoc);
    });

    it('ProjectSaved: the new template and metadata at the event revision; createdAt kept', () => {
      const doc = fold(projectDetails, [CREATED, SAVED]);
      expect(doc).to.deep.include({
        revision: 1,
        status: 'active',
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-02T10:00:00.000Z',
        metadata: { name: 'Welcome v2', subject: 'Hello {{name}}' },
        ast: sampleAst('Hi again {{name}}'),
        publishedHtml: '<p>Hi again {{name}} – ünïcode</p>',
      });
    });

    it('ProjectDeleted: a tombstone with deletedAt, the revision advanced and the template dropped', () => {
      const doc = fold(projectDetails, [CREATED, SAVED, DELETED]);
      expect(doc).to.deep.equal({
        workspace: WORKSPACE,
        id: 'welcome',
        revision: 2,
        status: 'deleted',
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-03T10:00:00.000Z',
        deletedAt: '2026-01-03T10:00:00.000Z',
        metadata: { name: 'Welcome v2', subject: 'Hello {{name}}' },
        ast: null,
        publishedHtml: null,
        mjmlVersion: null,
      } satisfies ProjectDetailsDoc);
    });

    it('takes the revision from the event, not from counting', () => {
      expect(fold(projectDetails, [CREATED, recorded(saved(), 7)])?.revision).to.equal(7);
    });

    it('leaves a missing document missing on ProjectSaved / ProjectDeleted, and a tombstone alone on ProjectSaved', () => {
      expect(fold(projectDetails, [SAVED])).to.equal(null);
      expect(fold(projectDetails, [DELETED])).to.equal(null);
      const tombstone = fold(projectDetails, [CREATED, SAVED, DELETED]);
      expect(projectDetails.evolve(tombstone, recorded(saved(), 3))).to.deep.equal(tombstone);
    });
  });

  describe('revision-history (one document per revision)', () => {
    it('ProjectCreated: a "created" entry', () => {
      expect(revisionHistory.evolve(null, CREATED)).to.deep.equal({
        revision: 0,
        event: 'created',
        occurredAt: '2026-01-01T10:00:00.000Z',
        mjmlVersion: '5.4.1',
        publishedHtmlBytes: 21,
        name: 'Welcome',
      } satisfies RevisionHistoryItem);
    });

    it('ProjectSaved: a "saved" entry of its own, sized in UTF-8 bytes, not characters', () => {
      const html = '<p>Hi again {{name}} – ünïcode</p>';
      expect(revisionHistory.evolve(null, SAVED)).to.deep.equal({
        revision: 1,
        event: 'saved',
        occurredAt: '2026-01-02T10:00:00.000Z',
        mjmlVersion: '5.4.1',
        publishedHtmlBytes: html.length + 4, // '–' is 3 bytes (+2), 'ü' and 'ï' 2 bytes each (+1, +1)
        name: 'Welcome v2',
      });
    });

    it('ProjectSaved of a restore (event metadata restored_from): a "restored" entry naming the revision; without it, "saved"', () => {
      const restore = { ...recorded(saved(), 3), metadata: { key_id: 'k1', restored_from: 0 } };
      const entry = { revision: 3, event: 'restored', restoredFrom: 0, name: 'Welcome v2' };
      expect(revisionHistory.evolve(null, restore)).to.deep.include(entry);
      expect(stored(revisionHistory.evolve(null, restore))).to.deep.include({ event: 'restored', restoredFrom: 0 });
      // Restores recorded before the metadata named them, or a value that is not a revision, read as saves.
      for (const metadata of [{ key_id: 'k1' }, { restored_from: '0' }, { restored_from: 1.5 }]) {
        const item = revisionHistory.evolve(null, { ...recorded(saved(), 3), metadata });
        expect(item?.event, JSON.stringify(metadata)).to.equal('saved');
        expect(item).to.not.have.property('restoredFrom');
      }
    });

    it('ProjectSaved: a non-string metadata.name gives name null', () => {
      expect(revisionHistory.evolve(null, recorded(saved({ metadata: { name: 42 } }), 1))?.name).to.equal(null);
    });

    it('ProjectDeleted: a "deleted" entry; the earlier entries are other documents, kept', () => {
      expect(
        foldStream(revisionHistory, [CREATED, SAVED, DELETED]).map(({ location, doc }) => [
          location.key,
          (doc as RevisionHistoryItem).event,
        ]),
      ).to.deep.equal([
        [revisionKey(0), 'created'],
        [revisionKey(1), 'saved'],
        [revisionKey(2), 'deleted'],
      ]);
      expect(revisionHistory.evolve(null, DELETED)).to.deep.equal({
        revision: 2,
        event: 'deleted',
        occurredAt: '2026-01-03T10:00:00.000Z',
        mjmlVersion: null,
        publishedHtmlBytes: null,
        name: null,
      });
    });

    it('writes the entry of each event whatever came before (version 1 dropped a save whose creation it had not seen)', () => {
      // Each revision is its own document: there is no list a lone save could be "added to" or not.
      expect(revisionHistory.evolve(null, SAVED)?.event).to.equal('saved');
      expect(revisionHistory.evolve(null, DELETED)?.event).to.equal('deleted');
    });
  });

  describe('template-list', () => {
    it('ProjectCreated: a summary with name and subject from the metadata', () => {
      expect(fold(templateList, [CREATED])).to.deep.equal({
        workspace: WORKSPACE,
        id: 'welcome',
        name: 'Welcome',
        subject: 'Hi {{name}}',
        revision: 0,
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
      } satisfies TemplateSummaryDoc);
    });

    it('ProjectSaved: new name, subject, revision and updatedAt; missing titles become null', () => {
      expect(fold(templateList, [CREATED, SAVED])).to.deep.include({
        name: 'Welcome v2',
        subject: 'Hello {{name}}',
        revision: 1,
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-02T10:00:00.000Z',
      });
      expect(fold(templateList, [CREATED, recorded(saved({ metadata: {} }), 1)])).to.deep.include({ name: null, subject: null });
    });

    it('ProjectDeleted: the summary is removed', () => {
      expect(fold(templateList, [CREATED, SAVED, DELETED])).to.equal(null);
    });

    it('leaves a missing document missing on ProjectSaved', () => {
      expect(fold(templateList, [SAVED])).to.equal(null);
    });
  });

  describe('a deleted id created again (the stream goes on: created 0, saved 1, deleted 2, created 3)', () => {
    const AGAIN = recorded(
      created({
        occurredAt: '2026-01-05T10:00:00.000Z',
        metadata: { name: 'Again', subject: 'Back {{name}}' },
        publishedHtml: '<p>Back</p>',
        partials: { p: 'x' },
      }),
      3,
    );
    const AFTER = recorded(saved({ occurredAt: '2026-01-06T10:00:00.000Z', metadata: { name: 'Again v2' } }), 4);

    it('project-details: the tombstone becomes an active document at revision 3, created then, with the new template', () => {
      expect(fold(projectDetails, [CREATED, SAVED, DELETED, AGAIN])).to.deep.equal({
        workspace: WORKSPACE,
        id: 'welcome',
        revision: 3,
        status: 'active',
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T10:00:00.000Z',
        metadata: { name: 'Again', subject: 'Back {{name}}' },
        ast: sampleAst(),
        publishedHtml: '<p>Back</p>',
        mjmlVersion: '5.4.1',
        partials: { p: 'x' },
      } satisfies ProjectDetailsDoc);
      expect(fold(projectDetails, [CREATED, SAVED, DELETED, AGAIN, AFTER])).to.deep.include({
        revision: 4,
        createdAt: '2026-01-05T10:00:00.000Z',
        status: 'active',
      });
    });

    it('revision-history: the whole history in one partition, the re-creation after the deletion', () => {
      const docs = foldStream(revisionHistory, [CREATED, SAVED, DELETED, AGAIN, AFTER]);
      expect(docs.every(({ location }) => location.partition === `${WORKSPACE}/welcome`)).to.equal(true);
      expect(docs.map(({ location }) => location.key)).to.deep.equal([0, 1, 2, 3, 4].map(revisionKey));
      expect(
        docs.map(({ doc }) => doc as RevisionHistoryItem).map((item) => [item.revision, item.event, item.occurredAt, item.name]),
      ).to.deep.equal([
        [0, 'created', '2026-01-01T10:00:00.000Z', 'Welcome'],
        [1, 'saved', '2026-01-02T10:00:00.000Z', 'Welcome v2'],
        [2, 'deleted', '2026-01-03T10:00:00.000Z', null],
        [3, 'created', '2026-01-05T10:00:00.000Z', 'Again'],
        [4, 'saved', '2026-01-06T10:00:00.000Z', 'Again v2'],
      ]);
    });

    it('template-list: the summary is back at revision 3, created then', () => {
      expect(fold(templateList, [CREATED, SAVED, DELETED, AGAIN])).to.deep.equal({
        workspace: WORKSPACE,
        id: 'welcome',
        name: 'Again',
        subject: 'Back {{name}}',
        revision: 3,
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T10:00:00.000Z',
      } satisfies TemplateSummaryDoc);
    });

    for (const projection of allProjections) {
      it(`${projection.name}: re-delivering any earlier event after the re-creation changes nothing`, () => {
        const latest = fold(projection, [CREATED, SAVED, DELETED, AGAIN, AFTER]);
        for (const older of [CREATED, SAVED, DELETED, AGAIN, AFTER]) {
          // template-list has no document between the delete and the re-creation; from AGAIN on it has one to guard with
          expect(projection.evolve(stored(latest), older), older.type).to.deep.equal(latest);
        }
      });
    }
  });

  describe('idempotency: the same recorded event twice changes nothing', () => {
    const histories: Array<[string, RecordedProjectEvent[]]> = [
      ['ProjectCreated', [CREATED]],
      ['ProjectSaved', [CREATED, SAVED]],
      ['ProjectDeleted', [CREATED, SAVED, DELETED]],
    ];
    for (const projection of allProjections) {
      for (const [type, events] of histories) {
        it(`${projection.name}: ${type}`, () => {
          const once = fold(projection, events);
          const twice = projection.evolve(stored(once), events[events.length - 1]!);
          expect(twice).to.deep.equal(once);
        });
      }
      it(`${projection.name}: an older event never rolls the document back`, () => {
        const third = recorded(saved({ occurredAt: '2026-01-04T10:00:00.000Z', metadata: { name: 'Third' } }), 2);
        const latest = fold(projection, [CREATED, SAVED, third]);
        for (const older of [CREATED, SAVED]) {
          expect(projection.evolve(stored(latest), older), older.type).to.deep.equal(latest);
        }
      });
    }
  });

  it('no projection mutates the document it is given', () => {
    for (const projection of allProjections) {
      const before = fold(projection, [CREATED]);
      const frozen = deepFreeze(stored(before));
      expect(() => fold(projection, [SAVED, DELETED], frozen), projection.name).not.to.throw();
      expect(frozen).to.deep.equal(before);
    }
  });
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

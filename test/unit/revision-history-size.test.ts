/**
 * Finding M4: what one save writes into `revision-history`. Version 1 rewrote one document listing every
 * revision (O(n) bytes per save; over MongoDB's 16 MiB document limit past ~110k revisions); version 2
 * writes one document of its own per revision, the same size at revision 1 as at revision 10,000.
 */
import { expect } from 'chai';
import { revisionHistory } from '../../projections/index.js';
import { pageChanges } from '../../src/application/projector/page-changes.js';
import type { DocumentChange, DocumentLocation, ReadModelStore, AnyProjection } from '../../src/application/ports/index.js';
import { created, recorded, saved } from '../support/events.js';
import { revisionHistoryV1 } from '../support/revision-history-v1.js';

/** MongoDB's BSON document limit (the server's maxBsonObjectSize), bytes. */
const BSON_LIMIT = 16 * 1024 * 1024;
const MEASURED_AT = [1, 1_000, 10_000];

/**
 * Apply a stream of `saves` saves (after its creation) to `projection`, one event per page as a projector
 * following writes live commits them, over an in-memory store; the bytes of JSON written at each revision of
 * `MEASURED_AT` (only those are serialised: serialising version 1's every document is itself quadratic).
 */
async function bytesWrittenPerSave(projection: AnyProjection, saves: number): Promise<number[]> {
  const docs = new Map<string, unknown>();
  const id = (l: DocumentLocation) => JSON.stringify([l.partition, l.key]);
  const store: Pick<ReadModelStore, 'getMany'> = {
    getMany: async <T>(_c: string, ls: DocumentLocation[]) => ls.map((l) => (docs.get(id(l)) ?? null) as T | null),
  };
  const written: number[] = [];
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let revision = 0; revision <= saves; revision++) {
    const occurredAt = new Date(start + revision * 1000).toISOString();
    const event = revision === 0 ? created({ occurredAt }) : saved({ occurredAt, metadata: { name: `Welcome ${revision % 7}` } });
    const changes: DocumentChange[] = await pageChanges(projection, [recorded(event, revision)], null, store, (error) => {
      throw error;
    });
    expect(changes, `revision ${revision}: one document written`).to.have.length(1);
    for (const change of changes) docs.set(id(change), change.doc);
    written.push(MEASURED_AT.includes(revision) ? Buffer.byteLength(JSON.stringify(changes[0]!.doc), 'utf8') : 0);
  }
  return written;
}

describe('revision-history: bytes written per save (M4)', function () {
  this.timeout(60_000);

  it("the document written for save N does not grow with N: the same bytes at revision 1, 1,000 and 10,000 but for the revision number's digits", async () => {
    const written = await bytesWrittenPerSave(revisionHistory, 10_000);
    const [one, thousand, tenThousand] = MEASURED_AT.map((n) => written[n]!) as [number, number, number];
    console.log(
      `      version ${revisionHistory.version}: ${one} / ${thousand} / ${tenThousand} bytes written by the save at revision 1 / 1,000 / 10,000`,
    );
    // Only the revision number's own digits differ (1 → 10000: 4 more).
    expect(thousand - one).to.equal(3);
    expect(tenThousand - one).to.equal(4);
    expect(tenThousand, 'bytes').to.be.below(200);
  });

  it('version 1 (the fixture it replaces) grew by ~140 bytes a revision: over 16 MiB past ~100,000 revisions', async () => {
    const written = await bytesWrittenPerSave(revisionHistoryV1, 10_000);
    const [one, thousand, tenThousand] = MEASURED_AT.map((n) => written[n]!) as [number, number, number];
    const perRevision = (tenThousand - thousand) / 9_000;
    console.log(
      `      version 1: ${one} / ${thousand} / ${tenThousand} bytes written by the save at revision 1 / 1,000 / 10,000 ` +
        `(${perRevision.toFixed(0)} bytes a revision: over 16 MiB at ~${Math.round(BSON_LIMIT / perRevision).toLocaleString('en')} revisions)`,
    );
    expect(tenThousand).to.be.above(5 * thousand);
    expect(BSON_LIMIT / perRevision).to.be.within(100_000, 130_000);
  });
});

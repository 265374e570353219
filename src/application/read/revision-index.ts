/**
 * Reads of the `revision-history` read model (one document per revision, version 2 of the projection:
 * projections/revision-history.ts). A page of revisions and the revision live at an instant take a bounded
 * number of round trips whatever a project's length; the creation a revision belongs to is walked back to
 * (`creationOf`: only for revisions from before an id's latest creation).
 *
 * While a store still serves version 1 (one document per project listing every revision: during the
 * version change, until the version built beside it takes over) these reads find no version-2 documents
 * and say so (`undefined`), or page version 1's list: the caller then answers as version 1's code did.
 */
import type { ProjectRef } from '../../domain/project.js';
import { projectPartition, revisionKey, type RevisionHistoryDoc, type RevisionHistoryItem } from '../../../projections/revision-history.js';
import type { ReadModelStore } from '../ports/index.js';

const COLLECTION = 'revision-history';
/** Revisions probed per round trip by `revisionLiveAt`: 100,000 revisions take 4 round trips (33⁴ > 10⁵). */
const PROBES_PER_ROUND = 32;
/** Revisions read per round trip by `creationOf` while it walks back to a creation. */
const CREATION_SCAN_BLOCK = 500;

type Reads = Pick<ReadModelStore, 'get' | 'getMany' | 'list'>;

/**
 * Up to `limit` revisions of a project after revision `after` (from the first when omitted), oldest first,
 * and the revision to continue after (null on the last page): one `list` of `limit + 1` documents. When it
 * finds none, version 1's document is read, and if that is gone too (the switch to version 2 fell between
 * the two reads) the list is asked once more.
 */
export async function revisionPage(
  readModels: Reads,
  ref: ProjectRef,
  page: { after?: number; limit: number },
): Promise<{ items: RevisionHistoryItem[]; nextAfter: number | null }> {
  const rows = await listPage(readModels, ref, page);
  if (rows.length > 0)
    return pageOf(
      rows.map((row) => row.doc),
      page.limit,
    );
  const versionOne = await versionOneDoc(readModels, ref);
  if (versionOne === null)
    return pageOf(
      (await listPage(readModels, ref, page)).map((row) => row.doc),
      page.limit,
    );
  const all = versionOne.items;
  const start = page.after === undefined ? 0 : firstAfter(all, page.after);
  return pageOf(all.slice(start, start + page.limit + 1), page.limit);
}

function listPage(readModels: Reads, ref: ProjectRef, page: { after?: number; limit: number }) {
  return readModels.list<RevisionHistoryItem>(COLLECTION, {
    partition: projectPartition(ref),
    limit: page.limit + 1,
    ...(page.after !== undefined ? { after: revisionKey(page.after) } : {}),
  });
}

/** The first `limit` of `items` (up to `limit + 1` in revision order), and whether one more follows. */
function pageOf(items: RevisionHistoryItem[], limit: number): { items: RevisionHistoryItem[]; nextAfter: number | null } {
  const shown = items.slice(0, limit);
  return { items: shown, nextAfter: items.length > limit ? shown[shown.length - 1]!.revision : null };
}

/**
 * The revision live at instant `at` (epoch ms): the last of revisions 0…`head` that occurred at or before it,
 * or `null` when revision 0 occurred after it. `occurredAt` strictly increases along a stream, so this is a
 * search: `PROBES_PER_ROUND` revisions read per round trip, ⌈log₃₃(head + 2)⌉ round trips.
 * @returns undefined when a probed revision has no document (version 1 served, or the read model behind
 *   `head`): ask the event stream instead.
 */
export async function revisionLiveAt(
  readModels: Reads,
  ref: ProjectRef,
  head: number,
  at: number,
): Promise<RevisionHistoryItem | null | undefined> {
  const partition = projectPartition(ref);
  let low = -1; // occurred at or before `at` (-1: before revision 0)
  let high = head + 1; // occurred after `at` (head + 1: after every revision)
  let found: RevisionHistoryItem | null = null;
  while (high - low > 1) {
    const probes = spread(low, high);
    const docs = await readModels.getMany<RevisionHistoryItem>(
      COLLECTION,
      probes.map((r) => ({ partition, key: revisionKey(r) })),
    );
    for (const [i, doc] of docs.entries()) {
      if (doc === null) return undefined;
      if (Date.parse(doc.occurredAt) > at) {
        high = probes[i]!;
        break;
      }
      low = probes[i]!;
      found = doc;
    }
  }
  return found;
}

/**
 * When the creation that revision `revision` belongs to occurred (the last 'created' at or before it; an id
 * can be created again after a delete). Walks back from `revision`, `CREATION_SCAN_BLOCK` revisions per
 * round trip: only asked for a revision from before the id's latest creation (the caller answers the
 * others from `project-details`), so it costs round trips in proportion to that earlier life's length.
 * Reads version 1's document when version 2 has no document of `revision`.
 * @returns null when there is none in either version's layout.
 */
export async function creationOf(readModels: Reads, ref: ProjectRef, revision: number): Promise<string | null> {
  const found = await walkBackToCreation(readModels, ref, revision);
  if (found !== undefined) return found;
  const versionOne = await versionOneDoc(readModels, ref);
  // Neither layout: the switch to version 2 fell between the two reads; walk again.
  if (versionOne === null) return (await walkBackToCreation(readModels, ref, revision)) ?? null;
  return versionOne.items.filter((item) => item.event === 'created' && item.revision <= revision).pop()?.occurredAt ?? null;
}

/** The creation's time; null when there is none; undefined when a revision has no version-2 document. */
async function walkBackToCreation(readModels: Reads, ref: ProjectRef, revision: number): Promise<string | null | undefined> {
  const partition = projectPartition(ref);
  for (let high = revision; high >= 0; high -= CREATION_SCAN_BLOCK) {
    const revisions = Array.from({ length: Math.min(CREATION_SCAN_BLOCK, high + 1) }, (_, i) => high - i);
    const docs = await readModels.getMany<RevisionHistoryItem>(
      COLLECTION,
      revisions.map((r) => ({ partition, key: revisionKey(r) })),
    );
    for (const doc of docs) {
      if (doc === null) return undefined;
      if (doc.event === 'created') return doc.occurredAt;
    }
  }
  return null;
}

/** Version 1's document of a project, when the store still serves version 1 (its documents have `items`). */
async function versionOneDoc(readModels: Reads, ref: ProjectRef): Promise<RevisionHistoryDoc | null> {
  const doc = await readModels.get<Partial<RevisionHistoryDoc>>(COLLECTION, { partition: ref.workspace, key: ref.projectId });
  return doc && Array.isArray(doc.items) ? (doc as RevisionHistoryDoc) : null;
}

/** Up to `PROBES_PER_ROUND` revisions strictly between `low` and `high`, ascending and evenly spread. */
function spread(low: number, high: number): number[] {
  const gap = high - low - 1;
  if (gap <= PROBES_PER_ROUND) return Array.from({ length: gap }, (_, i) => low + 1 + i);
  return Array.from({ length: PROBES_PER_ROUND }, (_, i) => low + Math.floor(((i + 1) * (high - low)) / (PROBES_PER_ROUND + 1)));
}

/** Index of the first item whose revision is after `revision` (items are in revision order): a binary search. */
function firstAfter(items: RevisionHistoryItem[], revision: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (items[mid]!.revision <= revision) low = mid + 1;
    else high = mid;
  }
  return low;
}

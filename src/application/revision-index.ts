/**
 * Reads of the `revision-history` read model (one document per revision, version 2 of the projection:
 * projections/revision-history.ts), each in a bounded number of round trips whatever a project's length.
 *
 * While a store still serves version 1 (one document per project listing every revision: during the
 * version change, until the version built beside it takes over) these reads find no version-2 documents
 * and say so (`undefined`), or page version 1's list: the caller then answers as version 1's code did.
 */
import type { ProjectRef } from '../domain/project.js';
import { projectPartition, revisionKey, type RevisionHistoryDoc, type RevisionHistoryItem } from '../../projections/revision-history.js';
import type { ReadModelStore } from './ports/read-model.js';

const COLLECTION = 'revision-history';
/** Revisions probed per round trip by `revisionLiveAt`: 100,000 revisions take 4 round trips (33⁴ > 10⁵). */
const PROBES_PER_ROUND = 32;
/** Revisions read per round trip by `creationOf` while it walks back to a creation. */
const CREATION_SCAN_BLOCK = 500;

type Reads = Pick<ReadModelStore, 'get' | 'getMany' | 'list'>;

/**
 * Up to `limit` revisions of a project after revision `after` (from the first when omitted), oldest first,
 * and the revision to continue after (null on the last page): one `list` of `limit + 1` documents (plus one
 * `get` of version 1's document when that list is empty).
 */
export async function revisionPage(readModels: Reads, ref: ProjectRef, page: { after?: number; limit: number }): Promise<{ items: RevisionHistoryItem[]; nextAfter: number | null }> {
  const rows = await readModels.list<RevisionHistoryItem>(COLLECTION, {
    partition: projectPartition(ref),
    limit: page.limit + 1,
    ...(page.after !== undefined ? { after: revisionKey(page.after) } : {}),
  });
  const all = rows.length > 0 ? null : (await versionOneDoc(readModels, ref))?.items;
  if (all === undefined || all === null) {
    const items = rows.slice(0, page.limit).map((row) => row.doc);
    return { items, nextAfter: rows.length > page.limit ? items[items.length - 1]!.revision : null };
  }
  const start = page.after === undefined ? 0 : firstAfter(all, page.after);
  const items = all.slice(start, start + page.limit);
  return { items, nextAfter: start + page.limit < all.length ? items[items.length - 1]!.revision : null };
}

/**
 * The revision live at instant `at` (epoch ms): the last of revisions 0…`head` that occurred at or before it,
 * or `null` when revision 0 occurred after it. `occurredAt` strictly increases along a stream, so this is a
 * search: `PROBES_PER_ROUND` revisions read per round trip, ⌈log₃₃(head + 2)⌉ round trips.
 * @returns undefined when a probed revision has no document (version 1 served, or the read model behind
 *   `head`): ask the event stream instead.
 */
export async function revisionLiveAt(readModels: Reads, ref: ProjectRef, head: number, at: number): Promise<RevisionHistoryItem | null | undefined> {
  const partition = projectPartition(ref);
  let low = -1; // occurred at or before `at` (-1: before revision 0)
  let high = head + 1; // occurred after `at` (head + 1: after every revision)
  let found: RevisionHistoryItem | null = null;
  while (high - low > 1) {
    const probes = spread(low, high);
    const docs = await readModels.getMany<RevisionHistoryItem>(COLLECTION, probes.map((r) => ({ partition, key: revisionKey(r) })));
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
 * @returns null when there is none in either version's layout.
 */
export async function creationOf(readModels: Reads, ref: ProjectRef, revision: number): Promise<string | null> {
  const partition = projectPartition(ref);
  for (let high = revision; high >= 0; high -= CREATION_SCAN_BLOCK) {
    const revisions = Array.from({ length: Math.min(CREATION_SCAN_BLOCK, high + 1) }, (_, i) => high - i);
    const docs = await readModels.getMany<RevisionHistoryItem>(COLLECTION, revisions.map((r) => ({ partition, key: revisionKey(r) })));
    for (const doc of docs) {
      if (doc === null) return creationInVersionOne(readModels, ref, revision);
      if (doc.event === 'created') return doc.occurredAt;
    }
  }
  return null;
}

async function creationInVersionOne(readModels: Reads, ref: ProjectRef, revision: number): Promise<string | null> {
  const items = (await versionOneDoc(readModels, ref))?.items ?? [];
  return items.filter((item) => item.event === 'created' && item.revision <= revision).pop()?.occurredAt ?? null;
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

/**
 * Listing stream ids by prefix on a store with no stream-name index (KurrentDB): read the prefix's events of
 * `$all` a page at a time and keep the `limit` smallest ids after the cursor. Memory holds one page of events
 * and `limit` ids, never the prefix's streams; time grows with the prefix's events.
 */
import type { EventStore } from '../../application/ports/index.js';

/** How many events each read of `$all` asks for. */
const SCAN_PAGE = 1000;

/** Negative, 0 or positive as `a` comes before, with or after `b` in UTF-8 byte order (the SQL stores' order). */
export function compareStreamIds(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * `EventStore.listStreams` by scanning: the ids of the streams starting with `prefix` (those with a revision-0
 * event), after `after`, at most `limit`, in UTF-8 byte order.
 * @throws what `readAll` throws.
 */
export async function scanStreamIds(
  readAll: EventStore['readAll'],
  options: { prefix: string; after?: string; limit: number },
): Promise<string[]> {
  const { prefix, after, limit } = options;
  const kept: string[] = [];
  let position: string | null = null;
  for (;;) {
    const page = await readAll({ after: position, maxCount: SCAN_PAGE, streamPrefix: prefix });
    for (const event of page) {
      if (event.revision !== 0 || (after !== undefined && compareStreamIds(event.streamId, after) <= 0)) continue;
      insertSorted(kept, event.streamId);
      if (kept.length > limit) kept.pop();
    }
    if (page.length < SCAN_PAGE) return kept;
    position = page[page.length - 1]!.position;
  }
}

/** Insert `id` into the sorted `ids` (binary search), once. */
function insertSorted(ids: string[], id: string): void {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareStreamIds(ids[middle]!, id) < 0) low = middle + 1;
    else high = middle;
  }
  if (ids[low] !== id) ids.splice(low, 0, id);
}

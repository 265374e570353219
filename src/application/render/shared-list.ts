/**
 * The live layouts or shared partials of a workspace, a page at a time (GET /layouts, GET /partials:
 * docs/layouts.md). Their streams are found with `EventStore.listStreams` (by the `<kind>-<workspace>:`
 * prefix, in id order) and each is folded as a GET folds it; deleted ones are skipped.
 */
import { sharedStream, type SharedKind, type SharedRef, type SharedState } from '../../domain/shared-documents.js';
import type { EventStore } from '../ports/index.js';

/** One live layout or partial of a list, with its folded state (no source is answered from it). */
export interface SharedListItem {
  id: string;
  state: SharedState;
}

/**
 * Up to `page.limit` live documents of `kind` in `workspace` with ids after `page.after`, in id order (UTF-8
 * byte order, as the event store lists streams), and the id to continue after (null on the last page). Reads
 * stream ids `limit + 1` at a time until a page and one more live document are found, so its memory is a page.
 * @throws what the event store throws.
 */
export async function listShared(
  eventStore: Pick<EventStore, 'listStreams'>,
  stateOf: (ref: SharedRef) => Promise<SharedState>,
  kind: SharedKind,
  workspace: string,
  page: { limit: number; after?: string },
): Promise<{ items: SharedListItem[]; nextAfter: string | null }> {
  const prefix = sharedStream({ kind, workspace, id: '' });
  const live: SharedListItem[] = [];
  let after = page.after === undefined ? undefined : prefix + page.after;
  for (;;) {
    const streams = await eventStore.listStreams({ prefix, limit: page.limit + 1, ...(after !== undefined ? { after } : {}) });
    for (const stream of streams) {
      const id = stream.slice(prefix.length);
      // A workspace whose name holds ':' shares this prefix; ids never hold ':' — its streams are not ours.
      if (id.includes(':')) continue;
      const state = await stateOf({ kind, workspace, id });
      if (state.status === 'active') live.push({ id, state });
      if (live.length > page.limit) break;
    }
    if (live.length > page.limit || streams.length <= page.limit) break;
    after = streams[streams.length - 1];
  }
  const items = live.slice(0, page.limit);
  return { items, nextAfter: live.length > page.limit ? items[items.length - 1]!.id : null };
}

/**
 * The current-revision index: which revision of a project is current, from memory, so the render hot path
 * makes no store round trip for it. A `RevisionFollower` (a subscription to `$all`) keeps it current
 * (`apply`); a project it has not seen is read through from the `template-list` read model once and then
 * remembered.
 *
 * Entries only move forward (a higher stream revision wins), so a slow read-through cannot overwrite what
 * a newer event set, and re-delivered events change nothing. Writes made by another process reach the
 * index as soon as the follower's subscription hears of them (NOTIFY on PostgreSQL, a poll on SQLite).
 */
import { LRUCache } from 'lru-cache';
import type { TemplateSummaryDoc } from '../../../projections/index.js';
import { assertNever, type ProjectRef } from '../../domain/project.js';
import type { ReadModelStore, RecordedProjectEvent } from '../ports/index.js';

/** The current revision of a live project: what a render needs to pick its template. */
export interface CurrentRevision {
  revision: number;
  updatedAt: string;
}

/** What the index knows of one project: live at a stream revision, or deleted at one. */
export type CurrentRevisionEntry = { status: 'live'; revision: number; updatedAt: string } | { status: 'deleted'; revision: number };

/** Construction options of `CurrentRevisions`. */
export interface CurrentRevisionsOptions {
  /** Most projects remembered (least recently used go first; a forgotten one is read through again). Default 100,000. */
  maxEntries?: number;
}

export class CurrentRevisions {
  readonly #readModels: ReadModelStore;
  /** By `workspace \0 projectId`. */
  readonly #entries: LRUCache<string, CurrentRevisionEntry>;

  /** @throws RangeError when `maxEntries` is not a positive integer. */
  constructor(readModels: ReadModelStore, options: CurrentRevisionsOptions = {}) {
    const { maxEntries = 100_000 } = options;
    if (!Number.isSafeInteger(maxEntries) || maxEntries <= 0)
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}.`);
    this.#readModels = readModels;
    this.#entries = new LRUCache<string, CurrentRevisionEntry>({ max: maxEntries });
  }

  /**
   * Revision and time (RFC 3339) of a live project; null when it was deleted or does not exist (the caller
   * asks `ProjectQueries.getProject` which, for the precise 404). Reads the store only for a project the
   * index does not know; a project the store does not have is not remembered (it may be created next).
   * @throws what the read-model store throws on a miss.
   */
  async get(ref: ProjectRef): Promise<CurrentRevision | null> {
    const key = keyOf(ref.workspace, ref.projectId);
    const known = this.#entries.get(key);
    if (known) return answer(known);
    const doc = await this.#readModels.get<TemplateSummaryDoc>('template-list', { partition: ref.workspace, key: ref.projectId });
    if (doc) return answer(this.#advance(key, { status: 'live', revision: doc.revision, updatedAt: doc.updatedAt }));
    // Absent from template-list (never created, or deleted); an event applied during the read may know more.
    const now = this.#entries.peek(key);
    return now ? answer(now) : null;
  }

  /** Record applied project events (any order, repeats allowed): each entry moves to its highest stream revision. */
  apply(events: readonly RecordedProjectEvent[]): void {
    for (const event of events) {
      // Projections skip a malformed event rather than throw; so does the index, not to lose the rest of the page.
      if (typeof event.data?.workspace !== 'string' || typeof event.data.projectId !== 'string') continue;
      const key = keyOf(event.data.workspace, event.data.projectId);
      switch (event.type) {
        case 'ProjectCreated':
        case 'ProjectSaved':
        case 'ProjectPublished': // moves the revision: what renders use by default may have changed (PublishedRevisions)
          // The same `updatedAt` template-list derives: the event's occurredAt.
          this.#advance(key, { status: 'live', revision: event.revision, updatedAt: event.data.occurredAt });
          break;
        case 'ProjectDeleted':
          this.#advance(key, { status: 'deleted', revision: event.revision });
          break;
        default:
          assertNever(event);
      }
    }
  }

  /** What the index holds for a project, without reading the store or touching recency (for tests and diagnostics). */
  peek(ref: ProjectRef): CurrentRevisionEntry | undefined {
    return this.#entries.peek(keyOf(ref.workspace, ref.projectId));
  }

  /** Projects remembered. */
  get size(): number {
    return this.#entries.size;
  }

  /** Store `next` unless the entry is already at that revision or later; returns the entry now held. */
  #advance(key: string, next: CurrentRevisionEntry): CurrentRevisionEntry {
    const current = this.#entries.peek(key);
    if (current && current.revision >= next.revision) return current;
    this.#entries.set(key, next);
    return next;
  }
}

function keyOf(workspace: string, projectId: string): string {
  return `${workspace}\u0000${projectId}`;
}

function answer(entry: CurrentRevisionEntry): CurrentRevision | null {
  return entry.status === 'live' ? { revision: entry.revision, updatedAt: entry.updatedAt } : null;
}

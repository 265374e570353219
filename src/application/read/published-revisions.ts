/**
 * Which template revision a project publishes when its stream is at a given revision: what a render without
 * `revision` uses. A stream revision is immutable history, so the answer for one is remembered for good
 * (per instance, least recently used forgotten); a publish or a save moves the stream revision, so the
 * current-revision index (`CurrentRevisions`, kept current on every instance by the projector or the
 * revision follower) moving on is all it takes for renders to use the new published revision at once.
 */
import { LRUCache } from 'lru-cache';
import { publishingOf, type ProjectDetailsDoc } from '../../../projections/index.js';
import { evolve, initialState, projectStream, type ProjectRef } from '../../domain/project.js';
import { type EventStore, type ReadModelStore, decodeProjectEvent } from '../ports/index.js';

/** What a project publishes at one stream revision. */
export interface PublishedAt {
  /** The template revision renders use by default; null under review before a first publish (or when deleted). */
  publishedRevision: number | null;
  /** The latest create or save at or before that stream revision (what `"revision": "latest"` renders). */
  templateRevision: number;
}

export class PublishedRevisions {
  /** By `workspace \0 projectId \0 stream revision`. */
  readonly #known: LRUCache<string, PublishedAt>;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly eventStore: Pick<EventStore, 'readStream'>,
    options: { maxEntries?: number } = {},
  ) {
    this.#known = new LRUCache<string, PublishedAt>({ max: options.maxEntries ?? 100_000 });
  }

  /**
   * What `ref` publishes when its stream is at `revision`. From memory when asked before; else from the
   * `project-details` read model when it is at that revision (the usual case: a write waits for it), else by
   * folding the stream up to `revision` (a write through another instance the read model has not reached).
   * @throws what the read-model store and the event store throw.
   */
  async at(ref: ProjectRef, revision: number): Promise<PublishedAt> {
    const key = `${ref.workspace}\u0000${ref.projectId}\u0000${revision}`;
    const known = this.#known.get(key);
    if (known) return known;
    const doc = await this.readModels.get<ProjectDetailsDoc>('project-details', { partition: ref.workspace, key: ref.projectId });
    let answer: PublishedAt;
    if (doc !== null && doc.revision === revision && doc.status === 'active') {
      const { publishedRevision, templateRevision } = publishingOf(doc);
      answer = { publishedRevision, templateRevision };
    } else {
      const events = await this.eventStore.readStream(projectStream(ref), { fromRevision: 0, maxCount: revision + 1 });
      const state = events.reduce((folded, e) => evolve(folded, decodeProjectEvent(e)), initialState);
      answer =
        state.status === 'active'
          ? { publishedRevision: state.publishedRevision, templateRevision: state.templateRevision }
          : { publishedRevision: null, templateRevision: revision };
      if (state.status === 'none' || state.revision !== revision) return answer; // not in the stream yet: not remembered
    }
    this.#known.set(key, answer);
    return answer;
  }
}

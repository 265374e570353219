/** The folded states of project streams, kept between writes so that a load reads only what is new. */
import { LRUCache } from 'lru-cache';
import { evolve, initialState, type ProjectState } from '../../domain/project.js';
import { type EventStore, decodeProjectEvent } from '../ports/index.js';

/** A project stream's folded state, cached (`ProjectCommands` loads and updates it on every write). */
export class ProjectStates {
  /**
   * Folded states of recently written streams (no AST, no HTML; metadata can be large, so the bound is
   * in bytes: ~32 MB, UTF-16 of the state as JSON), brought up to date on every load.
   */
  private readonly states = new LRUCache<string, ProjectState>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (state) => Math.max(1, JSON.stringify(state).length * 2),
  });

  constructor(private readonly eventStore: EventStore) {}

  /**
   * The stream folded to its current state. Streams only grow, so a state folded earlier is brought up
   * to date by the events after its revision: a save reads what is new, not every revision's AST and
   * HTML again (a project saved 300 times made each save parse ~10 MB of old events).
   */
  async load(stream: string): Promise<ProjectState> {
    const known = this.states.get(stream);
    const fromRevision = known === undefined || known.status === 'none' ? 0 : known.revision + 1;
    const recorded = await this.eventStore.readStream(stream, { fromRevision });
    const state = recorded.reduce((folded, e) => evolve(folded, decodeProjectEvent(e)), fromRevision === 0 ? initialState : known!);
    if (state.status !== 'none' && state !== known) this.states.set(stream, state);
    return state;
  }

  /** Remember `state` as `stream`'s, folded from events just appended (what the next load would fold). */
  set(stream: string, state: ProjectState): void {
    this.states.set(stream, state);
  }
}

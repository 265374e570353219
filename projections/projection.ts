/**
 * What a projection is: a pure definition of one read model, which the projector
 * (`src/application/projector/projector.ts`) runs over the recorded project events. Definitions never throw on
 * an event and are idempotent by stream revision: an event whose revision the document has already seen
 * leaves it unchanged. The type lives here, with the definitions, so that `projections/` depends on the
 * domain alone.
 */
import type { ProjectEvent } from '../src/domain/project.js';

/**
 * A project event as a projection sees it: the event, the stream revision it was recorded at, and the
 * event's metadata as the store recorded it (who wrote it; `restored_from` for a restore). The metadata is
 * optional here so that a projection never depends on it for what it must always show.
 */
export type ProjectionEvent = ProjectEvent & { revision: number; metadata?: Readonly<Record<string, unknown>> };

/** Where a projection keeps one document: `partition` is the workspace, `key` the project id. */
export interface DocumentLocation {
  partition: string;
  key: string;
}

export interface Projection<Doc> {
  /** Read-model collection name; also the checkpoint's name. */
  readonly name: string;
  /** Bump when `evolve` changes meaning: the projector then rebuilds the read model from the start. */
  readonly version: number;
  /** The document an event touches, or `null` to skip the event. */
  locate(event: ProjectionEvent): DocumentLocation | null;
  /** The document after the event; `null` removes it. Must not mutate `doc`. */
  evolve(doc: Doc | null, event: ProjectionEvent): Doc | null;
}

/** Every project-event projection has this shape, whatever its document type. */
export type AnyProjection = Projection<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Documents carry the last stream revision applied, which makes re-delivery harmless. */
export function alreadyApplied(doc: { revision: number } | null, event: ProjectionEvent): boolean {
  return doc !== null && event.revision <= doc.revision;
}

/** The standard location of a per-project document: partition = workspace, key = project id. */
export function projectLocation(event: ProjectionEvent): DocumentLocation {
  return { partition: event.data.workspace, key: event.data.projectId };
}

/**
 * A projection: a pure definition of one read model, run by the projector (`projector.ts`).
 * Definitions live in `projections/`. They never throw on a recorded event and are idempotent by
 * stream revision: an event whose revision the document has already seen leaves it unchanged.
 */
import type { ProjectEvent } from '../domain/project.js';
import type { DocumentLocation, RecordedEvent } from './ports.js';

/** A recorded project event, discriminated on `type`. */
export type RecordedProjectEvent = ProjectEvent extends infer E
  ? E extends ProjectEvent
    ? RecordedEvent<E['type'], E['data']>
    : never
  : never;

export interface Projection<Doc> {
  /** Read-model collection name; also the checkpoint's name. */
  readonly name: string;
  /** Bump when `evolve` changes meaning: the projector then rebuilds the read model from position 0. */
  readonly version: number;
  /** The document an event touches, or `null` to skip the event. */
  locate(event: RecordedProjectEvent): DocumentLocation | null;
  /** The document after the event; `null` removes it. Must not mutate `doc`. */
  evolve(doc: Doc | null, event: RecordedProjectEvent): Doc | null;
}

/** Every project-event projection has this shape, whatever its document type. */
export type AnyProjection = Projection<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Documents carry the last stream revision applied, which makes re-delivery harmless. */
export function alreadyApplied(doc: { revision: number } | null, event: RecordedProjectEvent): boolean {
  return doc !== null && event.revision <= doc.revision;
}

/** The standard location of a per-project document: partition = workspace, key = project id. */
export function projectLocation(event: RecordedProjectEvent): DocumentLocation {
  return { partition: event.data.workspace, key: event.data.projectId };
}

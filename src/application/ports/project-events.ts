/**
 * The one decoder from an event as the store records it to a project event as the domain knows it. Every
 * reader of project streams goes through it, so the step from the store's untyped `data` to a typed event
 * (a type assertion: the payload is trusted as the decider wrote it) happens here and nowhere else.
 */
import { PROJECT_EVENT_TYPES, type ProjectEvent } from '../../domain/project.js';
import type { RecordedEvent } from './event-store.js';

/** A recorded project event, discriminated on `type` (a `ProjectEvent` with the store's fields around it). */
export type RecordedProjectEvent = ProjectEvent extends infer E
  ? E extends ProjectEvent
    ? RecordedEvent<E['type'], E['data']>
    : never
  : never;

const PROJECT_EVENTS: ReadonlySet<string> = new Set(PROJECT_EVENT_TYPES);

/**
 * A project stream held an event of a type the domain does not know (`PROJECT_EVENT_TYPES`): written by a
 * newer version of the service, or not a project event at all.
 */
export class UnknownProjectEventError extends Error {
  override readonly name = 'UnknownProjectEventError';
  constructor(
    readonly streamId: string,
    readonly revision: number,
    readonly type: string,
  ) {
    super(`Event at revision ${revision} of stream '${streamId}' has type '${type}', which is not a project event.`);
  }
}

/**
 * Whether a recorded event is one of the project events (its type is in `PROJECT_EVENT_TYPES`). Readers that
 * skip what they do not know (the projector, a rebuild's fold, the revision index) filter with it.
 */
export function isProjectEvent(event: RecordedEvent): event is RecordedProjectEvent {
  return PROJECT_EVENTS.has(event.type);
}

/**
 * `recorded` as a project event. Only the type is checked; the payload is taken as the decider wrote it.
 * @throws UnknownProjectEventError (naming stream, revision and type) when the type is not a project event's.
 */
export function decodeProjectEvent(recorded: RecordedEvent): RecordedProjectEvent {
  if (!isProjectEvent(recorded)) throw new UnknownProjectEventError(recorded.streamId, recorded.revision, recorded.type);
  return recorded;
}

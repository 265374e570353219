/**
 * Projections as the projector runs them: their definitions (`projections/projection.ts`, which depend
 * on the domain alone) over project events as the event store records them.
 */
import type { ProjectEvent } from '../../domain/project.js';
import type { RecordedEvent } from './event-store.js';

export type { AnyProjection, Projection } from '../../../projections/projection.js';

/** A recorded project event, discriminated on `type`. */
export type RecordedProjectEvent = ProjectEvent extends infer E
  ? E extends ProjectEvent
    ? RecordedEvent<E['type'], E['data']>
    : never
  : never;

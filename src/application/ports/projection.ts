/**
 * Projections as the projector runs them: their definitions (`projections/projection.ts`, which depend
 * on the domain alone) over project events as the event store records them.
 */
export type { AnyProjection, Projection } from '../../../projections/projection.js';
/** Decoded by `decodeProjectEvent` (project-events.ts); re-exported for the modules that import it from here. */
export type { RecordedProjectEvent } from './project-events.js';

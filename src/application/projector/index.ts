/**
 * The projector slice: runs the projections (projections/) over the event store's `$all` and keeps each read
 * model's checkpoint (`Projector`), under a lease when several instances share a store (`LeasedProjector`),
 * and rebuilds read models from the streams (`rebuildWhileServing`, `verifyAgainstStreams`).
 * The only file of this folder that other code imports.
 */
export { LeasedProjector } from './leased-projector.js';
export { isProjectEvent } from './page-changes.js';
export { Projector } from './projector.js';
export type { ProjectorStatus } from './projector.js';
export { rebuildWhileServing, verifyAgainstStreams } from './rebuild.js';
export { storedProjectorStatus, waitForStoredCheckpoints } from './stored-checkpoints.js';

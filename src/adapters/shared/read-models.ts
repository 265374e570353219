/**
 * What the read-model stores decide the same way.
 */
import type { ProjectionCheckpoint } from '../../application/ports/index.js';

/**
 * Whether a rebuilt read model may replace the live one: the same or a newer definition version (a version
 * change is built beside the live model and switched to), never an older one, and a position at or past the
 * live checkpoint's (positions are fixed-width text: string order is `$all` order).
 */
export function caughtUp(rebuilt: ProjectionCheckpoint, live: ProjectionCheckpoint | undefined | null): boolean {
  if (!live) return true;
  if (rebuilt.version < live.version) return false;
  if (live.position === null) return true;
  return rebuilt.position !== null && rebuilt.position >= live.position;
}

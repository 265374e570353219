/**
 * What both SQL read-model stores decide the same way.
 */
import type { ProjectionCheckpoint } from '../../application/ports/read-model.js';

/**
 * Whether a rebuilt read model may replace the live one: the same definition version, and a position at or
 * past the live checkpoint's (positions are fixed-width text: string order is `$all` order).
 */
export function caughtUp(rebuilt: ProjectionCheckpoint, live: ProjectionCheckpoint | undefined | null): boolean {
  if (!live || live.position === null) return true;
  return rebuilt.version === live.version && rebuilt.position !== null && rebuilt.position >= live.position;
}

/**
 * Read-your-writes across processes: a write waits until the read models' stored checkpoints have reached
 * its position, whichever process projects them (`PROJECTOR=off` here, `npm run projector` elsewhere).
 */
import { comparePositions, type Position, type ReadModelStore } from './ports.js';

/**
 * Resolve true once every named projection's stored checkpoint is at or past `position`, false after
 * `timeoutMs` (polling every `intervalMs`).
 * @throws what the read-model store throws.
 */
export async function waitForStoredCheckpoints(
  readModels: ReadModelStore,
  projections: readonly string[],
  position: Position,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const checkpoints = await Promise.all(projections.map((name) => readModels.getCheckpoint(name)));
    if (checkpoints.every((c) => c?.position != null && comparePositions(c.position, position) >= 0)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

/** Each projection's stored checkpoint, and the lowest position among them (`null` when any has none). */
export async function storedProjectorStatus(readModels: ReadModelStore, projections: ReadonlyArray<{ name: string; version: number }>) {
  const stored = await Promise.all(projections.map(async (p) => ({ name: p.name, version: p.version, position: (await readModels.getCheckpoint(p.name))?.position ?? null })));
  let lowest: Position | null = null;
  for (const { position } of stored) {
    if (position === null) return { projections: stored, position: null, appliedRecordedAt: null };
    if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
  }
  return { projections: stored, position: lowest, appliedRecordedAt: null };
}

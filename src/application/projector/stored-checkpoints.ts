/**
 * Read-your-writes across processes: a write waits until the read models' stored checkpoints have reached
 * its position, whichever process projects them (`PROJECTOR=off` here, `npm run projector` elsewhere).
 */
import { comparePositions, type Position, type ReadModelStore } from '../ports/index.js';

/**
 * Resolve true once every named projection's stored checkpoint is at or past `position`, false after
 * `timeoutMs`. Re-reads the checkpoints whenever the store says they moved, and every `intervalMs`
 * (default 20) for moves it cannot hear of.
 * @throws what the read-model store throws.
 */
export async function waitForStoredCheckpoints(
  readModels: ReadModelStore,
  projections: readonly string[],
  position: Position,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  let moved = false;
  let wake: (() => void) | null = null;
  const unlisten = readModels.onCheckpointsMoved(() => {
    moved = true;
    wake?.();
  });
  try {
    for (;;) {
      moved = false;
      const checkpoints = await Promise.all(projections.map((name) => readModels.getCheckpoint(name)));
      if (checkpoints.every((c) => c?.position != null && comparePositions(c.position, position) >= 0)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (moved) continue; // moved while we read: read again at once
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, options.intervalMs ?? 20));
        function done(): void {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    }
  } finally {
    unlisten();
  }
}

/** Each projection's stored checkpoint, and the lowest position among them (`null` when any has none). */
export async function storedProjectorStatus(readModels: ReadModelStore, projections: ReadonlyArray<{ name: string; version: number }>) {
  const stored = await Promise.all(
    projections.map(async (p) => ({
      name: p.name,
      version: p.version,
      position: (await readModels.getCheckpoint(p.name))?.position ?? null,
    })),
  );
  let lowest: Position | null = null;
  for (const { position } of stored) {
    if (position === null) return { projections: stored, position: null, appliedRecordedAt: null };
    if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
  }
  return { projections: stored, position: lowest, appliedRecordedAt: null };
}

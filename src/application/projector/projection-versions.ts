/**
 * What the projector does when a projection's stored version differs from its definition's (docs/projections.md):
 * - none stored: build it in place (nothing is served yet);
 * - the same: carry on from the checkpoint;
 * - an older one stored: build the new version beside the live read model, in the side collection
 *   `sideCollection(p)`, and switch to it (`ReadModelStore.activate`) once it has caught up — readers keep
 *   getting the old documents until then, never a 404;
 * - a newer one stored (an older image during a rolling deploy or a rollback): touch nothing and stand by
 *   (`NewerProjectionVersionError`), so two images never reset or rebuild each other's read models.
 */
import type { Position, ProjectionCheckpoint, ReadModelStore, AnyProjection } from '../ports/index.js';

/** What the projector does with one projection, given its stored checkpoint. */
export type VersionPlan =
  { kind: 'fresh' } | { kind: 'current' } | { kind: 'upgrade'; from: number; side: string } | { kind: 'newer-stored'; stored: number };

/**
 * The collection a projection's version is built in beside the live one: `<name>@v<version>`. Fixed per
 * version, so a build interrupted (a crash, the lease passed to another process of the same image) resumes
 * where it stopped instead of starting over.
 */
export function sideCollection(projection: Pick<AnyProjection, 'name' | 'version'>): string {
  return `${projection.name}@v${projection.version}`;
}

/** The plan for `projection` when `stored` is the checkpoint its name is served with (`null`: none). */
export function versionPlan(projection: Pick<AnyProjection, 'name' | 'version'>, stored: ProjectionCheckpoint | null): VersionPlan {
  if (stored === null) return { kind: 'fresh' };
  if (stored.version === projection.version) return { kind: 'current' };
  if (stored.version > projection.version) return { kind: 'newer-stored', stored: stored.version };
  return { kind: 'upgrade', from: stored.version, side: sideCollection(projection) };
}

/**
 * The store serves a projection built by a newer version of its definition than this code's: this projector
 * must not run (it would rebuild the read model back to its older version). Nothing was changed.
 */
export class NewerProjectionVersionError extends Error {
  override readonly name = 'NewerProjectionVersionError';
  constructor(
    readonly projection: string,
    /** The version the store serves. */
    readonly stored: number,
    /** This code's version. */
    readonly code: number,
  ) {
    super(
      `Projection '${projection}' is stored at version ${stored}, newer than this code's version ${code}: standing by ` +
        `(a newer image projects it). To go back to older code for good, give its definition a version above ${stored}.`,
    );
  }
}

/** Where a projector starts one projection: the collection it writes, its position, whether to reset that collection first. */
export interface ProjectionStart {
  name: string;
  /** The projection's name, or the side collection its new version is built in. */
  target: string;
  position: Position | null;
  reset: boolean;
}

/**
 * Read every projection's stored checkpoint and decide where the projector starts it (see the module doc).
 * A side build an earlier process of this version left is resumed from its checkpoint.
 * @throws NewerProjectionVersionError, before anything is decided, when any projection is stored at a newer
 *   version than this code's; what the read-model store throws.
 */
export async function planProjections(
  readModels: Pick<ReadModelStore, 'getCheckpoint'>,
  projections: readonly AnyProjection[],
  logger: { info(obj: object, msg?: string): void },
): Promise<ProjectionStart[]> {
  const stored = await Promise.all(projections.map((p) => readModels.getCheckpoint(p.name)));
  const plans = projections.map((p, i) => ({ p, checkpoint: stored[i]!, plan: versionPlan(p, stored[i]!) }));
  // Before anything changes: an older image must leave a newer one's read models alone.
  for (const { p, plan } of plans) if (plan.kind === 'newer-stored') throw new NewerProjectionVersionError(p.name, plan.stored, p.version);
  const starts: ProjectionStart[] = [];
  for (const { p, checkpoint, plan } of plans) {
    if (plan.kind !== 'upgrade') {
      starts.push({ name: p.name, target: p.name, position: checkpoint?.position ?? null, reset: plan.kind === 'fresh' });
      continue;
    }
    const built = await readModels.getCheckpoint(plan.side);
    const resumed = built?.version === p.version; // anything else there is reset first
    const position = resumed ? built.position : null;
    starts.push({ name: p.name, target: plan.side, position, reset: !resumed });
    logger.info(
      { projection: p.name, from: plan.from, to: p.version, building: plan.side, resumedAt: position },
      'projection version changed; building the new version beside the live one',
    );
  }
  return starts;
}

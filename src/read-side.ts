/**
 * How an API process keeps its read side current (part of the composition root, `wiring.ts`): the
 * read models, projected here or elsewhere, and the in-memory current-revision index.
 */
import { allProjections } from '../projections/index.js';
import type { CurrentRevisions } from './application/current-revisions.js';
import { LeasedProjector } from './application/leased-projector.js';
import type { EventStore, Position } from './application/ports/event-store.js';
import type { ProjectorLease, ReadModelStore } from './application/ports/read-model.js';
import { Projector, type ProjectorStatus } from './application/projector.js';
import { RevisionFollower } from './application/revision-follower.js';
import { storedProjectorStatus, waitForStoredCheckpoints } from './application/stored-checkpoints.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/** The read side of one API process. */
export interface ReadSide {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolve true once a write at `position` is visible to reads here (read models and the revision index), false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  status(): Promise<ProjectorStatus>;
  /** Whether this process runs the store's active projector now. */
  readonly active: boolean;
}

/**
 * The index follows `$all` on a subscription in every mode. `PROJECTOR=embedded`: this process also runs a
 * projector, while it holds the store's projector lease (one active projector per store; the others
 * stand by and one takes over when it dies). `off`: another process projects (`npm run projector`).
 * A write waits for this process's projector when it is the active one, else for the stored checkpoints.
 */
export function createReadSide(
  config: Pick<Config, 'projector' | 'projectorLease'>,
  stores: { eventStore: EventStore; readModels: ReadModelStore; projectorLease: ProjectorLease },
  index: CurrentRevisions,
  logger: Logger,
): ReadSide {
  const { eventStore, readModels } = stores;
  const follower = new RevisionFollower(eventStore, index, {
    onError: (error, retryInMs) => logger.error({ err: error, retryInMs }, 'revision follower subscription dropped; resuming'),
  });
  const names = allProjections.map((p) => p.name);
  const storedWait = (position: Position, timeoutMs: number) => waitForStoredCheckpoints(readModels, names, position, { timeoutMs });
  const storedStatus = () => storedProjectorStatus(readModels, allProjections);
  const both = async (projected: Promise<boolean>, position: Position, timeoutMs: number) => {
    const [a, b] = await Promise.all([projected, follower.waitFor(position, timeoutMs)]);
    return a && b;
  };
  if (config.projector === 'off') {
    return { start: () => follower.start(), stop: () => follower.stop(), waitFor: (p, t) => both(storedWait(p, t), p, t), status: storedStatus, active: false };
  }

  const projectorLogger = logger.child({ part: 'projector' });
  const projector = new Projector({ eventStore, readModels, projections: allProjections, logger: projectorLogger });
  const leased = new LeasedProjector(projector, stores.projectorLease, { ...config.projectorLease, logger: projectorLogger });
  const projected = async (position: Position, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    if (leased.active && (await projector.waitFor(position, timeoutMs))) return true;
    // A standby, or the lease was lost while waiting: the active projector is elsewhere.
    return storedWait(position, Math.max(0, deadline - Date.now()));
  };
  return {
    start: async () => {
      await follower.start();
      await leased.start();
    },
    stop: async () => {
      await leased.stop();
      await follower.stop();
    },
    waitFor: (p, t) => both(projected(p, t), p, t),
    status: () => (leased.active ? Promise.resolve(projector.status()) : storedStatus()),
    get active() {
      return leased.active;
    },
  };
}

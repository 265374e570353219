/**
 * How an API process keeps its read side current (part of the composition root, `wiring.ts`): the
 * read models, projected here or elsewhere, and the in-memory current-revision index.
 */
import { allProjections } from '../projections/index.js';
import type { CurrentRevisions } from './application/read/index.js';
import {
  LeasedProjector,
  Projector,
  type ProjectorStatus,
  storedProjectorStatus,
  waitForStoredCheckpoints,
} from './application/projector/index.js';
import type { EventStore, Position, ProjectorLease, ReadModelStore } from './application/ports/index.js';
import { RevisionFollower } from './application/render/index.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/** The read side of one API process. */
export interface ReadSide {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolve true once a write at `position` is visible to reads here (read models and the revision index),
   * false after `timeoutMs` — also when the read-model store does not answer in that time or fails: the
   * write is already stored, so its answer must not wait on, or turn into a 503 over, the read side.
   */
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
  const storedWait = (position: Position, timeoutMs: number) =>
    withinWait(waitForStoredCheckpoints(readModels, names, position, { timeoutMs }), timeoutMs, logger);
  const storedStatus = () => storedProjectorStatus(readModels, allProjections);
  const both = async (projected: Promise<boolean>, position: Position, timeoutMs: number) => {
    const [a, b] = await Promise.all([projected, follower.waitFor(position, timeoutMs)]);
    return a && b;
  };
  if (config.projector === 'off') {
    return {
      start: () => follower.start(),
      stop: () => follower.stop(),
      waitFor: (p, t) => both(storedWait(p, t), p, t),
      status: storedStatus,
      active: false,
    };
  }

  const projectorLogger = logger.child({ part: 'projector' });
  const projector = new Projector({ eventStore, readModels, projections: allProjections, logger: projectorLogger });
  const leased = new LeasedProjector(projector, stores.projectorLease, { ...config.projectorLease, logger: projectorLogger });
  const projected = async (position: Position, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    if (leased.active && (await projector.waitFor(position, timeoutMs))) return true;
    // A standby, or the lease was lost while waiting: the active projector is elsewhere. With no time left
    // there is nothing to wait for: a last read of a stalled store would hold an acknowledged write's
    // answer for its own timeout, then turn it into a 503 (issue 19).
    const left = deadline - Date.now();
    return left > 0 ? storedWait(position, left) : false;
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

/**
 * `wait`, but false once `timeoutMs` has passed (a read of a stalled store may take its own timeout) or
 * when the store fails (logged): a stored-checkpoint wait never delays or fails the write that asked.
 */
async function withinWait(wait: Promise<boolean>, timeoutMs: number, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const settled = wait.catch((error: unknown) => {
    logger.warn({ err: error }, 'stored checkpoints could not be read while a write waited for its projections');
    return false;
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

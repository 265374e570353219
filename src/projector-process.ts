/**
 * The projector on its own (`npm run projector`): keeps the read models of the configured store current
 * for API processes started with `PROJECTOR=off`. Start several: one holds the store's projector lease and
 * projects, the others stand by and one takes over when it dies (PostgreSQL: at once, its connection is
 * the lease; SQLite: when the lease row expires, `PROJECTOR_LEASE_TTL_MS`).
 */
import { describeStartupFailure, urlsFrom } from './startup-failure.js';
import { pathToFileURL } from 'node:url';
import { allProjections } from '../projections/index.js';
import { LeasedProjector, Projector } from './application/projector/index.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openStores, reportSkippedEvents } from './wiring.js';

/**
 * Open the stores `env` configures and run the projector on them until `stop`.
 * @throws the configuration's or the store's errors (nothing is left running then).
 */
export async function startProjector(env: NodeJS.ProcessEnv = process.env): Promise<{ projector: LeasedProjector; stop(): Promise<void> }> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const stores = await openStores(config);
  reportSkippedEvents(stores, logger);
  // Appends happen in other processes: its subscription hears of them by NOTIFY (PostgreSQL) or by polling
  // every PROJECTOR_POLL_MS (SQLite), often, since writes wait for it.
  const inner = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections, logger });
  const projector = new LeasedProjector(inner, stores.projectorLease, { ...config.projectorLease, logger });
  try {
    await projector.start();
  } catch (error) {
    await stores.close();
    throw error;
  }
  logger.info({ store: config.store, active: projector.active, holder: projector.holder }, 'letterpress projector running');
  let stopping: Promise<void> | undefined;
  return {
    projector,
    stop: () =>
      (stopping ??= (async () => {
        await projector.stop();
        await stores.close();
      })()),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  startProjector()
    .then(({ stop }) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
    })
    .catch((error: unknown) => {
      console.error(describeStartupFailure(error, urlsFrom(process.env)));
      process.exit(1);
    });
}

/**
 * The projector on its own (`npm run projector`): keeps the read models of the configured store current
 * for API processes started with `PROJECTOR=off`. Several may run: read-model writes are guarded by
 * stream revision and checkpoints only move forward, so they never roll each other back (a lease that
 * keeps the others on standby is still to come).
 */
import { pathToFileURL } from 'node:url';
import { allProjections } from '../projections/index.js';
import { Projector } from './application/projector.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { openStores } from './wiring.js';

/**
 * Open the stores `env` configures and run the projector on them until `stop`.
 * @throws the configuration's or the store's errors (nothing is left running then).
 */
export async function startProjector(env: NodeJS.ProcessEnv = process.env): Promise<{ projector: Projector; stop(): Promise<void> }> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const stores = await openStores(config);
  const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections, logger });
  try {
    await projector.start();
  } catch (error) {
    await stores.close();
    throw error;
  }
  logger.info({ store: config.store, position: projector.status().position }, 'letterpress projector running');
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
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}

/**
 * The front door of the KurrentDB + MongoDB engine (`STORE=kurrentdb`): events in KurrentDB; read models,
 * checkpoints, API keys, idempotency records and the projector lease in MongoDB. The two are one engine
 * (neither is opened alone), so this folder holds only the opening of the pair; their adapters stay in
 * src/adapters/kurrentdb and src/adapters/mongodb. Code outside src/adapters imports this file only —
 * except the configuration, which reads the defaults from the driver-free `timeouts.ts`.
 */
import type { Stores } from '../../application/ports/index.js';
import { PROJECT_STREAM_PREFIX } from '../../domain/project.js';
import { connectKurrent, KurrentEventStore } from '../kurrentdb/event-store.js';
import { MongoApiKeyStore } from '../mongodb/api-key-store.js';
import { openMongo } from '../mongodb/database.js';
import { MongoIdempotencyStore } from '../mongodb/idempotency-store.js';
import { MongoProjectorLease } from '../mongodb/projector-lease.js';
import { MongoReadModelStore } from '../mongodb/read-model-store.js';
import { DEFAULT_KURRENTDB_DEADLINE_MS, DEFAULT_MONGODB_TIMEOUTS, type MongoTimeouts } from './timeouts.js';

export { DEFAULT_KURRENTDB_DEADLINE_MS, DEFAULT_MONGODB_TIMEOUTS, type MongoTimeouts } from './timeouts.js';

/** What opening the pair takes (the `Config` fields of the same names). */
export interface KurrentMongoSettings {
  /** KurrentDB connection string, `kurrentdb://host:2113?tls=false` (KURRENTDB_URL). */
  kurrentdbUrl: string;
  /** MongoDB connection string, `mongodb://host:27017/letterpress` (MONGODB_URL). */
  mongodbUrl: string;
  /** Bound of each KurrentDB append and read, ms. Default {@link DEFAULT_KURRENTDB_DEADLINE_MS}. */
  kurrentdbDeadlineMs?: number;
  /** The MongoDB driver's timeouts, ms. Default {@link DEFAULT_MONGODB_TIMEOUTS}. */
  mongodbTimeouts?: MongoTimeouts;
}

/**
 * Open KurrentDB, then MongoDB (indexes created on the way). The KurrentDB client connects lazily: reading
 * the head at once makes an unreachable server fail the start.
 * @throws DependencyUnavailableError when either server does not answer (nothing is left open then).
 */
export async function openKurrentMongoStores(settings: KurrentMongoSettings): Promise<Stores> {
  // The head the projector is compared with: project streams only (a shared KurrentDB has others).
  const eventStore = new KurrentEventStore(connectKurrent(settings.kurrentdbUrl), {
    headStreamPrefix: PROJECT_STREAM_PREFIX,
    deadlineMs: settings.kurrentdbDeadlineMs ?? DEFAULT_KURRENTDB_DEADLINE_MS,
  });
  let mongo: Awaited<ReturnType<typeof openMongo>>;
  try {
    await eventStore.head();
    const bounds = settings.mongodbTimeouts ?? DEFAULT_MONGODB_TIMEOUTS;
    mongo = await openMongo(settings.mongodbUrl, {
      serverSelectionTimeoutMs: bounds.serverSelectionMs,
      connectTimeoutMs: bounds.connectMs,
      socketTimeoutMs: bounds.socketMs,
    });
  } catch (error) {
    await eventStore.close();
    throw error;
  }
  const readModels = new MongoReadModelStore(mongo.db);
  return {
    eventStore,
    readModels,
    apiKeys: new MongoApiKeyStore(mongo.db),
    idempotency: new MongoIdempotencyStore(mongo.db),
    projectorLease: new MongoProjectorLease(mongo.db),
    onSkippedEvent: (listener) => eventStore.onSkipped(listener),
    close: async () => {
      await eventStore.close();
      await readModels.close();
      await mongo.client.close();
    },
  };
}

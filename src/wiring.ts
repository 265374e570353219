/**
 * The composition root: the one place that picks adapters and builds the service from configuration.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type Koa from 'koa';
import { connectKurrent, KurrentEventStore } from './adapters/kurrentdb/event-store.js';
import { MongoApiKeyStore } from './adapters/mongodb/api-key-store.js';
import { MongoIdempotencyStore } from './adapters/mongodb/idempotency-store.js';
import { openMongo } from './adapters/mongodb/database.js';
import { MongoProjectorLease } from './adapters/mongodb/projector-lease.js';
import { MongoReadModelStore } from './adapters/mongodb/read-model-store.js';
import { PostgresApiKeyStore } from './adapters/postgres/api-key-store.js';
import { openPostgres } from './adapters/postgres/database.js';
import { PostgresEventStore } from './adapters/postgres/event-store.js';
import { PostgresIdempotencyStore } from './adapters/postgres/idempotency-store.js';
import { PostgresProjectorLease } from './adapters/postgres/projector-lease.js';
import { PostgresReadModelStore } from './adapters/postgres/read-model-store.js';
import { DEFAULT_POSTGRES_TIMEOUTS } from './adapters/postgres/timeouts.js';
import { SqliteProjectorLease } from './adapters/sqlite/projector-lease.js';
import { SqliteApiKeyStore } from './adapters/sqlite/api-key-store.js';
import { openDatabase } from './adapters/sqlite/database.js';
import { SqliteEventStore } from './adapters/sqlite/event-store.js';
import { SqliteIdempotencyStore } from './adapters/sqlite/idempotency-store.js';
import { SqliteReadModelStore } from './adapters/sqlite/read-model-store.js';
import { MemoryFailureCounter } from './adapters/memory/failure-counter.js';
import { ApiKeys } from './application/keys/index.js';
import { CurrentRevisions, ProjectQueries } from './application/read/index.js';
import type { ApiKeyStore, EventStore, IdempotencyStore, ProjectorLease, ReadModelStore } from './application/ports/index.js';
import { findCommittedWriteProjected, ProjectCommands } from './application/write/index.js';
import { DEFAULT_KURRENTDB_DEADLINE_MS, DEFAULT_MONGODB_TIMEOUTS, type Config } from './config.js';
import { createReadSide } from './read-side.js';
import { createHealth, projectorLag } from './health.js';
import { openRateLimiter } from './rate-limits.js';
import { createApp } from './http/app.js';
import { Metrics } from './http/metrics.js';
import type { AppState } from './http/middleware.js';
import type { Logger } from './logger.js';
import { PROJECT_STREAM_PREFIX } from './domain/project.js';
import { CompilePool } from './rendering/compile/pool.js';
import { TemplateRenderer, RenderRevisions, TemplateValidation } from './application/render/index.js';
import { PooledRevisionLoader, PooledTemplatePreparer } from './rendering/compile/client.js';

export interface Service {
  app: Koa<AppState>;
  /**
   * Apply the bootstrap rule (`ApiKeys.bootstrap`): register the first API key when the store has none.
   * Called by the server only once it listens, so a start that fails before (a port in use) stores no key
   * and the next start generates and prints one. `generated` is the token to show once.
   */
  bootstrap(): Promise<{ created: false } | { created: true; generated: string | null; id: string }>;
  /** Stop the projector and the compile pool, then close the store (idempotent). */
  close(): Promise<void>;
}

/** File of the embedded store inside DATA_DIR. */
export const SQLITE_FILE = 'letterpress.db';

/** The storage adapters, as the configuration picks them (scripts use them without the HTTP service). */
export interface Stores {
  eventStore: EventStore;
  readModels: ReadModelStore;
  apiKeys: ApiKeyStore;
  /** `Idempotency-Key` records, shared by every instance on the store. */
  idempotency: IdempotencyStore;
  /** Who may be the one active projector of this store. */
  projectorLease: ProjectorLease;
  /** Close every store (a networked engine closes its connections: asynchronous). */
  close(): Promise<void>;
}

/**
 * Open the stores `STORE` names: the embedded SQLite file under DATA_DIR, PostgreSQL at DATABASE_URL
 * (schema created or migrated on the way), or KurrentDB at KURRENTDB_URL with MongoDB at MONGODB_URL.
 * @throws when the file cannot be opened or is newer than this code; DependencyUnavailableError when a
 *   server does not answer (nothing is left open then).
 */
export async function openStores(
  config: Pick<Config, 'dataDir'> &
    Partial<Pick<Config, 'store' | 'databaseUrl' | 'kurrentdbUrl' | 'mongodbUrl' | 'projectorPollMs' | 'postgresTimeouts' | 'kurrentdbDeadlineMs' | 'mongodbTimeouts' | 'sqliteLockWaitMs'>>,
): Promise<Stores> {
  if (config.store === 'kurrentdb') return openKurrentAndMongo(config.kurrentdbUrl!, config.mongodbUrl!, config);
  if (config.store === 'postgres') {
    const timeouts = config.postgresTimeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
    const pool = await openPostgres(config.databaseUrl!, { timeouts });
    const lease = new PostgresProjectorLease(config.databaseUrl!, timeouts);
    const eventStore = new PostgresEventStore(pool, { listenUrl: config.databaseUrl!, listenTimeouts: timeouts });
    const readModels = new PostgresReadModelStore(pool, { listenUrl: config.databaseUrl!, listenTimeouts: timeouts });
    return {
      eventStore,
      readModels,
      apiKeys: new PostgresApiKeyStore(pool),
      idempotency: new PostgresIdempotencyStore(pool),
      projectorLease: lease,
      // The listening connections are the stores'; the lease's is closed by whoever released it.
      close: async () => {
        await eventStore.close();
        await readModels.close();
        await pool.end();
      },
    };
  }
  const db = openDatabase(join(config.dataDir, SQLITE_FILE), { lockWaitMs: config.sqliteLockWaitMs });
  return {
    // Only polling hears appends made by other processes on the same file.
    eventStore: new SqliteEventStore(db, { pollIntervalMs: config.projectorPollMs ?? 50 }),
    readModels: new SqliteReadModelStore(db),
    apiKeys: new SqliteApiKeyStore(db),
    idempotency: new SqliteIdempotencyStore(db),
    projectorLease: new SqliteProjectorLease(db),
    close: async () => {
      db.close();
    },
  };
}

/**
 * KurrentDB for events, MongoDB for read models, checkpoints, API keys and the projector lease. The
 * KurrentDB client connects lazily: reading the head at once makes an unreachable server fail the start.
 */
async function openKurrentAndMongo(
  kurrentdbUrl: string,
  mongodbUrl: string,
  bounds: Partial<Pick<Config, 'kurrentdbDeadlineMs' | 'mongodbTimeouts'>>,
): Promise<Stores> {
  // The head the projector is compared with: project streams only (a shared KurrentDB has others).
  const eventStore = new KurrentEventStore(connectKurrent(kurrentdbUrl), {
    headStreamPrefix: PROJECT_STREAM_PREFIX,
    deadlineMs: bounds.kurrentdbDeadlineMs ?? DEFAULT_KURRENTDB_DEADLINE_MS,
  });
  let mongo: Awaited<ReturnType<typeof openMongo>>;
  try {
    await eventStore.head();
    // A few seconds, not the driver's 30 s and "for ever": it is how long a request waits during an outage before its 503.
    const mongoBounds = bounds.mongodbTimeouts ?? DEFAULT_MONGODB_TIMEOUTS;
    mongo = await openMongo(mongodbUrl, { serverSelectionTimeoutMs: mongoBounds.serverSelectionMs, connectTimeoutMs: mongoBounds.connectMs, socketTimeoutMs: mongoBounds.socketMs });
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
    close: async () => {
      await eventStore.close();
      await readModels.close();
      await mongo.client.close();
    },
  };
}

/**
 * Never silent: log each event a KurrentDB subscription skips as unreadable (the store keeps it; the
 * projections and the revision index go on past it), and count it when `count` is given. Other stores
 * never skip.
 */
export function reportSkippedEvents(eventStore: EventStore, logger: Logger, count?: () => void): void {
  if (!(eventStore instanceof KurrentEventStore)) return;
  eventStore.onSkipped((skipped) => {
    count?.();
    logger.error({ position: skipped.position, stream: skipped.streamId, reason: skipped.reason }, 'skipped an event that cannot be read; the read models do not include it');
  });
}

/** Build the service on the stores the configuration names. @throws when the store cannot be opened. */
export async function wireService(config: Readonly<Config>, logger: Logger): Promise<Service> {
  const stores = await openStores(config);
  const { eventStore, readModels } = stores;
  const currentRevisions = new CurrentRevisions(readModels);
  const projection = createReadSide(config, stores, currentRevisions, logger);
  // Its own registry per service (never prom-client's global one); probes read at scrape time.
  const metrics = new Metrics({
    compileQueue: () => pool.queued,
    projection: async () => projectorLag(await eventStore.head(), await projection.status()),
  });
  reportSkippedEvents(eventStore, logger, () => metrics.countSkippedEvent());
  const pool = new CompilePool({
    timeoutMs: config.compileTimeoutMs,
    maxQueue: config.compileQueueMax,
    perTenantQueueMax: config.compileQueuePerKeyMax,
    workerMemoryMb: config.compileWorkerMemoryMb,
    nice: config.compileNice,
    onWorkerError: (error) => logger.error({ err: error }, 'MJML compile worker crashed'),
    onJobDone: (kind, outcome, seconds) => metrics.observeCompile(kind, outcome, seconds),
    ...(config.compileThreads ? { threads: config.compileThreads } : {}),
  });
  const rateLimiter = await openRateLimiter(config, logger);
  try {
    await Promise.all([projection.start(), pool.warmUp()]);
    const queries = new ProjectQueries(readModels, eventStore, currentRevisions);
    const renderRevisions = new RenderRevisions(currentRevisions, eventStore, { maxWaitMs: config.renderMinRevisionWaitMs, checkStore: config.renderRevisionCheck === 'store' });
    const renderer = new TemplateRenderer(queries, new PooledRevisionLoader(pool, config.templateLimits), {
      maxBytes: config.renderCacheBytes,
      limits: config.renderLimits,
    }, renderRevisions);
    const templates = new PooledTemplatePreparer(pool, config.templateLimits, config.renderLimits);
    const commands = new ProjectCommands({
      eventStore,
      projector: projection,
      templates,
      now: () => new Date().toISOString(),
      logger,
    });
    const apiKeys = new ApiKeys(stores.apiKeys, { cacheTtlMs: config.apiKeyCacheTtlMs, unknownTtlMs: config.unknownApiKeyCacheTtlMs });

    const health = createHealth({ eventStore, readModels, readSide: projection, rateLimiter, compilePool: pool, renderer, config, logger, started: Date.now() });

    const app = createApp({
      commands,
      queries,
      renderer,
      validation: new TemplateValidation({ templates, renderer }),
      apiKeys,
      rateLimiter,
      // Counted per process, like the fallback rate limiter: N instances allow N times the failures.
      ...(config.authFailuresPerMinute > 0 ? { authFailures: new MemoryFailureCounter(config.authFailuresPerMinute) } : {}),
      health,
      healthBound: { timeoutMs: config.healthTimeoutMs, keyStore: readModels.kind },
      logger,
      bodyLimitBytes: config.bodyLimitBytes,
      jsonLimits: config.jsonLimits,
      newId: randomUUID,
      idempotency: {
        store: stores.idempotency,
        inFlightTtlMs: config.idempotencyInFlightMs,
        // A replay is answered like the first answer: once the read models reach the write.
        findCommitted: (target, tag) =>
          findCommittedWriteProjected(eventStore, projection, target, tag, {
            onLate: (write, waitMs) => logger.warn({ position: write.position, waitMs }, 'projections did not catch up before a replayed write was answered'),
          }),
        ...(config.testCrashAfterCommit !== undefined ? { afterCommit: crashAfterCommitOf(config.testCrashAfterCommit, logger) } : {}),
      },
      requireIfMatch: config.requireIfMatch,
      metrics,
    });

    let closing: Promise<void> | undefined;
    return {
      app,
      bootstrap: () => apiKeys.bootstrap(config.bootstrapApiKey),
      close: () =>
        (closing ??= (async () => {
          await projection.stop();
          await pool.close();
          await stores.close();
          await rateLimiter.close();
        })()),
    };
  } catch (error) {
    await projection.stop();
    await pool.close();
    await stores.close();
    await rateLimiter.close();
    throw error;
  }
}

/**
 * TEST ONLY (`LETTERPRESS_TEST_CRASH_AFTER_COMMIT`): `kill -9` this process once a write made with
 * Idempotency-Key `key` has committed, before it is answered — what test/api/idempotency-crash.test.ts
 * retries across. Logged at start so a configuration carrying it by mistake is seen.
 */
function crashAfterCommitOf(key: string, logger: Logger): (committed: string) => void {
  logger.warn({ key }, 'TEST ONLY: LETTERPRESS_TEST_CRASH_AFTER_COMMIT is set; a write with this Idempotency-Key kills the process');
  return (committed) => {
    if (committed === key) process.kill(process.pid, 'SIGKILL');
  };
}

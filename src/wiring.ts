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
import { SqliteProjectorLease } from './adapters/sqlite/projector-lease.js';
import { SqliteApiKeyStore } from './adapters/sqlite/api-key-store.js';
import { openDatabase } from './adapters/sqlite/database.js';
import { SqliteEventStore } from './adapters/sqlite/event-store.js';
import { SqliteIdempotencyStore } from './adapters/sqlite/idempotency-store.js';
import { SqliteReadModelStore } from './adapters/sqlite/read-model-store.js';
import { MemoryFailureCounter } from './adapters/memory/failure-counter.js';
import { ApiKeys } from './application/api-keys.js';
import { CurrentRevisions } from './application/current-revisions.js';
import type { ApiKeyStore } from './application/ports/api-keys.js';
import { comparePositions, type EventStore, type Position } from './application/ports/event-store.js';
import type { IdempotencyStore } from './application/ports/idempotency.js';
import type { ProjectorLease, ReadModelStore } from './application/ports/read-model.js';
import { ProjectCommands } from './application/project-commands.js';
import { ProjectQueries } from './application/project-queries.js';
import type { Config } from './config.js';
import type { ProjectorStatus } from './application/projector.js';
import { createReadSide } from './read-side.js';
import { openRateLimiter } from './rate-limits.js';
import { createApp, type HealthReport } from './http/app.js';
import { Metrics } from './http/metrics.js';
import type { AppState } from './http/middleware.js';
import type { Logger } from './logger.js';
import { PROJECT_STREAM_PREFIX } from './domain/project.js';
import { CompilePool } from './rendering/compile/pool.js';
import { MJML_VERSION } from './rendering/mjml/runtime.js';
import { TemplateRenderer } from './application/render-template.js';
import { TemplateValidation } from './application/validate-template.js';
import { PooledRevisionLoader, PooledTemplatePreparer } from './rendering/compile/client.js';

export interface Service {
  app: Koa<AppState>;
  /** Set when this start registered the first API key; `generated` is the token to show once. */
  bootstrap: { created: false } | { created: true; generated: string | null; id: string };
  /** Stop the projector and the compile pool, then close the store (idempotent). */
  close(): Promise<void>;
}

/**
 * How far the read models are behind the event store, without arithmetic on positions (they are opaque):
 * caught up or not, and the time between the last event recorded and the last one applied, ms.
 */
function projectorLag(head: { position: Position; recordedAt: string } | null, status: ProjectorStatus) {
  const caughtUp = head === null || (status.position !== null && comparePositions(status.position, head.position) >= 0);
  const lagMs = caughtUp ? 0 : status.appliedRecordedAt === null ? null : Math.max(0, Date.parse(head!.recordedAt) - Date.parse(status.appliedRecordedAt));
  return { position: status.position, caught_up: caughtUp, lag_ms: lagMs };
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
export async function openStores(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'store' | 'databaseUrl' | 'kurrentdbUrl' | 'mongodbUrl' | 'projectorPollMs'>>): Promise<Stores> {
  if (config.store === 'kurrentdb') return openKurrentAndMongo(config.kurrentdbUrl!, config.mongodbUrl!);
  if (config.store === 'postgres') {
    const pool = await openPostgres(config.databaseUrl!);
    const lease = new PostgresProjectorLease(config.databaseUrl!);
    const eventStore = new PostgresEventStore(pool, { listenUrl: config.databaseUrl! });
    const readModels = new PostgresReadModelStore(pool, { listenUrl: config.databaseUrl! });
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
  const db = openDatabase(join(config.dataDir, SQLITE_FILE));
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
async function openKurrentAndMongo(kurrentdbUrl: string, mongodbUrl: string): Promise<Stores> {
  // The head the projector is compared with: project streams only (a shared KurrentDB has others).
  const eventStore = new KurrentEventStore(connectKurrent(kurrentdbUrl), { headStreamPrefix: PROJECT_STREAM_PREFIX });
  let mongo: Awaited<ReturnType<typeof openMongo>>;
  try {
    await eventStore.head();
    // A few seconds, not the driver's 30: it is also how long a request waits during an outage before its 503.
    mongo = await openMongo(mongodbUrl, { serverSelectionTimeoutMs: 5000 });
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
    const renderer = new TemplateRenderer(queries, new PooledRevisionLoader(pool, config.templateLimits), {
      maxBytes: config.renderCacheBytes,
      limits: config.renderLimits,
    });
    const templates = new PooledTemplatePreparer(pool, config.templateLimits, config.renderLimits);
    const commands = new ProjectCommands({
      eventStore,
      projector: projection,
      templates,
      now: () => new Date().toISOString(),
      logger,
    });
    const apiKeys = new ApiKeys(stores.apiKeys, { cacheTtlMs: config.apiKeyCacheTtlMs, unknownTtlMs: config.unknownApiKeyCacheTtlMs });
    const bootstrap = await apiKeys.bootstrap(config.bootstrapApiKey);
    const started = Date.now();

    const health = async (): Promise<HealthReport> => {
      try {
        const head = await eventStore.head();
        const status = await projection.status();
        return {
          status: 'ok',
          store: { kind: eventStore.kind, head_position: head?.position ?? null },
          read_models: { kind: readModels.kind },
          projector: { mode: config.projector, active: projection.active, ...projectorLag(head, status), projections: status.projections },
          mjml_version: MJML_VERSION,
          compile_threads: pool.threads,
          compile_queue: pool.queued,
          render_cache_entries: renderer.size,
          render_cache_loads: renderer.loads,
          rate_limits: { ...rateLimiter.status(), limit_per_minute: config.rateLimitPerMinute },
          uptime_s: Math.round((Date.now() - started) / 1000),
        };
      } catch (error) {
        logger.error({ err: error }, 'health check failed');
        return { status: 'unavailable', detail: `The ${eventStore.kind} store does not answer: ${(error as Error).message}` };
      }
    };

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
      logger,
      bodyLimitBytes: config.bodyLimitBytes,
      jsonLimits: config.jsonLimits,
      newId: randomUUID,
      idempotency: { store: stores.idempotency },
      requireIfMatch: config.requireIfMatch,
      metrics,
    });

    let closing: Promise<void> | undefined;
    return {
      app,
      bootstrap,
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

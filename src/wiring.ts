/**
 * The composition root: the one place that picks adapters and builds the service from configuration.
 */
import { randomUUID } from 'node:crypto';
import { PROJECT_STREAM_PREFIX } from './domain/project.js';
import type Koa from 'koa';
import { openKurrentMongoStores } from './adapters/kurrentdb-mongodb/index.js';
import { openPostgresStores } from './adapters/postgres/index.js';
import { openSqliteStores } from './adapters/sqlite/index.js';
import { MemoryFailureCounter } from './adapters/memory/failure-counter.js';
import { ApiKeys } from './application/keys/index.js';
import { CurrentRevisions, ProjectQueries, SharedDependents } from './application/read/index.js';
import type { Stores } from './application/ports/index.js';
import { findCommittedWriteProjected, ProjectCommands, SharedCommands } from './application/write/index.js';
import type { Config } from './config.js';
import { createReadSide } from './read-side.js';
import { createHealth, projectorLag } from './health.js';
import { openRateLimiter } from './rate-limits.js';
import { createApp } from './http/app.js';
import { buildInfo } from './build-info.js';
import { Metrics } from './http/metrics.js';
import type { AppState } from './http/middleware.js';
import type { Logger } from './logger.js';
import { CompilePool, LocalizedTemplatePreparer, PooledRevisionLoader, PooledTemplatePreparer } from './rendering/index.js';
import {
  PublishGate,
  TemplateRenderer,
  SharedDocuments,
  TemplateComposer,
  RenderRevisions,
  TemplateValidation,
  VariableShapeRecorder,
  VariableShapeStore,
} from './application/render/index.js';
import { PolicyGate, WorkspacePolicies } from './application/policy/index.js';
import { ReceiptKeys, Receipts } from './application/receipts/index.js';
import { mcpRoutes } from './mcp/http-route.js';
import { DomainError } from './domain/errors.js';
import type { ProjectRef } from './domain/project.js';
import type { AppDeps } from './http/deps.js';

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

export { SQLITE_FILE } from './adapters/sqlite/index.js';
export type { Stores } from './application/ports/index.js';

/** What `openStores` reads: the store's settings of a configuration (a script may give only some; `store` defaults to `sqlite`). */
export type StoreSettings = Pick<Config, 'dataDir'> &
  Partial<
    Pick<
      Config,
      | 'store'
      | 'databaseUrl'
      | 'kurrentdbUrl'
      | 'mongodbUrl'
      | 'projectorPollMs'
      | 'postgresTimeouts'
      | 'kurrentdbDeadlineMs'
      | 'mongodbTimeouts'
      | 'sqliteLockWaitMs'
    >
  >;

/**
 * How each `STORE` opens its stores: one front door per engine folder (src/adapters/<engine>/index.ts).
 * The URLs are there: `loadConfig` refuses an engine without them (a script passes its own).
 */
const ENGINES: Record<Config['store'], (settings: StoreSettings) => Promise<Stores>> = {
  sqlite: openSqliteStores,
  postgres: (settings) => openPostgresStores({ ...settings, databaseUrl: settings.databaseUrl! }),
  kurrentdb: (settings) => openKurrentMongoStores({ ...settings, kurrentdbUrl: settings.kurrentdbUrl!, mongodbUrl: settings.mongodbUrl! }),
};

/**
 * Open the stores `STORE` names: the embedded SQLite file under DATA_DIR, PostgreSQL at DATABASE_URL
 * (schema created or migrated on the way), or KurrentDB at KURRENTDB_URL with MongoDB at MONGODB_URL.
 * @throws when the file cannot be opened or is newer than this code; DependencyUnavailableError when a
 *   server does not answer (nothing is left open then).
 */
export async function openStores(settings: StoreSettings): Promise<Stores> {
  return ENGINES[settings.store ?? 'sqlite'](settings);
}

/**
 * Never silent: log each event a subscription skips as unreadable (the store keeps it; the projections
 * and the revision index go on past it), and count it when `count` is given. Only KurrentDB ever skips:
 * the other engines' stores have no `onSkippedEvent`.
 */
export function reportSkippedEvents(stores: Pick<Stores, 'onSkippedEvent'>, logger: Logger, count?: () => void): void {
  stores.onSkippedEvent?.((skipped) => {
    count?.();
    logger.error(
      { position: skipped.position, stream: skipped.streamId, reason: skipped.reason },
      'skipped an event that cannot be read; the read models do not include it',
    );
  });
}

/**
 * The compile path over `pool` that saves and renders share (and the audit script, to run exactly what
 * renders ran): the preparer of templates (localized variants included) and the loader of revisions.
 */
export function compilePath(
  config: Pick<Config, 'templateLimits' | 'renderLimits'>,
  pool: CompilePool,
): { templates: LocalizedTemplatePreparer; loader: PooledRevisionLoader } {
  return {
    templates: new LocalizedTemplatePreparer(new PooledTemplatePreparer(pool, config.templateLimits, config.renderLimits)),
    loader: new PooledRevisionLoader(pool, config.templateLimits),
  };
}

/** Build the service on the stores the configuration names. @throws when the store cannot be opened. */
export async function wireService(config: Readonly<Config>, logger: Logger): Promise<Service> {
  const stores = await openStores(config);
  const { eventStore, readModels } = stores;
  const currentRevisions = new CurrentRevisions(readModels);
  const projection = createReadSide(config, stores, currentRevisions, logger);
  /** The render cache's size, once the renderer that owns it is built (below). */
  let renderCache: (() => { bytes: number; entries: number }) | undefined;
  // Its own registry per service (never prom-client's global one); probes read at scrape time.
  const metrics = new Metrics(
    {
      compileQueue: () => pool.queued,
      projection: async () => projectorLag(await eventStore.head({ streamPrefix: PROJECT_STREAM_PREFIX }), await projection.status()),
      renderCache: () => renderCache?.() ?? { bytes: 0, entries: 0 },
    },
    { build: buildInfo(config.store) },
  );
  reportSkippedEvents(stores, logger, () => metrics.countSkippedEvent());
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
  let shapeFlush: VariableShapeRecorder | undefined;
  /** The last shapes recorded written before the store closes (a failure is logged: they are only lost). */
  const flushShapes = () =>
    shapeFlush?.close().catch((error: unknown) => logger.warn({ err: error }, 'variable shapes not flushed at close'));
  try {
    await Promise.all([projection.start(), pool.warmUp()]);
    const queries = new ProjectQueries(readModels, eventStore, currentRevisions);
    const renderRevisions = new RenderRevisions(currentRevisions, eventStore, {
      maxWaitMs: config.renderMinRevisionWaitMs,
      checkStore: config.renderRevisionCheck === 'store',
    });
    const shapes = shapeRecorder(config, readModels, logger);
    const { templates, loader } = compilePath(config, pool);
    const now = () => new Date().toISOString();
    const sharedDocuments = new SharedDocuments(eventStore, now, { cacheBytes: config.sharedDocumentsCacheBytes });
    const composer = new TemplateComposer(sharedDocuments, templates);
    const renderer = new TemplateRenderer(
      queries,
      loader,
      {
        maxBytes: config.renderCacheBytes,
        limits: config.renderLimits,
      },
      renderRevisions,
      shapes,
      composer,
    );
    renderCache = () => ({ bytes: renderer.cacheBytes, entries: renderer.size });
    const publishGate = shapes
      ? new PublishGate({
          recorded: (ref) => shapes.recorded(ref),
          contractAt: (ref, revision) => renderer.reads.contractAt(ref, revision),
        })
      : undefined;
    const policies = new WorkspacePolicies(eventStore, now);
    const receipts = config.receipts ? receiptsOf(eventStore, queries, now) : undefined;
    const policyGate = new PolicyGate(policies, renderer, queries);
    const commands = new ProjectCommands({
      eventStore,
      projector: projection,
      templates,
      now,
      logger,
      ...(publishGate ? { publishGate } : {}),
      policy: policyGate,
      composer,
    });
    const shared = new SharedCommands({
      documents: sharedDocuments,
      dependents: new SharedDependents(readModels),
      composer,
      queries,
      policy: policyGate,
      ...(publishGate ? { variables: { gate: publishGate, contracts: renderer.reads } } : {}),
      logger,
    });
    shapes?.start();
    shapeFlush = shapes;
    const apiKeys = new ApiKeys(stores.apiKeys, { cacheTtlMs: config.apiKeyCacheTtlMs, unknownTtlMs: config.unknownApiKeyCacheTtlMs });

    const health = createHealth({
      eventStore,
      readModels,
      readSide: projection,
      rateLimiter,
      compilePool: pool,
      renderer,
      config,
      logger,
      started: Date.now(),
    });

    const app = createApp({
      commands,
      queries,
      renderer,
      ...(shapes ? { recordedShapes: shapes } : {}),
      validation: new TemplateValidation({ templates, renderer, policy: policyGate, composer }),
      policies,
      ...(receipts ? { receipts } : {}),
      routes: [mcpRoutes], // POST <prefix>/mcp: the MCP server over streamable HTTP (docs/mcp.md)
      shared,
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
            onLate: (write, waitMs) =>
              logger.warn({ position: write.position, waitMs }, 'projections did not catch up before a replayed write was answered'),
          }),
        ...(config.testCrashAfterCommit !== undefined ? { afterCommit: crashAfterCommitOf(config.testCrashAfterCommit, logger) } : {}),
      },
      requireIfMatch: config.requireIfMatch,
      metrics,
      corsOrigins: config.corsOrigins,
      renderFastPath: config.renderFastPath,
    });

    let closing: Promise<void> | undefined;
    return {
      app,
      bootstrap: () => apiKeys.bootstrap(config.bootstrapApiKey),
      close: () =>
        (closing ??= (async () => {
          await flushShapes();
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

/** The publish gate's recorder of variable shapes over the read-model store; none when VARIABLE_SHAPES_WINDOW_HOURS is 0. */
function shapeRecorder(config: Readonly<Config>, readModels: Stores['readModels'], logger: Logger): VariableShapeRecorder | undefined {
  const { windowMs, flushMs, perKey, keysPerTemplate, maxPending } = config.variableShapes;
  if (windowMs === 0) return undefined;
  const store = new VariableShapeStore(readModels, { windowMs, maxShapes: perKey, maxKeys: keysPerTemplate });
  return new VariableShapeRecorder(store, { flushMs, maxShapes: perKey, maxEntries: maxPending, logger });
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

/**
 * Signed render receipts (docs/receipts.md): keys from the event store; `changed_since` compares a receipt's
 * revision with the one a render without `revision` uses now (null once the project is gone).
 */
function receiptsOf(eventStore: Stores['eventStore'], queries: ProjectQueries, now: () => string): NonNullable<AppDeps['receipts']> {
  const keys = new ReceiptKeys(eventStore, now);
  const renderedNow = async (ref: ProjectRef): Promise<number | null> => {
    try {
      return (await queries.getProject(ref)).publishing.publishedRevision;
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'project_not_found' || error.code === 'project_deleted')) return null;
      throw error;
    }
  };
  return { keys, signer: new Receipts(keys, renderedNow, now) };
}

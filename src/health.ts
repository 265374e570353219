/**
 * `GET /health`'s report (part of the composition root, `wiring.ts`): the event store, the read models and
 * the rate-limit store, each checked under its own bound, all at once (`health-checks.ts`), so the answer
 * comes within HEALTH_TIMEOUT_MS in every fault and names the failing dependency (issue 19, item 1).
 */
import { comparePositions, type EventStore, type Position, type RateLimiter, type ReadModelStore } from './application/ports/index.js';
import type { ProjectorStatus } from './application/projector/index.js';
import type { Config } from './config.js';
import { describeFailures, runCheck } from './health-checks.js';
import type { HealthReport } from './http/app.js';
import type { Logger } from './logger.js';
import type { ReadSide } from './read-side.js';
import { MJML_VERSION } from './rendering/index.js';
import { PROJECT_STREAM_PREFIX } from './domain/project.js';

/** The checkpoint the read-model check reads to see that the store answers (none need exist by that name). */
const HEALTH_PROBE = 'health-probe';

/**
 * How far the read models are behind the event store, without arithmetic on positions (they are opaque):
 * caught up or not, and the time between the last event recorded and the last one applied, ms.
 */
export function projectorLag(head: { position: Position; recordedAt: string } | null, status: ProjectorStatus) {
  const caughtUp = head === null || (status.position !== null && comparePositions(status.position, head.position) >= 0);
  const lagMs = caughtUp
    ? 0
    : status.appliedRecordedAt === null
      ? null
      : Math.max(0, Date.parse(head.recordedAt) - Date.parse(status.appliedRecordedAt));
  return { position: status.position, caught_up: caughtUp, lag_ms: lagMs };
}

/** What the report is made of. `started`: when the service started, ms since the epoch. */
export interface HealthParts {
  eventStore: EventStore;
  readModels: ReadModelStore;
  readSide: ReadSide;
  rateLimiter: RateLimiter;
  compilePool: { readonly threads: number; readonly queued: number };
  renderer: { readonly size: number; readonly loads: number };
  config: Pick<Config, 'projector' | 'rateLimitPerMinute' | 'healthTimeoutMs'>;
  logger: Pick<Logger, 'error'>;
  started: number;
}

/**
 * The `/health` report function. Each check runs under `timeoutMs` (default HEALTH_TIMEOUT_MS); the report
 * is `unavailable` (503) when a required one is not ok, with `detail` naming it and `checks` listing all.
 * Never rejects.
 */
export function createHealth(parts: HealthParts): (options?: { timeoutMs?: number }) => Promise<HealthReport> {
  const { eventStore, readModels, readSide, rateLimiter, config } = parts;
  return async (options = {}) => {
    const timeoutMs = options.timeoutMs ?? config.healthTimeoutMs;
    const [store, reads, limits] = await Promise.all([
      runCheck(
        {
          name: 'event_store',
          dependency: eventStore.kind,
          required: true,
          run: () => eventStore.head({ streamPrefix: PROJECT_STREAM_PREFIX }),
        },
        timeoutMs,
      ),
      // A read of the store itself: an active projector's status is in memory and would not notice a stall.
      runCheck(
        {
          name: 'read_models',
          dependency: readModels.kind,
          required: true,
          run: async () => (await Promise.all([readSide.status(), readModels.getCheckpoint(HEALTH_PROBE)]))[0],
        },
        timeoutMs,
      ),
      runCheck(
        {
          name: 'rate_limits',
          dependency: rateLimiter.status().store,
          required: false,
          run: async () => rateLimiter.status(),
          judge: (s) => (s.degraded ? `degraded: ${s.reason ?? 'unknown'}` : null),
        },
        timeoutMs,
      ),
    ]);
    const checks = [store.result, reads.result, limits.result];
    const failure = describeFailures(checks);
    if (failure !== null) {
      parts.logger.error({ checks }, 'health check failed');
      return { status: 'unavailable', detail: failure, checks };
    }
    const head = store.value ?? null;
    const status = reads.value!;
    return {
      status: 'ok',
      store: { kind: eventStore.kind, head_position: head?.position ?? null },
      read_models: { kind: readModels.kind },
      projector: { mode: config.projector, active: readSide.active, ...projectorLag(head, status), projections: status.projections },
      mjml_version: MJML_VERSION,
      compile_threads: parts.compilePool.threads,
      compile_queue: parts.compilePool.queued,
      render_cache_entries: parts.renderer.size,
      render_cache_loads: parts.renderer.loads,
      rate_limits: { ...limits.value!, limit_per_minute: config.rateLimitPerMinute },
      uptime_s: Math.round((Date.now() - parts.started) / 1000),
      checks,
    };
  };
}

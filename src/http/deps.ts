/**
 * What the HTTP layer is built from (`createApp(deps)`); routes take the same object.
 */
import type { TemplateValidation } from '../application/validate-template.js';
import type { ApiKeys } from '../application/api-keys.js';
import type { ProjectCommands } from '../application/project-commands.js';
import type { ProjectQueries } from '../application/project-queries.js';
import type { FailureCounter } from '../application/ports/failure-counter.js';
import type { IdempotencyStore } from '../application/ports/idempotency.js';
import type { RateLimiter } from '../application/ports/rate-limit.js';
import type { TemplateRenderer } from '../application/render-template.js';
import type { JsonLimits } from './json-guard.js';
import type { Metrics } from './metrics.js';

/** What /health reports; `status` decides 200 or 503. */
export interface HealthReport {
  status: 'ok' | 'unavailable';
  detail?: string;
  [check: string]: unknown;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AppDeps {
  commands: ProjectCommands;
  queries: ProjectQueries;
  renderer: TemplateRenderer;
  /** Dry runs: POST /validate and POST /templates/:id/validate. */
  validation: TemplateValidation;
  apiKeys: ApiKeys;
  rateLimiter: RateLimiter;
  /** Refused tokens per client address (AUTH_FAILURES_PER_MINUTE; authentication.ts); absent: not limited. */
  authFailures?: FailureCounter;
  health: () => Promise<HealthReport>;
  logger: Logger;
  /** Largest accepted JSON body, bytes. */
  bodyLimitBytes: number;
  /** JSON field depth and `metadata` size (json-guard.ts defaults when absent). */
  jsonLimits?: JsonLimits;
  /** Id for a project created without one. */
  newId: () => string;
  /** Where `Idempotency-Key` records are kept (shared by every instance on the store); `now`: ms since the epoch. */
  idempotency: { store: IdempotencyStore; now?: () => number };
  /** `REQUIRE_IF_MATCH`: unconditional PUT, PATCH, DELETE and restore → 428. */
  requireIfMatch: boolean;
  /** Prometheus instruments and `GET /metrics` (metrics.ts); absent: no metrics route, nothing counted. */
  metrics?: Metrics;
}

/**
 * What the HTTP layer is built from (`createApp(deps)`); routes take the same object.
 */
import type { RecordedShapesSource, TemplateValidation, TemplateRenderer } from '../application/render/index.js';
import type { ApiKeys } from '../application/keys/index.js';
import type { CommittedWrite, WriteTag, ProjectCommands, SharedCommands, WriteTarget } from '../application/write/index.js';
import type { FailureCounter, IdempotencyStore, RateLimiter } from '../application/ports/index.js';
import type { ProjectQueries } from '../application/read/index.js';
import type { WorkspacePolicies } from '../application/policy/index.js';
import type { ReceiptKeys, Receipts } from '../application/receipts/index.js';
import type { Router } from '@koa/router';
import type { JsonLimits } from './json-guard.js';
import type { AppState } from './middleware.js';
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
  /** The variable shapes the publish gate recorded, which POST /projects/:id/diff renders without `variables`; absent: none are. */
  recordedShapes?: RecordedShapesSource;
  /** Dry runs: POST /validate and POST /templates/:id/validate. */
  validation: TemplateValidation;
  /** Layouts and shared partials (/layouts, /partials: docs/layouts.md); absent: those routes are not served. */
  shared?: SharedCommands;
  /** Each workspace's send-readiness policy (GET/PUT /policy). */
  policies: Pick<WorkspacePolicies, 'current' | 'set'>;
  /**
   * Routes of slices that stand above http and use it (the MCP endpoint, src/mcp/http-route.ts), mounted under
   * each prefix after the API's own; given by the composition root, so http never imports them.
   */
  routes?: ReadonlyArray<(router: Router<AppState>, deps: AppDeps) => void>;
  /** Signed render receipts (docs/receipts.md); absent: renders carry none (`receipt: null`) and /receipts is not served. */
  receipts?: { signer: Pick<Receipts, 'sign' | 'verify'>; keys: Pick<ReceiptKeys, 'all' | 'rotate'> };
  apiKeys: ApiKeys;
  rateLimiter: RateLimiter;
  /**
   * The dependency checks of `/health`, each bounded; `timeoutMs` is what is left of the route's bound
   * (`healthBound`) once the key lookup is done, absent when the route is not bounded.
   */
  health: (options?: { timeoutMs?: number }) => Promise<HealthReport>;
  /**
   * `/health` answers within `timeoutMs` whatever the stores do: its key lookup and its checks share the
   * bound (HEALTH_TIMEOUT_MS). `keyStore`: the engine of the API keys, named when their lookup times out.
   */
  healthBound?: { timeoutMs: number; keyStore: string };
  /** Refused tokens per client address (AUTH_FAILURES_PER_MINUTE; authentication.ts); absent: not limited. */
  authFailures?: FailureCounter;
  logger: Logger;
  /** Largest accepted JSON body, bytes. */
  bodyLimitBytes: number;
  /** JSON field depth and `metadata` size (json-guard.ts defaults when absent). */
  jsonLimits?: JsonLimits;
  /** Id for a project created without one. */
  newId: () => string;
  /**
   * `Idempotency-Key` (idempotency.ts): where records are kept (shared by every instance on the store), the
   * clock (`now`, ms since the epoch), the unrenewed lease (`inFlightTtlMs`), the event-store look-up of a
   * lapsed claim's write (`findCommitted`), and a test-only hook after a commit (`afterCommit`).
   */
  idempotency: {
    store: IdempotencyStore;
    now?: () => number;
    inFlightTtlMs?: number;
    findCommitted?: (target: WriteTarget, tag: WriteTag) => Promise<CommittedWrite | null>;
    afterCommit?: (key: string) => void;
  };
  /** `REQUIRE_IF_MATCH`: unconditional PUT, PATCH, DELETE and restore → 428. */
  requireIfMatch: boolean;
  /** Prometheus instruments and `GET /metrics` (metrics.ts); absent: no metrics route, nothing counted. */
  metrics?: Metrics;
  /** `RENDER_FAST_PATH`: renders answered by fast-render.ts in front of Koa (default true); false: every request through Koa. */
  renderFastPath?: boolean;
  /** Browser origins allowed by CORS (`CORS_ORIGINS`, cors.ts); absent or empty: none. */
  corsOrigins?: readonly string[];
}

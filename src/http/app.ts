/**
 * `createApp(deps)`: the Koa application with every route of ARCHITECTURE §4 under both `/v1` and
 * `/api/v1`. It does not listen; `server.ts` does.
 *
 * Middleware order: request id → access log → metrics (when given) → security headers → CORS → gzip → problem
 * details → authentication → rate limit → routes; `/health` and `/metrics` also at the root. Compression sits outside the error middleware so problem responses are gzipped too.
 */
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import type { AppDeps } from './deps.js';
import { authenticate, type AuthenticateOptions } from './authentication.js';
import { accessLog, compileTenant, GZIP_OPTIONS, gzipWhenAccepted, rateLimit, requestId, type AppState } from './middleware.js';
import { methodProblems } from './methods.js';
import { countRequests, metricsRoutes } from './metrics.js';
import { problemDetails } from './problem.js';
import { securityHeaders } from './security-headers.js';
import { crossOrigin } from './cors.js';
import { withRenderFastPath } from './fast-render.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { healthRoutes } from './routes/health.js';
import { openApiRoutes } from './routes/openapi.js';
import { docsRoutes } from './routes/docs.js';
import { previewRoutes } from './routes/preview.js';
import { projectRoutes } from './routes/projects.js';
import { projectDiffRoutes } from './routes/project-diff.js';
import { projectRevisionRoutes } from './routes/project-revisions.js';
import { templateRoutes } from './routes/templates.js';
import { sharedRoutes } from './routes/shared.js';
import { receiptRoutes } from './routes/receipts.js';
import { policyRoutes } from './routes/policy.js';

export type { AppDeps, HealthReport, Logger } from './deps.js';

export const API_PREFIXES = ['/v1', '/api/v1'] as const;

/** Routes also served at the root, outside the prefixes: where probes and scrapers look by default. */
export const ROOT_ALIASES = ['/health', '/metrics'] as const;

/** How every route authenticates (authentication.ts); the render fast path takes the same options. */
export function authenticationOptions(deps: AppDeps): AuthenticateOptions {
  // every route, health included (ARCHITECTURE §4); /health within its bound even when the key store stalls
  const healthBound = deps.healthBound && { paths: [...API_PREFIXES.map((prefix) => `${prefix}/health`), '/health'], ...deps.healthBound };
  return {
    ...(healthBound ? { bounded: healthBound } : {}),
    ...(deps.authFailures ? { failures: deps.authFailures } : {}),
    onBlocked: (address, failures) =>
      deps.logger.warn(
        { client: address, failures: failures.limit, window_s: failures.windowSeconds },
        'refusing a client address: too many refused API keys',
      ),
  };
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = false;
  app.silent = true; // errors are logged by problemDetails, once

  app.use(requestId());
  app.use(accessLog(deps.logger));
  if (deps.metrics) app.use(countRequests(deps.metrics)); // outside problemDetails: sees the final status
  app.use(securityHeaders()); // nosniff everywhere, a CSP on text/html (renders)
  app.use(crossOrigin(deps.corsOrigins ?? [])); // CORS_ORIGINS; preflights answered here, before authentication
  app.use(gzipWhenAccepted(compress({ ...GZIP_OPTIONS })));
  app.use(problemDetails(deps.logger));
  // The only public routes: GET <prefix>/openapi.json, the /docs page that renders it, and the /preview/ page's
  // static files, which hold no data, with / (a redirect to it) and /favicon.ico (routes/openapi.ts, docs.ts, preview.ts)
  app.use(openApiRoutes(API_PREFIXES).routes());
  app.use(docsRoutes(`${API_PREFIXES[0]}/openapi.json`).routes());
  app.use(previewRoutes().routes());
  // every other route, health included (ARCHITECTURE §4)
  const auth = authenticationOptions(deps);
  app.use(authenticate(deps.apiKeys, auth));
  app.use(rateLimit(deps.rateLimiter, deps.metrics?.rateLimited));
  app.use(compileTenant()); // one key's compile jobs take at most its share of the queue
  app.use(methodProblems()); // 405/501 from allowedMethods() as problems with Allow
  for (const prefix of API_PREFIXES) {
    const router = new Router<AppState>({ prefix });
    projectRoutes(router, deps);
    projectRevisionRoutes(router, deps);
    projectDiffRoutes(router, deps);
    templateRoutes(router, deps);
    healthRoutes(router, deps);
    apiKeyRoutes(router, deps);
    policyRoutes(router, deps);
    receiptRoutes(router, deps);
    sharedRoutes(router, deps);
    for (const routes of deps.routes ?? []) routes(router, deps); // slices above http (the MCP endpoint: docs/mcp.md)
    if (deps.metrics) metricsRoutes(router, deps.metrics);
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // Where probes and scrapers look by default: /health and /metrics at the root too, under the same rules
  const root = new Router<AppState>(); // ROOT_ALIASES
  healthRoutes(root, deps);
  if (deps.metrics) metricsRoutes(root, deps.metrics);
  app.use(root.routes());
  app.use(root.allowedMethods());
  if (deps.renderFastPath ?? true) {
    // Renders skip the chain above through the same rules (fast-render.ts): every server built from
    // `app.callback()` (http-server.ts, the tests) gets the fast path, and RENDER_FAST_PATH=0 turns it off.
    const koa = app.callback.bind(app);
    app.callback = () => withRenderFastPath(app, koa(), deps, auth);
  }
  return app;
}

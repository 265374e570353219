/**
 * Prometheus metrics (prom-client): the instruments, the middleware that counts every request, and the
 * `GET /metrics` route (text exposition format 0.0.4, https://prometheus.io/docs/instrumenting/exposition_formats/).
 *
 * Each `Metrics` owns its own `Registry` (built in the composition root and passed down), never
 * prom-client's global one, so several apps in one process (tests) do not collide over metric names.
 * Label values are bounded: `route` is the router's matched pattern (`/v1/projects/:id`), never the raw
 * path; a request no route matched gets a fixed class instead (`routeClass`): `unauthenticated` (refused
 * before routing for its key: 400/401), `rate_limited` (429), `not_found` (404), `preflight` (a CORS
 * OPTIONS answered before routing), or `unmatched` (anything else, e.g. 405/501 answers).
 */
import type { Router } from '@koa/router';
import type Koa from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Values read at scrape time (cheap, or at least bounded: one scrape, one call each). */
export interface MetricProbes {
  /** Compile jobs waiting for a worker thread. */
  compileQueue?: () => number;
  /** Read-model lag as /health reports it: `lag_ms` null when unknown. @throws when the store does not answer. */
  projection?: () => Promise<{ caught_up: boolean; lag_ms: number | null }>;
  /** The render cache of compiled revisions: its approximate heap bytes (revision-cache.ts) and its entries. */
  renderCache?: () => { bytes: number; entries: number };
}

/** How a compile job ended, as the compile pool reports it. */
export type CompileOutcome = 'ok' | 'error' | 'timeout';

/** Latency buckets, seconds: renders are ms-scale, compiles up to the compile timeout (seconds). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const COMPILE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'route' | 'method' | 'status'>;
  readonly #duration: Histogram<'route'>;
  readonly #cache: Counter<'outcome'>;
  readonly #compileDuration: Histogram<'kind' | 'outcome'>;
  readonly #compileTimeouts: Counter<'kind'>;
  readonly #rateLimited: Counter;
  readonly #skippedEvents: Counter;

  /**
   * @param options.defaultMetrics prom-client's process metrics (CPU, memory, event loop, GC); default true.
   * @param options.build labels of the `letterpress_build_info` gauge (constant 1; build-info.ts); absent: no gauge.
   */
  constructor(probes: MetricProbes = {}, options: { defaultMetrics?: boolean; build?: Readonly<Record<string, string>> } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    if (options.build) {
      const labels = options.build;
      new Gauge({
        name: 'letterpress_build_info',
        help: 'Constant 1; the labels name the build this process runs.',
        labelNames: Object.keys(labels),
        registers,
      }).set({ ...labels }, 1);
    }
    this.#requests = new Counter({
      name: 'letterpress_http_requests_total',
      help: 'HTTP requests by matched route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'letterpress_http_request_duration_seconds',
      help: 'HTTP request duration by matched route pattern, seconds.',
      labelNames: ['route'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.#cache = new Counter({
      name: 'letterpress_render_cache_total',
      help: 'Renders by cache outcome (the X-Cache header): hit or miss.',
      labelNames: ['outcome'],
      registers,
    });
    this.#compileDuration = new Histogram({
      name: 'letterpress_compile_duration_seconds',
      help: 'MJML compile jobs: time in a worker thread, seconds.',
      labelNames: ['kind', 'outcome'],
      buckets: COMPILE_BUCKETS,
      registers,
    });
    this.#compileTimeouts = new Counter({
      name: 'letterpress_compile_timeouts_total',
      help: 'Compile jobs stopped past COMPILE_TIMEOUT_MS.',
      labelNames: ['kind'],
      registers,
    });
    this.#rateLimited = new Counter({
      name: 'letterpress_rate_limit_rejections_total',
      help: 'Requests refused with 429 by the per-key rate limit.',
      registers,
    });
    this.#skippedEvents = new Counter({
      name: 'letterpress_events_skipped_total',
      help: 'Events the KurrentDB subscriptions skipped as unreadable (a link to a deleted event, data that is not JSON).',
      registers,
    });
    this.#cache.inc({ outcome: 'hit' }, 0); // both series exist from the start (rate() needs them)
    this.#cache.inc({ outcome: 'miss' }, 0);
    new Gauge({
      name: 'letterpress_compile_queue_depth',
      help: 'Compile jobs waiting for a worker thread (read at scrape).',
      registers,
      collect() {
        if (probes.compileQueue) this.set(probes.compileQueue());
      },
    });
    new Gauge({
      name: 'letterpress_render_cache_bytes',
      help: 'Approximate heap bytes of the compiled revisions in the render cache, bounded by RENDER_CACHE_MB (read at scrape).',
      registers,
      collect() {
        if (probes.renderCache) this.set(probes.renderCache().bytes);
      },
    });
    new Gauge({
      name: 'letterpress_render_cache_entries',
      help: 'Compiled revisions (and their compositions and locales) in the render cache (read at scrape).',
      registers,
      collect() {
        if (probes.renderCache) this.set(probes.renderCache().entries);
      },
    });
    // One probe call per scrape feeds both gauges: prom-client's Registry.metrics() calls every collect()
    // in one synchronous map before awaiting them (Promise.all), so the second collect() joins the call the
    // first started, and the call is forgotten once it settles. (Setting one gauge from the other's
    // collect() would publish a value one scrape old.)
    let reading: Promise<{ caught_up: boolean; lag_ms: number | null } | null> | undefined;
    const readProjection = () =>
      (reading ??= (probes.projection?.() ?? Promise.resolve(null))
        .catch(() => null) // the store does not answer: /health says so; the scrape still returns every other metric
        .finally(() => (reading = undefined)));
    new Gauge({
      name: 'letterpress_projection_lag_seconds',
      help: 'Time between the last event recorded and the last applied to the read models, seconds (read at scrape; NaN when unknown).',
      registers,
      async collect() {
        if (!probes.projection) return;
        const status = await readProjection();
        this.set(status === null || status.lag_ms === null ? Number.NaN : status.lag_ms / 1000);
      },
    });
    new Gauge({
      name: 'letterpress_projection_caught_up',
      help: '1 when the read models have applied every recorded event, 0 when not, NaN when the store does not answer (read at scrape).',
      registers,
      async collect() {
        if (!probes.projection) return;
        const status = await readProjection();
        this.set(status === null ? Number.NaN : status.caught_up ? 1 : 0);
      },
    });
  }

  /** Count an event a subscription skipped as unreadable (KurrentDB). */
  countSkippedEvent(): void {
    this.#skippedEvents.inc();
  }

  /** Count a finished request: one counter increment and one histogram observation. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.#requests.inc({ route, method, status: String(status) });
    this.#duration.observe({ route }, seconds);
  }

  /** A render's cache outcome, as its `X-Cache` header says. */
  observeCache(outcome: 'HIT' | 'MISS'): void {
    this.#cache.inc({ outcome: outcome === 'HIT' ? 'hit' : 'miss' });
  }

  /** A compile job that ran in a worker: `kind` its job kind, `seconds` its time there. */
  observeCompile(kind: string, outcome: CompileOutcome, seconds: number): void {
    this.#compileDuration.observe({ kind, outcome }, seconds);
    if (outcome === 'timeout') this.#compileTimeouts.inc({ kind });
  }

  /** One request refused by the rate limit. */
  readonly rateLimited = (): void => {
    this.#rateLimited.inc();
  };
}

/**
 * Count every request by its matched route pattern (`ctx._matchedRoute`, set by @koa/router) once the
 * response is final; render cache outcomes from the `X-Cache` header the render route sets.
 */
export function countRequests(metrics: Metrics): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      countAnswer(metrics, typeof matched === 'string' ? matched : undefined, ctx.method, ctx.status, started, ctx.response.get('X-Cache'));
    }
  };
}

/**
 * Count one finished request: by `route` (the matched pattern; undefined when none matched: `routeClass`),
 * its duration since `started` (`performance.now()`, ms), and a render's cache outcome (`xCache`, the
 * `X-Cache` value; anything else counts nothing). The render fast path counts through it too.
 */
export function countAnswer(
  metrics: Metrics,
  route: string | undefined,
  method: string,
  status: number,
  started: number,
  xCache: unknown,
): void {
  metrics.observeRequest(route ?? routeClass(method, status), method, status, (performance.now() - started) / 1000);
  if (xCache === 'HIT' || xCache === 'MISS') metrics.observeCache(xCache);
}

/** The `route` label of a request no route matched (see the file's comment). */
export function routeClass(method: string, status: number): string {
  if (status === 400 || status === 401) return 'unauthenticated';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (method === 'OPTIONS') return 'preflight';
  return 'unmatched';
}

/** `GET /metrics`: the exposition text. Authenticated like every route; any valid key may read it (as /health). */
export function metricsRoutes<S>(router: Router<S>, metrics: Metrics): void {
  router.get('/metrics', async (ctx) => {
    const body = await metrics.registry.metrics();
    ctx.body = body;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', metrics.registry.contentType);
  });
}

/**
 * Cross-cutting middleware: request ids, access log, scopes, rate limits, JSON bodies (bearer
 * authentication: authentication.ts). Each is small; the order they run in is fixed by `createApp`.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Principal } from '../application/keys/index.js';
import type { Scope } from '../application/ports/index.js';
import { withCompileTenant } from '../rendering/index.js';
import type { WriteIdempotency } from '../application/write/index.js';
import { ProblemError } from './problem.js';

/** Koa state our middleware fills in. */
export interface AppState {
  requestId: string;
  principal?: Principal;
  /** The parsed JSON object body (set by `jsonBody`). */
  body?: unknown;
  /** Fields a route adds to its access-log line (the render route: project, revision, cache outcome). */
  log?: { project?: string; revision?: number; cache?: 'HIT' | 'MISS' };
  /** The request's Idempotency-Key, for the write's events (set by `idempotent`, read by `actorOf`). */
  idempotency?: WriteIdempotency;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a well-formed incoming `X-Request-Id`, or make one; set it on every response. */
export function requestId(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}

/** The request's id: `incoming` (its `X-Request-Id`, `''` when absent) when well-formed, else a new UUID. */
export function requestIdOf(incoming: string): string {
  return SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Run `compressor` (koa-compress) only for requests that accept gzip; others get just the
 * `Vary: Accept-Encoding` it would have set. Equivalent, and cheaper on the path every render takes:
 * koa-compress negotiates and inspects every response even when it will send it as is.
 */
export function gzipWhenAccepted(compressor: Koa.Middleware): Koa.Middleware<AppState> {
  return (ctx, next) => {
    if (prefersGzip(ctx.request)) return compressor(ctx, next);
    ctx.vary('Accept-Encoding');
    return next();
  };
}

/**
 * Whether the answer to `request` is gzipped (RFC 9110 §12.5.3): it accepts gzip over identity. Negotiated
 * too: `gzip;q=0` refuses gzip, and when nothing is acceptable (`gzip;q=abc, *;q=0`) koa-compress would call an
 * undefined compressor (a 500); identity it is then. `request` is a Koa request (the fast path builds one too).
 */
export function prefersGzip(request: Pick<Koa.Request, 'get' | 'acceptsEncodings'>): boolean {
  return /gzip/i.test(request.get('Accept-Encoding')) && request.acceptsEncodings('gzip', 'identity') === 'gzip';
}

/** koa-compress's options, which the render fast path gzips with too (same bytes): gzip only, from 0 bytes. */
export const GZIP_OPTIONS = { threshold: 0, br: false, deflate: false, filter: () => true } as const;

/**
 * One log line per request: method, path, matched route pattern, status, duration (ms), request id, key
 * id (never the key: the Authorization header is not logged, the query string neither, and a token
 * pasted into the path is redacted, `redactTokens`), and where the route knows them the project id,
 * revision and cache outcome (`ctx.state.log`; the project id also from a `:id` route of /projects or
 * /templates).
 */
export function accessLog(logger: { info(obj: object, msg?: string): void }): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const routed = typeof route === 'string' ? route : undefined;
      const params = (ctx as { params?: { id?: string } }).params;
      logger.info(
        accessLogEntry({
          method: ctx.method,
          path: ctx.path,
          route: routed,
          status: ctx.status,
          started,
          state: ctx.state,
          pathId: params?.id,
        }),
        'request',
      );
    }
  };
}

/** What one access-log line is made of (`accessLogEntry`). */
export interface AccessLogFacts {
  method: string;
  /** The request path, without the query. */
  path: string;
  /** The matched route pattern (`/v1/templates/:id/render`), undefined when the request was answered before routing. */
  route: string | undefined;
  status: number;
  /** `performance.now()` when the request arrived, ms. */
  started: number;
  state: Pick<AppState, 'requestId' | 'principal' | 'log'>;
  /** The route's decoded `:id` parameter, if any. */
  pathId: string | undefined;
}

/** The access-log line's fields (see `accessLog`); the render fast path logs through it too. */
export function accessLogEntry(facts: AccessLogFacts): object {
  const { route, state } = facts;
  const extra = state.log;
  return {
    method: facts.method,
    path: redactTokens(facts.path),
    route,
    status: facts.status,
    ms: Math.round((performance.now() - facts.started) * 100) / 100,
    request_id: state.requestId,
    key_id: state.principal?.keyId,
    project: redactTokens(extra?.project ?? (route && PROJECT_ROUTE.test(route) ? facts.pathId : undefined)),
    revision: extra?.revision,
    cache: extra?.cache,
  };
}

/**
 * An API key (`lp_<12 alphanumerics>_<43 base64url>`, api-keys.ts), or a cut one with 16+ characters of its
 * secret, raw or percent-encoded anywhere in the text (`%5F` for `_`, any case).
 */
const TOKEN_SHAPE = /lp(?:_|%5f)[A-Za-z0-9]{12}(?:_|%5f)(?:[A-Za-z0-9_-]|%[0-9a-f]{2}){16,}/gi;

/**
 * `text` with every API-key-shaped run replaced by `lp_<key id>_[REDACTED]` (the id is no secret: the log
 * names it as `key_id`). For what a client put in a path: a token pasted there must not reach the log.
 */
export function redactTokens<T extends string | undefined>(text: T): T {
  if (text === undefined || !/lp(?:_|%5f)/i.test(text)) return text;
  return text.replace(TOKEN_SHAPE, (token) => `lp_${token.replace(/^lp(?:_|%5f)/i, '').slice(0, 12)}_[REDACTED]`) as T;
}

/** Routes whose `:id` is a project id (not an API key's). */
const PROJECT_ROUTE = /\/(projects|templates)\/:id(\/|$)/;

/** Refuse with 403 unless the key holds `scope`. */
export function requireScope(scope: Scope): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    checkScope(ctx.state.principal, scope);
    await next();
  };
}

/** @throws ProblemError 403 `insufficient_scope` (with its Bearer challenge) unless `principal` holds `scope`. */
export function checkScope(principal: Principal | undefined, scope: Scope): void {
  if (!principal?.scopes.has(scope)) {
    throw new ProblemError(403, 'insufficient_scope', `This API key lacks the '${scope}' scope.`, [], {
      'WWW-Authenticate': `Bearer realm="letterpress", error="insufficient_scope", scope="${scope}"`,
    });
  }
}

/** Refuse with 403 unless the key holds one of `scopes` (the first is the one named in the challenge). */
export function requireAnyScope(scopes: readonly Scope[]): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!scopes.some((scope) => ctx.state.principal?.scopes.has(scope))) {
      const named = scopes.map((scope) => `'${scope}'`).join(' or ');
      throw new ProblemError(403, 'insufficient_scope', `This API key lacks the ${named} scope.`, [], {
        'WWW-Authenticate': `Bearer realm="letterpress", error="insufficient_scope", scope="${scopes.join(' ')}"`,
      });
    }
    await next();
  };
}

/** Per-key rate limit: moved to `rate-limit.ts` (IETF RateLimit fields beside X-RateLimit-*). */
export { rateLimit } from './rate-limit.js';

/** JSON bodies live in json-body.ts (decoding, limits, the json-guard walk); re-exported for the routes. */
export { jsonBody } from './json-body.js';

/**
 * Count the compile jobs this request starts against its API key's share of the compile queue
 * (rendering/compile/tenant.ts, COMPILE_QUEUE_PER_KEY_MAX). After `authenticate`: needs `ctx.state.principal`.
 */
export function compileTenant(): Koa.Middleware<AppState> {
  return (ctx, next) => (ctx.state.principal ? withCompileTenant(ctx.state.principal.keyId, next) : next());
}

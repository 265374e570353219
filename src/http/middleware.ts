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
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}

/**
 * Run `compressor` (koa-compress) only for requests that accept gzip; others get just the
 * `Vary: Accept-Encoding` it would have set. Equivalent, and cheaper on the path every render takes:
 * koa-compress negotiates and inspects every response even when it will send it as is.
 */
export function gzipWhenAccepted(compressor: Koa.Middleware): Koa.Middleware<AppState> {
  return (ctx, next) => {
    // Negotiated too (RFC 9110 §12.5.3): `gzip;q=0` refuses gzip, and when nothing is acceptable
    // (`gzip;q=abc, *;q=0`) koa-compress would call an undefined compressor (a 500); identity it is then.
    if (/gzip/i.test(ctx.get('Accept-Encoding')) && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') return compressor(ctx, next);
    ctx.vary('Accept-Encoding');
    return next();
  };
}

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
      const extra = ctx.state.log;
      logger.info(
        {
          method: ctx.method,
          path: redactTokens(ctx.path),
          route: routed,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 100) / 100,
          request_id: ctx.state.requestId,
          key_id: ctx.state.principal?.keyId,
          project: redactTokens(
            extra?.project ?? (routed && PROJECT_ROUTE.test(routed) ? (ctx as { params?: { id?: string } }).params?.id : undefined),
          ),
          revision: extra?.revision,
          cache: extra?.cache,
        },
        'request',
      );
    }
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
    if (!ctx.state.principal?.scopes.has(scope)) {
      throw new ProblemError(403, 'insufficient_scope', `This API key lacks the '${scope}' scope.`, [], {
        'WWW-Authenticate': `Bearer realm="letterpress", error="insufficient_scope", scope="${scope}"`,
      });
    }
    await next();
  };
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

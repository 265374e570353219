/**
 * Cross-cutting middleware: request ids, access log, scopes, rate limits, JSON bodies (bearer
 * authentication: authentication.ts). Each is small; the order they run in is fixed by `createApp`.
 */
import { randomUUID } from 'node:crypto';
import parse from 'co-body';
import type Koa from 'koa';
import type { Principal } from '../application/api-keys.js';
import type { Scope } from '../application/ports.js';
import { ProblemError } from './problem.js';

/** Koa state our middleware fills in. */
export interface AppState {
  requestId: string;
  principal?: Principal;
  /** The parsed JSON object body (set by `jsonBody`). */
  body?: unknown;
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
    if (/gzip/i.test(ctx.get('Accept-Encoding'))) return compressor(ctx, next);
    ctx.vary('Accept-Encoding');
    return next();
  };
}

/** One log line per request: method, path, status, duration (ms), request id, key id. */
export function accessLog(logger: { info(obj: object, msg?: string): void }): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 100) / 100,
          request_id: ctx.state.requestId,
          key_id: ctx.state.principal?.keyId,
        },
        'request',
      );
    }
  };
}

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

/** Per-key rate limit: moved to `rate-limit.ts` (IETF RateLimit fields beside X-RateLimit-*). */
export { rateLimit } from './rate-limit.js';

/**
 * Parse a JSON object body into `ctx.state.body`. An empty body counts as `{}`.
 * @throws 415 `unsupported_media_type` (a body that is not JSON), 413 `payload_too_large`,
 *   400 `malformed_json`, 400 `invalid_body` (JSON that is not an object).
 */
export function jsonBody(limitBytes: number): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json', '+json')) {
      throw new ProblemError(415, 'unsupported_media_type', `Send the body as JSON with "Content-Type: application/json" (got "${ctx.get('Content-Type') || 'none'}").`);
    }
    const body: unknown = hasBody ? await readJson(ctx, limitBytes) : {};
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ProblemError(400, 'invalid_body', 'The request body must be a JSON object.');
    }
    ctx.state.body = body;
    await next();
  };
}

async function readJson(ctx: Koa.Context, limitBytes: number): Promise<unknown> {
  try {
    return await parse.json(ctx, { limit: limitBytes, strict: true });
  } catch (error) {
    const e = error as { status?: number; type?: string; message?: string };
    if (e.type === 'entity.too.large' || e.status === 413) {
      throw new ProblemError(413, 'payload_too_large', `The body is larger than the ${Math.round(limitBytes / 1024)} KB limit.`);
    }
    if (error instanceof SyntaxError || e.type === 'entity.parse.failed') {
      throw new ProblemError(400, 'malformed_json', `The body is not valid JSON: ${e.message ?? 'parse error'}.`);
    }
    if (e.status === 415) throw new ProblemError(415, 'unsupported_media_type', String(e.message));
    if (e.status === 400) throw new ProblemError(400, 'bad_request', String(e.message)); // aborted or malformed transfer
    throw error;
  }
}

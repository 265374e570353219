/**
 * Cross-origin requests from browser applications (the Fetch standard's CORS protocol,
 * https://fetch.spec.whatwg.org/#http-cors-protocol), through @koa/cors.
 *
 * Off by default (`CORS_ORIGINS` unset): an API key in a browser is readable by anyone who opens the page,
 * so calling Letterpress from a browser is a choice an operator makes per origin (docs/access.md "Browsers").
 * Only the listed origins are echoed in `Access-Control-Allow-Origin`; `*` allows any origin (no cookies are
 * involved: the key travels in `Authorization`, so credentials mode is never enabled).
 *
 * A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered here, before
 * authentication — browsers never send `Authorization` on a preflight (Fetch §4.8) — with 204: with the
 * CORS headers for an allowed origin, without them otherwise (the browser then stops the real request).
 */
import cors from '@koa/cors';
import type Koa from 'koa';

/** Request headers a browser client may send (beyond the CORS-safelisted ones). */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'Idempotency-Key',
  'X-Min-Revision',
  'X-Request-Id',
] as const;

/** Response headers a browser client may read (beyond the CORS-safelisted ones); docs/api.md lists what each means. */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Allow',
  'Accept-Patch',
  'Retry-After',
  'WWW-Authenticate',
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
  'X-Cache',
  'X-Template-Revision',
  'X-Template-Updated-At',
  'X-Template-Published-Sha256',
  'X-Missing-Variables',
  'X-Missing-Variable-Paths',
  'Letterpress-Receipt',
  'Idempotent-Replayed',
] as const;

/** How long a browser may keep a preflight's answer, seconds (browsers cap it: Chromium at 7,200). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The CORS middleware for `origins` (exact origins such as `https://app.example.com`, or `*`); with no
 * origins it still answers preflights (204, no CORS headers) so that they never reach authentication.
 */
export function crossOrigin(origins: readonly string[]): Koa.Middleware {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const isAllowed = (origin: string) => any || allowed.has(origin);
  const handle = cors({
    origin: (ctx) => (isAllowed(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: [...CORS_ALLOWED_HEADERS],
    exposeHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    const preflight = ctx.method === 'OPTIONS' && origin !== '' && ctx.get('Access-Control-Request-Method') !== '';
    if (preflight && !isAllowed(origin)) {
      // @koa/cors would pass it on to authentication (a 401, counted as a refused key): answer it here
      ctx.vary('Origin');
      ctx.status = 204;
      return;
    }
    await handle(ctx, next);
  };
}

/**
 * `CORS_ORIGINS` → the origin list: comma-separated `scheme://host[:port]` origins, or `*`.
 * @throws Error naming the first entry that is not an origin (a path, a trailing slash, a typo).
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const origin of origins) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(
        `"${origin}" is not an origin: write scheme://host[:port] with no path or trailing slash, e.g. https://app.example.com`,
      );
    }
  }
  return origins;
}

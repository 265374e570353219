/**
 * Conditional GET as RFC 9110 §13.1.2 defines it for an origin server: `If-None-Match` compared with the
 * answer's own ETag (weak comparison), whatever else the request says.
 *
 * Why not Koa's `ctx.fresh`: it follows the `fresh` package, which treats a request's
 * `Cache-Control: no-cache` as "never fresh" — a rule for caches (RFC 9111 §5.2.1.4), not for the origin.
 * `fetch()` (Node, browsers, openapi-fetch) adds `Cache-Control: no-cache` whenever code sets
 * `If-None-Match` itself, so `ctx.fresh` never answered 304 to a fetch client.
 */
/** `W/"x"` → `"x"`: weak comparison ignores the weakness indicator (RFC 9110 §8.8.3.2). */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether an `If-None-Match` header value matches `etag`: `*`, or a comma-separated list of entity tags
 * one of which is weakly equal to it (RFC 9110 §13.1.2). An empty header matches nothing.
 */
export function ifNoneMatchMatches(header: string, etag: string): boolean {
  const value = header.trim();
  if (value === '') return false;
  if (value === '*') return true;
  const wanted = opaque(etag);
  // Entity tags hold no commas or spaces in this API ("3", "sha-…"), so a split is a faithful parse.
  return value.split(',').some((tag) => opaque(tag.trim()) === wanted);
}

/**
 * For GET and HEAD: when the request's `If-None-Match` matches `etag`, make the answer `304 Not Modified`
 * (no body; the ETag and caching headers already set stay, as RFC 9110 §15.4.5 asks) and return true.
 */
export function answerNotModified(ctx: { method: string; get(field: string): string; status: number }, etag: string): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  if (!ifNoneMatchMatches(ctx.get('If-None-Match'), etag)) return false;
  ctx.status = 304;
  return true;
}

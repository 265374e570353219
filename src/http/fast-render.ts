/**
 * The render fast path (issue 24, item 1; docs/performance.md "The render fast path"): `POST
 * /v1/templates/:id/render` and `/api/v1/templates/:id/render` answered by a `node:http` listener in front of
 * Koa's, without the generic chain (five routers, `allowedMethods`, headers set one by one, Koa's `respond`).
 *
 * Every rule is the one the Koa routes use, called as a plain function: the request id (`requestIdOf`),
 * authentication (`authenticateRequest`), the rate limit (`takeRateLimit`), the compile-queue share
 * (`withCompileTenant`), the scope (`checkScope`), the body (`readJsonObject`: limits, codings, json guard),
 * the render request (`parseRender`), content negotiation and the answer (`renderAnswer`), problems
 * (`problemOf`, `problemText`), gzip (`prefersGzip`, koa-compress's options), metrics (`countAnswer`) and the
 * access log (`accessLogEntry`). Negotiation and body reading run on a Koa request object over the same `req`
 * (Koa's own `accepts`, `is`, `charset`, `length`, `ip`). The body is written once, its length known:
 * `res.writeHead(status, headers)`, then its pieces (render-answer.ts) in one corked write.
 *
 * What it does not take, Koa's callback gets untouched, so that answer is Koa's by construction: another
 * method or path, a path the router matches only loosely (letter case, a trailing slash, a percent-encoded
 * id), and any request with `Origin` (CORS). `RENDER_FAST_PATH=0` sends every request to Koa.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type Koa from 'koa';
import { withCompileTenant } from '../rendering/index.js';
import { authenticateRequest, type AuthenticateOptions } from './authentication.js';
import type { AppDeps } from './deps.js';
import { readJsonObject } from './json-body.js';
import { countAnswer } from './metrics.js';
import { accessLogEntry, checkScope, prefersGzip, requestIdOf, type AppState } from './middleware.js';
import { PROBLEM_TYPE, problemOf, problemText } from './problem.js';
import { takeRateLimit } from './rate-limit.js';
import { renderAnswer, RENDER_MEDIA_TYPES } from './render-answer.js';
import { parseRender } from './render-schemas.js';
import { EMAIL_HTML_CSP, NOSNIFF } from './security-headers.js';

const gzipped = promisify(gzip);

/** What Koa's `app.callback()` returns: the request listener of a Node server. */
type KoaListener = ReturnType<Koa['callback']>;

/**
 * The two render paths exactly as the router spells them, the id one segment without `%` (a percent-encoded
 * id goes to the router, which decodes it). `[1]` the prefix, `[2]` the id.
 */
const RENDER_PATH = /^(\/v1|\/api\/v1)\/templates\/([^/%]+)\/render$/;

/**
 * `koa` (the Koa app's callback) with the render fast path in front of it. `app` lends its request prototype
 * (negotiation, body facts); `auth` are the options every route authenticates with (app.ts).
 */
export function withRenderFastPath(app: Koa<AppState>, koa: KoaListener, deps: AppDeps, auth: AuthenticateOptions): KoaListener {
  return (req, res) => {
    // HTTP/2 requests (not served today) and everything but a POST without Origin: Koa's
    if (!(req instanceof IncomingMessage) || !(res instanceof ServerResponse)) return koa(req, res);
    if (req.method !== 'POST' || req.headers.origin !== undefined) return koa(req, res);
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const match = RENDER_PATH.exec(path);
    if (!match) return koa(req, res);
    return serve(app, deps, auth, req, res, path, `${match[1]!}/templates/:id/render`, match[2]!).catch((error: unknown) => {
      // only a fault in writing itself gets here; the answer is lost with its connection
      deps.logger.error({ err: error }, 'render fast path failed');
      res.destroy();
    });
  };
}

/** What a finished request is written as: `body` in pieces, written in order. */
interface Answer {
  status: number;
  type: string;
  body: readonly string[];
}

async function serve(
  app: Koa<AppState>,
  deps: AppDeps,
  auth: AuthenticateOptions,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  pattern: string,
  id: string,
): Promise<void> {
  const started = performance.now();
  const request = koaRequest(app, req);
  const state: Pick<AppState, 'requestId' | 'principal' | 'log'> = { requestId: requestIdOf(request.get('X-Request-Id')) };
  const headers: Record<string, string> = { 'X-Request-Id': state.requestId, ...NOSNIFF };
  const gzip = prefersGzip(request);
  let vary = 'Origin, Accept-Encoding'; // as @koa/cors and koa-compress (or gzipWhenAccepted) add them
  let route: string | undefined; // the pattern once routed, as @koa/router's `_matchedRoute`
  let answer: Answer;
  try {
    const { principal } = await authenticateRequest(deps.apiKeys, auth, {
      authorization: req.headersDistinct['authorization'] ?? [],
      ip: request.ip,
      path,
    });
    state.principal = principal;
    const limit = await takeRateLimit(deps.rateLimiter, principal, deps.metrics?.rateLimited);
    Object.assign(headers, limit.headers);
    if (limit.refusal) throw limit.refusal;
    answer = await withCompileTenant(principal.keyId, async () => {
      route = pattern;
      checkScope(principal, 'templates:render');
      const body = await readJsonObject(request, deps.bodyLimitBytes, deps.jsonLimits);
      const input = parseRender(body, request.get('X-Min-Revision') || undefined);
      const html = request.accepts(...RENDER_MEDIA_TYPES) === 'text/html';
      vary += ', Accept';
      const rendered = await renderAnswer(deps, principal.workspace, id, principal.keyId, input, html);
      Object.assign(headers, rendered.headers);
      state.log = rendered.log;
      return { status: 200, type: rendered.type, body: rendered.body };
    });
  } catch (error) {
    answer = problemAnswer(error, deps, state.requestId, path, headers);
  }
  headers['Vary'] = vary;
  const { status, body } = await writeHead(res, answer, headers, gzip, deps, path);
  // Counted and logged before the answer ends, as the Koa middleware do (a client may read the log at once).
  if (deps.metrics) countAnswer(deps.metrics, route, 'POST', status, started, headers['X-Cache']);
  deps.logger.info(accessLogEntry({ method: 'POST', path, route, status, started, state, pathId: route && id }), 'request');
  writeBody(res, body);
}

/**
 * End `res` with `body`: a Buffer (gzip) or string pieces. Corked, so the head and every piece leave in one
 * `writev`; each piece is encoded as UTF-8 once, by the socket, and never joined into a copy of the whole.
 */
function writeBody(res: ServerResponse, body: Buffer | readonly string[]): void {
  if (Buffer.isBuffer(body) || body.length === 1) {
    res.end(Buffer.isBuffer(body) ? body : body[0]);
    return;
  }
  res.cork();
  for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
  res.end(body[body.length - 1]); // end() uncorks the socket fully (Node's OutgoingMessage.end): one writev
}

/** `error` answered as problemDetails answers it (its headers added to `headers`). */
function problemAnswer(error: unknown, deps: AppDeps, requestId: string, path: string, headers: Record<string, string>): Answer {
  const problem = problemOf(error, deps.logger, requestId);
  Object.assign(headers, problem.headers);
  return { status: problem.status, type: PROBLEM_TYPE, body: [problemText(problem, path, requestId)] };
}

/**
 * Write the head, with the body's length, gzipped as koa-compress would (same zlib, same options: the same
 * bytes) when the client prefers it; the body is the caller's to end with. A head Node refuses (a header value
 * it will not send) becomes a 500 problem, as Koa's `ctx.set` throwing would.
 */
async function writeHead(
  res: ServerResponse,
  answer: Answer,
  headers: Record<string, string>,
  gzip: boolean,
  deps: AppDeps,
  path: string,
): Promise<{ status: number; body: readonly string[] | Buffer }> {
  // securityHeaders' rule: a text/html answer (a render as HTML) carries the email CSP
  if (answer.type.startsWith('text/html')) headers['Content-Security-Policy'] = EMAIL_HTML_CSP;
  headers['Content-Type'] = answer.type;
  const body = gzip ? await gzipped(answer.body.join('')) : answer.body;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(Buffer.isBuffer(body) ? body.length : body.reduce((n, piece) => n + Buffer.byteLength(piece), 0));
  try {
    res.writeHead(answer.status, headers);
    return { status: answer.status, body };
  } catch (error) {
    const requestId = headers['X-Request-Id']!;
    const text = problemText(problemOf(error, deps.logger, requestId), path, requestId);
    res.writeHead(500, {
      'X-Request-Id': requestId,
      ...NOSNIFF,
      'Content-Type': PROBLEM_TYPE,
      'Content-Length': String(Buffer.byteLength(text)),
    });
    return { status: 500, body: [text] };
  }
}

/** A Koa request over `req` (Koa's own getters: `get`, `ip`, `accepts`, `acceptsEncodings`, `is`, `charset`, `length`). */
function koaRequest(app: Koa<AppState>, req: IncomingMessage): Koa.Request {
  const request = Object.create(app.request) as Koa.Request;
  request.app = app;
  request.req = req;
  return request;
}

/**
 * Bearer authentication on every route (RFC 6750), with the error rules of its §3.1:
 *
 * - no `Authorization` header, an empty one, or another scheme (`Basic …`): 401 with a bare challenge,
 *   `WWW-Authenticate: Bearer realm="letterpress"` ("If the request lacks any authentication information
 *   (e.g., … attempted using an unsupported authentication method), the resource server SHOULD NOT include
 *   an error code");
 * - a malformed Bearer request: no token (`Bearer`, `Bearer `), more than one word (`Bearer a b`), a
 *   non-ASCII or control character, or more than one `Authorization` header: 400 `invalid_request`,
 *   challenge `error="invalid_request"`. The token is not held to §2.1's b64token grammar beyond that,
 *   so a `BOOTSTRAP_API_KEY` of any printable characters keeps working (an unknown token is a 401);
 * - a well-formed token that is unknown, expired or revoked: 401, challenge `error="invalid_token"`, each
 *   with an `error_description`. The problem `code` keeps its finer name (`invalid_api_key`,
 *   `expired_api_key`, `revoked_api_key`, `missing_api_key`).
 *
 * Failed attempts are counted per client address (issue 19, item 5): a token that is refused (unknown,
 * expired or revoked) counts one failure; once an address has AUTH_FAILURES_PER_MINUTE of them in its
 * window, its requests that carry a token are answered 429 `too_many_failed_authentications` with
 * `Retry-After` until the window ends, without a key look-up, whatever the token. Requests without a
 * well-formed Bearer header are cheap 400/401s and neither count nor are refused.
 */
import type Koa from 'koa';
import { AuthError, type ApiKeys, type Principal } from '../application/keys/index.js';
import type { FailureCounter } from '../application/ports/index.js';
import { clientAddressOf } from './connection-caps.js';
import type { AppState } from './middleware.js';
import { ProblemError } from './problem.js';

/**
 * Routes that must answer within a bound whatever the key store does (`/health`: issue 19, "answers
 * within 1 s in every fault"): the key lookup gets that bound, and the route the rest of it.
 */
export interface BoundedRoutes {
  /** Exact request paths, e.g. `/v1/health`. */
  paths: readonly string[];
  /** The bound of lookup and route together, ms. */
  timeoutMs: number;
  /** The engine the key store runs on, named in the 503 (`postgres`, `mongodb`, `sqlite`). */
  keyStore: string;
}

/** What `authenticate` adds to a plain key lookup; every part optional. */
export interface AuthenticateOptions {
  /** Routes whose key lookup is bounded (`/health`). */
  bounded?: BoundedRoutes;
  /** Refused tokens per client address (AUTH_FAILURES_PER_MINUTE). */
  failures?: FailureCounter;
  /** Told once per window when an address reaches the limit. */
  onBlocked?: (address: string, failures: FailureCounter) => void;
}

/** When a bounded route's answer is due (ms since the epoch), set by {@link authenticate}. */
const deadlines = new WeakMap<Koa.Context, number>();

/** The deadline {@link authenticate} gave this request, or undefined when its route is not bounded. */
export function answerDeadline(ctx: Koa.Context): number | undefined {
  return deadlines.get(ctx);
}

const REALM = 'letterpress';

/** RFC 6750 §2.1 `credentials = "Bearer" 1*SP b64token`, the token widened to any visible ASCII (see above). */
const BEARER = /^Bearer +([\x21-\x7e]+)$/i;
/** An RFC 9110 §11.1 auth-scheme (a token) at the start of the header, followed by whitespace or nothing. */
const SCHEME = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?=\s|$)/;

/**
 * The `WWW-Authenticate` value (RFC 6750 §3). `description` is reduced to the characters §3 allows in
 * `error_description` (%x20-21 / %x23-5B / %x5D-7E: printable ASCII without `"` and `\`).
 */
export function bearerChallenge(error?: 'invalid_request' | 'invalid_token', description?: string): string {
  if (!error) return `Bearer realm="${REALM}"`;
  const text = (description ?? '').replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?');
  return `Bearer realm="${REALM}", error="${error}", error_description="${text}"`;
}

/**
 * Authenticate every request; sets `ctx.state.principal`.
 * - `bounded`: on those routes a key lookup that does not answer within the bound is a 503
 *   `dependency_unavailable` (with `Retry-After` and a `checks` entry naming the key store), not a wait.
 * - `failures` (absent: no limit) counts refused tokens per client address, as above; `onBlocked` hears of
 *   each address the moment it reaches the limit (once per window: a log line for the operator).
 * @throws ProblemError 400 or 401 as above, 503 as said, 429 `too_many_failed_authentications` for a blocked
 *   address; what the key store throws.
 */
export function authenticate(keys: ApiKeys, options: AuthenticateOptions = {}): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const { principal, deadline } = await authenticateRequest(keys, options, {
      authorization: ctx.req.headersDistinct['authorization'] ?? [],
      ip: ctx.request.ip, // the socket's peer: app.proxy is off
      path: ctx.path,
    });
    if (deadline !== undefined) deadlines.set(ctx, deadline);
    ctx.state.principal = principal;
    await next();
  };
}

/** What `authenticateRequest` reads of a request. */
export interface AuthenticationFacts {
  /** Every `Authorization` header the request carries (Node's `headersDistinct`). */
  authorization: readonly string[];
  /** The socket's peer address (no proxy headers are trusted). */
  ip: string;
  /** The request path, to tell a bounded route (`/health`). */
  path: string;
}

/**
 * The rules of `authenticate` over a request's facts; the render fast path (fast-render.ts) calls it too.
 * @returns the principal, and the answer's deadline (ms since the epoch) on a bounded route.
 * @throws ProblemError as `authenticate` says.
 */
export async function authenticateRequest(
  keys: ApiKeys,
  options: AuthenticateOptions,
  facts: AuthenticationFacts,
): Promise<{ principal: Principal; deadline?: number }> {
  const { bounded, failures, onBlocked } = options;
  const token = bearerToken(facts.authorization);
  const address = clientAddressOf(facts.ip);
  if (failures) {
    const waitMs = await failures.blockedForMs(address);
    // A token that worked here lately is still looked up: the address may be a proxy shared with a bad client.
    if (waitMs > 0 && !keys.recentlyAuthenticated(token)) throw tooManyFailures(address, waitMs, failures);
  }
  try {
    if (bounded && bounded.paths.includes(facts.path)) {
      const deadline = Date.now() + bounded.timeoutMs;
      return { principal: await withinBound(keys.authenticate(token), bounded), deadline };
    }
    return { principal: await keys.authenticate(token) };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    if (failures && (await failures.fail(address)) === failures.limit) onBlocked?.(address, failures);
    throw new ProblemError(401, error.code, error.message, [], { 'WWW-Authenticate': bearerChallenge('invalid_token', error.message) });
  }
}

/** `lookup`, or a 503 naming the key store once `bounded.timeoutMs` has passed without an answer. */
async function withinBound<T>(lookup: Promise<T>, bounded: BoundedRoutes): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const detail = `The API key store (${bounded.keyStore}) did not answer within ${bounded.timeoutMs} ms.`;
      const check = { name: 'api_keys', dependency: bounded.keyStore, status: 'timeout', detail, ms: bounded.timeoutMs, required: true };
      reject(new ProblemError(503, 'dependency_unavailable', detail, [], { 'Retry-After': '5' }, { checks: [check] }));
    }, bounded.timeoutMs);
  });
  lookup.catch(() => undefined); // a late failure of an abandoned lookup is nobody's to handle
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}

function tooManyFailures(address: string, waitMs: number, failures: FailureCounter): ProblemError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new ProblemError(
    429,
    'too_many_failed_authentications',
    `${address} presented ${failures.limit} API keys that were refused within ${failures.windowSeconds} s (AUTH_FAILURES_PER_MINUTE); ` +
      `requests from it with a key are refused for ${retryAfter} s more. Check the key you send.`,
    [],
    { 'Retry-After': String(retryAfter) },
  );
}

/** The token of the one well-formed Bearer `Authorization` header in `values`. @throws ProblemError 400 or 401. */
export function bearerToken(values: readonly string[]): string {
  if (values.length > 1) {
    throw malformed(`The request has ${values.length} Authorization headers; send exactly one.`);
  }
  const header = (values[0] ?? '').trim();
  if (header === '') throw missing('An API key is required: send "Authorization: Bearer <API key>".');
  const match = BEARER.exec(header);
  if (match) return match[1]!;
  const scheme = SCHEME.exec(header)?.[1];
  if (scheme === undefined || scheme.toLowerCase() !== 'bearer') {
    // Never echo what came: without "Bearer " the first word is often the key itself (`Authorization: <key>`).
    throw missing(
      'Only the Bearer scheme is supported, and this Authorization header does not start with "Bearer": send "Authorization: Bearer <API key>".',
    );
  }
  const rest = header.slice(scheme.length).trim();
  if (rest === '') throw malformed('The Authorization header has no token: send "Authorization: Bearer <API key>".');
  if (/\s/.test(rest)) throw malformed('The Authorization header must hold one token after "Bearer", not several words.');
  throw malformed('The Authorization header must be "Bearer", spaces, then the token in printable ASCII.');
}

function missing(detail: string): ProblemError {
  return new ProblemError(401, 'missing_api_key', detail, [], { 'WWW-Authenticate': bearerChallenge() });
}

function malformed(detail: string): ProblemError {
  return new ProblemError(400, 'invalid_request', detail, [], { 'WWW-Authenticate': bearerChallenge('invalid_request', detail) });
}

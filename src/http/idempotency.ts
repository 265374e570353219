/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header-06): a client that retries a write with the
 * same key gets the first response again instead of a second effect. Mounted on every write route (POST,
 * PUT, PATCH, DELETE) after authentication and body parsing; without the header a request passes through.
 *
 * - The key is the owner's: records are scoped by API key id (§2.2 leaves scope to the resource).
 * - Fingerprint (§2.4): SHA-256 of method, path and the body as canonical JSON (RFC 8785), so a retry
 *   that serialises the same JSON with other spacing or key order is the same request.
 * - The first request claims the key atomically in the store before doing any work; a retry while it runs
 *   gets 409 `idempotency_key_in_use`, one with another method, path or body 422 `idempotency_key_reused`
 *   (§2.7), one after it completed the stored response with `Idempotent-Replayed: true` (Stripe's header).
 * - Responses below 500 are kept 24 h (§2.3); a 5xx, 408 or 429, or a thrown error, releases the key so a
 *   retry runs for real. A claim whose request never finished (a crash) lapses after `inFlightTtlMs`.
 */
import { createHash, randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import type Koa from 'koa';
import type { IdempotencyStore, StoredResponse } from '../application/ports/idempotency.js';
import type { AppDeps, Logger } from './deps.js';
import type { AppState } from './middleware.js';
import { ProblemError, toProblem, writeProblem } from './problem.js';

/** How long a completed response is replayed, ms (24 h, as the issue asks and Stripe does). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds while its request runs, ms. Longer than any bounded request (compile deadline,
 * store timeouts); a request still running after it could see its key claimed by a retry.
 */
export const IDEMPOTENCY_IN_FLIGHT_MS = 60_000;
/** Longest key accepted (the common 255 of Stripe and others; the draft sets none). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Largest response body kept for replay, bytes: above any write answer the template and event limits allow (README "Limits"). */
export const MAX_STORED_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Response header fields replayed with the body. */
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'] as const;
/** Statuses a client is told to retry: not kept, so the retry runs (RFC 9110 §15.5.9, RFC 6585 §4, 5xx). */
const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;

export interface IdempotencyOptions {
  store: IdempotencyStore;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** ms since the epoch; default `Date.now` (tests move it). */
  now?: () => number;
  /** Defaults: {@link IDEMPOTENCY_TTL_MS}, {@link IDEMPOTENCY_IN_FLIGHT_MS}. */
  ttlMs?: number;
  inFlightTtlMs?: number;
  /** Expired records are deleted at most this often per process (ms, default 60 s), at most `purgeLimit` (1000) at a time. */
  purgeIntervalMs?: number;
  purgeLimit?: number;
}

/**
 * The `Idempotency-Key` value: an RFC 8941 §3.3.3 sf-string (`"…"`, as the draft §2.1 defines the field) or,
 * as most clients send it, the bare characters; `undefined` when the header is absent.
 * @throws ProblemError 400 `invalid_idempotency_key` when empty, longer than 255, not printable ASCII, or sent twice.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const invalid = (why: string) =>
    new ProblemError(400, 'invalid_idempotency_key', `The Idempotency-Key header ${why}; send one key of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters, e.g. a UUID.`);
  if (Array.isArray(header)) throw invalid('is sent more than once');
  const value = header.trim();
  let key: string;
  if (value.startsWith('"')) {
    const match = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/.exec(value);
    if (!match) throw invalid('is not a well-formed quoted string');
    key = match[1]!.replace(/\\(["\\])/g, '$1');
  } else {
    // Two headers arrive joined by ", " (RFC 9110 §5.3): the space makes them invalid here.
    if (!/^[\x21-\x7E]*$/.test(value)) throw invalid('holds characters other than printable ASCII (or is sent more than once)');
    key = value;
  }
  if (key.length === 0) throw invalid('is empty');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw invalid(`is ${key.length} characters long`);
  return key;
}

/**
 * The request's fingerprint: hex SHA-256 over method, path and canonical JSON body (`''` for none). A body
 * canonical JSON refuses (a lone surrogate) is fingerprinted as `JSON.stringify` writes it.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  let text: string;
  try {
    text = body === undefined ? '' : (canonicalize(body) ?? '');
  } catch {
    text = `\u0000${JSON.stringify(body)}`;
  }
  return createHash('sha256').update(`${method}\n${path}\n`).update(text).digest('hex');
}

/** The middleware (module comment). Needs `ctx.state.principal`; reads `ctx.state.body` when `jsonBody` ran. */
export function idempotent(options: IdempotencyOptions): Koa.Middleware<AppState> {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const inFlightTtlMs = options.inFlightTtlMs ?? IDEMPOTENCY_IN_FLIGHT_MS;
  const purge = purger(options, now);
  const { store, logger } = options;

  return async (ctx, next) => {
    const key = parseIdempotencyKey(ctx.headers['idempotency-key']);
    if (key === undefined) return next();
    purge();
    const scope = ctx.state.principal!.keyId;
    const fingerprint = requestFingerprint(ctx.method, ctx.path, ctx.state.body);
    const owner = randomUUID();
    const claim = await store.claim({ scope, key, fingerprint, owner, expiresAt: now() + inFlightTtlMs }, now());
    if (!claim.claimed) {
      const { existing } = claim;
      if (existing.fingerprint !== fingerprint) {
        throw new ProblemError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request (method, path or body) in the last 24 hours; use a new key for a new request.');
      }
      if (existing.response === null) {
        throw new ProblemError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry once it has finished.', [], { 'Retry-After': '1' });
      }
      replay(ctx, existing.response);
      return;
    }

    const release = (why: string) =>
      store.release(scope, key, owner).catch((error: unknown) => logger.warn({ err: error, key_id: scope, request_id: ctx.state.requestId }, `could not release an idempotency key (${why}); it lapses by itself`));
    try {
      await next();
    } catch (error) {
      const problem = toProblem(error);
      if (RETRYABLE(problem.status)) {
        await release('the request failed');
        throw error; // problemDetails logs and answers it
      }
      writeProblem(ctx, problem); // a client error: its answer is kept like any other
    }
    const response = capture(ctx);
    if (response === null || RETRYABLE(response.status)) {
      if (response === null) logger.warn({ key_id: scope, request_id: ctx.state.requestId, status: ctx.status }, 'response not kept for Idempotency-Key replay (not text, or too large)');
      await release('the response is not kept');
      return;
    }
    try {
      if (!(await store.complete(scope, key, owner, response, now() + ttlMs))) {
        logger.warn({ key_id: scope, request_id: ctx.state.requestId }, 'idempotency key lapsed before its request finished; the response is not kept');
      }
    } catch (error) {
      // The write is done: report it as it happened; the claim lapses after inFlightTtlMs.
      logger.error({ err: error, key_id: scope, request_id: ctx.state.requestId }, 'could not keep the response of an idempotent request');
    }
  };
}

/** {@link idempotent} as the write routes mount it, on the store and clock of `deps`. */
export function idempotentWrites(deps: Pick<AppDeps, 'idempotency' | 'logger'>): Koa.Middleware<AppState> {
  return idempotent({ ...deps.idempotency, logger: deps.logger });
}

/** What to keep of the response on `ctx`; `null` when its body is not text (a stream) or is too large. */
function capture(ctx: Koa.Context): StoredResponse | null {
  const body: unknown = ctx.body;
  let text: string | null;
  if (body === undefined || body === null) text = null;
  else if (typeof body === 'string') text = body;
  else if (Buffer.isBuffer(body)) text = body.toString('utf8');
  else return null;
  if (text !== null && Buffer.byteLength(text) > MAX_STORED_RESPONSE_BYTES) return null;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = value;
  }
  return { status: ctx.status, headers, body: text };
}

/** Answer with a kept response: its status, replayed headers and body, and `Idempotent-Replayed: true`. */
function replay(ctx: Koa.Context, response: StoredResponse): void {
  ctx.status = response.status;
  ctx.set(response.headers); // before the body: Koa sets no Content-Type of its own when one is there
  ctx.set('Idempotent-Replayed', 'true');
  ctx.body = response.body;
}

/** At most one bounded purge of expired records per interval, in the background (errors only logged). */
function purger(options: IdempotencyOptions, now: () => number): () => void {
  const interval = options.purgeIntervalMs ?? 60_000;
  const limit = options.purgeLimit ?? 1000;
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < interval) return;
    last = at;
    options.store.purgeExpired(at, limit).catch((error: unknown) => options.logger.warn({ err: error }, 'could not purge expired idempotency keys'));
  };
}

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
 *   retry runs for real — unless the write may have appended (see below).
 * - Exactly once across crashes (issue 19, item 2; idempotent-recovery.ts, committed-writes.ts): the claim's
 *   lease (`inFlightTtlMs`) is renewed while the request runs, the write records the key in its events and
 *   notes in the claim where they land before appending. A retry that meets a lapsed lease (a crashed
 *   process) or a failure after the note looks in the event store: a committed write is answered again,
 *   rebuilt from its events, with `Idempotent-Replayed: true`; otherwise the retry takes the key over and runs.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { CommittedWrite, WriteTag, WriteTarget } from '../application/write/index.js';
import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from '../application/ports/index.js';
import type { AppDeps, Logger } from './deps.js';
import { ClaimLease, parseTarget, recoveredResponse, type ReplayKind } from './idempotent-recovery.js';
import { parseIdempotencyKey, requestFingerprint } from './idempotency-key.js';
import type { AppState } from './middleware.js';
import { ProblemError, toProblem, writeProblem } from './problem.js';

// Parsing and fingerprinting live beside the middleware; imported from here as before.
export { MAX_IDEMPOTENCY_KEY_LENGTH, parseIdempotencyKey, requestFingerprint } from './idempotency-key.js';

/** How long a completed response is replayed, ms (24 h, as the issue asks and Stripe does). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds unrenewed, ms (`IDEMPOTENCY_IN_FLIGHT_MS`). Renewed every third of it while the
 * request runs, so it lapses only when the process is gone (or cannot reach the store that long).
 */
export const IDEMPOTENCY_IN_FLIGHT_MS = 60_000;
/** Largest response body kept for replay, bytes: above any write answer the template and event limits allow (docs/limits.md "Limits"). */
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
  /**
   * The write committed for a request whose claim lapsed (committed-writes.ts `findCommittedWrite`), and
   * how its route answers (`replayAs`); absent: a lapsed claim is taken over (nothing to look in).
   */
  findCommitted?: (target: WriteTarget, tag: WriteTag) => Promise<CommittedWrite | null>;
  replayAs?: ReplayKind;
  /** Test-only: called once a write made with key `key` committed, before it is answered (crash tests). */
  afterCommit?: (key: string) => void;
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
    const log = { key_id: scope, request_id: ctx.state.requestId };
    /** Store `answer` for the retries, as `owner`; a failure only logs: the claim lapses, a retry finds the write. */
    const keep = async (answer: StoredResponse) => {
      try {
        if (!(await store.complete(scope, key, owner, answer, now() + ttlMs))) {
          logger.warn(log, 'idempotency key taken over before its request finished; the response is not kept');
        }
      } catch (error) {
        logger.error({ err: error, ...log }, 'could not keep the response of an idempotent request');
      }
    };
    const claim = await store.claim({ scope, key, fingerprint, owner, expiresAt: now() + ttlMs, leaseUntil: now() + inFlightTtlMs }, now());
    if (!claim.claimed) {
      const { existing } = claim;
      if (existing.fingerprint !== fingerprint) {
        throw new ProblemError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was used for another request (method, path or body) in the last 24 hours; use a new key for a new request.',
        );
      }
      if (existing.response !== null) return replay(ctx, existing.response);
      const inUse = () =>
        new ProblemError(
          409,
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed; retry once it has finished.',
          [],
          { 'Retry-After': '1' },
        );
      if (existing.leaseUntil > now()) throw inUse();
      // The first attempt is gone: if its write committed, answer for it; if not, run it here, once.
      const recovered = await committedAnswer(existing, ctx.path);
      if (recovered) {
        if (await store.takeOver(scope, key, existing.owner, owner, now() + inFlightTtlMs)) await keep(recovered);
        return replay(ctx, recovered);
      }
      if (!(await store.takeOver(scope, key, existing.owner, owner, now() + inFlightTtlMs))) throw inUse(); // another retry took it
    }

    const lease = new ClaimLease(store, scope, key, owner, now, inFlightTtlMs, (error) =>
      logger.warn({ err: error, ...log }, 'could not renew an idempotency key'),
    );
    ctx.state.idempotency = {
      key,
      fingerprint,
      beforeAppend: (target) => lease.note(target),
      ...(options.afterCommit ? { afterCommit: () => options.afterCommit!(key) } : {}),
    };
    // Not kept: a retry runs again — or, once the write may have appended, asks the event store first.
    const forget = async (why: string) => {
      const done = lease.noted ? lease.lapse() : store.release(scope, key, owner);
      await done.catch((error: unknown) =>
        logger.warn({ err: error, ...log }, `could not release an idempotency key (${why}); it lapses by itself`),
      );
    };
    try {
      try {
        await next();
      } finally {
        lease.stop();
      }
    } catch (error) {
      const problem = toProblem(error);
      if (RETRYABLE(problem.status)) {
        await forget('the request failed');
        throw error; // problemDetails logs and answers it
      }
      writeProblem(ctx, problem); // a client error: its answer is kept like any other
    }
    const response = capture(ctx);
    if (response === null || RETRYABLE(response.status)) {
      if (response === null)
        logger.warn({ ...log, status: ctx.status }, 'response not kept for Idempotency-Key replay (not text, or too large)');
      await forget('the response is not kept');
      return;
    }
    await keep(response);
  };

  /** The answer of the write a lapsed claim noted, when it committed; null when none did (or none was noted). */
  async function committedAnswer(existing: IdempotencyRecord, path: string): Promise<StoredResponse | null> {
    const target = existing.target === null ? null : parseTarget(existing.target);
    if (!target || !options.findCommitted || !options.replayAs) return null;
    const write = await options.findCommitted(target, { keyId: existing.scope, key: existing.key, fingerprint: existing.fingerprint });
    return write ? recoveredResponse(write, options.replayAs, path) : null;
  }
}

/**
 * {@link idempotent} as the write routes mount it, on the store, clock and event-store look-up of `deps`;
 * `replayAs`: how the route answers, to rebuild the answer of a write found committed after a crash.
 */
export function idempotentWrites(deps: Pick<AppDeps, 'idempotency' | 'logger'>, replayAs: ReplayKind): Koa.Middleware<AppState> {
  return idempotent({ ...deps.idempotency, logger: deps.logger, replayAs });
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
    options.store
      .purgeExpired(at, limit)
      .catch((error: unknown) => options.logger.warn({ err: error }, 'could not purge expired idempotency keys'));
  };
}

/**
 * /api-keys request parsing (zod, strict bodies: an unknown field is a 400 naming it), the key resource's
 * JSON. Key-management refusals (`KeyManagementError`) become problems through the status table
 * (problem-statuses.ts).
 */
import { z } from 'zod';
import {
  MAX_OVERLAP_MS,
  type CreateKeyInput,
  type ExpiryInput,
  type KeyStatus,
  DURATION_FORMS,
  parseDuration,
} from '../application/keys/index.js';
import { SCOPES, type ApiKeyRecord } from '../application/ports/index.js';
import { ProblemError } from './problem.js';
import { check } from './check.js';

/** RFC 3339 §5.6 date-time (an offset is required; `T`/`Z` in either case). */
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/i;
/** Key ids as `ApiKeys.issue` makes them (12 characters); anything else cannot name a key. */
const KEY_ID = /^[A-Za-z0-9]{1,64}$/;

const expiryFields = {
  expires_at: z.string().max(40).optional(),
  expires_in: z.string().max(20).optional(),
};
const createBody = z.strictObject({
  // The control characters (Unicode category Cc: C0, DEL, C1) spelled as ranges, so that the document's pattern is
  // portable (Python `re` and ECMAScript with or without `u` read `\uXXXX`; Python rejects `\p{Cc}`): the same set.
  name: z
    .string()
    .min(1)
    .max(100)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001F\u007F-\u009F]*$/u, 'must not contain control characters'),
  scopes: z
    .array(z.enum(SCOPES))
    .min(1)
    .max(SCOPES.length * 2),
  rate_limit_per_minute: z.number().int().min(1).max(1_000_000).optional(),
  ...expiryFields,
});
const rotateBody = z.strictObject({
  overlap: z.string().max(20).optional(),
  overlap_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_OVERLAP_MS / 1000)
    .optional(),
  ...expiryFields,
});
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(400).optional(),
});

/** POST /api-keys body. @throws ProblemError 400 `invalid_request` (with a pointer). */
export function parseCreateKey(body: unknown): CreateKeyInput {
  const parsed = check(createBody, body);
  return {
    name: parsed.name,
    scopes: parsed.scopes,
    ...(parsed.rate_limit_per_minute !== undefined ? { rateLimitPerMinute: parsed.rate_limit_per_minute } : {}),
    ...parseExpiry(parsed),
  };
}

/** POST /api-keys/:id/rotate body (may be empty). @throws ProblemError 400 `invalid_request`. */
export function parseRotateKey(body: unknown): ExpiryInput & { overlapMs?: number } {
  const parsed = check(rotateBody, body);
  if (parsed.overlap !== undefined && parsed.overlap_seconds !== undefined) {
    throw invalid('Give overlap or overlap_seconds, not both.', '/overlap_seconds', 'not with overlap');
  }
  let overlapMs = parsed.overlap_seconds !== undefined ? parsed.overlap_seconds * 1000 : undefined;
  if (parsed.overlap !== undefined) {
    const ms = parseDuration(parsed.overlap);
    if (ms === null) throw invalid(`overlap must be ${DURATION_FORMS}, or "0" to revoke the old key now.`, '/overlap', 'not a duration');
    overlapMs = ms;
  }
  return { ...(overlapMs !== undefined ? { overlapMs } : {}), ...parseExpiry(parsed) };
}

function parseExpiry(parsed: { expires_at?: string | undefined; expires_in?: string | undefined }): ExpiryInput {
  const expiry: ExpiryInput = {};
  if (parsed.expires_at !== undefined) {
    const at = RFC3339.test(parsed.expires_at) ? Date.parse(parsed.expires_at) : Number.NaN;
    if (Number.isNaN(at))
      throw invalid('expires_at must be an RFC 3339 date-time, such as 2027-01-01T00:00:00Z.', '/expires_at', 'not an RFC 3339 date-time');
    expiry.expiresAt = new Date(at);
  }
  if (parsed.expires_in !== undefined) {
    const ms = parseDuration(parsed.expires_in);
    if (ms === null) throw invalid(`expires_in must be ${DURATION_FORMS}.`, '/expires_in', 'not a duration');
    expiry.expiresInMs = ms;
  }
  return expiry;
}

/** GET /api-keys query. @throws ProblemError 400 `invalid_request` (also for a cursor this API did not issue). */
export function parseKeyList(query: unknown): { limit: number; after?: { createdAt: string; id: string } } {
  const { limit, cursor } = check(listQuery, query);
  if (cursor === undefined) return { limit };
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && KEY_ID.test(id) && createdAt.length <= 40)
      return { limit, after: { createdAt, id } };
  } catch {
    // not JSON: fall through
  }
  throw invalid('The cursor is not one this API issued.', '/cursor', 'invalid cursor');
}

/** The cursor continuing a list after `key`, or null at the end. */
export function keyCursor(key: { createdAt: string; id: string } | null): string | null {
  return key === null ? null : Buffer.from(JSON.stringify([key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** A key id from the path. @throws ProblemError 404 `api_key_not_found` (no key can have it). */
export function parseKeyId(id: string): string {
  if (!KEY_ID.test(id)) throw new ProblemError(404, 'api_key_not_found', `No API key '${id.slice(0, 64)}' in this workspace.`);
  return id;
}

/** The API-key resource: never the hash, never the token (that is added once, at creation). */
export function presentKey(record: ApiKeyRecord, status: KeyStatus) {
  return {
    id: record.id,
    name: record.name,
    workspace: record.workspace,
    scopes: record.scopes,
    rate_limit_per_minute: record.rateLimitPerMinute,
    created_at: record.createdAt,
    expires_at: record.expiresAt,
    revoked_at: record.revokedAt,
    status,
  };
}

function invalid(detail: string, pointer: string, message: string): ProblemError {
  return new ProblemError(400, 'invalid_request', detail, [{ pointer, message }]);
}

/** The /api-keys schemas, for the OpenAPI document (openapi-document.ts). */
export const keyRequestSchemas = { createBody, rotateBody, listQuery } as const;

/**
 * The `Idempotency-Key` header's value and the request it is for (draft-ietf-httpapi-idempotency-key-header-06
 * §2.1, §2.4): parsed and checked, and the request's fingerprint. The middleware is idempotency.ts.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { ProblemError } from './problem.js';

/** Longest key accepted (the common 255 of Stripe and others; the draft sets none). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/**
 * The `Idempotency-Key` value: an RFC 8941 §3.3.3 sf-string (`"…"`, as the draft §2.1 defines the field) or,
 * as most clients send it, the bare characters; `undefined` when the header is absent.
 * @throws ProblemError 400 `invalid_idempotency_key` when empty, longer than 255, not printable ASCII, or sent twice.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const invalid = (why: string) =>
    new ProblemError(
      400,
      'invalid_idempotency_key',
      `The Idempotency-Key header ${why}; send one key of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters, e.g. a UUID.`,
    );
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

/**
 * The response header fields of the OpenAPI document (`components.headers`), one entry per field a route
 * or a middleware sets, and which answers carry which: every answer its request id and `nosniff`, every
 * answer past authentication the key's rate-limit fields. openapi-responses.ts attaches them to responses;
 * test/api/openapi-responses.test.ts fails on a header the server sends that the document does not name.
 */

/** `{ $ref }` to `#/components/headers/<name>`. */
const header = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

const integer = { type: 'integer', format: 'int64', minimum: 0, maximum: 9_007_199_254_740_991 };
const text = (maxLength: number, extra: object = {}) => ({ type: 'string', maxLength, ...extra });

/** Every response header field of the API, as `components.headers`. */
export const headers = {
  XRequestId: {
    description:
      'The request id: the incoming `X-Request-Id` when it is 1–128 of `A-Z a-z 0-9 . _ : -`, else a new UUID. Quote it when reporting ' +
      'a problem.',
    required: true,
    schema: text(128, { pattern: '^[A-Za-z0-9._:-]{1,128}$', examples: ['9b2f6a6e-2c1d-4a44-9f0e-1c5a3f0b7d21'] }),
  },
  XContentTypeOptions: { description: 'Always `nosniff`.', required: true, schema: { type: 'string', const: 'nosniff' } },
  RateLimitPolicy: {
    description: 'The key\'s quota (draft-ietf-httpapi-ratelimit-headers §3): policy `"default"` or `"key"`, `q` requests per `w` seconds.',
    schema: text(100, { pattern: '^"(?:default|key)";q=\\d+;w=\\d+$', examples: ['"default";q=600;w=60'] }),
  },
  RateLimit: {
    description: 'What is left of it (draft §4): `r` requests remaining, `t` seconds until more quota.',
    schema: text(100, { pattern: '^"(?:default|key)";r=\\d+;t=\\d+$', examples: ['"default";r=599;t=42'] }),
  },
  XRateLimitLimit: { description: "Requests per window (as GitHub's API).", schema: { ...integer, examples: [600] } },
  XRateLimitRemaining: { description: 'Requests left in the window.', schema: { ...integer, examples: [599] } },
  XRateLimitReset: { description: 'Unix time, s, when the window resets.', schema: { ...integer, examples: [1795000000] } },
  RetryAfter: {
    description: 'Seconds to wait before retrying (RFC 9110 §10.2.3), at least 1.',
    schema: { ...integer, minimum: 1, examples: [5] },
  },
  WWWAuthenticate: {
    description:
      'The Bearer challenge (RFC 6750 §3): `Bearer realm="letterpress"`, with `error` (invalid_request, invalid_token, ' +
      'insufficient_scope) and `scope` where they apply.',
    schema: text(1000, { examples: ['Bearer realm="letterpress", error="invalid_token"'] }),
  },
  ETag: {
    description: 'Strong ETag of the revision, `"<revision>"` (RFC 9110 §8.8.3).',
    required: true,
    schema: text(17, { pattern: '^"\\d+"$', examples: ['"3"'] }),
  },
  Location: {
    description: 'URL of the created resource.',
    required: true,
    schema: text(2000, { format: 'uri-reference', examples: ['/v1/projects/welcome'] }),
  },
  CacheControl: {
    description: 'How a cache may keep the answer (RFC 9111 §5.2).',
    required: true,
    schema: text(100, { examples: ['no-store'] }),
  },
  IdempotentReplayed: {
    description: '`true` on an answer replayed for a repeated `Idempotency-Key` (docs/api.md "Retries: Idempotency-Key").',
    schema: { type: 'string', const: 'true' },
  },
  AcceptPatch: {
    description: 'The patch format PATCH takes (RFC 5789 §3.1): `application/merge-patch+json`.',
    schema: { type: 'string', const: 'application/merge-patch+json' },
  },
  AcceptEncoding: {
    description: 'The request content codings this server decodes, when it refused another (RFC 9110 §15.5.16).',
    schema: text(100, { examples: ['gzip, deflate, br'] }),
  },
  XCache: {
    description: "Whether the compiled template came from this instance's render cache.",
    required: true,
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  ContentLanguage: {
    description:
      "The localized variant the render used (RFC 9110 §8.5; the JSON answer's `locale`); absent for a revision without locales (docs/locales.md).",
    schema: text(100, { examples: ['pt'] }),
  },
  XTemplateRevision: { description: '`text/html` only: the revision rendered.', schema: { ...integer, examples: [3] } },
  XTemplateUpdatedAt: {
    description: '`text/html` only: when that revision was saved, RFC 3339.',
    schema: text(40, { format: 'date-time' }),
  },
  XTemplatePublishedSha256: {
    description: '`text/html` only: SHA-256 of the published HTML, hex.',
    schema: text(64, { pattern: '^[0-9a-f]{64}$' }),
  },
  XMissingVariables: {
    description:
      '`text/html` only: how many distinct paths the HTML (and its preheader) read, in the branches it rendered, that the variables do ' +
      'not have (0 when none).',
    schema: { ...integer, examples: [0] },
  },
  XMissingVariablePaths: {
    description:
      '`text/html` only, when there are any: the first of those paths, sorted, separated by ", " (at most 50 and 4,096 characters), ' +
      'each percent-encoded outside letters, digits and `. _ - ~ [ ] $`.',
    schema: text(4096, { examples: ['customer.first_name, order.lines[].qty'] }),
  },
  LetterpressReceipt: {
    description:
      '`text/html` only: the signed receipt of this render (the JSON answer\'s `receipt`: a compact JWS; docs/receipts.md); absent with `"receipt": false` or when receipts are off.',
    schema: text(16_384, { pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }),
  },
  ContentSecurityPolicy: {
    description: '`text/html` only: a restrictive policy (no script, `sandbox`) for the rendered email.',
    schema: text(1000),
  },
} as const;

/** A name in {@link headers}. */
export type HeaderName = keyof typeof headers;

/** The field name each component describes. */
export const HEADER_FIELDS: Record<HeaderName, string> = {
  XRequestId: 'X-Request-Id',
  XContentTypeOptions: 'X-Content-Type-Options',
  RateLimitPolicy: 'RateLimit-Policy',
  RateLimit: 'RateLimit',
  XRateLimitLimit: 'X-RateLimit-Limit',
  XRateLimitRemaining: 'X-RateLimit-Remaining',
  XRateLimitReset: 'X-RateLimit-Reset',
  RetryAfter: 'Retry-After',
  WWWAuthenticate: 'WWW-Authenticate',
  ETag: 'ETag',
  Location: 'Location',
  CacheControl: 'Cache-Control',
  IdempotentReplayed: 'Idempotent-Replayed',
  AcceptPatch: 'Accept-Patch',
  AcceptEncoding: 'Accept-Encoding',
  XCache: 'X-Cache',
  ContentLanguage: 'Content-Language',
  XTemplateRevision: 'X-Template-Revision',
  XTemplateUpdatedAt: 'X-Template-Updated-At',
  XTemplatePublishedSha256: 'X-Template-Published-Sha256',
  XMissingVariables: 'X-Missing-Variables',
  XMissingVariablePaths: 'X-Missing-Variable-Paths',
  LetterpressReceipt: 'Letterpress-Receipt',
  ContentSecurityPolicy: 'Content-Security-Policy',
};

/** The response `headers` map for `names`: field name → `$ref`. */
export function headerRefs(...names: HeaderName[]): Record<string, object> {
  return Object.fromEntries(names.map((name) => [HEADER_FIELDS[name], header(name)]));
}

/** On every answer. */
export const ALWAYS: HeaderName[] = ['XRequestId', 'XContentTypeOptions'];
/** On every answer past authentication (rate-limit.ts). */
export const RATE_LIMITED: HeaderName[] = ['RateLimitPolicy', 'RateLimit', 'XRateLimitLimit', 'XRateLimitRemaining', 'XRateLimitReset'];

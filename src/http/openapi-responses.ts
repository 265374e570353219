/**
 * Responses and operations of the OpenAPI document: a success answer with its schema, example and header
 * fields, the problem answers (RFC 9457) every authenticated operation can give, and `operation`, which
 * puts one together so that each path file (openapi-paths-*.ts) states only what is its own.
 */
import { ALWAYS, RATE_LIMITED, headerRefs, type HeaderName } from './openapi-headers.js';

/** A reference to `#/components/schemas/<name>`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A success answer: `schema` and `example` under `type`, with `extra` header fields beside the usual ones. */
export function success(description: string, schema: object, example: unknown, extra: HeaderName[] = [], type = 'application/json'): object {
  return { description, headers: headerRefs(...ALWAYS, ...RATE_LIMITED, ...extra), content: { [type]: { schema, examples: { [exampleName(type)]: { value: example } } } } };
}

/** A 204: nothing but header fields. */
export const noContent = { description: 'Done; no body.', headers: headerRefs(...ALWAYS, ...RATE_LIMITED) };

const exampleName = (type: string) => type.replace(/[^a-z]+/g, '-');

/** What each problem status means here, its example code, and the header fields only it carries. */
const PROBLEMS: Record<number, { description: string; code: string; detail: string; headers?: HeaderName[] }> = {
  400: { description: 'The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` also carries `WWW-Authenticate`).', code: 'invalid_request', detail: 'limit: Too big: expected number to be <=100.', headers: ['WWWAuthenticate'] },
  401: { description: 'No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, `revoked_api_key`).', code: 'invalid_api_key', detail: 'The API key is not valid.', headers: ['WWWAuthenticate'] },
  403: { description: 'The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, `rate_limit_escalation`).', code: 'insufficient_scope', detail: "This API key lacks the 'projects:write' scope.", headers: ['WWWAuthenticate'] },
  404: { description: 'No such resource in the key\'s workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`).', code: 'project_not_found', detail: "Project 'welcome' does not exist." },
  406: { description: '`not_acceptable`: `format: "mjml"` asked for as `text/html`.', code: 'not_acceptable', detail: 'format "mjml" is returned as JSON: send "Accept: application/json", or ask for format "html".' },
  409: { headers: ['RetryAfter'], description: 'A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`.', code: 'project_exists', detail: "Project 'welcome' already exists." },
  412: { description: '`revision_mismatch`: `If-Match` names another revision than the current one.', code: 'revision_mismatch', detail: 'If-Match "2" does not match the current revision 3.' },
  413: { description: 'The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`).', code: 'payload_too_large', detail: 'The body is larger than the 1024 KB limit.' },
  415: { description: '`unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`).', code: 'unsupported_media_type', detail: 'Send the body as JSON with "Content-Type: application/json" (got "text/plain").', headers: ['AcceptEncoding'] },
  422: { description: 'Refused content: `idempotency_key_reused` (the same key with another request), a template that does not hold.', code: 'idempotency_key_reused', detail: 'This Idempotency-Key was used for another request.' },
  428: { description: '`precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`.', code: 'precondition_required', detail: 'Send If-Match with the ETag of the revision you read.' },
  429: { description: '`rate_limited` (the key\'s budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`.', code: 'rate_limited', detail: 'Rate limit of 600 requests per minute exceeded; retry in 12 s.', headers: ['RetryAfter'] },
  500: { description: '`internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md).', code: 'internal_error', detail: 'An internal error occurred. Quote the request_id when reporting it.' },
  503: { description: 'Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is compiled.', code: 'dependency_unavailable', detail: 'postgres is unavailable; retry later.', headers: ['RetryAfter'] },
};

/** One problem answer; `only` names header fields it carries for this operation alone. */
export function problem(status: number, description?: string, only: HeaderName[] = [], code?: string): object {
  const known = PROBLEMS[status]!;
  const example = { type: `urn:letterpress:problem:${(code ?? known.code).replace(/_/g, '-')}`, title: TITLES[status], status, detail: known.detail, instance: '/v1/projects/welcome', code: code ?? known.code, request_id: '9b2f6a6e-2c1d-4a44-9f0e-1c5a3f0b7d21' };
  const fields = [...ALWAYS, ...(status === 401 ? [] : RATE_LIMITED), ...(known.headers ?? []), ...only];
  return { description: description ?? known.description, headers: headerRefs(...fields), content: { 'application/problem+json': { schema: ref('Problem'), examples: { problem: { value: example } } } } };
}

const TITLES: Record<number, string> = {
  400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not found', 406: 'Not acceptable', 409: 'Conflict', 412: 'Precondition failed',
  413: 'Payload too large', 415: 'Unsupported media type', 422: 'Unprocessable content', 428: 'Precondition required', 429: 'Too many requests',
  500: 'Internal server error', 503: 'Service unavailable',
};

/** What an operation states of itself; `operation` adds the problems every authenticated one can answer. */
export interface OperationSpec {
  operationId: string;
  tag: 'projects' | 'templates' | 'api-keys' | 'operations';
  summary: string;
  description: string;
  /** The scope a key needs; `any` for any valid key; `public` for no key at all. */
  scope: 'projects:read' | 'projects:write' | 'templates:render' | 'keys:admin' | 'any' | 'public';
  parameters?: object[];
  requestBody?: object;
  responses: Record<string, object>;
  /** Problem statuses beyond 400, 401, 403, 429, 500 and 503. */
  problems?: number[];
  /** A write taking `Idempotency-Key`: every kept answer may be a replay (`Idempotent-Replayed`). */
  idempotent?: boolean;
}

/** The Operation Object for `spec`. */
export function operation(spec: OperationSpec): object {
  const { scope, problems = [], idempotent = false, tag, responses, ...rest } = spec;
  const statuses = scope === 'public' ? [] : [400, 401, ...(scope === 'any' ? [] : [403]), ...problems, 429, 500, 503];
  const all: Record<string, object> = { ...responses };
  for (const status of statuses.sort((a, b) => a - b)) all[String(status)] ??= problem(status);
  if (idempotent) {
    for (const [status, response] of Object.entries(all)) {
      if (!['401', '429', '500', '503'].includes(status)) all[status] = withHeaders(response, 'IdempotentReplayed');
    }
  }
  // The scope as an extension, not as the bearer scheme's roles (OpenAPI 3.1 allows them, but Spectral and
  // generators read security arrays as OAuth2 scopes only).
  const access = scope === 'public' ? { security: [] } : scope === 'any' ? {} : { 'x-required-scope': scope };
  return { tags: [tag], ...rest, ...access, responses: sortByStatus(all) };
}

function withHeaders(response: object, ...names: HeaderName[]): object {
  const current = (response as { headers?: object }).headers ?? {};
  return { ...response, headers: { ...current, ...headerRefs(...names) } };
}

function sortByStatus(responses: Record<string, object>): Record<string, object> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

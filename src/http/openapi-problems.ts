/**
 * The problem answers (RFC 9457, `application/problem+json`) of the OpenAPI document: what each status
 * means in this API, an example of it, and the header fields it carries.
 */
import { ALWAYS, RATE_LIMITED, headerRefs, type HeaderName } from './openapi-headers.js';
import { ref } from './openapi-refs.js';

interface KnownProblem {
  title: string;
  description: string;
  /** The example's code and detail. */
  code: string;
  detail: string;
  /** Header fields only this status carries. */
  headers?: HeaderName[];
}

/** What each problem status means here, its example, and the header fields only it carries. */
const PROBLEMS: Record<number, KnownProblem> = {
  400: {
    title: 'Bad request',
    description:
      'The request is malformed or invalid: the body, a query parameter, a header (an `Authorization` that is not `Bearer <key>` ' +
      'also carries `WWW-Authenticate`).',
    code: 'invalid_request',
    detail: 'limit: Too big: expected number to be <=200.',
    headers: ['WWWAuthenticate'],
  },
  401: {
    title: 'Unauthorized',
    description:
      'No API key, or one that is unknown, expired or revoked (`missing_api_key`, `invalid_api_key`, `expired_api_key`, ' +
      '`revoked_api_key`).',
    code: 'invalid_api_key',
    detail: 'The API key is not valid.',
    headers: ['WWWAuthenticate'],
  },
  403: {
    title: 'Forbidden',
    description:
      'The key lacks the scope the operation needs (`insufficient_scope`), or asks for more than it holds (`scope_escalation`, ' +
      '`rate_limit_escalation`).',
    code: 'insufficient_scope',
    detail: "This API key lacks the 'projects:write' scope.",
    headers: ['WWWAuthenticate'],
  },
  404: {
    title: 'Not found',
    description:
      "No such resource in the key's workspace (`project_not_found`, `project_deleted`, `revision_not_found`, `api_key_not_found`).",
    code: 'project_not_found',
    detail: "Project 'welcome' does not exist.",
  },
  406: {
    title: 'Not acceptable',
    description: '`not_acceptable`: `format: "mjml"` asked for as `text/html`.',
    code: 'not_acceptable',
    detail: 'format "mjml" is returned as JSON: send "Accept: application/json", or ask for format "html".',
  },
  409: {
    title: 'Conflict',
    description:
      'A conflict: `project_exists`, `concurrency_conflict`, `idempotency_key_in_use` (with `Retry-After`), `api_key_inactive`, ' +
      '`revision_not_publishable`, `publishing_on_save`, `breaking_variable_change`.',
    code: 'project_exists',
    detail: "Project 'welcome' already exists.",
    headers: ['RetryAfter'],
  },
  412: {
    title: 'Precondition failed',
    description: '`revision_mismatch`: `If-Match` names another revision than the current one.',
    code: 'revision_mismatch',
    detail: 'If-Match "2" does not match the current revision 3.',
  },
  413: {
    title: 'Payload too large',
    description: 'The body, or a part of it, is larger than its limit (`payload_too_large`, `template_too_large`, `field_too_large`).',
    code: 'payload_too_large',
    detail: 'The body is larger than the 2048 KB limit.',
  },
  415: {
    title: 'Unsupported media type',
    description:
      '`unsupported_media_type`: not JSON, not UTF-8, or a content coding this server does not decode (then with `Accept-Encoding`).',
    code: 'unsupported_media_type',
    detail: 'Send the body as JSON with "Content-Type: application/json" (got "text/plain").',
    headers: ['AcceptEncoding'],
  },
  422: {
    title: 'Unprocessable content',
    description: '`idempotency_key_reused`: this `Idempotency-Key` came with another request before.',
    code: 'idempotency_key_reused',
    detail: 'This Idempotency-Key was used for another request.',
  },
  428: {
    title: 'Precondition required',
    description: '`precondition_required`: REQUIRE_IF_MATCH is on and the write has no `If-Match`.',
    code: 'precondition_required',
    detail: "This server requires conditional writes: send If-Match with the project's current ETag.",
  },
  429: {
    title: 'Too many requests',
    description:
      "`rate_limited` (the key's budget is spent) or `too_many_failed_authentications` (this address); retry after `Retry-After`.",
    code: 'rate_limited',
    detail: 'Rate limit of 600 requests per minute exceeded; retry in 12 s.',
    headers: ['RetryAfter'],
  },
  500: {
    title: 'Internal server error',
    description:
      '`internal_error`, or `mjml_compile_timeout` where a template is compiled (past COMPILE_TIMEOUT_MS; docs/compile-queue.md).',
    code: 'internal_error',
    detail: 'An internal error occurred. Quote the request_id when reporting it.',
  },
  503: {
    title: 'Service unavailable',
    description:
      'Retry after `Retry-After`: `dependency_unavailable` (a store did not answer), or `compile_queue_full` where a template is ' +
      'compiled.',
    code: 'dependency_unavailable',
    detail: 'postgres is unavailable; retry later.',
    headers: ['RetryAfter'],
  },
};

/**
 * A problem answer of one code with its own example members (`detail`, `errors`, …) over the status's
 * example: a refusal whose body has more to show than the status's generic example.
 */
export function problemOf(status: number, description: string, code: string, members: Record<string, unknown>): object {
  const answer = problem(status, description, [], code) as {
    content: { 'application/problem+json': { examples: { problem: { value: object } } } };
  };
  const media = answer.content['application/problem+json'];
  return {
    ...answer,
    content: {
      'application/problem+json': { ...media, examples: { problem: { value: { ...media.examples.problem.value, ...members } } } },
    },
  };
}

/** One problem answer; `only` names header fields it carries for this operation alone, `code` the example's. */
export function problem(status: number, description?: string, only: HeaderName[] = [], code?: string): object {
  const known = PROBLEMS[status]!;
  const shown = code ?? known.code;
  const example = {
    type: `urn:letterpress:problem:${shown.replace(/_/g, '-')}`,
    title: known.title,
    status,
    detail: known.detail,
    instance: '/v1/projects/welcome',
    code: shown,
    request_id: '9b2f6a6e-2c1d-4a44-9f0e-1c5a3f0b7d21',
  };
  const fields = [...ALWAYS, ...(status === 401 ? [] : RATE_LIMITED), ...(known.headers ?? []), ...only];
  const content = { 'application/problem+json': { schema: ref('Problem'), examples: { problem: { value: example } } } };
  return { description: description ?? known.description, headers: headerRefs(...fields), content };
}

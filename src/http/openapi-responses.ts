/**
 * Responses and operations of the OpenAPI document: a success answer with its schema, example and header
 * fields, and `operation`, which adds the problem answers (openapi-problems.ts) every authenticated
 * operation can give, so that each path file (openapi-paths-*.ts) states only what is its own.
 */
import { ALWAYS, RATE_LIMITED, headerRefs, type HeaderName } from './openapi-headers.js';
import { problem } from './openapi-problems.js';

/** A success answer: `schema` and `example` under `type`, with `extra` header fields beside the usual ones. */
export function success(
  description: string,
  schema: object,
  example: unknown,
  extra: HeaderName[] = [],
  type = 'application/json',
): object {
  const media = { schema, examples: { [exampleName(type)]: { value: example } } };
  return { description, headers: headerRefs(...ALWAYS, ...RATE_LIMITED, ...extra), content: { [type]: media } };
}

/** A 204: nothing but header fields. */
export const noContent = { description: 'Done; no body.', headers: headerRefs(...ALWAYS, ...RATE_LIMITED) };

const exampleName = (type: string) => type.replace(/[^a-z]+/g, '-');

/** What an operation states of itself; `operation` adds the problems every authenticated one can answer. */
export interface OperationSpec {
  operationId: string;
  tag: 'projects' | 'templates' | 'layouts' | 'api-keys' | 'policy' | 'receipts' | 'mcp' | 'operations';
  summary: string;
  description: string;
  /** The scope a key needs; `any` for any valid key; `public` for no key at all. */
  scope: 'projects:read' | 'projects:write' | 'templates:render' | 'keys:admin' | 'policy:write' | 'any' | 'public';
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
  const { scope, problems = [], idempotent = false, tag, responses, summary, ...rest } = spec;
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
  // The key it takes, in the summary too: what a reader of the reference page scans.
  const key = scope === 'public' ? 'no key needed' : scope === 'any' ? 'any valid key' : scope;
  return { tags: [tag], summary: `${summary} (${key})`, ...rest, ...access, responses: sortByStatus(all) };
}

function withHeaders(response: object, ...names: HeaderName[]): object {
  const current = (response as { headers?: object }).headers ?? {};
  return { ...response, headers: { ...current, ...headerRefs(...names) } };
}

function sortByStatus(responses: Record<string, object>): Record<string, object> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The preview page's only way to data: the Letterpress HTTP API on this origin, with the key as
 * `Authorization: Bearer` (RFC 6750 §2.1). Errors come back as RFC 9457 problem details; anything else
 * (a network failure, a body that is not JSON) is turned into the same shape so the page shows one kind.
 */

/** The two prefixes the service serves every route under (src/http/app.ts API_PREFIXES). */
export const API_PREFIXES = ['/v1', '/api/v1'];

/**
 * The prefix to call: `?api=/api/v1` in the page's address picks the other one (behind a proxy that only
 * forwards /api/); anything else is `/v1`.
 * @param {string} search location.search
 */
export function apiPrefix(search) {
  const asked = new URLSearchParams(search).get('api');
  return API_PREFIXES.includes(asked ?? '') ? /** @type {string} */ (asked) : API_PREFIXES[0];
}

/** A failed call: `problem` is the RFC 9457 body (or one made up for a network or format failure). */
export class ApiError extends Error {
  /** @param {{ status: number, title?: string, detail?: string, code?: string, request_id?: string, errors?: Array<{ pointer?: string, message?: string }> }} problem */
  constructor(problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.problem = problem;
    this.status = problem.status;
  }
}

/**
 * A client bound to a prefix and a key.
 * @param {string} prefix '/v1' or '/api/v1'
 * @param {() => string | null} key read on each call, so that forgetting the key takes effect at once
 */
export function createApi(prefix, key) {
  /**
   * @param {string} method
   * @param {string} path below the prefix, already URI-encoded
   * @param {unknown} [body]
   * @param {AbortSignal} [signal]
   * @param {Record<string, string>} [extra] more request headers (If-Match, Idempotency-Key)
   */
  async function call(method, path, body, signal, extra = {}) {
    const headers = { ...extra, Authorization: `Bearer ${key() ?? ''}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(prefix + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, title: 'The service did not answer', detail: String(error?.message ?? error) });
    }
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const problem = json && typeof json === 'object' ? json : { title: response.statusText, detail: text.slice(0, 300) };
      throw new ApiError({ ...problem, status: response.status });
    }
    if (json === undefined) throw new ApiError({ status: response.status, title: 'Unexpected answer', detail: `${method} ${prefix}${path} did not answer JSON.` });
    return json;
  }
  const id = (value) => encodeURIComponent(value);
  const page = (limit, cursor) => `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  return {
    /** GET /projects: `{ items: [{ id, name, subject, revision, updated_at }], next_cursor }`. */
    listProjects: (cursor) => call('GET', `/projects${page(50, cursor)}`),
    /** GET /projects/:id/revisions, oldest first: `{ items: [{ revision, updated_at, event, name }], next_cursor }`. */
    listRevisions: (projectId, cursor) => call('GET', `/projects/${id(projectId)}/revisions${page(100, cursor)}`),
    /**
     * GET /projects/:id/variables?revision=latest: `{ inferred, declared, differences }` (JSON Schemas) of the
     * newest save — what the page renders by default (a draft under review), not the published revision.
     */
    variables: (projectId) => call('GET', `/projects/${id(projectId)}/variables?revision=latest`),
    /** POST /templates/:id/render: `{ html, subject, preheader, text, warnings, revision, … }`. */
    render: (projectId, body, signal) => call('POST', `/templates/${id(projectId)}/render`, body, signal),
    /** GET /projects/:id: the project now (`revision` is its ETag; `publishing`, `published_revision`, `unpublished_changes`). */
    project: (projectId) => call('GET', `/projects/${id(projectId)}`),
    /** POST /projects/:id/diff (templates:render): `{ from, to, visible_change, changes }` (docs/diff.md). */
    diff: (projectId, body) => call('POST', `/projects/${id(projectId)}/diff`, body),
    /**
     * POST /projects/:id/publish (projects:write), only while the project is still at stream revision
     * `revision` (If-Match), with an Idempotency-Key: a retry after a lost answer is answered, not repeated.
     */
    publish: (projectId, body, revision, idempotencyKey) =>
      call('POST', `/projects/${id(projectId)}/publish`, body, undefined, { 'If-Match': `"${revision}"`, 'Idempotency-Key': idempotencyKey }),
  };
}

/**
 * A problem as lines to show: a heading, the detail, then one line per `errors[]` entry (pointer and
 * message), and the code and request id to quote when asking for help.
 * @param {{ status: number, title?: string, detail?: string, code?: string, request_id?: string, errors?: Array<{ pointer?: string, message?: string }> }} problem
 */
export function describeProblem(problem) {
  const heading = problem.status ? `${problem.title ?? 'Error'} (${problem.status})` : (problem.title ?? 'Error');
  let errors = Array.isArray(problem.errors) ? problem.errors.slice(0, 20).map(errorLine) : [];
  // One error that the detail already spells out (the usual invalid_variables answer) is not listed twice.
  if (errors.length === 1 && problem.errors[0].message && problem.detail?.includes(problem.errors[0].message)) errors = [];
  const reference = [problem.code, problem.request_id && `request ${problem.request_id}`].filter(Boolean).join(' · ');
  return { heading, detail: problem.detail ?? '', errors, reference };
}

/** `pointer: message`, without the pointer when the message starts with it already. */
function errorLine(error) {
  const message = String(error?.message ?? '');
  const pointer = String(error?.pointer ?? '');
  return !pointer || message.includes(pointer) ? message || pointer : `${pointer}: ${message}`;
}

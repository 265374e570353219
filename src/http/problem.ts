/**
 * RFC 9457 problem details: every error the API answers is `application/problem+json` with `type`,
 * `title`, `status`, `detail`, `instance`, plus our `code` (stable, machine-readable), `request_id`
 * and, where known, `errors: [{ pointer (RFC 6901), file, line, message }]`.
 */
import type Koa from 'koa';
import { AuthError } from '../application/keys/index.js';
import { DependencyUnavailableError } from '../application/ports/index.js';
import { DomainError, type DomainErrorCode } from '../domain/errors.js';
import { RenderError, RevisionNotYetVisibleError, InvalidVariablesError } from '../application/render/index.js';
import { RenderLimitError } from '../rendering/handlebars/budget.js';
import { CompileQueueFullError } from '../rendering/compile/pool.js';
import { TemplateError, type TemplateProblem } from '../rendering/template-error.js';

/** Base of every problem `type` URI; the code follows with dashes (`…:invalid-variables`). */
export const PROBLEM_TYPE_BASE = 'urn:letterpress:problem:';

/** An error the API reports as-is. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: TemplateProblem[] = [],
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  project_exists: 409,
  project_not_found: 404,
  project_deleted: 404,
  revision_mismatch: 412,
  revision_not_found: 404,
  concurrency_conflict: 409,
};

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  428: 'Precondition required',
  431: 'Request header fields too large',
  429: 'Too many requests',
  500: 'Internal server error',
  501: 'Not implemented',
  503: 'Service unavailable',
};

/** Translate anything thrown into a ProblemError; unknown errors become an opaque 500. */
export function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof DomainError) return new ProblemError(DOMAIN_STATUS[error.code], error.code, error.message, [], {}, error.details);
  if (error instanceof TemplateError) return new ProblemError(error.status, error.code, error.message, error.problems, {}, error.extra);
  if (error instanceof RevisionNotYetVisibleError) {
    const found = { found_revision: error.found, min_revision: error.asked, waited_ms: error.waitedMs };
    return new ProblemError(409, 'revision_not_yet_visible', error.message, [], { 'Retry-After': '1' }, found);
  }
  if (error instanceof RenderError) return new ProblemError(400, 'render_failed', error.message);
  if (error instanceof InvalidVariablesError) return new ProblemError(400, 'invalid_variables', error.message, error.problems);
  if (error instanceof RenderLimitError) {
    return new ProblemError(400, 'render_limit_exceeded', error.message, [], {}, { limit: error.limit, max: error.max });
  }
  if (error instanceof CompileQueueFullError) {
    return new ProblemError(503, 'compile_queue_full', error.message, [], { 'Retry-After': String(error.retryAfterS) }, { queued: error.queued, limit: error.limit, max: error.max });
  }
  if (error instanceof AuthError) {
    const challenge = error.code === 'missing_api_key' ? 'Bearer realm="letterpress"' : 'Bearer realm="letterpress", error="invalid_token"';
    return new ProblemError(401, error.code, error.message, [], { 'WWW-Authenticate': challenge });
  }
  if (error instanceof DependencyUnavailableError) {
    return new ProblemError(503, 'dependency_unavailable', `${error.dependency} is unavailable; retry later.`, [], { 'Retry-After': '5' });
  }
  const http = error as { status?: unknown; expose?: unknown; type?: unknown; message?: unknown };
  if (typeof http.status === 'number' && http.status >= 400 && http.status < 500 && http.expose) {
    // body parser and router errors (koa's http-errors): client mistakes with safe messages
    return new ProblemError(http.status, httpErrorCode(http.status, http.type), String(http.message));
  }
  return new ProblemError(500, 'internal_error', 'An internal error occurred. Quote the request_id when reporting it.');
}

function httpErrorCode(status: number, type: unknown): string {
  if (type === 'entity.parse.failed') return 'malformed_json';
  if (type === 'entity.too.large' || status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 405) return 'method_not_allowed';
  if (status === 404) return 'route_not_found';
  return 'bad_request';
}

/**
 * Koa middleware: the one place errors become responses. Logs 5xx with their stack (never sent).
 */
export function problemDetails(logger: { error(obj: object, msg?: string): void }): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ProblemError(404, 'route_not_found', `No route ${ctx.method} ${ctx.path}.`);
      }
    } catch (error) {
      const problem = toProblem(error);
      // 501: a client's unknown method, not a fault of ours worth an error line
      if (problem.status >= 500 && problem.status !== 501) logger.error({ err: error, request_id: ctx.state.requestId }, 'request failed');
      writeProblem(ctx, problem);
    }
  };
}

/** Write a problem response on `ctx` (also used by /health for its 503). */
export function writeProblem(ctx: Koa.Context, problem: ProblemError): void {
  ctx.status = problem.status;
  for (const [name, value] of Object.entries(problem.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify({
    type: `${PROBLEM_TYPE_BASE}${problem.code.replace(/_/g, '-')}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    instance: ctx.path,
    code: problem.code,
    request_id: ctx.state.requestId,
    ...(problem.errors.length > 0 ? { errors: problem.errors } : {}),
    ...problem.extra,
  });
}

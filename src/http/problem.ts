/**
 * RFC 9457 problem details: every error the API answers is `application/problem+json` with `type`,
 * `title`, `status`, `detail`, `instance`, plus our `code` (stable, machine-readable), `request_id`
 * and, where known, `errors: [{ pointer (RFC 6901), file, line, message }]`.
 */
import type Koa from 'koa';
import { CodedError, type Finding } from '../domain/errors.js';
import { problemRule } from './problem-statuses.js';

/** Base of every problem `type` URI; the code follows with dashes (`…:invalid-variables`). */
export const PROBLEM_TYPE_BASE = 'urn:letterpress:problem:';

/**
 * An error the API reports as-is: the HTTP layer's own refusals (body, headers, routes), which name their
 * status where they are thrown, and every other error once `toProblem` has translated it.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: readonly Finding[] = [],
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

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

/**
 * Translate anything thrown into a ProblemError: a coded error through the status table (problem-statuses.ts),
 * a client mistake koa found (body parser, router) as its status; anything else, including a coded error
 * whose code the table does not know, becomes an opaque 500.
 */
export function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof CodedError) {
    const rule = problemRule(error.code);
    if (rule) {
      const { findings = [], extra = {}, detail = error.message, retryAfterS } = error.report();
      const headers = { ...rule.headers, ...(retryAfterS !== undefined ? { 'Retry-After': String(retryAfterS) } : {}) };
      return new ProblemError(rule.status, error.code, detail, findings, headers, extra);
    }
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
 * Koa middleware: the one place errors become responses (the render fast path, fast-render.ts, answers its
 * errors through the same `problemOf` and `problemText`). Logs 5xx with their stack (never sent).
 */
export function problemDetails(logger: { error(obj: object, msg?: string): void }): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ProblemError(404, 'route_not_found', `No route ${ctx.method} ${ctx.path}.`);
      }
    } catch (error) {
      writeProblem(ctx, problemOf(error, logger, ctx.state.requestId));
    }
  };
}

/**
 * `error` as the problem to answer (`toProblem`), logging it with its stack when it is a fault of ours (5xx
 * but 501: a client's unknown method is not worth an error line).
 */
export function problemOf(error: unknown, logger: { error(obj: object, msg?: string): void }, requestId: string): ProblemError {
  const problem = toProblem(error);
  if (problem.status >= 500 && problem.status !== 501) logger.error({ err: error, request_id: requestId }, 'request failed');
  return problem;
}

/** The media type of every problem answer (RFC 9457 §3). */
export const PROBLEM_TYPE = 'application/problem+json';

/**
 * The RFC 9457 JSON text of `problem`: `instance` is the request path (no query), `request_id` the
 * request's id. The one body builder of every problem answer routes give.
 */
export function problemText(problem: ProblemError, instance: string, requestId: string): string {
  return JSON.stringify({
    type: `${PROBLEM_TYPE_BASE}${problem.code.replace(/_/g, '-')}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    instance,
    code: problem.code,
    request_id: requestId,
    ...(problem.errors.length > 0 ? { errors: problem.errors } : {}),
    ...problem.extra,
  });
}

/** Write a problem response on `ctx` (also used by /health for its 503). */
export function writeProblem(ctx: Koa.Context, problem: ProblemError): void {
  ctx.status = problem.status;
  for (const [name, value] of Object.entries(problem.headers)) ctx.set(name, value);
  ctx.type = PROBLEM_TYPE;
  ctx.body = problemText(problem, ctx.path, ctx.state.requestId);
}

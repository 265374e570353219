/**
 * What can go wrong in the `letterpress` CLI, and the exit code each maps to. The codes follow the usual
 * split of CI tools (eslint, the MJML CLI's `--config.validationLevel=strict`): 1 "the check or the operation
 * found a problem", 2 "you called me wrongly", and one more for "I could not ask the server".
 */

/** Exit codes of every command (docs/cli.md "Client CLI"). */
export const EXIT = {
  /** Everything went as asked. */
  ok: 0,
  /** The command ran and its result is a failure: a check found a missing variable, a push met a conflict or a refusal. */
  failed: 1,
  /** The command line is wrong: unknown flag, missing argument, unreadable input file. */
  usage: 2,
  /** The server could not be reached, refused the key, or answered an unexpected error. */
  server: 3,
} as const;

/** A mistake in the command line or its input files: exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** One item of a problem's `errors` (RFC 9457 extension used by the API: RFC 6901 pointer, file, line). */
export interface ProblemItem {
  pointer?: string;
  file?: string;
  line?: number;
  message?: string;
  [detail: string]: unknown;
}

/** An RFC 9457 problem details body as the API sends it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  request_id?: string;
  errors?: ProblemItem[];
  [extension: string]: unknown;
}

/** The server answered with an error status; `problem` is its body when it was problem+json. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly problem: Problem,
    readonly method: string,
    readonly url: string,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
  }

  /** The API's stable `code` (`revision_mismatch`, `project_exists`…), or '' when the body had none. */
  get code(): string {
    return this.problem.code ?? '';
  }
}

/** The request never got an answer (connection refused, DNS, TLS, reset): names the URL. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly url: string,
    cause: string,
  ) {
    super(`cannot reach ${url}: ${cause}`);
  }
}

/**
 * A problem as lines a person reads: `title (status code): detail`, then each `errors` item as
 * `  at <pointer | file:line>: message`, then the request id to quote.
 */
export function formatProblem(error: ApiError): string {
  const p = error.problem;
  const head = `${p.title ?? 'Error'} (${error.status}${p.code ? ` ${p.code}` : ''})${p.detail ? `: ${p.detail}` : ''}`;
  const lines = [head];
  for (const item of p.errors ?? []) {
    const where =
      item.pointer ??
      (item.file !== undefined
        ? `${item.file}${item.line !== undefined ? `:${item.line}` : ''}`
        : item.line !== undefined
          ? `line ${item.line}`
          : '');
    lines.push(`  ${where ? `at ${where}: ` : ''}${item.message ?? JSON.stringify(item)}`);
  }
  if (p.request_id) lines.push(`  (${error.method} ${error.url}, request id ${p.request_id})`);
  return lines.join('\n');
}

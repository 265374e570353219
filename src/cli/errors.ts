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
 * A problem as lines a person reads: `title (status code): detail`, then each `errors` item (`problemItemLine`),
 * then the request id to quote.
 */
export function formatProblem(error: ApiError): string {
  const p = error.problem;
  const head = `${p.title ?? 'Error'} (${error.status}${p.code ? ` ${p.code}` : ''})${p.detail ? `: ${p.detail}` : ''}`;
  const lines = [head, ...(p.errors ?? []).map(problemItemLine)];
  if (p.request_id) lines.push(`  (${error.method} ${error.url}, request id ${p.request_id})`);
  return lines.join('\n');
}

/**
 * One `errors` item as a line: `  at <pointer | path | file:line>: message`, then what the API adds where it
 * applies — the caniemail `feature` of a policy finding (`[caniemail: css-display-flex]`,
 * https://www.caniemail.com/features/<feature>/) and the `key_ids` of a publish-gate finding (`[keys: …]`).
 */
export function problemItemLine(item: ProblemItem): string {
  const path = typeof item['path'] === 'string' ? item['path'] : undefined;
  const where =
    item.pointer ??
    path ??
    (item.file !== undefined
      ? `${item.file}${item.line !== undefined ? `:${item.line}` : ''}`
      : item.line !== undefined
        ? `line ${item.line}`
        : '');
  const feature = typeof item['feature'] === 'string' ? ` [caniemail: ${item['feature']}]` : '';
  const keys = Array.isArray(item['key_ids']) && item['key_ids'].length > 0 ? ` [keys: ${item['key_ids'].join(', ')}]` : '';
  return `  ${where ? `at ${where}: ` : ''}${item.message ?? JSON.stringify(item)}${feature}${keys}`;
}

/**
 * A 422 `policy_violation` (docs/policy.md "The 422") as lines: what was refused, each finding's pointer into
 * the stored project, message and caniemail feature, then what works. `refused`: what the server refused, in
 * words (`not published: revision 2 of news`); `also`: a last sentence of the command's own.
 */
export function policyViolationReport(refused: string, error: ApiError, also = ''): string {
  const findings = (error.problem.errors ?? []).map((item) => `${problemItemLine(item)}\n`).join('');
  return (
    `${refused}: it breaks the workspace's send-readiness policy (GET /policy):\n${findings}` +
    `  change the template at each pointer (of the project as GET /projects/<id> shows it), or the policy (PUT /policy)${also}\n`
  );
}

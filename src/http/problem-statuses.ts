/**
 * The one table from an error's `code` to its HTTP answer. Errors below the HTTP layer (domain, application,
 * rendering) carry a code and never a status; `toProblem` (problem.ts) looks the code up here. The HTTP
 * layer's own refusals (`ProblemError`: bodies, headers, routes) name their status where they are thrown.
 * docs/errors.md lists the same codes with the same statuses (a unit test holds the two together).
 */
import type { AuthFailure, KeyManagementCode } from '../application/keys/index.js';
import type { DependencyUnavailableError } from '../application/ports/index.js';
import type {
  BreakingVariableChangeError,
  InvalidVariablesError,
  RenderError,
  RevisionNotYetVisibleError,
} from '../application/render/index.js';
import type { DomainErrorCode } from '../domain/errors.js';
import type { PolicyViolationError } from '../application/policy/index.js';
import type { CompileQueueFullError, RenderLimitError, TemplateErrorCode } from '../rendering/index.js';

/** Every code a coded error (a `CodedError` subclass) can carry. */
export type ErrorCode =
  | DomainErrorCode
  | TemplateErrorCode
  | AuthFailure
  | KeyManagementCode
  | RenderError['code']
  | InvalidVariablesError['code']
  | BreakingVariableChangeError['code']
  | RenderLimitError['code']
  | RevisionNotYetVisibleError['code']
  | CompileQueueFullError['code']
  | DependencyUnavailableError['code']
  | PolicyViolationError['code'];

/**
 * How one code is answered: its `status`, and headers every answer of it carries. `Retry-After` here is the
 * default in seconds; an error that knows better (`report().retryAfterS`) replaces it.
 */
export interface ProblemRule {
  status: number;
  headers?: Readonly<Record<string, string>>;
}

/** RFC 6750 §3: no credentials at all get the bare challenge, refused ones `error="invalid_token"`. */
const BEARER = { 'WWW-Authenticate': 'Bearer realm="letterpress"' } as const;
const INVALID_TOKEN = { 'WWW-Authenticate': 'Bearer realm="letterpress", error="invalid_token"' } as const;

/** Code → answer; a `Record` over {@link ErrorCode}, so a new code does not compile until it is mapped here. */
export const PROBLEM_RULES: Readonly<Record<ErrorCode, ProblemRule>> = {
  // the domain's refusals of a command or a read
  project_exists: { status: 409 },
  project_not_found: { status: 404 },
  project_deleted: { status: 404 },
  revision_mismatch: { status: 412 },
  revision_not_found: { status: 404 },
  concurrency_conflict: { status: 409 },
  not_published: { status: 404 },
  revision_not_publishable: { status: 409 },
  publishing_on_save: { status: 409 },
  // layouts and shared partials (docs/layouts.md)
  layout_not_found: { status: 404 },
  partial_not_found: { status: 404 },
  layout_exists: { status: 409 },
  partial_exists: { status: 409 },
  layout_in_use: { status: 409 },
  partial_in_use: { status: 409 },
  invalid_layout: { status: 400 },
  dependents_refused: { status: 422 },
  // the publish gate: recent payloads would fail under the revision published (docs/publishing.md "Publish gate")
  breaking_variable_change: { status: 409 },
  // the workspace's send-readiness policy (docs/policy.md): a publish, or a save that publishes, breaks it
  policy_violation: { status: 422 },
  // a template refused at create/save or not compiled: a client's template, except a compile that ran out of time
  invalid_ast: { status: 400 },
  invalid_mjml: { status: 400 },
  not_mjml: { status: 400 },
  handlebars_first_template: { status: 400 },
  locale_markup_unsupported: { status: 400 },
  go_template_syntax: { status: 400 },
  invalid_include_path: { status: 400 },
  include_not_found: { status: 400 },
  include_cycle: { status: 400 },
  text_on_structural_node: { status: 400 },
  mjml_validation_failed: { status: 400 },
  mjml_compile_failed: { status: 400 },
  mjml_compile_timeout: { status: 500 },
  invalid_handlebars: { status: 400 },
  unknown_helper: { status: 400 },
  unknown_partial: { status: 400 },
  recursive_partial: { status: 400 },
  invalid_helper: { status: 400 },
  template_too_large: { status: 413 },
  template_too_complex: { status: 400 },
  // a render
  render_failed: { status: 400 },
  invalid_locale: { status: 400 },
  invalid_message: { status: 400 },
  invalid_translation_key: { status: 400 },
  missing_translation: { status: 400 },
  invalid_variables: { status: 400 },
  render_limit_exceeded: { status: 400 },
  revision_not_yet_visible: { status: 409, headers: { 'Retry-After': '1' } },
  compile_queue_full: { status: 503, headers: { 'Retry-After': '1' } },
  // authentication and key management
  missing_api_key: { status: 401, headers: BEARER },
  invalid_api_key: { status: 401, headers: INVALID_TOKEN },
  expired_api_key: { status: 401, headers: INVALID_TOKEN },
  revoked_api_key: { status: 401, headers: INVALID_TOKEN },
  api_key_not_found: { status: 404 },
  scope_escalation: { status: 403 },
  rate_limit_escalation: { status: 403 },
  expiry_in_past: { status: 400 },
  api_key_inactive: { status: 409 },
  invalid_request: { status: 400 },
  // a store that does not answer
  dependency_unavailable: { status: 503, headers: { 'Retry-After': '5' } },
};

/** The rule of `code`, or undefined for a code the table does not know (answered as an unexpected 500). */
export function problemRule(code: string): ProblemRule | undefined {
  return Object.hasOwn(PROBLEM_RULES, code) ? PROBLEM_RULES[code as ErrorCode] : undefined;
}

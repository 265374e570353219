/**
 * Errors that reach a client carry a stable, machine-readable `code` (the problem-details `code`). The HTTP
 * layer alone turns a code into a status, in one table (`src/http/problem-statuses.ts`); no error below it
 * holds an HTTP status.
 */

/** A located finding of a refusal: an RFC 6901 `pointer` into the request and/or a `file` and `line`. */
export interface Finding {
  pointer?: string;
  file?: string;
  line?: number;
  /** What was found and what was expected there, where the check knows (a tag, a type, a bound). */
  found?: unknown;
  expected?: unknown;
  /** A variable path (`order.total`), where the finding is about the variables callers send (the publish gate). */
  path?: string;
  /** What a publish changes at `path`: `newly_required`, `type_narrowed`. */
  change?: string;
  /** The API key ids the finding concerns (whose recent payloads a publish would refuse). */
  key_ids?: readonly string[];
  message: string;
  /** The caniemail feature a send-readiness policy finding is about (`css-display-flex`). */
  feature?: string;
}

/** What an answer adds to a coded error's code and message; every member is optional. */
export interface ErrorReport {
  /** Located findings (the problem's `errors[]`). */
  findings?: readonly Finding[];
  /** Members added to the problem body beside the standard ones (`limit`, `max`, `found_revision`…). */
  extra?: Readonly<Record<string, unknown>>;
  /** The sentence answered as `detail` when it is not the message (the message may name internals). */
  detail?: string;
  /** Seconds after which a retry may succeed, when the error knows better than its code's default. */
  retryAfterS?: number;
}

/**
 * Base of every error a client is told about: a `code` from a closed list of its class, a message written
 * for the API user, and a {@link ErrorReport} of the rest. Subclasses live where the refusal is decided
 * (domain, application, rendering).
 */
export abstract class CodedError<C extends string = string> extends Error {
  abstract readonly code: C;

  /** Findings, extra members, detail and retry delay of the answer; none by default. */
  report(): ErrorReport {
    return {};
  }
}

/**
 * The ways a project command can be refused by the domain (each one of them a key of the status table in
 * `src/http/problem-statuses.ts`; the message is written for the API user):
 * - `project_exists`: create on the id of a live project (a deleted one's id can be created again);
 * - `project_not_found`: save/delete/read of an id that never existed;
 * - `project_deleted`: save/delete/read of a deleted project;
 * - `revision_mismatch`: the caller's expected revision (If-Match) is not the current one;
 * - `revision_not_found`: a past revision that the project never had;
 * - `not_published`: a review-mode project with no published revision yet was rendered;
 * - `revision_not_publishable`: a publish named a publish event, or a revision from before a deletion;
 * - `publishing_on_save`: a publish of a revision other than the latest of a project that publishes every save;
 * - `concurrency_conflict`: concurrent writers kept winning the race; nothing was written;
 * - `layout_not_found`, `partial_not_found`: a layout or shared partial that does not exist (read, or named by a save);
 * - `layout_exists`, `partial_exists`: create on the id of a live one;
 * - `layout_in_use`, `partial_in_use`: delete of one that projects name (docs/layouts.md);
 * - `invalid_layout`: a layout whose `mj-body` does not hold exactly one `<lp-slot />`;
 * - `dependents_refused`: a publish of a layout or shared partial that a project following it would not pass.
 */
export const DOMAIN_ERROR_CODES = [
  'project_exists',
  'project_not_found',
  'project_deleted',
  'revision_mismatch',
  'revision_not_found',
  'concurrency_conflict',
  'not_published',
  'revision_not_publishable',
  'publishing_on_save',
  'layout_not_found',
  'partial_not_found',
  'layout_exists',
  'partial_exists',
  'layout_in_use',
  'partial_in_use',
  'invalid_layout',
  'dependents_refused',
] as const;

/** One of {@link DOMAIN_ERROR_CODES}. */
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A command the decider refuses. Thrown by `decide`; never carries partial state. */
export class DomainError extends CodedError<DomainErrorCode> {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  override report(): ErrorReport {
    return { extra: this.details };
  }
}

/**
 * The one `revision_not_found` for a revision number outside a project's revisions 0…`current`: `revision`
 * and `current_revision` are added to the answer.
 */
export function revisionNotFound(projectId: string, revision: number, current: number): DomainError {
  return new DomainError('revision_not_found', `Project '${projectId}' has no revision ${revision} (revisions 0–${current}).`, {
    revision,
    current_revision: current,
  });
}

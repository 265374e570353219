/**
 * The ways a project command can be refused by the domain. Each code maps to one HTTP status in
 * `src/http/problem.ts`; the message is written for the API user.
 */
export type DomainErrorCode =
  | 'project_exists' // create on the id of a live project (a deleted one's id can be created again)
  | 'project_not_found' // save/delete/read of an id that never existed
  | 'project_deleted' // save/delete/read of a deleted project
  | 'revision_mismatch' // the caller's expected revision (If-Match) is not the current one
  | 'revision_not_found' // a past revision that the project never had
  | 'concurrency_conflict'; // concurrent writers kept winning the race; nothing was written

/** A command the decider refuses. Thrown by `decide`; never carries partial state. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

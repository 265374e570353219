/**
 * How `revision-history` (version 2) names its documents, shared by the projection and its readers.
 * Workspaces and project ids never contain '/' (`WORKSPACE`, `PROJECT_ID`: letters, digits, '.', '_', '-'),
 * so a partition `<workspace>/<projectId>` is never a workspace: version 1's documents (partition = workspace)
 * cannot be mistaken for version 2's.
 */

/** Digits of a revision key: Number.MAX_SAFE_INTEGER (9007199254740991) has 16. */
export const REVISION_KEY_DIGITS = 16;

/** The partition holding one project's revisions: `<workspace>/<projectId>`. */
export function projectPartition(ref: { workspace: string; projectId: string }): string {
  return `${ref.workspace}/${ref.projectId}`;
}

/**
 * The key of revision `revision` (a non-negative safe integer): zero-padded to 16 digits, so that keys sort
 * in revision order on every engine (`ReadModelStore.list` orders keys by UTF-8 bytes; equal-length digit
 * strings sort the same under any collation).
 */
export function revisionKey(revision: number): string {
  return String(revision).padStart(REVISION_KEY_DIGITS, '0');
}

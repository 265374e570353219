/**
 * Bodies of /layouts and /partials (docs/layouts.md) and their answers: a layout is `{ id, mjml, publishing? }`,
 * a shared partial `{ id, source, publishing? }`; a publish `{ revision?, force? }`. Strict, like project bodies.
 */
import { z } from 'zod';
import type { SharedKind, SharedState } from '../domain/shared-documents.js';
import type { SharedRevision, SharedSourceRevision, SharedView } from '../application/render/index.js';
import { check } from './check.js';
import { PROJECT_ID } from './schemas.js';
import { ProblemError } from './problem.js';

const id = z.string().regex(PROJECT_ID, 'must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const publishing = z.enum(['on_save', 'review']).optional();
const layoutBody = z.strictObject({ id: id.optional(), mjml: z.string().min(1), publishing });
const partialBody = z.strictObject({ id: id.optional(), source: z.string().min(1), publishing });
const publishBody = z.strictObject({
  revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  force: z
    .boolean()
    .optional()
    .describe(
      'Publish even when a follower would refuse what its callers sent recently (breaking_variable_change); never passes a policy violation. Recorded in the event with what it overrode.',
    ),
});

/** The body schemas above, for the OpenAPI document (openapi-paths-layouts.ts). */
export const sharedRequestSchemas = { layoutBody, partialBody, publishBody } as const;

/** The member that holds a kind's source in bodies and answers. */
export function sourceMember(kind: SharedKind): 'mjml' | 'source' {
  return kind === 'layout' ? 'mjml' : 'source';
}

/**
 * A create (`pathId` undefined: `id` required) or save body (an `id`, if sent, must be the path's).
 * @throws ProblemError 400 `invalid_request`.
 */
export function parseSharedWrite(
  kind: SharedKind,
  body: unknown,
  pathId?: string,
): { id: string; source: string; publishing?: 'on_save' | 'review' } {
  const parsed = kind === 'layout' ? check(layoutBody, body) : check(partialBody, body);
  const source = 'mjml' in parsed ? parsed.mjml : parsed.source;
  const chosen = pathId ?? parsed.id;
  if (chosen === undefined) throw new ProblemError(400, 'invalid_request', 'Send an "id".', [{ pointer: '/id', message: 'required' }]);
  if (pathId !== undefined && parsed.id !== undefined && parsed.id !== pathId) {
    throw new ProblemError(400, 'invalid_request', `Body id '${parsed.id}' differs from the path's '${pathId}'.`, [
      { pointer: '/id', message: 'must match the path' },
    ]);
  }
  return { id: chosen, source, ...(parsed.publishing ? { publishing: parsed.publishing } : {}) };
}

/** POST /layouts/:id/publish and /partials/:id/publish body (may be empty). @throws ProblemError 400. */
export function parseSharedPublish(body: unknown): { revision?: number; force?: boolean } {
  const parsed = check(publishBody, body ?? {});
  return { ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}), ...(parsed.force ? { force: true } : {}) };
}

/** A layout or shared partial as answered: its latest source and its publishing (as a project's). */
export function presentShared(view: SharedView): Record<string, unknown> {
  const state: SharedState = view.state;
  return {
    id: view.id,
    revision: state.revision,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    [sourceMember(view.kind)]: state.sources.get(state.sourceRevision) ?? '',
    source_revision: state.sourceRevision,
    publishing: state.publishing,
    published_revision: state.publishedRevision,
    published_at: state.publishedAt,
    unpublished_changes: state.publishedRevision !== state.sourceRevision,
  };
}

/**
 * A layout or partial as a list item (GET /layouts, GET /partials): the members of `presentShared` without
 * the source, so a page stays small whatever the sources weigh.
 */
export function presentSharedSummary(item: { id: string; state: SharedState }): Record<string, unknown> {
  const { state } = item;
  return {
    id: item.id,
    revision: state.revision,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    source_revision: state.sourceRevision,
    publishing: state.publishing,
    published_revision: state.publishedRevision,
    published_at: state.publishedAt,
    unpublished_changes: state.publishedRevision !== state.sourceRevision,
  };
}

/**
 * One event of a layout's or partial's stream as answered (GET …/revisions items; with its source, GET
 * …/{id}?revision=N): `revision`, `event`, `occurred_at`, and `draft` (a create or save),
 * `published_revision` and `force` (a publish).
 */
export function presentSharedRevision(kind: SharedKind, item: SharedRevision | SharedSourceRevision): Record<string, unknown> {
  return {
    revision: item.revision,
    event: item.event,
    occurred_at: item.occurredAt,
    ...(item.draft !== undefined ? { draft: item.draft } : {}),
    ...(item.publishedRevision !== undefined ? { published_revision: item.publishedRevision } : {}),
    ...(item.force ? { force: true } : {}),
    ...('source' in item ? { [sourceMember(kind)]: item.source } : {}),
  };
}

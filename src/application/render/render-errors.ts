/**
 * Refusals of the render use case (render-template.ts): a render of a project with nothing published
 * (`notPublished`), and a render Handlebars threw in (`RenderError`).
 */
import { CodedError, DomainError } from '../../domain/errors.js';

/**
 * A render (or a read of what renders use) without `revision` of a review-mode project that has published
 * nothing: 404 `not_published`. `draft`: how the request names a draft instead (a body member by default;
 * the read routes pass their query, `?revision=latest`).
 */
export function notPublished(
  projectId: string,
  latestTemplateRevision: number,
  draft = 'render a draft with "revision": "latest"',
): DomainError {
  return new DomainError(
    'not_published',
    `Project '${projectId}' publishes under review and has no published revision yet: publish one ` +
      `(POST /projects/${projectId}/publish), or ${draft} (revision ${latestTemplateRevision}) or a revision number.`,
    { latest_revision: latestTemplateRevision },
  );
}

/** How the read routes (GET /templates/:id, GET /projects/:id/variables) name a draft in a `not_published` answer. */
export const READ_A_DRAFT = 'read the draft with ?revision=latest';

/** The data variables could not be rendered (Handlebars threw at render time). */
export class RenderError extends CodedError<'render_failed'> {
  override readonly name = 'RenderError';
  readonly code = 'render_failed';
}

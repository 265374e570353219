/**
 * Drafts and publishing (pure): which template revision a project publishes after an event, and what a
 * publish of a revision decides. Under `on_save` every create or save is published at once; under `review`
 * a save is a draft until a `ProjectPublished` event names it.
 */
import { DomainError } from './errors.js';

/**
 * How a project's saves reach renders: `on_save` (the default) publishes every save at once; `review` makes
 * each save a draft, published by a `ProjectPublished` event.
 */
export type Publishing = 'on_save' | 'review';

/** What the stream holds at the revision a publish names (read by the caller: the decider does no I/O). */
export type PublishTarget = { kind: 'template' } | { kind: 'publish'; publishedRevision: number } | { kind: 'deleted' } | { kind: 'none' };

/**
 * A publish check a forced publish overrode, as its event records it for the audit: the variable path, the
 * change (`newly_required`, `type_narrowed`) and the API keys whose recent payloads it breaks. No value.
 */
export interface OverriddenCheck {
  path: string;
  change: string;
  key_ids: string[];
}

/** The publishing part of a live project's state. */
export interface PublishingState {
  publishing: Publishing;
  publishedRevision: number | null;
  publishedAt: string | null;
}

/**
 * The publishing state after a create or save at stream revision `revision`: under `on_save` it is the
 * published revision; under `review` (a draft) the published revision stays `before`'s.
 */
export function publishingAfter(
  data: { publishing?: 'review'; occurredAt: string },
  revision: number,
  before: Pick<PublishingState, 'publishedRevision' | 'publishedAt'>,
): PublishingState {
  if (data.publishing === 'review')
    return { publishing: 'review', publishedRevision: before.publishedRevision, publishedAt: before.publishedAt };
  return { publishing: 'on_save', publishedRevision: revision, publishedAt: data.occurredAt };
}

/**
 * What a publish of `command.revision` (default: the latest template revision) records, or null when that
 * revision is already the published one (nothing to append). Any create or save of the project's current
 * life can be published, an older one too (a rollback of what renders send; the history keeps both).
 * @throws DomainError `revision_not_found` (no such revision), `revision_not_publishable` (a publish event,
 *   a deletion, or a revision from before the project was deleted and created again), `publishing_on_save`
 *   (the project publishes every save: only its latest revision is published).
 */
export function decidePublish(
  command: { projectId: string; revision?: number; target: PublishTarget; force?: boolean; overridden?: OverriddenCheck[] },
  active: PublishingState & { revision: number; templateRevision: number; createdRevision: number },
): { publishedRevision: number; force?: true; overridden?: OverriddenCheck[] } | null {
  const revision = command.revision ?? active.templateRevision;
  const id = command.projectId;
  if (revision < 0 || revision > active.revision || command.target.kind === 'none') {
    throw new DomainError(
      'revision_not_found',
      `Project '${id}' has no revision ${revision} to publish (revisions 0–${active.revision}).`,
      {
        revision,
        current_revision: active.revision,
      },
    );
  }
  const templates = `a create or save from ${active.createdRevision} to ${active.templateRevision}`;
  if (command.target.kind === 'publish') {
    const of = command.target.publishedRevision;
    throw notPublishable(id, revision, `it is the publish of revision ${of}, not a template revision; publish ${of}, or ${templates}`);
  }
  if (command.target.kind === 'deleted' || revision < active.createdRevision) {
    throw notPublishable(id, revision, `it belongs to the project before its deletion; publish ${templates}`);
  }
  if (revision === active.publishedRevision) return null;
  if (active.publishing === 'on_save') {
    throw new DomainError(
      'publishing_on_save',
      `Project '${id}' publishes every save (publishing: on_save), so only its latest revision ${active.templateRevision} is published, ` +
        `not ${revision}. Save it with "publishing": "review" to publish revisions apart from saves, or restore ${revision}.`,
      { revision, published_revision: active.publishedRevision },
    );
  }
  if (!command.force) return { publishedRevision: revision };
  const overridden = command.overridden && command.overridden.length > 0 ? { overridden: command.overridden } : {};
  return { publishedRevision: revision, force: true, ...overridden };
}

function notPublishable(projectId: string, revision: number, why: string): DomainError {
  return new DomainError('revision_not_publishable', `Revision ${revision} of project '${projectId}' cannot be published: ${why}.`, {
    revision,
  });
}

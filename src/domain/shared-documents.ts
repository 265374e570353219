/**
 * Layouts and shared partials (docs/layouts.md), pure: each is a stream of its own,
 * `layout-<workspace>:<id>` or `partial-<workspace>:<id>` (named like project streams, outside the `project-`
 * prefix the projector follows), with revisions and publishing as projects have them (docs/publishing.md).
 * Its events carry the whole source at every create and save, so any revision can be rendered again.
 */
import { DomainError } from './errors.js';
import type { Publishing } from './publishing.js';

/** A layout (an MJML document with one `<lp-slot />`) or a shared partial (Handlebars/MJML called as `{{> shared/<id>}}`). */
export type SharedKind = 'layout' | 'partial';

/** Which document: its kind, workspace and id. */
export interface SharedRef {
  kind: SharedKind;
  workspace: string;
  id: string;
}

/** The event types of a kind: `LayoutCreated` … `PartialDeleted`. */
export type SharedEventType = `${'Layout' | 'Partial'}${'Created' | 'Saved' | 'Published' | 'Deleted'}`;

/** One event's data (a create or save carries `source`; a publish `publishedRevision`). */
export interface SharedEventData {
  workspace: string;
  id: string;
  occurredAt: string;
  source?: string;
  /** On a create or save: `review` when it is a draft (absent: published by the save). */
  publishing?: 'review';
  publishedRevision?: number;
  /** On a publish: sent with `"force": true`, which passes breaking variable changes of followers. */
  force?: true;
  /** With `force`: the breaking changes it went past, by follower (at most 100, as `ProjectPublished`'s). */
  overridden?: Array<{ project_id: string; path: string; change: string; key_ids: string[] }>;
}

/** A document's history folded: every source kept (small documents; a render may pin any revision). */
export interface SharedState {
  status: 'none' | 'active' | 'deleted';
  /** Stream revision of the last event (-1: no stream). */
  revision: number;
  /** First revision of the current life (after the last deletion). */
  createdRevision: number;
  createdAt: string | null;
  updatedAt: string | null;
  publishing: Publishing;
  /** Stream revision of the latest create or save. */
  sourceRevision: number;
  publishedRevision: number | null;
  publishedAt: string | null;
  /** Source by stream revision, of the current life's creates and saves. */
  sources: ReadonlyMap<number, string>;
}

export const initialSharedState: SharedState = Object.freeze({
  status: 'none',
  revision: -1,
  createdRevision: -1,
  createdAt: null,
  updatedAt: null,
  publishing: 'on_save',
  sourceRevision: -1,
  publishedRevision: null,
  publishedAt: null,
  sources: new Map<number, string>(),
});

/** `layout-<workspace>:<id>` / `partial-<workspace>:<id>`. */
export function sharedStream({ kind, workspace, id }: SharedRef): string {
  return `${kind}-${workspace}:${id}`;
}

/** The event type of `kind` and `what`: `LayoutSaved`, `PartialPublished`, … */
export function sharedEventType(kind: SharedKind, what: 'Created' | 'Saved' | 'Published' | 'Deleted'): SharedEventType {
  return `${kind === 'layout' ? 'Layout' : 'Partial'}${what}`;
}

/** Fold one event (at stream revision `revision`). Never throws on a recorded event. */
export function evolveShared(state: SharedState, type: string, data: SharedEventData, revision: number): SharedState {
  const what = type.replace(/^(Layout|Partial)/, '');
  if (what === 'Created' || what === 'Saved') {
    const fresh = what === 'Created';
    const sources = new Map(fresh ? [] : state.sources);
    sources.set(revision, data.source ?? '');
    const draft = data.publishing === 'review';
    return {
      status: 'active',
      revision,
      createdRevision: fresh ? revision : state.createdRevision,
      createdAt: fresh ? data.occurredAt : state.createdAt,
      updatedAt: data.occurredAt,
      publishing: draft ? 'review' : 'on_save',
      sourceRevision: revision,
      publishedRevision: draft ? (fresh ? null : state.publishedRevision) : revision,
      publishedAt: draft ? (fresh ? null : state.publishedAt) : data.occurredAt,
      sources,
    };
  }
  if (what === 'Published') {
    return { ...state, revision, publishedRevision: data.publishedRevision ?? null, publishedAt: data.occurredAt };
  }
  if (what === 'Deleted') return { ...initialSharedState, status: 'deleted', revision };
  return { ...state, revision };
}

/** `layout_not_found` / `partial_not_found`, naming the id and how to create one. */
export function sharedNotFound(ref: Pick<SharedRef, 'kind' | 'id'>, detail = 'does not exist'): DomainError {
  const path = ref.kind === 'layout' ? '/layouts' : '/partials';
  return new DomainError(`${ref.kind}_not_found`, `The ${kindName(ref.kind)} '${ref.id}' ${detail}: create it with POST ${path}.`, {
    [`${ref.kind}_id`]: ref.id,
  });
}

/** "layout" / "shared partial". */
export function kindName(kind: SharedKind): string {
  return kind === 'layout' ? 'layout' : 'shared partial';
}

/**
 * The revision a publish names (default: the latest create or save), or null when it is already published.
 * @throws DomainError `revision_not_found` (not a create or save of the current life), `publishing_on_save`.
 */
export function decideSharedPublish(ref: SharedRef, state: SharedState, asked: number | undefined): number | null {
  const revision = asked ?? state.sourceRevision;
  if (!state.sources.has(revision)) {
    throw new DomainError(
      'revision_not_found',
      `The ${kindName(ref.kind)} '${ref.id}' has no create or save at revision ${revision} in its current life: ` +
        `publish one of ${[...state.sources.keys()].join(', ')}.`,
      { revision },
    );
  }
  if (state.publishedRevision === revision) return null;
  if (state.publishing === 'on_save' && revision !== state.sourceRevision) {
    throw new DomainError(
      'publishing_on_save',
      `The ${kindName(ref.kind)} '${ref.id}' publishes every save: only its latest revision (${state.sourceRevision}) can be ` +
        `published. Save it with "publishing": "review" first.`,
      { revision },
    );
  }
  return revision;
}

/**
 * `project-details`: one document per project with everything GET /projects/:id serves at the
 * latest revision. A deleted project keeps a tombstone (status 'deleted') so the API can tell
 * "deleted" from "never existed".
 */
import { alreadyApplied, projectLocation, type Projection, type ProjectionEvent } from './projection.js';
import { assertNever, type HelperDeclaration, type Publishing } from '../src/domain/project.js';
import { publishingAfter } from '../src/domain/publishing.js';
import type { LocaleVariant } from '../src/domain/locales.js';
import type { MjmlNode, ProjectMetadata } from '../src/domain/mjml-ast.js';
import type { TemplateComposition } from '../src/domain/composition.js';
import { publishedTemplateOf } from '../src/domain/published-template.js';

/**
 * A project at its latest revision. Timestamps are RFC 3339 UTC with milliseconds (the events' `occurredAt`).
 * `revision` is the stream revision of the last event applied. After deletion `ast`, `publishedHtml` and
 * `mjmlVersion` are `null`, `deletedAt` is set and `updatedAt` equals it.
 */
export interface ProjectDetailsDoc {
  workspace: string;
  id: string;
  revision: number;
  status: 'active' | 'deleted';
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  metadata: ProjectMetadata;
  ast: MjmlNode | null;
  publishedHtml: string | null;
  mjmlVersion: string | null;
  /** The revision's project partials; absent when it has none (and after deletion). */
  partials?: Record<string, string>;
  /** The revision's declared helpers; absent when it has none (and after deletion). */
  helpers?: Record<string, HelperDeclaration>;
  /** `dynamic` for a Handlebars-first revision; absent when static (and after deletion). */
  renderMode?: 'dynamic';
  /** The revision's default locale (docs/locales.md); absent when it has none (and after deletion). */
  defaultLocale?: string;
  /** The revision's localized variants by BCP 47 tag; absent when it has none (and after deletion). */
  locales?: Record<string, LocaleVariant>;
  /** The layout and shared partials the revision follows (docs/layouts.md); absent when none. */
  composition?: TemplateComposition;
  /** Absent in documents written before publishing modes: `on_save`. */
  publishing?: Publishing;
  /** Stream revision of the latest create or save (whose template this document holds); absent: `revision`. */
  templateRevision?: number;
  /** The revision renders use: null under review before a first publish; absent (older documents): `revision`. */
  publishedRevision?: number | null;
  /** When `publishedRevision` was published (RFC 3339); absent (older documents): `updatedAt`. */
  publishedAt?: string | null;
}

/** The publishing fields a document stores: each only when it differs from its default (`publishingOf`). */
export function storedPublishing(
  fields: { publishing: Publishing; templateRevision: number; publishedRevision: number | null; publishedAt: string | null },
  doc: { revision: number; updatedAt: string },
): PublishingFields {
  return {
    ...(fields.publishing === 'review' ? { publishing: 'review' as const } : {}),
    ...(fields.templateRevision !== doc.revision ? { templateRevision: fields.templateRevision } : {}),
    ...(fields.publishedRevision !== doc.revision ? { publishedRevision: fields.publishedRevision } : {}),
    ...(fields.publishedAt !== doc.updatedAt ? { publishedAt: fields.publishedAt } : {}),
  };
}

/** The optional publishing fields of a document (absent: their defaults). */
export interface PublishingFields {
  publishing?: Publishing;
  templateRevision?: number;
  publishedRevision?: number | null;
  publishedAt?: string | null;
}

/** A document without its publishing fields (to store them again with `storedPublishing`). */
export function withoutPublishing<T extends PublishingFields>(doc: T): Omit<T, keyof PublishingFields> {
  const { publishing: _p, templateRevision: _t, publishedRevision: _r, publishedAt: _a, ...rest } = doc;
  return rest;
}

/**
 * The publishing fields of a project-details or template-list document, defaults filled in for documents
 * written before publishing modes existed (every save published: the document's revision). Pure.
 */
export function publishingOf(doc: {
  revision: number;
  updatedAt: string;
  publishing?: Publishing;
  templateRevision?: number;
  publishedRevision?: number | null;
  publishedAt?: string | null;
}): { publishing: Publishing; templateRevision: number; publishedRevision: number | null; publishedAt: string | null } {
  return {
    publishing: doc.publishing ?? 'on_save',
    templateRevision: doc.templateRevision ?? doc.revision,
    publishedRevision: doc.publishedRevision === undefined ? doc.revision : doc.publishedRevision,
    publishedAt: doc.publishedAt === undefined ? doc.updatedAt : doc.publishedAt,
  };
}

/** Pure, idempotent by stream revision; never throws on a recorded event. */
export const projectDetails: Projection<ProjectDetailsDoc> = {
  name: 'project-details',
  version: 2,
  locate: projectLocation,
  evolve(doc, event: ProjectionEvent): ProjectDetailsDoc | null {
    if (alreadyApplied(doc, event)) return doc;
    switch (event.type) {
      case 'ProjectCreated': {
        const { workspace, projectId, occurredAt, metadata } = event.data;
        return {
          workspace,
          id: projectId,
          revision: event.revision,
          status: 'active',
          createdAt: occurredAt,
          updatedAt: occurredAt,
          metadata,
          ...publishedTemplateOf(event.data),
          ...storedPublishing(
            {
              templateRevision: event.revision,
              ...publishingAfter(event.data, event.revision, { publishedRevision: null, publishedAt: null }),
            },
            { revision: event.revision, updatedAt: occurredAt },
          ),
        };
      }
      case 'ProjectSaved': {
        // No document (creation never seen) or a tombstone: the decider never emits this; leave it be.
        if (doc === null || doc.status === 'deleted') return doc;
        const { occurredAt, metadata } = event.data;
        // each revision has its own partials, helpers, locales and composition, or none
        const { partials: _p, helpers: _h, renderMode: _m, defaultLocale: _d, locales: _l, composition: _c, ...rest } = doc;
        const publishing = { templateRevision: event.revision, ...publishingAfter(event.data, event.revision, publishingOf(doc)) };
        return {
          ...withoutPublishing(rest),
          revision: event.revision,
          updatedAt: occurredAt,
          metadata,
          ...publishedTemplateOf(event.data),
          ...storedPublishing(publishing, { revision: event.revision, updatedAt: occurredAt }),
        };
      }
      case 'ProjectPublished': {
        if (doc === null || doc.status === 'deleted') return doc;
        const { occurredAt, publishedRevision } = event.data;
        return {
          ...doc,
          ...publishingOf(doc),
          revision: event.revision,
          updatedAt: occurredAt,
          publishedRevision,
          publishedAt: occurredAt,
        };
      }
      case 'ProjectDeleted': {
        if (doc === null) return null;
        const at = event.data.occurredAt;
        const { partials: _p, helpers: _h, renderMode: _m, defaultLocale: _d, locales: _l, ...rest } = doc;
        return {
          ...withoutPublishing(rest),
          revision: event.revision,
          status: 'deleted',
          updatedAt: at,
          deletedAt: at,
          ast: null,
          publishedHtml: null,
          mjmlVersion: null,
        };
      }
      default:
        return assertNever(event);
    }
  },
};

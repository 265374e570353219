/**
 * Domain/read-model shapes → the API's JSON (snake_case, RFC 3339 UTC timestamps with ms).
 */
import type { ProjectSummary, ProjectView } from '../application/read/index.js';
import type { TemplateWarning } from '../application/ports/index.js';
import type { RevisionHistoryItem } from '../../projections/index.js';
import type { RenderOutput } from '../application/render/index.js';
import { MAX_MISSING_VARIABLE_WARNINGS } from '../rendering/index.js';

/**
 * The Project resource (ARCHITECTURE §4). A view without `publishing` (built before publishing modes) is
 * presented as `on_save` with its own revision published.
 */
export function presentProject(view: Omit<ProjectView, 'publishing'> & { publishing?: ProjectView['publishing'] }) {
  const publishing = view.publishing ?? {
    mode: 'on_save',
    publishedRevision: view.revision,
    publishedAt: view.updatedAt,
    unpublishedChanges: false,
  };
  return {
    id: view.projectId,
    revision: view.revision,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
    metadata: view.metadata,
    ast: view.ast,
    published_html: view.publishedHtml,
    mjml_version: view.mjmlVersion,
    partials: view.partials,
    helpers: view.helpers,
    render_mode: view.renderMode,
    default_locale: view.defaultLocale,
    locales: view.locales,
    // Only when the revision names a layout or shared partials (docs/layouts.md).
    ...(view.composition?.layout ? { layout: view.composition.layout } : {}),
    ...(view.composition?.sharedPartials ? { shared_partials: view.composition.sharedPartials } : {}),
    publishing: publishing.mode,
    published_revision: publishing.publishedRevision,
    published_at: publishing.publishedAt,
    unpublished_changes: publishing.unpublishedChanges,
  };
}

/**
 * Project after a write, with what the import or the validator had to say. `unchanged`: true when the
 * write appended nothing because its content equalled the current revision's (docs/api.md "Saving identical content").
 */
export function presentWrite(view: ProjectView, warnings: TemplateWarning[], unchanged = false) {
  return { ...presentProject(view), warnings, unchanged };
}

/** One entry of GET /projects and GET /templates. */
export function presentSummary(summary: ProjectSummary) {
  const { publishing } = summary;
  return {
    id: summary.id,
    name: summary.name,
    subject: summary.subject,
    revision: summary.revision,
    created_at: summary.createdAt,
    updated_at: summary.updatedAt,
    publishing: publishing.mode,
    published_revision: publishing.publishedRevision,
    published_at: publishing.publishedAt,
    unpublished_changes: publishing.unpublishedChanges,
  };
}

/** One entry of GET /projects/:id/revisions. */
export function presentRevision(item: RevisionHistoryItem) {
  return {
    revision: item.revision,
    updated_at: item.occurredAt,
    event: item.event,
    ...(item.restoredFrom !== undefined ? { restored_from: item.restoredFrom } : {}),
    ...(item.publishedRevision !== undefined ? { published_revision: item.publishedRevision } : {}),
    ...(item.draft ? { draft: true } : {}),
    name: item.name,
    mjml_version: item.mjmlVersion,
    published_html_bytes: item.publishedHtmlBytes,
  };
}

/** GET /templates/:id: what a sender needs to call render. */
export function presentTemplate(view: ProjectView, variables: string[]) {
  return {
    id: view.projectId,
    revision: view.revision,
    updated_at: view.updatedAt,
    name: typeof view.metadata['name'] === 'string' ? view.metadata['name'] : null,
    subject: typeof view.metadata['subject'] === 'string' ? view.metadata['subject'] : null,
    mjml_version: view.mjmlVersion,
    variables,
  };
}

/**
 * POST /templates/:id/render result, as the JSON text sent, in three pieces written one after another
 * (their concatenation is the JSON):
 * `{ id, revision, updated_at, published_sha256, format, html | mjml, subject, preheader, text, locale, headers?, warnings }`.
 * Written out rather than built as an object and stringified, on the path every email takes: the body
 * is usually rendered already escaped for JSON (`output.escaped`), so the HTML is never escaped a second
 * time. The middle piece is the body itself (inside its quotes, when escaped already): joining it into one
 * string would copy the whole HTML once more, and for a large email that copy (a fresh large string, then
 * its UTF-8 length) cost more than the render (issue 24: ~150 µs of ~700 for 130 KB).
 */
export function presentRender(output: RenderOutput, receipt: string | null = null): [head: string, body: string, tail: string] {
  const head =
    `{"id":${JSON.stringify(output.id)},"revision":${output.revision},"updated_at":${JSON.stringify(output.updatedAt)},` +
    `"published_sha256":"${output.publishedSha256}",` +
    // Only for a revision that follows a layout or shared partials (docs/layouts.md).
    (output.sharedPartialRevisions
      ? `"layout_revision":${JSON.stringify(output.layoutRevision ?? null)},"shared_partial_revisions":${JSON.stringify(output.sharedPartialRevisions)},`
      : '') +
    `"format":"${output.format}","${output.format}":`;
  const tail =
    `,"subject":${JSON.stringify(output.parts.subject)},"preheader":${JSON.stringify(output.parts.preheader)},` +
    `"text":${JSON.stringify(output.parts.text)},"locale":${JSON.stringify(output.locale)},` +
    // `headers` only when the revision declares `metadata.headers` (docs/policy.md).
    (output.parts.headers ? `"headers":${JSON.stringify(output.parts.headers)},` : '') +
    // A compact JWS is base64url and dots: nothing to escape (docs/receipts.md).
    `"receipt":${receipt === null ? 'null' : `"${receipt}"`},` +
    `"warnings":${JSON.stringify(output.parts.warnings)}}`;
  return output.escaped ? [`${head}"`, output.body, `"${tail}`] : [head, JSON.stringify(output.body), tail];
}

/** Longest `X-Missing-Variable-Paths` value, characters. */
export const MAX_PATHS_HEADER_LENGTH = 4096;

/**
 * The missing variables of an `Accept: text/html` render, which has no JSON body to carry warnings:
 * `X-Missing-Variables` (always) is how many distinct paths the HTML (with its preheader) read and the
 * variables do not have; `X-Missing-Variable-Paths` (only when there are any) lists the first of them,
 * sorted, separated by ", " — at most 50 and as many as fit in `MAX_PATHS_HEADER_LENGTH` characters (HTTP
 * clients refuse large headers; Node's default limit is 16 KB for all of them) — each percent-encoded
 * (RFC 3986 §2.1, UTF-8) outside letters, digits and `. _ - ~ [ ] $`, so any path is a valid header value.
 */
export function missingVariablesHeaders(paths: readonly string[]): Record<string, string> {
  if (paths.length === 0) return { 'X-Missing-Variables': '0' };
  // Buffer, not encodeURIComponent: a lone surrogate (a path may hold one) becomes U+FFFD instead of throwing.
  const encode = (run: string) =>
    [...Buffer.from(run, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  let list = '';
  for (const path of paths.slice(0, MAX_MISSING_VARIABLE_WARNINGS)) {
    const item = path.replace(/[^A-Za-z0-9._~[\]$-]+/g, encode);
    if (list.length + 2 + item.length > MAX_PATHS_HEADER_LENGTH) break;
    list += list === '' ? item : `, ${item}`;
  }
  return { 'X-Missing-Variables': String(paths.length), ...(list !== '' ? { 'X-Missing-Variable-Paths': list } : {}) };
}

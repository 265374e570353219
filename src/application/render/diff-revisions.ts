/**
 * The recipient-visible diff of two revisions (issue 22, item 3; POST /projects/:id/diff): both revisions
 * rendered by the render use case (`TemplateRenderer`) with the same variables — the caller's, else a sample
 * built from what the two revisions read (the save-time check's sample, typed by the declared schema) — and
 * compared as a recipient sees them (rendering's `visibleDiff`).
 */
import {
  analyzeTemplate,
  buildSampleContext,
  parseHandlebars,
  typedBySchema,
  visibleDiff,
  type DataRead,
  type RenderedEmail,
  type VisibleDiff,
} from '../../rendering/index.js';
import type { ProjectRef } from '../../domain/project.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import { messagePartReads } from './render-parts.js';
import { notPublished, type RenderOutput, type TemplateRenderer } from './render-template.js';

/** Which two revisions to compare, and with what. */
export interface DiffRequest {
  /** A revision number, or `published`: the revision renders use (`publishedRevision`). */
  from: number | 'published';
  /** A revision number, or `latest`: the newest revision. */
  to: number | 'latest';
  /** The variables both revisions are rendered with; absent: a sample (`sampleVariables`). */
  variables?: Record<string, unknown>;
  /** Canonical BCP 47: both revisions render in this locale (docs/locales.md); absent: each one's default. */
  locale?: string;
}

export interface RevisionDiffOutput extends VisibleDiff {
  /** The revision numbers compared. */
  from: number;
  to: number;
  /** Whether the renders used the sample variables (none were given). */
  sampleVariables: boolean;
}

/**
 * The revisions a diff names: `published` is the revision renders use by default (the published one; under
 * `on_save` the newest save), `latest` the newest create or save (never a publish event's revision), as the
 * render use case resolves them (`ProjectQueries.publishedAt`).
 * @throws DomainError `not_published` (`published` of a review project with nothing published).
 */
export async function diffRevisions(
  queries: Pick<ProjectQueries, 'publishedAt'>,
  ref: ProjectRef,
  current: Pick<ProjectView, 'revision'>,
  request: Pick<DiffRequest, 'from' | 'to'>,
): Promise<{ from: number; to: number }> {
  const named = request.from === 'published' || request.to === 'latest' ? await queries.publishedAt(ref, current.revision) : undefined;
  const from = request.from === 'published' ? named!.publishedRevision : request.from;
  if (from === null) throw notPublished(ref.projectId, named!.templateRevision);
  const to = request.to === 'latest' ? named!.templateRevision : request.to;
  return { from, to };
}

export class RevisionDiff {
  constructor(
    private readonly renderer: Pick<TemplateRenderer, 'render'>,
    private readonly queries: Pick<ProjectQueries, 'getProject' | 'getProjectAt' | 'publishedAt'>,
  ) {}

  /**
   * Renders both revisions with the same variables and compares what a recipient sees.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found` (a number that is not
   *   a saved revision); the render's errors (`invalid_variables`, `render_failed`, render limits, …).
   */
  async diff(ref: ProjectRef, request: DiffRequest): Promise<RevisionDiffOutput> {
    const current = await this.queries.getProject(ref);
    const { from, to } = await diffRevisions(this.queries, ref, current, request);
    const views = await Promise.all([from, to].map((revision) => this.queries.getProjectAt(ref, revision)));
    const variables = request.variables ?? sampleVariables(views);
    const [before, after] = await Promise.all(
      [from, to].map((revision) =>
        // Each render gets its own copy: the variables check fills in declared defaults.
        this.renderer.render(ref, {
          variables: structuredClone(variables),
          format: 'html',
          revision,
          encoding: 'json',
          ...(request.locale !== undefined ? { locale: request.locale } : {}),
        }),
      ),
    );
    return { from, to, sampleVariables: request.variables === undefined, ...visibleDiff(rendered(before!), rendered(after!)) };
  }
}

/** A render's HTML (unescaped) and parts, as `visibleDiff` compares them. */
function rendered(output: RenderOutput): RenderedEmail {
  const html = output.escaped ? (JSON.parse(`"${output.body}"`) as string) : output.body;
  return { html, subject: output.parts.subject, preheader: output.parts.preheader, text: output.parts.text };
}

/**
 * A sample that exercises both revisions: `buildSampleContext` over everything either reads (its template
 * with its partials, its subject and preheader), its leaves typed by the declared schema of the newer
 * revision that has one. A typed helper may still refuse a placeholder: the caller then gives `variables`.
 * @throws TemplateError `template_too_complex` (SAMPLE_MAX_NODES).
 */
export function sampleVariables(views: readonly ProjectView[]): Record<string, unknown> {
  const reads: DataRead[] = [];
  for (const view of views) {
    const partials = new Map<string, hbs.AST.Program>();
    for (const [name, source] of Object.entries(view.partials)) {
      const parsed = parseHandlebars(source);
      if (parsed.ok) partials.set(name, parsed.program);
    }
    const parsed = parseHandlebars(view.publishedHtml);
    if (parsed.ok) reads.push(...analyzeTemplate(parsed.program, { partials, declaredHelpers: Object.keys(view.helpers) }).dataReads);
    reads.push(...messagePartReads(view.metadata));
  }
  const sample = buildSampleContext({ dataReads: reads });
  const declared = [...views].reverse().find((view) => view.metadata['variables'] !== undefined)?.metadata['variables'];
  return declared === undefined ? sample : typedBySchema(sample, declared);
}

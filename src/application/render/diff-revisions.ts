/**
 * The recipient-visible diff of two revisions (issue 22, item 3; POST /projects/:id/diff): both revisions
 * rendered by the render use case (`TemplateRenderer`) with the same variables — the caller's; else a payload
 * made of each of the shapes the publish gate recorded for the template (diff-samples.ts), the changes
 * united; else a sample built from what the two revisions read (the save-time check's sample, typed by the
 * declared schema) — and compared as a recipient sees them (rendering's `visibleDiff`).
 */
import {
  analyzeTemplate,
  buildSampleContext,
  parseHandlebars,
  RenderLimitError,
  typedBySchema,
  visibleDiff,
  type DataRead,
  type RenderedEmail,
  type VisibleDiff,
} from '../../rendering/index.js';
import type { ProjectRef } from '../../domain/project.js';
import type { ProjectQueries, ProjectView } from '../read/index.js';
import { pickShapes, payloadOf, uniteDiffs, type SampledChange, type SampleRefusal, type ShapeSample } from './diff-samples.js';
import { messagePartReads } from './render-parts.js';
import { notPublished, RenderError, type RenderOutput, type TemplateRenderer } from './render-template.js';
import { InvalidVariablesError } from './render-variables.js';
import type { RecordedShape } from './variable-shape-store.js';

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

/**
 * What the renders used: the caller's `variables`; the payloads of recorded shapes; the schema's sample
 * (no shape recorded, or every recorded one refused by a revision).
 */
export type SampleSource = 'variables' | 'recorded_shapes' | 'schema';

export interface RevisionDiffOutput {
  /** The revision numbers compared. */
  from: number;
  to: number;
  /** Whether the renders used sample data (no `variables` were given). */
  sampleVariables: boolean;
  sampleSource: SampleSource;
  /** The recorded shapes rendered (the most-seen first), when any was recorded; refused ones say why. */
  samples?: ShapeSample[];
  /** Distinct shapes recorded for the template within the window (`samples` holds at most MAX_DIFF_SAMPLES). */
  shapesRecorded?: number;
  visibleChange: boolean;
  /** `visibleDiff`'s changes; with recorded shapes, each names the `samples` that showed it. */
  changes: Array<VisibleDiff['changes'][number] | SampledChange>;
}

/** Where the diff finds the variable shapes recorded for a template (the publish gate's `VariableShapeRecorder`). */
export interface RecordedShapesSource {
  recorded(ref: ProjectRef): Promise<ReadonlyArray<{ shapes: readonly RecordedShape[] }>>;
}

/** The refusals a sample's payload may meet; anything else (a 404, a full compile queue) fails the diff. */
const SAMPLE_REFUSALS = [InvalidVariablesError, RenderError, RenderLimitError] as const;

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
  /** `shapes`: absent (VARIABLE_SHAPES_WINDOW_HOURS=0), no recorded shape is ever used. */
  constructor(
    private readonly renderer: Pick<TemplateRenderer, 'render'>,
    private readonly queries: Pick<ProjectQueries, 'getProject' | 'getProjectAt' | 'publishedAt'>,
    private readonly shapes?: RecordedShapesSource,
  ) {}

  /**
   * Renders both revisions with the same variables and compares what a recipient sees: the caller's
   * variables; else each recorded shape's payload (a payload a revision refuses is reported in `samples`);
   * else, or when every one was refused, the schema's sample.
   * @throws DomainError `project_not_found`, `project_deleted`, `revision_not_found` (a number that is not
   *   a saved revision); the render's errors (`invalid_variables`, `render_failed`, render limits, …) with
   *   the caller's variables or the schema's sample; what the shape store throws.
   */
  async diff(ref: ProjectRef, request: DiffRequest): Promise<RevisionDiffOutput> {
    const current = await this.queries.getProject(ref);
    const { from, to } = await diffRevisions(this.queries, ref, current, request);
    if (request.variables !== undefined) {
      const diff = visibleDiff(...(await this.#renderBoth(ref, from, to, request.variables, request.locale)));
      return { from, to, sampleVariables: false, sampleSource: 'variables', ...diff };
    }
    const recorded = this.shapes ? pickShapes(await this.shapes.recorded(ref)) : undefined;
    const fromShapes =
      recorded && recorded.picked.length > 0 ? await this.#diffShapes(ref, from, to, recorded.picked, request.locale) : undefined;
    const sampled = recorded && recorded.picked.length > 0 ? { samples: recorded.picked, shapesRecorded: recorded.distinct } : {};
    if (fromShapes) return { from, to, sampleVariables: true, sampleSource: 'recorded_shapes', ...sampled, ...fromShapes };
    const views = await Promise.all([from, to].map((revision) => this.queries.getProjectAt(ref, revision)));
    const diff = visibleDiff(...(await this.#renderBoth(ref, from, to, sampleVariables(views), request.locale)));
    return { from, to, sampleVariables: true, sampleSource: 'schema', ...sampled, ...diff };
  }

  /**
   * The united diffs of the samples both revisions render, one sample at a time (each is two renders);
   * a refusal is noted on its sample. Undefined when every sample was refused.
   */
  async #diffShapes(
    ref: ProjectRef,
    from: number,
    to: number,
    samples: ShapeSample[],
    locale: string | undefined,
  ): Promise<ReturnType<typeof uniteDiffs> | undefined> {
    const diffs: Array<{ sample: number; diff: VisibleDiff }> = [];
    for (const sample of samples) {
      const [before, after] = await Promise.allSettled(
        [from, to].map((revision) => this.#render(ref, revision, payloadOf(sample), locale)),
      );
      if (before!.status === 'fulfilled' && after!.status === 'fulfilled') {
        diffs.push({ sample: sample.sample, diff: visibleDiff(before!.value, after!.value) });
        continue;
      }
      sample.refused = [
        ...(before!.status === 'rejected' ? [refusal(before!.reason, from)] : []),
        ...(after!.status === 'rejected' ? [refusal(after!.reason, to)] : []),
      ];
    }
    return diffs.length > 0 ? uniteDiffs(diffs) : undefined;
  }

  async #renderBoth(
    ref: ProjectRef,
    from: number,
    to: number,
    variables: Record<string, unknown>,
    locale: string | undefined,
  ): Promise<[RenderedEmail, RenderedEmail]> {
    const [before, after] = await Promise.all([from, to].map((revision) => this.#render(ref, revision, variables, locale)));
    return [before!, after!];
  }

  /** One revision rendered as JSON, in `locale` when given (each revision's default otherwise: docs/locales.md). */
  async #render(ref: ProjectRef, revision: number, variables: Record<string, unknown>, locale: string | undefined): Promise<RenderedEmail> {
    // Each render gets its own copy: the variables check fills in declared defaults.
    const output = await this.renderer.render(ref, {
      variables: structuredClone(variables),
      format: 'html',
      revision,
      encoding: 'json',
      ...(locale !== undefined ? { locale } : {}),
    });
    return rendered(output);
  }
}

/** A sample's refusal by `revision`, as its render answered it. @throws `error` itself when it is not a refusal of the payload. */
function refusal(error: unknown, revision: number): SampleRefusal {
  if (!SAMPLE_REFUSALS.some((kind) => error instanceof kind)) throw error;
  const coded = error as InstanceType<(typeof SAMPLE_REFUSALS)[number]>;
  const { findings, detail } = coded.report();
  return { revision, code: coded.code, message: detail ?? coded.message, ...(findings && findings.length > 0 ? { errors: findings } : {}) };
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

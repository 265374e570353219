/**
 * The jobs the compile workers run, as the main thread sends them and gets their results back. Every
 * field crosses a thread boundary by structured clone: plain data only, errors as `SerializedError`.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { RenderLimits } from '../handlebars/budget.js';
import type { CompiledHelper, TemplateOutput } from '../handlebars/environment.js';
import type { HelperDeclaration } from '../../domain/project.js';
import type { DataRead } from '../handlebars/walker.js';
import type { MessagePartSources, MessagePartSpecs } from './message-parts.js';
import type { TemplateLimits } from '../limits.js';
import type { TemplateError } from '../template-error.js';
import type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from '../template-source.js';

/** Turn a client's template into a revision (prepare.ts): import, check, compile MJML, prove it renders. */
export interface PrepareJob {
  kind: 'prepare';
  source: TemplateSource;
  validation: ValidationMode;
  limits: TemplateLimits;
  /** Budget of the save-time proof renders. */
  renderLimits: RenderLimits;
  /** What the proof render may use besides sample data: the declared schema, a dry run's variables. */
  proof?: ProofData;
}

/** Make a stored revision renderable: its published HTML as template code writing `output`. */
export interface LoadJob {
  kind: 'load';
  publishedHtml: string;
  output: TemplateOutput;
  /** With output `html`: also compile the subject, preheader and plain-text templates. */
  parts?: MessagePartSources;
  /** The revision's project partials (sources by name): compiled with it, and counted in what it reads. */
  partials?: Record<string, string>;
  /** The revision's declared helpers: template-form ones compiled with it. */
  helpers?: Record<string, HelperDeclaration>;
  /** A dynamic revision: `publishedHtml` is Handlebars that generates MJML (no JSON form, text from the compiled HTML). */
  dynamic?: boolean;
}

/** One render of a dynamic revision: the MJML its Handlebars generated, compiled to HTML. */
export interface MjmlJob {
  kind: 'mjml';
  mjml: string;
  limits: TemplateLimits;
}

/** The data paths a stored template reads (what GET /templates/:id shows). */
export interface VariablesJob {
  kind: 'variables';
  ast: MjmlNode;
  partials?: Record<string, string>;
  /** A dynamic revision's source: read instead of the (empty) ast. */
  source?: string;
}

export type CompileJob = PrepareJob | LoadJob | VariablesJob | MjmlJob;

/**
 * What a `load` job gives back: JavaScript source of the compiled Handlebars template (`loadTemplate`
 * turns it into a function); for output `json` (json-output.ts), null when the template cannot have it.
 */
export interface LoadedRevision {
  spec: string | null;
  /** Hex SHA-256 of the published HTML's UTF-8 bytes (what render responses carry as `published_sha256`). */
  publishedSha256: string;
  /** What the template reads (analysis.ts `dataReads`): the inferred variables schema is built from it. */
  reads: DataRead[];
  /** The message parts, when the job asked for them. */
  parts?: MessagePartSpecs;
  /** The project partials compiled (`loadPartial` turns each into a function), by name; absent when none. */
  partials?: Record<string, string>;
  /** The declared helpers, template-form ones compiled (`loadDeclaredHelpers` makes them callable); absent when none. */
  helpers?: Record<string, CompiledHelper>;
  /** A URL attribute could not be wrapped in the safe-URL helper (safe-url.ts): check every rendered HTML whole. */
  urlScan?: true;
}

export interface JobResults {
  prepare: PreparedTemplate;
  load: LoadedRevision;
  /** Data paths the template reads, from the root context, sorted (`order.lines[].name`). */
  variables: string[];
  /** The compiled HTML of a dynamic render, and MJML's findings on it. */
  mjml: { html: string; warnings: TemplateWarning[] };
}

/** A TemplateError as it crosses the thread boundary. */
export type SerializedError = Pick<TemplateError, 'code' | 'message' | 'problems' | 'extra'>;

export type JobOutcome<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

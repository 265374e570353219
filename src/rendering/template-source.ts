/**
 * What a client sends as a template and what an accepted template becomes: the shapes shared by the
 * preparation pipeline (run in the compile workers) and the command path that stores revisions.
 */
import type { LocalizedContent } from '../domain/locales.js';
import type { TemplateComposition } from '../domain/composition.js';
import type { HelperDeclaration, PublishedTemplate } from '../domain/project.js';
import type { DataRead } from './handlebars/walker.js';

/** A template as a client sends it: MJML JSON, or MJML markup plus the files its `mj-include`s name. */
export type TemplateSource = ({ ast: unknown } | { mjml: string; includes?: Record<string, string>; uses?: TemplateUses }) & {
  /** Project partials by name: Handlebars sources inserted into the compiled HTML by `{{> name}}` at render time. */
  partials?: Record<string, string>;
  /** Declared helpers by name (declared-helpers.ts): aliases of library helpers and template-form helpers. */
  helpers?: Record<string, HelperDeclaration>;
  /**
   * `dynamic`: Handlebars that generates MJML, compiled with mjml2html at each render; `static`: an MJML
   * document compiled once. Absent: detected (a source whose Handlebars comes before its `<mjml>` root is dynamic).
   */
  renderMode?: 'static' | 'dynamic';
} & LocalizedContent;

/**
 * The layout and shared partials a template names (docs/layouts.md): composed with the markup before it is
 * prepared (application/render/template-composer.ts), never seen by the compile pool.
 */
export type TemplateUses = Pick<TemplateComposition, 'layout' | 'sharedPartials'>;

/** MJML validation: `strict` refuses any validator finding; `soft` accepts and returns them as warnings. */
export type ValidationMode = 'strict' | 'soft';

/** Something the client should know about an accepted template (validator finding, import fix-up). */
export interface TemplateWarning {
  /** Set on warnings that have one: `unescaped_output`, `unsafe_url` (docs/templates.md "Unsafe URLs and unescaped output"), `mismatched_tag`, … (markup checks). */
  code?: string;
  message: string;
  /** '' = the template itself, else the include key. */
  file?: string;
  line?: number;
  /** 1-based column (`unescaped_output`). */
  column?: number;
  tag?: string;
  /** The expression a warning is about (`unescaped_output`: `body`, or `the helper 'name'`). */
  expression?: string;
  /** The URL attribute and scheme a warning is about (`unsafe_url`). */
  attribute?: string;
  scheme?: string;
  /** `mismatched_tag`, `unclosed_tag`, `dropped_content`: the tag found and the one expected (docs/markup-checks.md "Markup checks"). */
  found?: string;
  expected?: string;
  /** The helper called and the argument a helper refused (`sample_render_incomplete`, `render_failed`). */
  helper?: string;
  argument?: string;
  /** A send-readiness policy finding (`policy_violation`, `policy_warning`): RFC 6901 pointer into the stored project. */
  pointer?: string;
  /** The caniemail feature a policy finding is about (`css-display-flex`). */
  feature?: string;
}

export interface PreparedTemplate {
  template: PublishedTemplate;
  warnings: TemplateWarning[];
  /** What the template reads (analysis.ts `dataReads`); absent for a template republished as it was (a restore). */
  reads?: DataRead[];
  /**
   * UTF-8 bytes of the HTML the save-time proof rendered with sample variables (a dynamic template: the HTML
   * compiled from the MJML it generated with them): what a send-readiness policy's `html_max_bytes` measures.
   */
  sampleHtmlBytes?: number;
  /** The proof render with the caller's real variables failed in a helper (POST /validate): `render_failed`, its line and helper. */
  variablesRefused?: TemplateWarning;
  /**
   * Each locale's own `mjml` (docs/locales.md "A full MJML variant") as prepared beside the main markup, in `locales`
   * order: what the send-readiness policy checks besides it (docs/policy.md). Absent without such variants.
   */
  variants?: Array<{ tag: string; template: PublishedTemplate; sampleHtmlBytes?: number }>;
}

/**
 * What the save-time proof render may use besides the template's own sample data (compile/proof.ts):
 * the declared variables schema (`metadata.variables`) to type the sample, and a dry run's real variables.
 */
export interface ProofData {
  declared?: unknown;
  variables?: Record<string, unknown>;
}

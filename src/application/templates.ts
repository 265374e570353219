/**
 * The port through which the command path turns a client's template into what a revision publishes.
 * Implemented by `src/rendering/template-preparer.ts`.
 */
import type { PublishedTemplate } from '../domain/project.js';

/** A template as a client sends it: MJML JSON, or MJML markup plus the files its `mj-include`s name. */
export type TemplateSource = { ast: unknown } | { mjml: string; includes?: Record<string, string> };

/** MJML validation: `strict` refuses any validator finding; `soft` accepts and returns them as warnings. */
export type ValidationMode = 'strict' | 'soft';

/** Something the client should know about an accepted template (validator finding, import fix-up). */
export interface TemplateWarning {
  message: string;
  /** '' = the template itself, else the include key. */
  file?: string;
  line?: number;
  tag?: string;
}

export interface PreparedTemplate {
  template: PublishedTemplate;
  warnings: TemplateWarning[];
}

export interface TemplatePreparer {
  /**
   * Validate, compile and check a template.
   * @throws TemplateError (src/rendering/template-error.ts) with a code naming why it was refused.
   */
  prepare(source: TemplateSource, validation: ValidationMode): Promise<PreparedTemplate>;
}

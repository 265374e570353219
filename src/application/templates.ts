/**
 * The port through which the command path turns a client's template into what a revision publishes.
 * Implemented by `src/rendering/compile/prepare.ts` (run in the compile pool).
 */
import type { PreparedTemplate, TemplateSource, ValidationMode } from '../rendering/template-source.js';

export type { PreparedTemplate, TemplateSource, TemplateWarning, ValidationMode } from '../rendering/template-source.js';

export interface TemplatePreparer {
  /**
   * Validate, compile and check a template.
   * @throws TemplateError (src/rendering/template-error.ts) with a code naming why it was refused.
   */
  prepare(source: TemplateSource, validation: ValidationMode): Promise<PreparedTemplate>;
}

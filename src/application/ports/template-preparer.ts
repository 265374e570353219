/**
 * The port through which the command path turns a client's template into what a revision publishes.
 * Implemented by `src/rendering/compile/prepare.ts` (run in the compile pool).
 */
import type { PreparedTemplate, ProofData, TemplateSource, ValidationMode } from '../../rendering/index.js';

export type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from '../../rendering/index.js';

export interface TemplatePreparer {
  /**
   * Validate, compile and check a template. `proof`: what its save-time proof render may use besides its
   * own sample data — the declared variables schema, a dry run's real variables (ProofData).
   * @throws TemplateError (src/rendering/template-error.ts) with a code naming why it was refused.
   */
  prepare(source: TemplateSource, validation: ValidationMode, proof?: ProofData): Promise<PreparedTemplate>;
}

/**
 * Full MJML variants (docs/locales.md "A full MJML variant"): a locale's own `mjml` document, prepared by the
 * same preparer as the template's markup (validated, compiled, proof-rendered), its refusals and warnings
 * named by the pointer `/locales/<tag>/mjml`. Only an `mjml`, static template can have them: its variants
 * are documents of the same kind.
 */
import type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from '../template-source.js';
import { TemplateError } from '../template-error.js';
import { escapePointer } from '../variables/validator.js';

type Prepare = (source: TemplateSource, validation: ValidationMode, proof?: ProofData) => Promise<PreparedTemplate>;

/** The pointer of a variant's markup: `/locales/<tag>/mjml` (RFC 6901, `~` and `/` escaped). */
export function variantPointer(tag: string): string {
  return `/locales/${escapePointer(tag)}/mjml`;
}

/**
 * Each variant with `mjml` of `source` prepared as its markup would be (with the template's partials and
 * helpers, no `includes`: they belong to the main markup), in tag order. `dynamic`: the main markup is a
 * dynamic template.
 * @throws TemplateError `locale_markup_unsupported` (an `ast` or dynamic template with a variant `mjml`);
 *   the variant's own refusal, its findings pointing at `/locales/<tag>/mjml` and `locale` added.
 */
export async function prepareVariantMarkup(
  prepare: Prepare,
  source: TemplateSource,
  dynamic: boolean,
  validation: ValidationMode,
  proof?: ProofData,
): Promise<Map<string, { prepared: PreparedTemplate; warnings: TemplateWarning[] }>> {
  const results = new Map<string, { prepared: PreparedTemplate; warnings: TemplateWarning[] }>();
  for (const [tag, variant] of Object.entries(source.locales ?? {})) {
    if (variant.mjml === undefined) continue;
    const pointer = variantPointer(tag);
    if ('ast' in source || dynamic) {
      const kind = 'ast' in source ? 'sent as an MJML AST (`ast`)' : 'a dynamic template (Handlebars that generates MJML)';
      throw new TemplateError(
        'locale_markup_unsupported',
        `locales.${tag}.mjml replaces the template's MJML markup, but this template is ${kind}. Send the template as "mjml" ` +
          `markup with a static MJML document, or translate this locale with its "strings" and {{t}} instead of its own markup.`,
        [
          {
            pointer,
            message: `a full MJML variant needs a static "mjml" template (found ${'ast' in source ? 'ast' : 'render_mode dynamic'})`,
          },
        ],
        { locale: tag },
      );
    }
    const own: TemplateSource = {
      mjml: variant.mjml,
      ...(source.partials ? { partials: source.partials } : {}),
      ...(source.helpers ? { helpers: source.helpers } : {}),
      renderMode: 'static',
    };
    let prepared: PreparedTemplate;
    try {
      prepared = await prepare(own, validation, proof);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      const problems = error.problems.length > 0 ? error.problems : [{ message: error.message }];
      throw new TemplateError(
        error.code,
        `locales.${tag}.mjml: ${error.message}`,
        problems.map((problem) => ({ ...problem, pointer })),
        { ...error.extra, locale: tag },
      );
    }
    results.set(tag, { prepared, warnings: prepared.warnings.map((warning) => ({ ...warning, pointer })) });
  }
  return results;
}

/**
 * Dry runs in one locale (docs/locales.md "Validating a locale"): the source a render in that locale would use
 * (its variant's own `mjml` in place of the template's markup), and its findings pointed at that variant.
 */
import { pickLocale } from '../../domain/locales.js';
import type { TemplateSource } from '../ports/index.js';

/** A finding of a dry run (validate-template.ts `ValidationProblem`). */
type Finding = { pointer?: string; message: string; [detail: string]: unknown };

/**
 * `source` as a render in `asked` (canonical BCP 47) uses it: the variant its chain picks (`tag`, null without
 * locales), alone among the locales, and its own `mjml` as the markup (`ownMarkup`) when it has one and the
 * template is `mjml` markup (an `ast` template keeps the variant, so the preparer refuses it as a save would).
 */
export function sourceInLocale(source: TemplateSource, asked: string): { source: TemplateSource; tag: string | null; ownMarkup: boolean } {
  const picked = pickLocale(source, asked);
  if (picked === null) return { source, tag: null, ownMarkup: false };
  const { tag, variant } = picked;
  if (!('mjml' in source) || variant.mjml === undefined)
    return { source: { ...source, defaultLocale: tag, locales: { [tag]: variant } }, tag, ownMarkup: false };
  const { mjml, ...rest } = variant;
  // The variant's markup has no `includes`: they belong to the main markup (as at save: variant-markup.ts).
  const { includes: _includes, ...markupless } = source;
  return { source: { ...markupless, mjml, defaultLocale: tag, locales: { [tag]: rest } }, tag, ownMarkup: true };
}

/** `findings` of a variant's markup: those without a pointer point at `/locales/<tag>/mjml`; every one names `locale`. */
export function inVariant<T extends Finding>(findings: readonly T[], tag: string): T[] {
  return findings.map((finding) => ({ ...finding, pointer: finding.pointer ?? `/locales/${tag}/mjml`, locale: tag }));
}

/**
 * Localized variants at save (docs/locales.md): a `TemplatePreparer` around the compile pool's that refuses
 * what cannot render (an ICU message that does not parse, a `{{t}}` key that is not a literal), carries the
 * variants into the prepared revision, and warns about variants that lack strings the template reads.
 */
import type { LocalizedContent } from '../../domain/locales.js';
import type { PreparedTemplate, ProofData, TemplateSource, TemplateWarning, ValidationMode } from '../template-source.js';
import { TemplateError } from '../template-error.js';
import { messageProblem, translationKeys } from './messages.js';
import { prepareVariantMarkup, variantPointer } from './variant-markup.js';
import { escapePointer } from '../variables/validator.js';

/** What this decorator needs of the preparer it wraps (`PooledTemplatePreparer`). */
export interface InnerPreparer {
  prepare(source: TemplateSource, validation: ValidationMode, proof?: ProofData): Promise<PreparedTemplate>;
}

export class LocalizedTemplatePreparer {
  constructor(private readonly inner: InnerPreparer) {}

  /**
   * Prepare `source` with the wrapped preparer, then each variant's own `mjml` the same way, then attach its
   * `locales`/`defaultLocale`.
   * @throws TemplateError `invalid_message` (locale, key, parser offset), `invalid_translation_key`,
   *   `locale_markup_unsupported`; what the wrapped preparer throws (for a variant's markup: its pointer).
   */
  async prepare(source: TemplateSource, validation: ValidationMode, proof?: ProofData): Promise<PreparedTemplate> {
    const { locales, defaultLocale } = source;
    for (const [tag, variant] of Object.entries(locales ?? {})) {
      const problem = messageProblem(tag, variant.strings ?? {});
      if (problem === null) continue;
      const pointer = `/locales/${tag}/strings/${escapePointer(problem.key)}`;
      throw new TemplateError(
        'invalid_message',
        `The ${tag} string '${problem.key}' is not an ICU message: ${problem.reason} at character ${problem.offset}. ` +
          `Write ICU MessageFormat, e.g. "{count, plural, one {# item} other {# items}}".`,
        [{ pointer, message: `${problem.reason} at offset ${problem.offset}` }],
        { locale: tag, key: problem.key, offset: problem.offset },
      );
    }
    const prepared = await this.inner.prepare(source, validation, proof);
    const template = prepared.template;
    const dynamic = template.renderMode === 'dynamic';
    const variants = await prepareVariantMarkup((s, v, p) => this.inner.prepare(s, v, p), source, dynamic, validation, proof);
    const shared: Array<string | undefined> = [...Object.values(template.partials ?? {})];
    for (const variant of Object.values(locales ?? {})) shared.push(variant.subject, variant.preheader);
    // A variant's own markup first, so that its refusal names where it is.
    const checked: Array<[Array<string | undefined>, string | undefined]> = [...variants].map(([tag, own]) => [
      [own.prepared.template.publishedHtml],
      tag,
    ]);
    checked.push([[template.publishedHtml, ...shared], undefined]);
    for (const [texts, tag] of checked) {
      const { nonLiteral } = translationKeys(texts);
      if (nonLiteral === null) continue;
      throw new TemplateError(
        'invalid_translation_key',
        `{{t ${nonLiteral}}} names its string with a variable: a key must be a string literal, e.g. {{t "order.shipped"}}, ` +
          'so that every locale can be checked for it at save.',
        [{ ...(tag !== undefined ? { pointer: variantPointer(tag) } : {}), message: `key ${nonLiteral} is not a string literal` }],
        { expression: nonLiteral, ...(tag !== undefined ? { locale: tag } : {}) },
      );
    }
    const localized: LocalizedContent = {
      ...(defaultLocale !== undefined ? { defaultLocale } : {}),
      ...(locales !== undefined && Object.keys(locales).length > 0 ? { locales } : {}),
    };
    // What each locale reads: its own markup's keys, or the template's markup's, and the shared sources' keys.
    const keysOf = (html: string) => translationKeys([...shared, html]).keys;
    const mainKeys = keysOf(template.publishedHtml);
    const keysByTag = (tag: string) => {
      const own = variants.get(tag);
      return own ? keysOf(own.prepared.template.publishedHtml) : mainKeys;
    };
    const compiled = [...variants].map(([tag, own]) => ({
      tag,
      template: own.prepared.template,
      ...(own.prepared.sampleHtmlBytes !== undefined ? { sampleHtmlBytes: own.prepared.sampleHtmlBytes } : {}),
    }));
    return {
      ...prepared,
      ...(compiled.length > 0 ? { variants: compiled } : {}),
      template: { ...template, ...localized },
      warnings: [
        ...prepared.warnings,
        ...[...variants.values()].flatMap((own) => own.warnings),
        ...missingStringWarnings(localized, keysByTag),
      ],
    };
  }
}

/** A `missing_translation` warning per variant lacking keys the template reads (the default locale's strings do not count). */
export function missingStringWarnings(content: LocalizedContent, keysOf: (tag: string) => readonly string[]): TemplateWarning[] {
  const warnings: TemplateWarning[] = [];
  for (const [tag, variant] of Object.entries(content.locales ?? {})) {
    const missing = keysOf(tag).filter((key) => !Object.hasOwn(variant.strings ?? {}, key));
    if (missing.length === 0) continue;
    warnings.push({
      code: 'missing_translation',
      message: `Locale ${tag} has no string for ${missing.map((key) => `'${key}'`).join(', ')}: renders fall back to the default locale's, and strict renders in ${tag} fail.`,
      pointer: `/locales/${tag}/strings`,
    });
  }
  return warnings;
}

/**
 * The localized variants of a create, save or validate body (docs/locales.md): `default_locale` and
 * `locales`, their tags canonicalised (ECMA-402 `Intl.getCanonicalLocales`: `pt-br` → `pt-BR`).
 */
import { z } from 'zod';
import type { LocaleVariant, LocalizedContent } from '../domain/locales.js';
import { ProblemError } from './problem.js';

const localeVariant = z
  .strictObject({
    subject: z.string().optional().describe('Handlebars subject in this locale (replaces `metadata.subject`).'),
    preheader: z.string().optional().describe('Handlebars preheader in this locale (replaces `metadata.preheader`).'),
    strings: z
      .record(z.string().min(1).max(200), z.string())
      .optional()
      .describe('ICU MessageFormat messages by key, read by `{{t "key" name=value}}`.'),
    mjml: z
      .string()
      .optional()
      .describe(
        "A whole MJML document that replaces the template's markup in this locale; validated and composed as the main markup (docs/locales.md).",
      ),
  })
  .describe("One locale's content; what it leaves out comes from the template itself.");

/** The body fields, spread into the template bodies' schemas (schemas.ts). */
export const localeFields = {
  default_locale: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('BCP 47 tag renders fall back to last (`pt-BR` → `pt` → this); default: the first of `locales`.'),
  locales: z.record(z.string().min(1).max(100), localeVariant).optional().describe('Localized variants by BCP 47 tag (docs/locales.md).'),
};

/**
 * The body's localized content with canonical tags; `{}` when it has none.
 * @throws ProblemError 400 `invalid_locale` naming a tag that is not BCP 47, or two keys that are one tag.
 */
export function localizedContent(body: { default_locale?: string; locales?: Record<string, LocaleVariant> }): LocalizedContent {
  const locales: Record<string, LocaleVariant> = {};
  for (const [tag, variant] of Object.entries(body.locales ?? {})) {
    const canonical = canonicalTag(tag, `/locales/${tag}`);
    if (Object.hasOwn(locales, canonical))
      throw new ProblemError(400, 'invalid_locale', `locales '${tag}' and another key are both the tag ${canonical}: keep one.`, [
        { pointer: `/locales/${tag}`, message: `duplicate of ${canonical}` },
      ]);
    locales[canonical] = variant;
  }
  const defaultLocale = body.default_locale === undefined ? undefined : canonicalTag(body.default_locale, '/default_locale');
  return {
    ...(defaultLocale !== undefined ? { defaultLocale } : {}),
    ...(Object.keys(locales).length > 0 ? { locales } : {}),
  };
}

/** `tag` canonicalised. @throws ProblemError 400 `invalid_locale`. */
function canonicalTag(tag: string, pointer: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (canonical !== undefined) return canonical;
  } catch {
    // below
  }
  throw new ProblemError(
    400,
    'invalid_locale',
    `'${tag}' is not a BCP 47 language tag: write a tag such as "en", "de", "pt-BR" or "zh-Hant-TW".`,
    [{ pointer, message: 'must be a BCP 47 language tag' }],
  );
}

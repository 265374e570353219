/**
 * Localized variants of one revision (issue 23, docs/locales.md): per-locale subject, preheader and a strings
 * table that the template reads with `{{t "key" name=value}}`, and the fallback chain a render walks to
 * pick one (`pt-BR` → `pt` → the project's default locale). Pure: tags arrive canonicalised (ECMA-402
 * `Intl.getCanonicalLocales`, done at the HTTP edge); nothing here does I/O.
 */

/** One locale's content. Every field optional: what a variant leaves out comes from the template itself. */
export interface LocaleVariant {
  /** Handlebars subject for this locale (replaces `metadata.subject`). */
  subject?: string;
  /** Handlebars preheader for this locale (replaces `metadata.preheader`). */
  preheader?: string;
  /** ICU MessageFormat messages by key, read by `{{t "key"}}`. */
  strings?: Record<string, string>;
  /**
   * A whole MJML document that replaces the template's markup in this locale (docs/locales.md "A full MJML
   * variant"): composed, validated and compiled exactly as the main markup; stored as sent.
   */
  mjml?: string;
}

/** The localized content a revision carries; both fields absent on a revision without locales (and in older events). */
export interface LocalizedContent {
  /** Canonical BCP 47 tag of the locale a render falls back to last; absent: the first of `locales`, if any. */
  defaultLocale?: string;
  /** Variants by canonical BCP 47 tag. */
  locales?: Record<string, LocaleVariant>;
}

/**
 * The fallback chain of `asked` (canonical BCP 47): the tag, then each shorter prefix of its subtags
 * (`zh-Hant-TW` → `zh-Hant` → `zh`), then `defaultLocale` when it is not already in it. RFC 4647 §3.4
 * "Lookup" truncation, without the single-letter-subtag rule (extensions are rare in render requests).
 */
export function localeChain(asked: string, defaultLocale?: string): string[] {
  const subtags = asked.split('-');
  const chain: string[] = [];
  for (let length = subtags.length; length > 0; length -= 1) chain.push(subtags.slice(0, length).join('-'));
  if (defaultLocale !== undefined && !chain.includes(defaultLocale)) chain.push(defaultLocale);
  return chain;
}

/** The default locale of `content`: `defaultLocale`, else the first variant's tag; undefined without locales. */
export function defaultLocaleOf(content: LocalizedContent): string | undefined {
  return content.defaultLocale ?? Object.keys(content.locales ?? {})[0];
}

/**
 * The variant a render in `asked` uses: the first tag of its chain (`localeChain`) that has a variant, else
 * the default locale's; `asked` absent: the default locale's. Null when the revision has no locales.
 */
export function pickLocale(content: LocalizedContent, asked: string | undefined): { tag: string; variant: LocaleVariant } | null {
  const locales = content.locales;
  const fallback = defaultLocaleOf(content);
  if (locales === undefined || fallback === undefined) return null;
  const chain = asked === undefined ? [fallback] : localeChain(asked, fallback);
  for (const tag of chain) {
    const variant = locales[tag];
    if (variant !== undefined) return { tag, variant };
  }
  // A default locale without a variant of its own: the template's own content, named by that tag.
  return { tag: fallback, variant: {} };
}

/** What a revision's default-locale text is made of, for `possiblyStaleLocales`. */
export interface LocalizedRevision extends LocalizedContent {
  publishedHtml: string;
  metadata: Record<string, unknown>;
}

/**
 * The locales a save leaves possibly stale: the default locale's source text changed (the template's HTML, its
 * subject or preheader, or the default variant) while the variant stayed exactly as it was — or, for a variant
 * with its own `mjml`, the template's HTML changed while that `mjml` stayed as it was. Sorted tags.
 * `sameJson` compares two values in canonical form (content.ts `canonicalJson`).
 */
export function possiblyStaleLocales(
  previous: LocalizedRevision,
  next: LocalizedRevision,
  sameJson: (a: unknown, b: unknown) => boolean,
): string[] {
  const defaultTag = defaultLocaleOf(next);
  if (defaultTag === undefined) return [];
  const sourceText = (revision: LocalizedRevision) => ({
    html: revision.publishedHtml,
    subject: revision.metadata['subject'] ?? null,
    preheader: revision.metadata['preheader'] ?? null,
    variant: revision.locales?.[defaultLocaleOf(revision) ?? ''] ?? null,
  });
  if (sameJson(sourceText(previous), sourceText(next))) return [];
  // A variant with its own markup is stale when the default's markup changed and its markup did not, whatever
  // else of it changed (its strings say what its own markup says, not what the default's now says).
  const markupChanged = previous.publishedHtml !== next.publishedHtml;
  const stale = (tag: string, before: LocaleVariant, after: LocaleVariant) =>
    sameJson(before, after) || (markupChanged && after.mjml !== undefined && before.mjml === after.mjml);
  return Object.keys(next.locales ?? {})
    .filter((tag) => tag !== defaultTag && previous.locales?.[tag] !== undefined && stale(tag, previous.locales[tag], next.locales![tag]!))
    .sort();
}

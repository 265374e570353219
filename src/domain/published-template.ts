/**
 * A revision's published template in its two normal forms, built here and nowhere else: as stored (what an
 * event carries: optional fields absent when unused) and as presented (every optional field filled in).
 */
import { defaultLocaleOf, type LocaleVariant } from './locales.js';
import type { HelperDeclaration, PublishedTemplate } from './project.js';

/**
 * The published template carried by `data` (an event's data, a read-model document, a template): only the
 * template's own fields, in the order ast, publishedHtml, mjmlVersion, partials, helpers, renderMode, and
 * `partials`, `helpers` and `renderMode` left out when absent (undefined), as events written before they
 * existed have them. Pure; never throws.
 */
export function publishedTemplateOf(data: PublishedTemplate): PublishedTemplate {
  const { ast, publishedHtml, mjmlVersion, partials, helpers, renderMode, defaultLocale, locales, composition } = data;
  return {
    ast,
    publishedHtml,
    mjmlVersion,
    ...(partials ? { partials } : {}),
    ...(helpers ? { helpers } : {}),
    ...(renderMode ? { renderMode } : {}),
    ...(defaultLocale ? { defaultLocale } : {}),
    ...(locales ? { locales } : {}),
    ...(composition ? { composition } : {}),
  };
}

/** A published template as the API presents it: no optional field (`publishedTemplateView`). */
export interface PublishedTemplateView extends Omit<
  PublishedTemplate,
  'partials' | 'helpers' | 'renderMode' | 'defaultLocale' | 'locales'
> {
  /** The revision's project partials by name (`{}` when none). */
  partials: Record<string, string>;
  /** The revision's declared helpers by name (`{}` when none). */
  helpers: Record<string, HelperDeclaration>;
  /**
   * `dynamic`: a Handlebars-first revision (publishedHtml is its source, compiled with MJML per render);
   * `static` (MJML-first) when the template has no `renderMode`.
   */
  renderMode: 'static' | 'dynamic';
  /** The locale renders fall back to last (docs/locales.md); null when the revision has no locales. */
  defaultLocale: string | null;
  /** The revision's localized variants by canonical BCP 47 tag (`{}` when none). */
  locales: Record<string, LocaleVariant>;
}

/**
 * The published template carried by `data` with every optional field filled in: absent partials and helpers
 * are `{}`, an absent render mode is `static`, absent locales `{}` with a null default (the same defaults `contentDigest` compares content with).
 * Same field order as `publishedTemplateOf`. Pure; never throws.
 */
export function publishedTemplateView(data: PublishedTemplate): PublishedTemplateView {
  const { ast, publishedHtml, mjmlVersion, partials, helpers, renderMode, locales, composition } = data;
  return {
    ast,
    publishedHtml,
    mjmlVersion,
    partials: partials ?? {},
    helpers: helpers ?? {},
    renderMode: renderMode ?? 'static',
    defaultLocale: defaultLocaleOf(data) ?? null,
    locales: locales ?? {},
    ...(composition ? { composition } : {}),
  };
}

/**
 * Renders in a locale (docs/locales.md): which variant a render uses (the chain `pt-BR` → `pt` → the
 * default locale, domain/locales.ts), the revision made renderable for that variant — its subject and
 * preheader, its messages for `{{t}}` — cached per (revision, locale) beside the revision's own entry, and
 * the strict check of the strings it lacks.
 */
import { pickLocale, type LocaleVariant } from '../../domain/locales.js';
import type { ProjectRef } from '../../domain/project.js';
import { LocaleMessages, TemplateError, translationKeys } from '../../rendering/index.js';
import type { ProjectView } from '../read/index.js';
import type { CachedTemplate, RevisionCache } from './revision-cache.js';
import type { ResolvedUses, TemplateComposer } from './template-composer.js';

export type { LocalizedEntry } from './revision-cache.js';

/**
 * Compiles a locale's own `mjml` (docs/locales.md) for `view` as the view's markup was: with its partials and
 * helpers, composed with the layout and shared partial revisions the render uses. @throws TemplateError.
 */
export type VariantCompiler = (view: ProjectView, mjml: string) => Promise<Pick<ProjectView, 'ast' | 'publishedHtml'>>;

/**
 * The entry a render in `asked` uses: `base` itself for a revision without locales; else the entry of the
 * variant the chain picks, from the cache or built once — `base` with the variant's messages when the
 * variant keeps the template's markup, subject and preheader, else the revision compiled with the variant's
 * (its own `mjml` through `compile`).
 * @throws what `read`, `compile` and the loader throw; Error when a variant has `mjml` and no `compile` is given.
 */
export async function localizedEntry(
  cache: RevisionCache,
  at: { ref: ProjectRef; revision: number; variant: string },
  base: CachedTemplate,
  asked: string | undefined,
  read: () => Promise<ProjectView>,
  compile?: VariantCompiler,
): Promise<CachedTemplate> {
  const content = base.localizedContent;
  const picked = content ? pickLocale(content, asked) : null;
  if (picked === null || content === undefined) return base;
  const { ref, revision } = at;
  // Within a composed entry (a layout's, shared partials' revisions: `at.variant`) the locale is keyed under it,
  // so a layout publish never serves a localized entry of the old layout.
  const key = at.variant === '' ? picked.tag : `${at.variant}\u0001${picked.tag}`;
  const cached = cache.get(ref, revision, key);
  if (cached) return cached;
  const { variant, tag } = picked;
  const ownParts = variant.subject !== undefined || variant.preheader !== undefined || variant.mjml !== undefined;
  const entry = ownParts
    ? await cache.getOrLoad(ref, revision, async () => localizedView(await read(), variant, compile), key)
    : { ...base, jsonTemplate: null, warnings: undefined };
  const fallbackTag = content.defaultLocale ?? Object.keys(content.locales ?? {})[0]!;
  const fallback = tag === fallbackTag ? null : { locale: fallbackTag, strings: content.locales?.[fallbackTag]?.strings ?? {} };
  const strings = variant.strings ?? {};
  const sources = [entry.publishedHtml, ...Object.values(entry.partialSources ?? {}), variant.subject, variant.preheader];
  const missingKeys = translationKeys(sources).keys.filter((key) => !Object.hasOwn(strings, key));
  const localized: CachedTemplate = {
    ...entry,
    jsonTemplate: null,
    localized: { tag, messages: new LocaleMessages(tag, strings, fallback), missingKeys },
  };
  cache.put(ref, revision, key, localized);
  return localized;
}

/**
 * Every variant of `view` that is not the template's own content (its own subject, preheader or `mjml`), as
 * the view a render in that locale compiles (`localizedView`), in tag order: what the publish gate's contract
 * and the policy check besides the main markup (docs/publishing.md, docs/policy.md).
 * @throws what `compile` throws (TemplateError); Error when a variant has `mjml` and no `compile` is given.
 */
export async function variantViews(
  view: ProjectView,
  compile?: VariantCompiler,
): Promise<Array<{ tag: string; view: ProjectView; ownMarkup: boolean }>> {
  const views: Array<{ tag: string; view: ProjectView; ownMarkup: boolean }> = [];
  for (const tag of Object.keys(view.locales).sort()) {
    const variant = view.locales[tag]!;
    if (variant.subject === undefined && variant.preheader === undefined && variant.mjml === undefined) continue;
    views.push({ tag, view: await localizedView(view, variant, compile), ownMarkup: variant.mjml !== undefined });
  }
  return views;
}

/** The view with the variant's subject and preheader in its metadata (what the parts are compiled from) and its own markup. */
async function localizedView(view: ProjectView, variant: LocaleVariant, compile: VariantCompiler | undefined): Promise<ProjectView> {
  if (variant.mjml !== undefined && compile === undefined) throw new Error('a locale with its own mjml needs a VariantCompiler');
  const markup = variant.mjml !== undefined ? await compile!(view, variant.mjml) : {};
  return {
    ...view,
    ...markup,
    metadata: {
      ...view.metadata,
      ...(variant.subject !== undefined ? { subject: variant.subject } : {}),
      ...(variant.preheader !== undefined ? { preheader: variant.preheader } : {}),
    },
  };
}

/**
 * A strict render refuses a locale that lacks a string the template reads, whatever branch would read it.
 * @throws TemplateError `missing_translation` naming the first such key and the locale.
 */
export function checkTranslations(entry: CachedTemplate, strict: boolean): void {
  const missing = entry.localized?.missingKeys ?? [];
  if (!strict || missing.length === 0) return;
  const tag = entry.localized!.tag;
  throw new TemplateError(
    'missing_translation',
    `Locale ${tag} has no string for '${missing[0]}' (${missing.length} missing), which the template reads with {{t}}: ` +
      `add it to locales.${tag}.strings, or render without strict to fall back to the default locale's.`,
    missing.map((key) => ({ pointer: `/locales/${tag}/strings`, message: `no string '${key}'` })),
    { locale: tag, keys: missing },
  );
}

/**
 * How a locale's own `mjml` compiles (docs/locales.md): the same composition and preparation as the revision's
 * markup, with the layout and shared partial revisions `resolved` (soft: it was checked at save). None without a composer.
 */
export function variantCompilerOf(
  composer: Pick<TemplateComposer, 'prepare'> | undefined,
  resolved: ResolvedUses,
): VariantCompiler | undefined {
  if (!composer) return undefined;
  return async (view, mjml) => {
    const prepared = await composer.prepare({ mjml, partials: view.partials, helpers: view.helpers }, resolved, 'soft');
    return { ast: prepared.template.ast, publishedHtml: prepared.template.publishedHtml };
  };
}

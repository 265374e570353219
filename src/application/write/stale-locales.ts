/**
 * The `locale_possibly_stale` warning of a save (docs/locales.md): a variant left exactly as it was while the
 * default locale's source text changed may no longer say what the default says.
 */
import { canonicalJson } from '../../domain/content.js';
import { possiblyStaleLocales } from '../../domain/locales.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import type { PublishedTemplate } from '../../domain/project.js';
import type { TemplateWarning } from '../ports/index.js';
import type { PublishedRevision } from './published-revision.js';

/**
 * One warning per locale the save leaves possibly stale, naming it; none for a template without locales
 * (then `previous` is not even read). @throws what `previous` throws.
 */
export async function staleLocaleWarnings(
  next: { template: PublishedTemplate; metadata: ProjectMetadata },
  previous: () => Promise<PublishedRevision | null | undefined>,
): Promise<TemplateWarning[]> {
  if (next.template.locales === undefined) return [];
  const before = await previous();
  if (!before) return [];
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
  const tags = possiblyStaleLocales({ ...before.template, metadata: before.metadata }, { ...next.template, metadata: next.metadata }, same);
  return tags.map((tag) => ({
    code: 'locale_possibly_stale',
    message: `Locale ${tag} was not changed while the default locale's text was: it may be stale. Check its subject, preheader and strings.`,
    pointer: `/locales/${tag}`,
  }));
}

/**
 * A template that follows a layout and shared partials, compiled (docs/layouts.md): the revisions its uses
 * resolve to (pinned, or the published ones now), the markup composed from them (`composeMjml`), and that
 * markup prepared by the same pipeline as any save, so the composed form renders the same bytes as the same
 * markup saved with `mj-include`s.
 */
import { composeMjml, type SharedUse, type TemplateComposition } from '../../domain/composition.js';
import type { HelperDeclaration } from '../../domain/project.js';
import type { LocalizedContent } from '../../domain/locales.js';
import type { PreparedTemplate, TemplatePreparer, TemplateSource, ValidationMode } from '../ports/index.js';
import type { ResolvedShared, SharedDocuments } from './shared-documents.js';

/** The revisions a composition uses: the layout's (if any) and each shared partial's. */
export interface ResolvedUses {
  layout?: ResolvedShared;
  partials: ResolvedShared[];
}

/** What a project names: its layout and shared partials. */
export type Uses = Pick<TemplateComposition, 'layout' | 'sharedPartials'>;

/** The revision numbers of `resolved` as render answers carry them: `layout_revision`, `shared_partial_revisions`. */
export function usedRevisions(resolved: ResolvedUses): { layoutRevision: number | null; sharedPartialRevisions: Record<string, number> } {
  return {
    layoutRevision: resolved.layout?.revision ?? null,
    sharedPartialRevisions: Object.fromEntries(resolved.partials.map((partial) => [partial.id, partial.revision])),
  };
}

/** A cache key part naming every revision `resolved` uses (a new layout or partial revision makes a new key). */
export function usesKey(resolved: ResolvedUses): string {
  const partials = resolved.partials.map((partial) => `${partial.id}@${partial.revision}`).join(',');
  return `L${resolved.layout ? `${resolved.layout.id}@${resolved.layout.revision}` : ''}|P${partials}`;
}

/** What a save-time proof render may use (the preparer's `proof`). */
type ProofData = Parameters<TemplatePreparer['prepare']>[2];

export class TemplateComposer {
  constructor(
    private readonly documents: Pick<SharedDocuments, 'resolve'>,
    private readonly preparer: TemplatePreparer,
  ) {}

  /**
   * The revisions `uses` names now (the published ones where not pinned), in the order named.
   * @throws DomainError `layout_not_found`, `partial_not_found` (naming the id).
   */
  async resolve(workspace: string, uses: Uses): Promise<ResolvedUses> {
    const [layout, partials] = await Promise.all([
      uses.layout ? this.documents.resolve('layout', workspace, uses.layout) : Promise.resolve(undefined),
      Promise.all((uses.sharedPartials ?? []).map((use: SharedUse) => this.documents.resolve('partial', workspace, use))),
    ]);
    return { ...(layout ? { layout } : {}), partials };
  }

  /**
   * `own` composed with `resolved` and prepared (validated, compiled, proof-rendered) as a save prepares a template.
   * @throws TemplateError (the composed markup is refused), what the preparer throws.
   */
  prepare(
    own: {
      mjml: string;
      includes?: Record<string, string>;
      partials?: Record<string, string>;
      helpers?: Record<string, HelperDeclaration>;
    } & LocalizedContent,
    resolved: ResolvedUses,
    validation: ValidationMode,
    proof?: ProofData,
  ): Promise<PreparedTemplate> {
    const partials = Object.fromEntries(resolved.partials.map((partial) => [partial.id, partial.source]));
    const compose = (mjml: string) => composeMjml(mjml, resolved.layout?.source ?? null, partials);
    // A locale's own markup (docs/locales.md) follows the layout and shared partials exactly as the main markup.
    const locales = own.locales
      ? Object.fromEntries(Object.entries(own.locales).map(([tag, v]) => [tag, v.mjml === undefined ? v : { ...v, mjml: compose(v.mjml) }]))
      : undefined;
    const source: TemplateSource = {
      mjml: compose(own.mjml),
      ...(own.includes ? { includes: own.includes } : {}),
      ...(own.partials && Object.keys(own.partials).length > 0 ? { partials: own.partials } : {}),
      ...(own.helpers && Object.keys(own.helpers).length > 0 ? { helpers: own.helpers } : {}),
      // Localized variants are the template's own (docs/locales.md): a layout never drops them.
      ...(locales ? { locales } : {}),
      ...(own.defaultLocale ? { defaultLocale: own.defaultLocale } : {}),
      renderMode: 'static',
    };
    return this.preparer.prepare(source, validation, proof);
  }

  /**
   * A save of `source` that names `uses`: composed with what they resolve to now, prepared, and the template
   * given its `composition` (the uses and its own markup, to compose again with later revisions).
   * @throws DomainError `layout_not_found`, `partial_not_found`; TemplateError.
   */
  async prepareSave(
    workspace: string,
    source: Extract<TemplateSource, { mjml: string }>,
    uses: Uses,
    validation: ValidationMode,
    proof?: ProofData,
  ): Promise<PreparedTemplate> {
    const resolved = await this.resolve(workspace, uses);
    const prepared = await this.prepare(source, resolved, validation, proof);
    const composition: TemplateComposition = {
      ...(uses.layout ? { layout: uses.layout } : {}),
      ...(uses.sharedPartials?.length ? { sharedPartials: uses.sharedPartials } : {}),
      mjml: source.mjml,
      ...(source.includes ? { includes: source.includes } : {}),
    };
    // The variants as sent (a variant's `mjml` is stored uncomposed, like the main markup in `composition`).
    const locales = source.locales ? { locales: source.locales } : {};
    return { ...prepared, template: { ...prepared.template, ...locales, composition } };
  }
}

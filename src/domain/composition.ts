/**
 * A template composed with a layout and shared partials (docs/layouts.md), pure and textual: done on the
 * MJML markup before MJML compiles it, as `mj-include` is, so a shared partial may hold sections (MJML drops
 * Handlebars placed between sections: /work/shared/notes/handlebars-in-mjml.md §4.1) and renders the same
 * bytes as the include it replaces.
 */

/** A layout or shared partial a project names; no `revision`: it follows the published one. */
export interface SharedUse {
  id: string;
  revision?: number;
}

/** What a revision that follows a layout or shared partials stores besides its compiled form. */
export interface TemplateComposition {
  layout?: SharedUse;
  sharedPartials?: SharedUse[];
  /** The template's own MJML markup as sent (composed again at each new layout or partial revision). */
  mjml: string;
  /** Its `mj-include` files as sent. */
  includes?: Record<string, string>;
}

/** The slot of a layout's `mj-body`: replaced by the template's `mj-body` children. */
export const LAYOUT_SLOT = /<lp-slot\s*\/>/g;

/** `{{> shared/<id>}}` (whitespace control allowed, no arguments: the partial is inlined as markup). */
const SHARED_CALL = /\{\{~?>\s*shared\/([A-Za-z0-9][A-Za-z0-9._-]*)\s*~?\}\}/g;

/** The shared partial ids `markup` calls, in order of first call. */
export function sharedCalls(markup: string): string[] {
  return [...new Set([...markup.matchAll(SHARED_CALL)].map((match) => match[1]!))];
}

/**
 * Why `layout` is not a layout, or null: its `mj-body` must hold exactly one `<lp-slot />` (and the
 * document an `<mjml>` root with an `mj-body`).
 */
export function layoutProblem(layout: string): string | null {
  const body = /<mj-body(\s[^>]*)?>([\s\S]*)<\/mj-body>/.exec(layout);
  if (!/<mjml[\s>]/.test(layout) || !body) return 'a layout is an <mjml> document with an <mj-body>';
  const slots = (body[2]!.match(LAYOUT_SLOT) ?? []).length;
  const all = (layout.match(LAYOUT_SLOT) ?? []).length;
  if (slots !== 1 || all !== 1) return `its <mj-body> must hold exactly one <lp-slot />; found ${all}`;
  return null;
}

/**
 * `template` with every `{{> shared/<id>}}` replaced by the partial's source and, with a `layout`, put into it:
 * the layout's `<lp-slot />` becomes the template's `mj-body` children, and the template's `mj-head` children
 * join the end of the layout's `mj-head` (one is made when the layout has none). The template's `mj-body`
 * attributes give way to the layout's. A call of a partial `partials` lacks is left as it is (the compile
 * refuses it as an unknown partial). Never throws.
 */
export function composeMjml(template: string, layout: string | null, partials: Readonly<Record<string, string>>): string {
  const inline = (markup: string) =>
    markup.replace(SHARED_CALL, (call, id: string) => (Object.hasOwn(partials, id) ? partials[id]! : call));
  const own = inline(template);
  if (layout === null) return own;
  const head = /<mj-head(?:\s[^>]*)?>([\s\S]*?)<\/mj-head>/.exec(own)?.[1] ?? '';
  const body = /<mj-body(?:\s[^>]*)?>([\s\S]*)<\/mj-body>/.exec(own)?.[1] ?? '';
  let composed = inline(layout).replace(LAYOUT_SLOT, () => body);
  if (head.trim() === '') return composed;
  if (/<\/mj-head>/.test(composed)) composed = composed.replace(/<\/mj-head>/, () => `${head}</mj-head>`);
  else composed = composed.replace(/<mjml(\s[^>]*)?>/, (open) => `${open}<mj-head>${head}</mj-head>`);
  return composed;
}

/**
 * Limits on what a template may be, checked at the door (byte sizes, on the main thread, before any
 * parsing) and in the compile workers (element count, depth, Handlebars expressions, published HTML),
 * each answered with a problem that names the setting and the value found. Defaults are generous for
 * real emails: the corpus's largest source is 2.6 KB and Gmail clips HTML over 102 KB.
 */
import { TemplateError } from './template-error.js';

export interface TemplateLimits {
  /** MJML markup, UTF-8 bytes (TEMPLATE_MAX_SOURCE_BYTES). */
  maxSourceBytes: number;
  /** All `includes` files together, UTF-8 bytes (TEMPLATE_MAX_INCLUDES_BYTES). */
  maxIncludesBytes: number;
  /** Elements in the markup (MJML and the HTML inside ending tags, includes inlined) or nodes in an `ast` (TEMPLATE_MAX_NODES). */
  maxNodes: number;
  /** Nesting depth of those elements or nodes (TEMPLATE_MAX_DEPTH). */
  maxDepth: number;
  /** Handlebars statements: mustaches, blocks, partials, comments (TEMPLATE_MAX_EXPRESSIONS). */
  maxExpressions: number;
  /** Compiled (published) HTML, UTF-8 bytes (TEMPLATE_MAX_HTML_BYTES). */
  maxHtmlBytes: number;
}

export const DEFAULT_TEMPLATE_LIMITS: Readonly<TemplateLimits> = Object.freeze({
  maxSourceBytes: 256 * 1024,
  maxIncludesBytes: 512 * 1024,
  maxNodes: 10_000,
  maxDepth: 64,
  maxExpressions: 2_000,
  maxHtmlBytes: 512 * 1024,
});

/** Setting names, as the environment and the problem's `limit` field give them. */
const SETTINGS: Record<keyof TemplateLimits, string> = {
  maxSourceBytes: 'TEMPLATE_MAX_SOURCE_BYTES',
  maxIncludesBytes: 'TEMPLATE_MAX_INCLUDES_BYTES',
  maxNodes: 'TEMPLATE_MAX_NODES',
  maxDepth: 'TEMPLATE_MAX_DEPTH',
  maxExpressions: 'TEMPLATE_MAX_EXPRESSIONS',
  maxHtmlBytes: 'TEMPLATE_MAX_HTML_BYTES',
};

const WHAT: Record<keyof TemplateLimits, string> = {
  maxSourceBytes: 'The MJML source (partials included) is {found} bytes',
  maxIncludesBytes: 'The includes add up to {found} bytes',
  maxNodes: 'The template has more than {max} elements',
  maxDepth: 'The template nests elements more than {max} deep',
  maxExpressions: 'The template has {found} Handlebars expressions',
  maxHtmlBytes: 'The compiled HTML is {found} bytes',
};

/**
 * A template over a limit: `template_too_large` for byte sizes, `template_too_complex` for counts
 * and depth; `limit` names the setting, `max` its value, `found` what was measured (a count
 * stops at the first element past the limit, so it says "more than").
 */
export function overLimit<K extends keyof TemplateLimits>(limit: K, limits: Pick<TemplateLimits, K>, found: number): TemplateError {
  const max: number = limits[limit];
  const bytes = limit === 'maxSourceBytes' || limit === 'maxIncludesBytes' || limit === 'maxHtmlBytes';
  const detail = `${WHAT[limit].replace('{found}', String(found)).replace('{max}', String(max))}; the limit is ${max} (${SETTINGS[limit]}).`;
  return new TemplateError(bytes ? 'template_too_large' : 'template_too_complex', detail, [], {
    limit: SETTINGS[limit],
    max,
    found,
  });
}

/** Refuse `found` over `limits[limit]`. @throws TemplateError (see `overLimit`). */
export function checkLimit<K extends keyof TemplateLimits>(limit: K, limits: Pick<TemplateLimits, K>, found: number): void {
  if (found > limits[limit]) throw overLimit(limit, limits, found);
}

/**
 * Refuse markup or includes over their byte limits, before anything parses them. Project partials count
 * into the source's limit (`TEMPLATE_MAX_SOURCE_BYTES`): markup and partials together.
 * @throws TemplateError 413 `template_too_large`.
 */
export function checkSourceBytes(
  markup: string,
  includes: Record<string, string>,
  limits: Pick<TemplateLimits, 'maxSourceBytes' | 'maxIncludesBytes'>,
  partials: Record<string, string> = {},
): void {
  checkLimit('maxSourceBytes', limits, Buffer.byteLength(markup, 'utf8') + partialBytes(partials));
  checkLimit(
    'maxIncludesBytes',
    limits,
    Object.values(includes).reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0),
  );
}

/** UTF-8 bytes of the partials' sources (names not counted). */
export function partialBytes(partials: Record<string, string>): number {
  return Object.values(partials).reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
}

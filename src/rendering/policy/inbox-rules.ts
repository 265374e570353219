/**
 * The policy's inbox rules on a stored MJML tree: a dark-mode `color-scheme` declaration (CSS Color Adjustment
 * Module Level 1, `color-scheme`; HTML's `<meta name="color-scheme">`) and a preheader (MJML docs, mj-preview;
 * `metadata.preheader`, email/preheader.ts). Pure; never throws.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { headChild, headOf, nodesOf, violation, type PolicyFinding } from './findings.js';

const COLOR_SCHEME_CSS = /(^|[\s;{])color-scheme\s*:/i;
const COLOR_SCHEME_META = /<meta\b[^>]*\bname\s*=\s*["']?(supported-)?color-scheme\b/i;

/** `color_scheme`: a `<meta name="color-scheme">` (in `<mj-raw>`) or CSS `color-scheme` (in `<mj-style>` or `<mj-raw>`). */
export function checkColorScheme(ast: MjmlNode): PolicyFinding[] {
  const declared = nodesOf(ast).some(
    ({ node }) =>
      (node.tagName === 'mj-style' || node.tagName === 'mj-raw') &&
      node.content !== undefined &&
      (COLOR_SCHEME_CSS.test(node.content) || COLOR_SCHEME_META.test(node.content)),
  );
  if (declared) return [];
  return [
    violation(
      'color_scheme',
      headOf(ast)?.pointer ?? '/ast',
      'The email declares no color scheme, so dark-mode clients may invert its colours: add <mj-head><mj-raw><meta name="color-scheme" content="light dark"></mj-raw></mj-head> ' +
        'or :root { color-scheme: light dark; } in <mj-style>.',
    ),
  ];
}

/** `preheader`: a non-empty `<mj-preview>` or `metadata.preheader`. */
export function checkPreheader(ast: MjmlNode, metadata: Record<string, unknown>): PolicyFinding[] {
  const preview = headChild(headOf(ast), 'mj-preview');
  const preheader = metadata['preheader'];
  if (preview?.content?.trim() || (typeof preheader === 'string' && preheader.trim() !== '')) return [];
  return [
    violation(
      'preheader',
      typeof preheader === 'string' ? '/metadata/preheader' : (headOf(ast)?.pointer ?? '/ast'),
      'The email has no preheader, so inboxes show its first body text next to the subject: set metadata.preheader or add <mj-preview>.',
    ),
  ];
}

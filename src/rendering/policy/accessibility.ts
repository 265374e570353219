/**
 * The policy's required rules (`require`), checked on a stored MJML tree: language, title, alt text,
 * link text, a dark-mode `color-scheme` and a preheader. Each missing thing is a violation pointing at the
 * node it is about (or at the root, or the `<mj-head>`, for something the template lacks). Pure; linear in
 * the tree and its HTML content; never throws.
 *
 * Sources: WCAG 2.2 (SC 3.1.1 Language of Page, 2.4.2 Page Titled, 1.1.1 Non-text Content with technique
 * H30 for linked images, 2.4.4 Link Purpose), MJML docs (`<mjml lang>`, mj-title, mj-preview, mj-image `alt`
 * and `href`), CSS Color Adjustment Module Level 1 (`color-scheme`) and HTML's `<meta name="color-scheme">`.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { PolicyRule } from '../../domain/policy.js';
import { describeNode, nodesOf, type PointedNode, type PolicyFinding } from './findings.js';

/** MJML tags whose `content` is HTML a recipient sees (links and images may be written in it). */
const HTML_CONTENT_TAGS = new Set([
  'mj-text',
  'mj-button',
  'mj-raw',
  'mj-table',
  'mj-navbar-link',
  'mj-social-element',
  'mj-accordion-title',
  'mj-accordion-text',
]);
const MJML_IMAGES = new Set(['mj-image', 'mj-carousel-image']);
/** MJML components that are links themselves (their `content` is the link's text) when they have `href`. */
const MJML_LINKS = new Set(['mj-button', 'mj-navbar-link', 'mj-social-element']);

/**
 * Link texts that do not say where a link goes (WCAG 2.2 F84, "Failure of Success Criterion 2.4.9 due to
 * using a non-specific link such as 'click here' or 'more'"), compared lower-cased with punctuation dropped.
 */
export const GENERIC_LINK_TEXTS: ReadonlySet<string> = new Set([
  'click here',
  'click',
  'here',
  'click this',
  'this',
  'this link',
  'link',
  'more',
  'read more',
  'learn more',
  'see more',
  'more info',
  'more information',
  'details',
  'go',
  'continue',
  'tap here',
  'press here',
]);

/** The text of a link as compared with {@link GENERIC_LINK_TEXTS}. */
export function normalLinkText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}{}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `text` is a generic link text (Handlebars in it: the data decides, never generic). */
export function isGenericLinkText(text: string): boolean {
  return !text.includes('{{') && GENERIC_LINK_TEXTS.has(normalLinkText(text));
}

/** What the head sets for every image (`<mj-attributes>`): `alt` for all tags or for `mj-image`. */
function imagesHaveDefaultAlt(nodes: readonly PointedNode[]): boolean {
  return nodes.some(
    ({ node, ancestors }) =>
      ancestors[ancestors.length - 1] === 'mj-attributes' &&
      (node.tagName === 'mj-all' || node.tagName === 'mj-image') &&
      Object.hasOwn(node.attributes, 'alt'),
  );
}

const headOf = (ast: MjmlNode): PointedNode | undefined =>
  (ast.children ?? [])
    .map((node, i) => ({ node, pointer: `/ast/children/${i}`, ancestors: ['mjml'] }))
    .find((n) => n.node.tagName === 'mj-head');

const headChild = (head: PointedNode | undefined, tag: string): MjmlNode | undefined =>
  head?.node.children?.find((node) => node.tagName === tag);

const violation = (rule: PolicyRule, pointer: string, message: string): PolicyFinding => ({
  rule,
  severity: 'violation',
  pointer,
  message,
});

/** `lang`: `<mjml lang="…">`, which MJML writes on `<html>` (MJML writes `lang="und"` without it). */
export function checkLang(ast: MjmlNode): PolicyFinding[] {
  const lang = ast.attributes['lang'];
  if (typeof lang === 'string' && lang.trim() !== '' && lang.trim().toLowerCase() !== 'und') return [];
  const found = lang === undefined ? 'none' : `"${String(lang)}"`;
  return [
    violation(
      'lang',
      '/ast',
      `The email does not say its language (lang on <mjml>: ${found}; MJML then writes <html lang="und">): write <mjml lang="en"> (and dir="rtl" for a right-to-left language) so screen readers pronounce it right.`,
    ),
  ];
}

/** `title`: a non-empty `<mj-title>` in `<mj-head>`. */
export function checkTitle(ast: MjmlNode): PolicyFinding[] {
  const head = headOf(ast);
  const title = headChild(head, 'mj-title');
  if (title?.content?.trim()) return [];
  return [
    violation(
      'title',
      head?.pointer ?? '/ast',
      `The email has ${title ? 'an empty' : 'no'} <mj-title> (the HTML <title>, read first by screen readers and shown by some clients): add <mj-head><mj-title>…</mj-title></mj-head>.`,
    ),
  ];
}

/** `alt`: images with no alt attribute, and linked images whose alt is empty (the image is the link's text). */
export function checkAlt(ast: MjmlNode): PolicyFinding[] {
  const nodes = nodesOf(ast);
  const defaultAlt = imagesHaveDefaultAlt(nodes);
  const findings: PolicyFinding[] = [];
  for (const { node, pointer, ancestors } of nodes) {
    if (ancestors.includes('mj-head')) continue;
    if (MJML_IMAGES.has(node.tagName)) {
      const alt = node.attributes['alt'];
      const src = typeof node.attributes['src'] === 'string' ? ` src="${node.attributes['src']}"` : '';
      if (alt === undefined && !defaultAlt) {
        findings.push(
          violation('alt', pointer, `<${node.tagName}${src}> has no alt attribute: give it alt text, or alt="" if it is decorative.`),
        );
      } else if (node.attributes['href'] !== undefined && String(alt ?? '').trim() === '') {
        findings.push(
          violation(
            'alt',
            pointer,
            `<${node.tagName}${src}> is a link (href) with an empty alt: its alt text is the link's text, say where it goes.`,
          ),
        );
      }
    } else if (HTML_CONTENT_TAGS.has(node.tagName) && node.content && /<img[\s/>]/i.test(node.content)) {
      findings.push(...htmlImageFindings(node, pointer));
    }
  }
  return findings;
}

function htmlImageFindings(node: MjmlNode, pointer: string): PolicyFinding[] {
  const document = parseDocument(node.content!);
  const findings: PolicyFinding[] = [];
  for (const img of DomUtils.getElementsByTagName('img', document, true)) {
    const src = img.attribs['src'] ? ` src="${img.attribs['src']}"` : '';
    const link = closestLink(img);
    if (img.attribs['alt'] === undefined) {
      findings.push(
        violation(
          'alt',
          pointer,
          `<img${src}> in ${describeNode(node)} has no alt attribute: give it alt text, or alt="" if it is decorative.`,
        ),
      );
    } else if (link && img.attribs['alt'].trim() === '' && DomUtils.textContent(link).trim() === '') {
      findings.push(
        violation(
          'alt',
          pointer,
          `<img${src}> in ${describeNode(node)} is the only content of a link and its alt is empty: its alt text is the link's text, say where it goes.`,
        ),
      );
    }
  }
  return findings;
}

function closestLink(element: ReturnType<typeof DomUtils.getElementsByTagName>[number]) {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if ('name' in parent && parent.name === 'a') return parent;
  }
  return null;
}

/** `link_text`: links and buttons whose whole text is generic ("click here", "read more"). */
export function checkLinkText(ast: MjmlNode): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  for (const { node, pointer, ancestors } of nodesOf(ast)) {
    if (ancestors.includes('mj-head') || !node.content) continue;
    const texts: string[] = [];
    if (MJML_LINKS.has(node.tagName) && node.attributes['href'] !== undefined)
      texts.push(DomUtils.textContent(parseDocument(node.content)));
    else if (HTML_CONTENT_TAGS.has(node.tagName) && /<a[\s>]/i.test(node.content)) {
      for (const a of DomUtils.getElementsByTagName('a', parseDocument(node.content), true)) texts.push(DomUtils.textContent(a));
    }
    for (const text of texts.filter(isGenericLinkText)) {
      findings.push(
        violation(
          'link_text',
          pointer,
          `A link in ${describeNode(node)} reads "${text.trim()}", which does not say where it goes: name the destination ("View your order", "Read the release notes").`,
        ),
      );
    }
  }
  return findings;
}

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

/**
 * The policy's accessibility rules (`require`) on a stored MJML tree: language, title and alt text (link
 * text: link-text.ts; color-scheme and preheader: inbox-rules.ts). Each missing thing is a violation pointing at the
 * node it is about (or at the root, or the `<mj-head>`, for something the template lacks). Pure; linear in
 * the tree and its HTML content; never throws.
 *
 * Sources: WCAG 2.2 (SC 3.1.1 Language of Page, 2.4.2 Page Titled, 1.1.1 Non-text Content with technique
 * H30 for linked images), MJML docs (`<mjml lang>`, mj-title, mj-image `alt` and `href`).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import {
  HTML_CONTENT_TAGS,
  describeNode,
  headChild,
  headOf,
  nodesOf,
  violation,
  type PointedNode,
  type PolicyFinding,
} from './findings.js';

const MJML_IMAGES = new Set(['mj-image', 'mj-carousel-image']);
/** What the head sets for every image (`<mj-attributes>`): `alt` for all tags or for `mj-image`. */
function imagesHaveDefaultAlt(nodes: readonly PointedNode[]): boolean {
  return nodes.some(
    ({ node, ancestors }) =>
      ancestors[ancestors.length - 1] === 'mj-attributes' &&
      (node.tagName === 'mj-all' || node.tagName === 'mj-image') &&
      Object.hasOwn(node.attributes, 'alt'),
  );
}

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

/**
 * `link_text`: links whose whole text does not say where they go (WCAG 2.2 SC 2.4.4 Link Purpose, failure F84),
 * in the HTML content of a stored MJML tree and in the MJML components that are links. Pure; never throws.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { HTML_CONTENT_TAGS, describeNode, nodesOf, violation, type PolicyFinding } from './findings.js';

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

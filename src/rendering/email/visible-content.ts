/**
 * What a recipient sees of a rendered email's HTML, for comparing two renders (visible-diff.ts): the text
 * blocks, the links and the images. Read with htmlparser2's Parser (a direct dependency; the email warnings
 * use its tokenizer), entities decoded.
 *
 * Not seen, so not read: the `<head>` (styles, `<title>`), `<script>`/`<style>`/`<template>` text, comments
 * (including MSO conditional comments, which repeat the content for Outlook), and elements hidden with
 * `display:none` (the preheader, compared on its own). Whitespace is collapsed the way a browser shows it,
 * so re-indented markup reads the same.
 */
import { Parser } from 'htmlparser2';

/** A link as the recipient meets it: its `href` (decoded) and its visible text (whitespace collapsed). */
export interface VisibleLink {
  href: string;
  text: string;
}

/** An image: its `src` and `alt` (decoded; `alt` null when absent, `""` when empty). */
export interface VisibleImage {
  src: string;
  alt: string | null;
}

export interface VisibleContent {
  /** The text, one entry per block (paragraph, cell, list item, heading, line), whitespace collapsed, none empty. */
  blocks: string[];
  links: VisibleLink[];
  images: VisibleImage[];
}

/** Elements whose start and end break a block of text. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'center', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]); // prettier-ignore

/** Elements whose content is never shown. */
const UNSEEN = new Set(['head', 'script', 'style', 'template', 'title', 'noscript']);

const HIDDEN_STYLE = /display\s*:\s*none/i;

/** Collapses runs of whitespace (including non-breaking spaces and zero-width joiners used as padding) to one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff]|\u034f/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** The visible text blocks, links and images of `html`. Pure; never throws (htmlparser2 is forgiving). */
export function visibleContent(html: string): VisibleContent {
  const blocks: string[] = [];
  const links: VisibleLink[] = [];
  const images: VisibleImage[] = [];
  let block = '';
  /** Open elements: whether each one hides its content, and the open link it started. */
  const stack: Array<{ name: string; hides: boolean; link?: { href: string; text: string } }> = [];
  let hidden = 0;
  const openLinks: Array<{ href: string; text: string }> = [];
  const flush = () => {
    const text = collapseWhitespace(block);
    if (text) blocks.push(text);
    block = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hides = UNSEEN.has(name) || HIDDEN_STYLE.test(attributes['style'] ?? '') || 'hidden' in attributes;
        if (hides) hidden += 1;
        const entry: (typeof stack)[number] = { name, hides };
        if (hidden === 0) {
          if (BLOCK.has(name)) flush();
          if (name === 'a' && attributes['href'] !== undefined) {
            entry.link = { href: attributes['href'].trim(), text: '' };
            openLinks.push(entry.link);
          }
          if (name === 'img') {
            images.push({ src: (attributes['src'] ?? '').trim(), alt: attributes['alt'] ?? null });
            // An image in a link names it, as screen readers and clients without images show it.
            for (const link of openLinks) link.text += ` ${attributes['alt'] ?? ''} `;
          }
        }
        stack.push(entry);
      },
      ontext(text) {
        if (hidden > 0) return;
        block += text;
        for (const link of openLinks) link.text += text;
      },
      onclosetag(name) {
        const entry = stack.pop();
        if (!entry) return;
        if (entry.hides) hidden -= 1;
        if (entry.link) {
          openLinks.splice(openLinks.indexOf(entry.link), 1);
          links.push({ href: entry.link.href, text: collapseWhitespace(entry.link.text) });
        }
        if (hidden === 0 && BLOCK.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return { blocks, links, images };
}

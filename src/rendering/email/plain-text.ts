/**
 * The plain-text part of a rendered email (the `text/plain` alternative next to the HTML), made from the
 * compiled HTML with `html-to-text` 9: its parser (htmlparser2), its block/inline layout and word wrap,
 * and its `anchor`, `block`, `dataTable`, `heading`, … formatters. What this module adds is email
 * knowledge, as selectors and four small formatters (`visibleOnly`, `emailAnchor`, `altText`, `emailTable`):
 *
 * - **Hidden content is dropped.** Any element whose inline `style` ends up with `display: none` (any
 *   case, spacing, `!important`, CSS comments; the last `display` declaration wins as in CSS) or that has
 *   the `hidden` attribute is skipped with everything inside it. That removes MJML's preheader
 *   (`<mj-preview>` compiles to `<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;
 *   max-height:0px;max-width:0px;opacity:0;overflow:hidden;">…</div>` first in the body, mjml 5.4) and
 *   blocks hidden by inlined CSS (e.g. Saleor's `.no-display` footer section). Styles that come only from
 *   `<style>` rules (media queries, classes that were not inlined) are not evaluated.
 *   How: a `[style]` / `[hidden]` selector (specificity 0,1,0) outranks every tag selector (0,0,1), so
 *   each such element goes through `visibleOnly`, which skips it or hands it to the formatter its tag
 *   would have had (`TAG_FORMATS`, the one table both the selectors and that hand-off read).
 * - **Not text at all:** `<head>`, `<title>`, `<style>`, `<script>`, `<template>` are skipped (only
 *   `<body>` is converted when there is one; the skips matter for fragments). Comments — including MSO
 *   conditional comments `<!--[if mso]>…<![endif]-->`, which hold the Outlook-only ghost tables — are
 *   comments to an HTML parser and never reach the text; the `<!--[if !mso]><!-->…<!--<![endif]-->` form
 *   is content every other client shows, and it is kept.
 * - **Links** read `text [url]`; the URL is left out when it equals the text (so a bare URL is not
 *   printed twice). `mailto:` is printed without the scheme (html-to-text's own rule:
 *   `<a href="mailto:a@b.example">Write to us</a>` → `Write to us [a@b.example]`, and a link whose text
 *   is the address prints the address once). `#…` links print their text only. `javascript:`,
 *   `vbscript:` and `data:text/html` links print their text only (the URL would be useless or harmful in
 *   a text part; `emailWarnings` reports them). A link with no text (an icon, an image without alt
 *   text) prints nothing when the same URL is also linked with text elsewhere in the email (MJML's
 *   `mj-social` puts an icon link next to a text link to the same URL), and its bare URL otherwise, so
 *   the link is not lost.
 * - **Images** print their `alt` text and nothing else; no alt, or `alt=""`, prints nothing. The `src`
 *   is never printed (a text reader cannot use a picture URL; linked images keep their link above).
 * - **Tables.** MJML lays every section, column and button out with tables, so a table is a *block*
 *   (its rows are paragraphs, separated by one blank line) unless it looks like a data table
 *   (`isDataTable`): not `role="presentation"`/`"none"` (MJML marks all its layout tables so; `mj-table`
 *   is not marked), no table nested inside, and either header cells (`<th>`, `<thead>`, `<caption>`) or
 *   at least two rows with at least two cells each whose cells hold no block content (`div`, `p`,
 *   headings, lists, …). Data tables are printed as aligned columns (html-to-text's `dataTable`: no
 *   borders, cells wrapped at 60 columns) with `thead` rows first and `tfoot` rows last, as a browser
 *   shows them, and hidden rows or cells left out.
 * - **Layout:** headings (`h1`–`h6`, text kept as written, not upper-cased) and paragraphs are separated
 *   by one blank line; so are table rows outside data tables (in MJML output, one row = one component or
 *   one section); `div`s and `<br>` break lines. Afterwards trailing white space (including the no-break,
 *   zero-width and hair spaces email HTML uses for spacing) is cut from every line, no more than one blank
 *   line is kept in a row, and the whole text is trimmed. Line ends are `\n`; the mailer's transfer
 *   encoding turns them into CRLF.
 *
 * Word wrap: 78 columns by default, RFC 5322 §2.1.1's recommended line length ("SHOULD be no more than
 * 78 characters, excluding the CRLF"); a word longer than that (a long URL) stays whole on its own line
 * rather than being broken (the hard limit, 998, is the transfer encoding's business). `wordwrap: false`
 * turns wrapping off.
 *
 * Cost: one htmlparser2 parse and one walk, linear in the input (subtree questions — is this a data
 * table, does this link have text — stop after `SCAN_BUDGET` elements); the input is already bounded by
 * the render budget (≤ 2 MiB of HTML). Measured on the development machine (Node 20), MJML output with
 * images, text, buttons and a table per section: 15 kB (2 sections) ≈ 1–3 ms warm, ≈ 20 ms on a
 * process's first call; 512 kB (84 sections) ≈ 15–25 ms warm, ≈ 115 ms first call; 2 MiB ≈ 60–75 ms.
 * Hostile 2 MiB inputs stay around a second at worst (700,000 empty `<p>`s: ≈ 1 s, which is
 * html-to-text's own cost with its default options too). Elements nested deeper than `MAX_DEPTH` are
 * replaced by "...", so that pathological nesting cannot overflow the stack of html-to-text's recursive
 * walk.
 */
import {
  compile,
  type DomNode,
  type FormatCallback,
  type FormatOptions,
  type HtmlToTextOptions,
  type SelectorDefinition,
} from 'html-to-text';
import { isScriptUrl } from './warnings.js';

export interface PlainTextOptions {
  /** Wrap lines at this many columns; `false` disables wrapping. Default `DEFAULT_WORDWRAP` (78). */
  wordwrap?: number | false;
}

/** RFC 5322 §2.1.1: lines SHOULD be at most 78 characters excluding the CRLF. */
export const DEFAULT_WORDWRAP = 78;

/**
 * The wrap of every rendered email's `text` part, static or dynamic, derived once per revision or
 * converted per render: none. A text part's line length is the transport's business, not the content's:
 * quoted-printable (RFC 2045 §6.7) breaks long lines with soft line breaks that the reader's client
 * removes, while a hard wrap here would be shown as is — breaking sentences mid-way on a phone and
 * splitting long URLs or expressions. (docs/templates.md "Subject, preheader, text, warnings": "lines not wrapped".)
 */
export const TEXT_PART_WORDWRAP = false;

/**
 * Deepest element nesting converted. MJML output nests about 20 deep per section; the import limits
 * templates to 64 levels (TEMPLATE_MAX_DEPTH) before Handlebars adds whatever its data holds.
 */
const MAX_DEPTH = 500;

interface TagFormat {
  format: string;
  options?: FormatOptions;
}

/** The formatter (and its options) for each tag; anything else is `inline`. */
const TAG_FORMATS: Readonly<Record<string, TagFormat>> = {
  a: {
    format: 'emailAnchor',
    options: {
      hideLinkHrefIfSameAsText: true,
      noAnchorUrl: true,
      linkBrackets: ['[', ']'],
      pathRewrite: (href: string) => (isScriptUrl(href) ? '' : href.trim()),
    },
  },
  img: { format: 'altText' },
  br: { format: 'lineBreak' },
  wbr: { format: 'wbr' },
  hr: { format: 'horizontalLine', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  p: { format: 'paragraph', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  pre: { format: 'pre', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  blockquote: { format: 'blockquote', options: { leadingLineBreaks: 2, trailingLineBreaks: 2, trimEmptyLines: true } },
  ul: { format: 'unorderedList', options: { itemPrefix: ' * ', leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ol: { format: 'orderedList', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ...Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [
      h,
      { format: 'heading', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    ]),
  ),
  ...Object.fromEntries(
    ['div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'form', 'address', 'center', 'td', 'th'].map((tag) => [
      tag,
      { format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ]),
  ),
  tr: { format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  table: {
    format: 'emailTable',
    options: { leadingLineBreaks: 2, trailingLineBreaks: 2, uppercaseHeaderCells: false, maxColumnWidth: 60, colSpacing: 3, rowSpacing: 0 },
  },
  ...Object.fromEntries(['head', 'title', 'style', 'script', 'template'].map((tag) => [tag, { format: 'skip' }])),
};

const INLINE: TagFormat = { format: 'inline' };

const formatFor = (elem: DomNode): TagFormat => TAG_FORMATS[elem.name ?? ''] ?? INLINE;

/** Elements a data table may not have in its cells (they mark a layout table). */
const BLOCK_CONTENT = new Set(['table', 'div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'hr']);

const attr = (elem: DomNode, name: string): string | undefined => {
  const value: unknown = elem.attribs?.[name];
  return typeof value === 'string' ? value : undefined;
};

const tagChildren = (elem: DomNode, names?: ReadonlySet<string>): DomNode[] =>
  (elem.children ?? []).filter((child) => child.type === 'tag' && (!names || names.has(child.name ?? '')));

/**
 * True when an inline style computes to `display: none`: declarations are split on `;`, CSS comments
 * removed, names and values compared case-insensitively; the last `display` wins unless an earlier one is
 * `!important` and the later one is not.
 */
export function styleHidesElement(style: string): boolean {
  let display: string | undefined;
  let important = false;
  for (const declaration of style.replace(/\/\*[\s\S]*?\*\//g, '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0 || declaration.slice(0, colon).trim().toLowerCase() !== 'display') continue;
    let value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    const isImportant = /!\s*important$/.test(value);
    if (isImportant) value = value.replace(/!\s*important$/, '').trim();
    if (important && !isImportant) continue;
    display = value;
    important = isImportant;
  }
  return display === 'none';
}

function isHidden(elem: DomNode): boolean {
  if (attr(elem, 'hidden') !== undefined) return true;
  const style = attr(elem, 'style');
  return style !== undefined && styleHidesElement(style);
}

/** Row groups in the order a browser draws them, without hidden rows and cells. */
function visibleRows(table: DomNode): DomNode[] {
  const head: DomNode[] = [];
  const body: DomNode[] = [];
  const foot: DomNode[] = [];
  for (const child of tagChildren(table)) {
    if (isHidden(child)) continue;
    if (child.name === 'tr') body.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      const rows = tagChildren(child, new Set(['tr'])).filter((row) => !isHidden(row));
      (child.name === 'thead' ? head : child.name === 'tfoot' ? foot : body).push(...rows);
    }
  }
  return [...head, ...body, ...foot].map((row) => ({
    ...row,
    children: tagChildren(row, new Set(['td', 'th'])).filter((cell) => !isHidden(cell)),
  }));
}

/**
 * Elements looked at per question about a subtree (is it a data table, does a link have text). Keeps the
 * cost linear however tables and links nest; past it the answer is the safe one (layout table; has text).
 */
const SCAN_BUDGET = 10_000;

/** What the cells of a table hold: a nested table, block content, or more than `SCAN_BUDGET` elements. */
function scanCells(cells: DomNode[]): { nestedTable: boolean; blockContent: boolean; tooBig: boolean } {
  const found = { nestedTable: false, blockContent: false, tooBig: false };
  const stack = cells.flatMap((cell) => cell.children ?? []);
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen >= SCAN_BUDGET) return { ...found, tooBig: true };
    const node = stack.pop()!;
    if (node.type !== 'tag') continue;
    if (node.name === 'table') return { ...found, nestedTable: true };
    if (BLOCK_CONTENT.has(node.name ?? '')) found.blockContent = true;
    stack.push(...(node.children ?? []));
  }
  return found;
}

/**
 * Whether a table holds data (printed as columns) rather than layout (printed as blocks): see the module
 * comment. Cells are the table's own (`tr` → `td`/`th`, through `thead`/`tbody`/`tfoot`).
 */
export function isDataTable(table: DomNode): boolean {
  const role = (attr(table, 'role') ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return false;
  const rows = visibleRows(table);
  const cells = rows.flatMap((row) => row.children);
  if (cells.length === 0) return false;
  const { nestedTable, blockContent, tooBig } = scanCells(cells);
  if (nestedTable || tooBig) return false;
  const hasHeader = cells.some((cell) => cell.name === 'th') || tagChildren(table, new Set(['thead', 'caption'])).length > 0;
  if (hasHeader) return true;
  const wideRows = rows.filter((row) => row.children.length >= 2).length;
  return wideRows >= 2 && !blockContent;
}

/** Characters that are not text (the converter's white space, plus the no-break space). */
// eslint-disable-next-line no-misleading-character-class -- each joiner and mark is matched alone, on purpose
const BLANK = /^[\s\u200b\u200c\u200d\u2060\ufeff\u034f]*$/;

/** Whether an element shows any text: a non-blank text node or an image with alt text, outside hidden or skipped elements. */
function hasVisibleText(elem: DomNode): boolean {
  const stack = [...(elem.children ?? [])];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen >= SCAN_BUDGET) return true;
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (!BLANK.test(node.data ?? '')) return true;
    } else if (node.type === 'tag' && !isHidden(node) && formatFor(node).format !== 'skip') {
      if (node.name === 'img' && (attr(node, 'alt') ?? '').trim() !== '') return true;
      stack.push(...(node.children ?? []));
    }
  }
  return false;
}

const hrefOf = (elem: DomNode): string => (attr(elem, 'href') ?? '').trim();

/** Per parsed document: the hrefs of links that have text (computed once, when first needed). */
const linksWithText = new WeakMap<DomNode, Set<string>>();

function isLinkedWithText(elem: DomNode, href: string): boolean {
  let root = elem;
  while (root.parent) root = root.parent;
  let hrefs = linksWithText.get(root);
  if (!hrefs) {
    hrefs = new Set();
    const stack = [...(root.children ?? [])];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type !== 'tag') continue;
      if (node.name === 'a' && !isHidden(node) && hasVisibleText(node)) hrefs.add(hrefOf(node));
      else stack.push(...(node.children ?? []));
    }
    linksWithText.set(root, hrefs);
  }
  return hrefs.has(href);
}

const FORMATTERS: Record<string, FormatCallback> = {
  /**
   * html-to-text's `anchor`, except that a link with no text (an icon, an image without alt text) is left
   * out when the same URL is also linked with text elsewhere in the email (MJML's social icons sit next
   * to a text link to the same URL); otherwise it prints its bare URL.
   */
  emailAnchor(elem, walk, builder, formatOptions) {
    const href = hrefOf(elem);
    if (href && !hasVisibleText(elem) && isLinkedWithText(elem, href)) return;
    builder.options.formatters.anchor!(elem, walk, builder, formatOptions);
  },
  /** Skip hidden elements; give the rest the formatter their tag has in `TAG_FORMATS`. */
  visibleOnly(elem, walk, builder) {
    if (isHidden(elem)) return;
    const { format, options } = formatFor(elem);
    const formatter = builder.options.formatters[format];
    if (!formatter) throw new Error(`html-to-text has no formatter "${format}"`);
    formatter(elem, walk, builder, { ...options });
  },
  /** An image is its alt text (word-transformed like text, so a link around it counts it as its text). */
  altText(elem, _walk, builder) {
    const alt = (attr(elem, 'alt') ?? '').trim();
    if (alt) builder.addInline(alt);
  },
  emailTable(elem, walk, builder, formatOptions) {
    const formatters = builder.options.formatters;
    if (isDataTable(elem)) {
      const caption = tagChildren(elem, new Set(['caption'])).filter((c) => !isHidden(c));
      if (caption.length > 0)
        formatters.block!({ ...elem, children: caption }, walk, builder, { leadingLineBreaks: 2, trailingLineBreaks: 1 });
      formatters.dataTable!({ ...elem, children: visibleRows(elem) }, walk, builder, formatOptions);
    } else {
      formatters.block!(elem, walk, builder, { leadingLineBreaks: 1, trailingLineBreaks: 1 });
    }
  },
};

function buildOptions(wordwrap: number | false): HtmlToTextOptions {
  const selectors: SelectorDefinition[] = [
    { selector: '*', format: 'inline' },
    ...Object.entries(TAG_FORMATS).map(([selector, definition]) => ({ selector, ...definition })),
    { selector: '[style]', format: 'visibleOnly' },
    { selector: '[hidden]', format: 'visibleOnly' },
  ];
  return {
    wordwrap,
    baseElements: { selectors: ['body'], returnDomByDefault: true },
    formatters: FORMATTERS,
    selectors,
    limits: { maxDepth: MAX_DEPTH, ellipsis: '...' },
    // The default plus the invisible characters email HTML pads with: no-break space is kept as text.
    whitespaceCharacters: ' \t\r\n\f\u200b\u200c\u200d\u2060\ufeff\u034f',
  };
}

/** Compiled converters by wrap width (compiling builds the selector decision tree: worth reusing). */
const converters = new Map<number | false, (html: string) => string>();

function converterFor(wordwrap: number | false): (html: string) => string {
  let converter = converters.get(wordwrap);
  if (!converter) {
    converter = compile(buildOptions(wordwrap));
    if (converters.size < 8) converters.set(wordwrap, converter);
  }
  return converter;
}

/** Spaces an email uses for layout that mean nothing at the end of a line. */
// eslint-disable-next-line no-misleading-character-class -- each joiner and mark is matched alone, on purpose
const TRAILING_SPACE = /[ \t\u00a0\u2000-\u200d\u2060\u202f\u205f\u3000\ufeff\u034f]+$/gm;

/** The plain-text alternative of an email's HTML (see the module comment for the rules). */
export function toPlainText(html: string, options: PlainTextOptions = {}): string {
  const wordwrap = options.wordwrap ?? DEFAULT_WORDWRAP;
  if (wordwrap !== false && (!Number.isInteger(wordwrap) || wordwrap < 1)) {
    throw new RangeError(`wordwrap must be a positive integer or false, got ${String(wordwrap)}`);
  }
  return converterFor(wordwrap)(html)
    .replace(TRAILING_SPACE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * One pass over MJML markup, with the tokenizer and options `mjml-parser-xml` uses (htmlparser2, entities
 * not decoded, self-closing tags recognised), that prepares it for parsing:
 *
 * - Bare Handlebars block tags (`{{#if}}`, `{{#each}}`, `{{else}}`, `{{/if}}`, …) and comments standing
 *   between sections, columns or components are wrapped in `<mj-raw>`. MJML silently drops text there
 *   (notes/handlebars-in-mjml.md §4.1); inside `mj-raw` it survives and Handlebars sees it at render time.
 * - `<mj-include>` tags outside ending tags are renamed to a placeholder element, so the parser keeps
 *   their position and `resolveIncludes` can splice the included file in from memory.
 * - Closing tags that do not close what was opened, and content after the root, are recorded
 *   (tag-balance.ts): the parser would recover from them by dropping content without a word.
 *
 * Only line breaks are significant for MJML's line numbers, and the rewrite adds none.
 */
import { checkLimit, type TemplateLimits } from '../limits.js';
import { ENDING_TAGS, RAW_WRAPPABLE_PARENTS } from './runtime.js';
import { BalanceParser, TagBalance, type TagMismatch } from './tag-balance.js';

/** Tag name that stands in for `mj-include` between the scan and the include resolver. */
export const INCLUDE_PLACEHOLDER = 'letterpress-mj-include';

/**
 * A Handlebars tag that only steers output and renders nothing by itself: block open/close/else,
 * inverse sections, raw-block delimiters and comments. Source: Handlebars language guide.
 */
const CONTROL_TAG = /\{\{\{\{\/?[^{}]*\}\}\}\}|\{\{~?\s*(?:[#^/]|else\b|!)[\s\S]*?~?\}\}/g;

interface Edit {
  start: number;
  end: number; // exclusive
  text: string;
}

/** Result of `prepareMarkup`: the markup to hand to the parser, and what was changed. */
export interface PreparedMarkup {
  markup: string;
  /** Control tags wrapped in `mj-raw`, with the tag they stood in. */
  wrapped: Array<{ tag: string; parent: string; line: number }>;
  /** Number of `mj-include` tags turned into placeholders. */
  includes: number;
  /** Closing tags that do not close what was opened, unclosed elements, content after the root. */
  mismatches: TagMismatch[];
}

/**
 * Elements counted across a template and its includes: the scan stops at the first element past
 * `limits.maxNodes` or `limits.maxDepth` (every element counts, the HTML inside ending tags too), before
 * MJML's parser, whose cost grows faster than the markup, ever sees it.
 */
export interface ElementBudget {
  limits: Pick<TemplateLimits, 'maxNodes' | 'maxDepth'>;
  elements: number;
}

/**
 * Rewrite MJML markup as described in the module comment. Pure; never throws on malformed markup.
 * `contentEnd`: where the document sent ends, when our code wrapped a fragment (offsets past it are the
 * wrapper's, reported as the end of the file).
 * @throws TemplateError `template_too_complex` when `budget` runs out.
 */
export function prepareMarkup(markup: string, budget?: ElementBudget, contentEnd = markup.length): PreparedMarkup {
  const edits: Edit[] = [];
  let depth = 0;
  const wrapped: PreparedMarkup['wrapped'] = [];
  const stack: string[] = [];
  let includes = 0;
  let inEndingTag = 0; // nesting depth inside ending tags, counted as mjml-parser-xml counts it
  const balance = new TagBalance(markup, contentEnd);

  const parser = new BalanceParser(
    {
      onopentag(name) {
        balance.opened(name, parser.startIndex);
        if (budget) {
          depth += 1;
          budget.elements += 1;
          checkLimit('maxNodes', budget.limits, budget.elements);
          checkLimit('maxDepth', budget.limits, depth);
        }
        if (inEndingTag > 0) {
          if (ENDING_TAGS.has(name)) inEndingTag += 1;
          return;
        }
        if (ENDING_TAGS.has(name)) inEndingTag += 1;
        if (name === 'mj-include') {
          includes += 1;
          edits.push(renameTag(markup, parser.startIndex, 'mj-include', INCLUDE_PLACEHOLDER));
        }
        stack.push(name);
      },
      onclosetag(name, isImplied) {
        balance.closed(name, isImplied, parser.startIndex);
        depth -= 1;
        if (ENDING_TAGS.has(name)) inEndingTag -= 1;
        if (inEndingTag > 0) return;
        if (name === 'mj-include' && !isImplied && markup.startsWith('</mj-include', parser.startIndex)) {
          edits.push(renameTag(markup, parser.startIndex, '/mj-include', `/${INCLUDE_PLACEHOLDER}`));
        }
        stack.pop();
      },
      ontext(text) {
        balance.text(text, parser.startIndex);
        const parent = stack[stack.length - 1];
        if (inEndingTag > 0 || parent === undefined || !RAW_WRAPPABLE_PARENTS.has(parent)) return;
        const base = parser.startIndex;
        for (const match of text.matchAll(CONTROL_TAG)) {
          const start = base + (match.index ?? 0);
          edits.push({ start, end: start, text: '<mj-raw>' });
          edits.push({ start: start + match[0].length, end: start + match[0].length, text: '</mj-raw>' });
          wrapped.push({ tag: match[0], parent, line: lineAt(markup, start) });
        }
      },
    },
    { recognizeCDATA: true, decodeEntities: false, recognizeSelfClosing: true, lowerCaseAttributeNames: false },
    (name, nameStart) => balance.ignoredClose(name, nameStart),
  );
  parser.write(markup);
  parser.end();
  return { markup: applyEdits(markup, edits), wrapped, includes, mismatches: balance.mismatches };
}

function renameTag(markup: string, at: number, from: string, to: string): Edit {
  // `at` points at '<'; the tag name follows it (lower-cased by htmlparser2, so compare case-insensitively)
  const nameStart = at + 1;
  const written = markup.slice(nameStart, nameStart + from.length);
  if (written.toLowerCase() !== from) return { start: nameStart, end: nameStart, text: '' };
  return { start: nameStart, end: nameStart + from.length, text: to };
}

function applyEdits(markup: string, edits: Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let cursor = 0;
  for (const edit of ordered) {
    out += markup.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + markup.slice(cursor);
}

/** 1-based line number of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/**
 * `mj-include` resolved from an in-memory map instead of the file system, with the semantics
 * mjml-parser-xml 5.4 applies on disk (its `handleInclude` / `handleCssHtmlInclude`):
 *
 * - an include path is relative to the file that contains it; `./a.mjml` and `a.mjml` are one key;
 * - an included file without the literal text `<mjml>` is a fragment, parsed as `<mjml><mj-body>…`;
 *   its body children take the include's place, its head children are appended to the including
 *   document's `mj-head` (created at the end of the root when missing);
 * - `type="css"` becomes an `mj-style` (`css-inline="inline"` → `inline="inline"`) appended to the
 *   document's `mj-head` once the document is parsed; `type="html"` becomes an `mj-raw` in place.
 *
 * Unlike mjml on disk, a missing file or a cycle is an error (400), not a comment in the output.
 * The corpus test checks that the resulting tree equals mjml's own on every corpus template.
 */
import { posix } from 'node:path';
import { treeDepth } from './ast-checks.js';
import { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from '../limits.js';
import { INCLUDE_PLACEHOLDER, prepareMarkup, type ElementBudget } from './markup-scan.js';
import { parseMjmlMarkup, type ParsedNode } from './runtime.js';
import type { TagMismatch } from './tag-balance.js';
import { TemplateError } from '../template-error.js';

/** Includes within includes, at most (mjml sets no bound; this one keeps the expansion's recursion small). */
export const MAX_INCLUDE_NESTING = 16;

/** What mjml puts before an included file without `<mjml>` (and `</mj-body></mjml>` after it). */
const FRAGMENT_OPEN = '<mjml><mj-body>';

/** Include files keyed by normalised path (see `normalizeIncludePath`). */
export type IncludeFiles = ReadonlyMap<string, string>;

/** Control tags the import wrapped in `mj-raw`, reported back to the caller. */
export interface ImportNote {
  file: string;
  line: number;
  message: string;
}

/** A closing tag that does not close what was opened (tag-balance.ts), in the template ('') or an include. */
export interface MarkupMismatch extends TagMismatch {
  file: string;
}

/**
 * Normalise an include path relative to `fromDir` ('' = the template's own folder), decoding URL escapes
 * as mjml does. @throws TemplateError `invalid_include_path` for absolute paths, drive letters, NUL, or
 * paths that climb out of the template's folder.
 */
export function normalizeIncludePath(path: string, fromDir = ''): string {
  const decoded = fullyDecode(path);
  if (decoded.includes('\0') || decoded.startsWith('/') || decoded.startsWith('\\') || /^[a-zA-Z]:/.test(decoded)) {
    throw new TemplateError('invalid_include_path', `Include path '${path}' must be relative to the template.`, [{ message: path }]);
  }
  const joined = posix.normalize(posix.join(fromDir || '.', decoded.replace(/\\/g, '/')));
  if (joined === '..' || joined.startsWith('../') || joined === '.') {
    throw new TemplateError('invalid_include_path', `Include path '${path}' points outside the template's folder.`, [{ message: path }]);
  }
  return joined;
}

/** Build the include map from a request's `includes` object. @throws TemplateError `invalid_include_path`. */
export function includeFilesFrom(includes: Record<string, string>): IncludeFiles {
  const files = new Map<string, string>();
  for (const [key, source] of Object.entries(includes)) files.set(normalizeIncludePath(key), source);
  return files;
}

/**
 * Parse a template's markup with its includes resolved from `files`, counting elements of the template
 * and its includes together against `limits` before MJML parses any of them.
 * @returns the MJML JSON tree with source lines (`file` '' is the template itself), import notes, and
 *   the closing tags that do not close what was opened in the template and each include, in the order
 *   they are met (the caller decides whether they refuse the template).
 * @throws TemplateError `include_not_found`, `include_cycle`, `invalid_include_path`, `invalid_mjml`,
 *   `template_too_complex`.
 */
export function parseWithIncludes(
  markup: string,
  files: IncludeFiles,
  limits: Pick<TemplateLimits, 'maxNodes' | 'maxDepth'> = DEFAULT_TEMPLATE_LIMITS,
): { tree: ParsedNode; notes: ImportNote[]; mismatches: MarkupMismatch[] } {
  const notes: ImportNote[] = [];
  const mismatches: MarkupMismatch[] = [];
  const tree = parseDocument(markup, '', [], { files, notes, mismatches, budget: { limits, elements: 0 } });
  return { tree, notes, mismatches };
}

/** What every document of one template's expansion shares. */
interface Shared {
  files: IncludeFiles;
  notes: ImportNote[];
  mismatches: MarkupMismatch[];
  budget: ElementBudget;
}

/** What one document's include expansion works with. */
interface Expansion {
  /** Root of the document being parsed: head-bound nodes go to its mj-head. */
  root: ParsedNode;
  /** The document's include key ('' = the template). */
  file: string;
  /** Keys of the documents that include this one, itself last (cycle detection). */
  chain: string[];
  shared: Shared;
  /** `type="css"` includes, appended to the head once the document is parsed. */
  styles: ParsedNode[];
}

/** `contentEnd`: where the file's own text ends in `markup` (a fragment is wrapped in `<mjml><mj-body>`). */
function parseDocument(markup: string, file: string, chain: string[], shared: Shared, contentEnd = markup.length): ParsedNode {
  const prepared = prepareMarkup(markup, shared.budget, contentEnd);
  shared.mismatches.push(...prepared.mismatches.map((m) => ({ ...m, file })));
  for (const w of prepared.wrapped) {
    shared.notes.push({ file, line: w.line, message: `Wrapped ${w.tag} in <mj-raw> inside <${w.parent}> so that MJML keeps it.` });
  }
  let root: ParsedNode;
  try {
    root = parseMjmlMarkup(prepared.markup, file);
  } catch (error) {
    throw new TemplateError('invalid_mjml', `${file || 'The template'} could not be parsed: ${(error as Error).message}`, [
      { file, message: (error as Error).message },
    ]);
  }
  const maxDepth = shared.budget.limits.maxDepth;
  if (treeDepth(root) > maxDepth || chain.length > MAX_INCLUDE_NESTING) {
    throw new TemplateError(
      'invalid_mjml',
      `${file || 'The template'} is nested deeper than ${maxDepth} elements or ${MAX_INCLUDE_NESTING} includes.`,
      [{ file, message: 'nesting too deep' }],
    );
  }
  const expansion: Expansion = { root, file, chain: [...chain, file], shared, styles: [] };
  if (prepared.includes > 0) expandIncludes(root, expansion);
  if (expansion.styles.length > 0) appendToHead(root, expansion.styles, { tagName: 'mj-head', file, line: 0, children: [] });
  return root;
}

function expandIncludes(node: ParsedNode, x: Expansion): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length;) {
    const child = children[i]!;
    if (child.tagName !== INCLUDE_PLACEHOLDER) {
      expandIncludes(child, x);
      i += 1;
      continue;
    }
    const replacement = includeNodes(child, node, x);
    children.splice(i, 1, ...replacement);
    i += replacement.length;
  }
  if (children.length === 0) delete node.children;
}

/** The nodes that take an include's place in its parent (head-bound nodes are placed as a side effect). */
function includeNodes(include: ParsedNode, parent: ParsedNode, x: Expansion): ParsedNode[] {
  const attributes = include.attributes ?? {};
  const rawPath = String(attributes['path'] ?? '');
  const key = normalizeIncludePath(rawPath, posix.dirname(x.file || '.'));
  const source = x.shared.files.get(key);
  const where = { file: x.file, line: include.line ?? 0 };
  if (source === undefined) {
    throw new TemplateError(
      'include_not_found',
      `mj-include '${rawPath}' (line ${where.line} of ${x.file || 'the template'}) has no entry '${key}' in includes.`,
      [{ ...where, message: `missing include '${key}'` }],
      { missing: key },
    );
  }
  const type = attributes['type'];
  if (type === 'css') {
    const inline: Record<string, string> = attributes['css-inline'] === 'inline' ? { inline: 'inline' } : {};
    x.styles.push({ tagName: 'mj-style', file: key, line: where.line, content: source, children: [], attributes: inline });
    return [];
  }
  if (type === 'html') return [{ tagName: 'mj-raw', file: key, line: where.line, attributes: {}, content: source }];

  if (x.chain.includes(key)) {
    const through = x.chain.filter(Boolean);
    throw new TemplateError('include_cycle', `mj-include cycle: ${[...through, key].join(' → ')}.`, [
      { ...where, message: `'${key}' includes itself through ${through.join(', ') || 'the template'}` },
    ]);
  }
  const fragment = !source.includes('<mjml>');
  const document = fragment ? `${FRAGMENT_OPEN}${source}</mj-body></mjml>` : source;
  const included = parseDocument(document, key, x.chain, x.shared, fragment ? FRAGMENT_OPEN.length + source.length : document.length);
  if (included.tagName !== 'mjml') return [];
  const body = included.children?.find((c) => c.tagName === 'mj-body');
  const head = included.children?.find((c) => c.tagName === 'mj-head');
  const inPlace = [...(body?.children ?? [])];
  const headChildren = head?.children ?? [];
  if (headChildren.length > 0) {
    // mjml appends them to the document's head at the moment of the include: when the include sits in
    // that head, that is right where it stands; otherwise it is the end of the (already parsed) head.
    const documentHead = x.root.children?.find((c) => c.tagName === 'mj-head');
    if (documentHead !== undefined && documentHead === parent) inPlace.push(...headChildren);
    else appendToHead(x.root, headChildren, { tagName: 'mj-head', file: x.file, line: where.line, attributes: {}, children: [] });
  }
  return inPlace;
}

function appendToHead(root: ParsedNode, nodes: ParsedNode[], fresh: ParsedNode): void {
  const children = (root.children ??= []);
  let head = children.find((c) => c.tagName === 'mj-head');
  if (head === undefined) {
    head = fresh;
    children.push(head);
  }
  head.children = [...(head.children ?? []), ...nodes];
}

function fullyDecode(input: string): string {
  let result = input;
  for (let i = 0; i < 10; i += 1) {
    try {
      const decoded = decodeURIComponent(result);
      if (decoded === result) break;
      result = decoded;
    } catch {
      break;
    }
  }
  return result;
}

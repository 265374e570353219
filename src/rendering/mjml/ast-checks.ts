/**
 * Checks on an MJML tree before it is compiled: the shape of a client's `ast`, and text that MJML would
 * drop without a word (notes/handlebars-in-mjml.md §4.1: text directly in mj-body, mj-wrapper,
 * mj-section, mj-column, mj-group is stored on the node and never rendered, in soft or strict mode).
 */
import { z } from 'zod';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { ENDING_TAGS, type ParsedNode } from './runtime.js';
import { DEFAULT_TEMPLATE_LIMITS, checkLimit, type TemplateLimits } from '../limits.js';
import { TemplateError, type TemplateProblem } from '../template-error.js';
import { escapePointer } from '../variables/validator.js';

/** Depth of a tree (root = 1), measured without recursion so any tree can be measured. */
export function treeDepth(root: { children?: unknown[] }): number {
  let deepest = 0;
  const stack: Array<[{ children?: unknown[] }, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children ?? []) stack.push([child as { children?: unknown[] }, depth + 1]);
  }
  return deepest;
}

const attributeValue = z.union([z.string(), z.number(), z.boolean()]);
const nodeShape = z.object({
  tagName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case MJML tag name such as "mj-section"'),
  attributes: z.record(z.string().regex(/^[A-Za-z_:][\w.:-]*$/, 'is not a valid attribute name'), attributeValue).optional(),
  content: z.string().optional(),
  children: z.array(z.unknown()).optional(),
});

/**
 * Count the nodes of a client's tree and measure its depth without recursion, stopping at the first
 * node past a limit (so any input, however deep, costs at most `maxNodes` steps).
 * @throws TemplateError `template_too_complex`.
 */
export function checkTreeSize(root: unknown, limits: Pick<TemplateLimits, 'maxNodes' | 'maxDepth'>): void {
  let nodes = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    nodes += 1;
    checkLimit('maxNodes', limits, nodes);
    checkLimit('maxDepth', limits, depth);
    const children = (node as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1]);
  }
}

/**
 * Validate a client's `ast` (MJML JSON, https://documentation.mjml.io/#using-mjml-in-json) and return it
 * in normal form (`attributes` always present, empty `children`/`content` omitted, unknown fields dropped).
 * @throws TemplateError `template_too_complex` past `limits`; `invalid_ast` listing every problem with an
 *   RFC 6901 pointer under `/ast`.
 */
export function parseAstInput(value: unknown, limits: Pick<TemplateLimits, 'maxNodes' | 'maxDepth'> = DEFAULT_TEMPLATE_LIMITS): MjmlNode {
  checkTreeSize(value, limits);
  const problems: TemplateProblem[] = [];
  const ast = normalise(value, '/ast', problems);
  if (ast && ast.tagName !== 'mjml') problems.push({ pointer: '/ast/tagName', message: `the root must be "mjml", got "${ast.tagName}"` });
  if (problems.length > 0 || !ast) {
    throw new TemplateError(
      'invalid_ast',
      `The ast is not a valid MJML JSON tree: ${problems[0]?.message ?? 'invalid'}.`,
      problems.slice(0, 50),
    );
  }
  return ast;
}

function normalise(value: unknown, pointer: string, problems: TemplateProblem[]): MjmlNode | null {
  const parsed = nodeShape.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ pointer: `${pointer}${issue.path.map((p) => `/${escapePointer(String(p))}`).join('')}`, message: issue.message });
    }
    return null;
  }
  const { tagName, attributes, content, children } = parsed.data;
  const node: MjmlNode = { tagName, attributes: attributes ?? {} };
  if (tagName === 'mj-include') {
    problems.push({
      pointer,
      message: 'mj-include cannot appear in an ast: send the markup as "mjml" with the files in "includes", or inline the included nodes',
    });
  }
  if (children && children.length > 0) {
    if (ENDING_TAGS.has(tagName)) {
      problems.push({ pointer: `${pointer}/children`, message: `${tagName} takes its markup in "content", not "children"` });
    }
    const kids = children.map((child, i) => normalise(child, `${pointer}/children/${i}`, problems));
    node.children = kids.filter((k): k is MjmlNode => k !== null);
  }
  if (content !== undefined && content !== '') node.content = content;
  return node;
}

/** Non-blank text on a node that is not an ending tag: MJML keeps it in the tree and never renders it. */
export interface StructuralText {
  node: ParsedNode | MjmlNode;
  /** RFC 6901 pointer of the node under `/ast`. */
  pointer: string;
  text: string;
}

/** Every node holding text that MJML would drop, in document order. */
export function findStructuralText(root: ParsedNode | MjmlNode): StructuralText[] {
  const found: StructuralText[] = [];
  const walk = (node: ParsedNode | MjmlNode, pointer: string): void => {
    const text = node.content?.trim();
    if (text && !ENDING_TAGS.has(node.tagName)) found.push({ node, pointer, text });
    node.children?.forEach((child, i) => walk(child, `${pointer}/children/${i}`));
  };
  walk(root, '/ast');
  return found;
}

/**
 * Refuse text MJML would silently drop.
 * `pointers`: name nodes by RFC 6901 pointer under `/ast` (for an `ast` request; markup uses lines).
 * @throws TemplateError `text_on_structural_node` naming each node and saying how to fix it.
 */
export function refuseStructuralText(found: StructuralText[], options: { pointers: boolean }): void {
  if (found.length === 0) return;
  const problems: TemplateProblem[] = found.map(({ node, pointer, text }) => {
    const parsed = node as ParsedNode;
    const where = parsed.line !== undefined ? ` (line ${parsed.line}${parsed.file ? ` of ${parsed.file}` : ''})` : '';
    return {
      ...(options.pointers ? { pointer } : {}),
      ...(parsed.line !== undefined ? { line: parsed.line } : {}),
      ...(parsed.file ? { file: parsed.file } : {}),
      message: `<${node.tagName}>${where} holds text that MJML drops: "${snippet(text)}"`,
    };
  });
  throw new TemplateError(
    'text_on_structural_node',
    `${problems[0]!.message}. Put text inside <mj-text> (or another ending tag such as mj-button or mj-raw); ` +
      'put Handlebars block tags ({{#if}}, {{#each}}, {{else}}, {{/if}}) that stand between sections, columns ' +
      'or components in their own <mj-raw>…</mj-raw> (the MJML import does this for you).',
    problems,
  );
}

/** Describe stray text for a warning, e.g. `line 5: text ">" directly inside <mj-body> is dropped by MJML`. */
export function describeStrayText({ node, text }: StructuralText): string {
  const parsed = node as ParsedNode;
  const where = parsed.line !== undefined ? `line ${parsed.line}${parsed.file ? ` of ${parsed.file}` : ''}: ` : '';
  return `${where}text "${snippet(text)}" directly inside <${node.tagName}> is dropped by MJML (removed from the stored ast)`;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

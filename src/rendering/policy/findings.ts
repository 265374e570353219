/**
 * What a send-readiness policy check finds (policy/*.ts), and the walk over a stored MJML tree that names
 * each node by its RFC 6901 pointer under `/ast` (the `ast` member of the Project JSON).
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { PolicyRule } from '../../domain/policy.js';

/**
 * One finding of a policy check. `violation`: the policy is broken (a publish is refused); `warning`: worth
 * knowing (caniemail's partial support), never blocking.
 */
export interface PolicyFinding {
  /** The policy member it comes from: a required rule, `html_max_bytes`, `clients` or `marketing_unsubscribe`. */
  rule: PolicyRule | 'html_max_bytes' | 'clients' | 'marketing_unsubscribe';
  severity: 'violation' | 'warning';
  /** RFC 6901 pointer into the stored project: a node of `/ast`, or a member of `/metadata`. */
  pointer: string;
  message: string;
  /** The caniemail feature (its slug, e.g. `css-display-flex`), for `clients` findings. */
  feature?: string;
  /**
   * A finding of a locale's own `mjml` (docs/policy.md "Locale variants"): its canonical tag; the pointer is
   * then under `/locales/<tag>/mjml`.
   */
  locale?: string;
}

/** A node of the tree with its pointer. */
export interface PointedNode {
  node: MjmlNode;
  pointer: string;
  /** Tag names from the root down to the node's parent. */
  ancestors: readonly string[];
}

/** Every node of `ast` in document order, each with its pointer (`/ast`, `/ast/children/0`, …). No recursion. */
export function nodesOf(ast: MjmlNode): PointedNode[] {
  const found: PointedNode[] = [];
  const stack: PointedNode[] = [{ node: ast, pointer: '/ast', ancestors: [] }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    found.push(current);
    const children = current.node.children ?? [];
    const ancestors = [...current.ancestors, current.node.tagName];
    for (let i = children.length - 1; i >= 0; i -= 1) {
      stack.push({ node: children[i]!, pointer: `${current.pointer}/children/${i}`, ancestors });
    }
  }
  return found;
}

/** `<tag>` for messages. */
export const describeNode = (node: MjmlNode): string => `<${node.tagName}>`;

/** MJML tags whose `content` is HTML a recipient sees (links and images may be written in it). */
export const HTML_CONTENT_TAGS: ReadonlySet<string> = new Set([
  'mj-text',
  'mj-button',
  'mj-raw',
  'mj-table',
  'mj-navbar-link',
  'mj-social-element',
  'mj-accordion-title',
  'mj-accordion-text',
]);
/** The root's `<mj-head>` with its pointer, if it has one. */
export const headOf = (ast: MjmlNode): PointedNode | undefined =>
  (ast.children ?? [])
    .map((node, i) => ({ node, pointer: `/ast/children/${i}`, ancestors: ['mjml'] }))
    .find((n) => n.node.tagName === 'mj-head');

/** The first child of the head with tag `tag`. */
export const headChild = (head: PointedNode | undefined, tag: string): MjmlNode | undefined =>
  head?.node.children?.find((node) => node.tagName === tag);

/** A violation of `rule` at `pointer`. */
export const violation = (rule: PolicyRule, pointer: string, message: string): PolicyFinding => ({
  rule,
  severity: 'violation',
  pointer,
  message,
});

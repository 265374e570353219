/**
 * Target email clients (`clients`): the HTML and CSS a template's author wrote, checked against caniemail's
 * data through `@jsx-email/doiuse-email` (the maintained fork of doiuse-email, which bundles caniemail's
 * features). A feature caniemail marks unsupported (`n`) in a target client is a violation; partial support
 * (`a`) a warning. What is checked is the author's own markup, node by node so each finding points at its
 * node: the content of `<mj-raw>`, `<mj-text>`, `<mj-button>`, `<mj-table>` and the other HTML-content tags,
 * and the CSS of `<mj-style>`. MJML's generated markup (its tables, its media queries, its class selectors)
 * is not: MJML chooses it for these clients, and checking it would refuse every template in some client.
 */
import { DoIUseEmail } from '@jsx-email/doiuse-email';
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { HTML_CONTENT_TAGS, describeNode, nodesOf, type PolicyFinding } from './findings.js';

/** The client names caniemail (and doiuse-email) know; a policy names them or globs of them (`gmail.*`). */
export const EMAIL_CLIENTS: readonly string[] = new DoIUseEmail({ emailClients: ['*'] }).emailClients;

/** The clients `pattern` (a micromatch glob, as doiuse-email matches them) names; [] when none. */
export function clientsMatching(pattern: string): string[] {
  try {
    return new DoIUseEmail({ emailClients: [pattern] }).emailClients;
  } catch {
    return []; // doiuse-email throws when a pattern matches no client
  }
}

/** caniemail feature title → its slug (from its URL, `https://www.caniemail.com/features/<slug>/`), built once. */
let slugs: Map<string, string> | undefined;
function featureSlug(title: string): string {
  if (!slugs) {
    slugs = new Map();
    for (const client of EMAIL_CLIENTS) {
      for (const feature of new DoIUseEmail({ emailClients: [client] }).getSupportedFeatures()) {
        const slug = /\/features\/([^/]+)\/?$/.exec(feature.link)?.[1];
        if (slug) slugs.set(feature.name, slug);
      }
    }
  }
  return slugs.get(title) ?? title;
}

/** doiuse-email's messages: "`display:flex` is not supported by `outlook.windows`" and "… is only partially supported by …". */
const MESSAGE = /^`(.+)` is (not|only partially) supported by `([^`]+)`$/;

/** The markup of a node the check reads: HTML content as it is, `<mj-style>` CSS as a `<style>` element. */
function checkedMarkup(node: MjmlNode, inHead: boolean): string | null {
  if (!node.content?.trim()) return null;
  if (node.tagName === 'mj-style') return `<style>${node.content}</style>`;
  if (HTML_CONTENT_TAGS.has(node.tagName) || (inHead && node.tagName === 'mj-raw')) return node.content;
  return null;
}

/**
 * The findings of `clients` (names or globs; all of them known: the API refuses others) on `ast`: one per
 * node, feature and support level, naming every target client concerned, `feature` the caniemail slug.
 */
export function checkClients(ast: MjmlNode, clients: readonly string[]): PolicyFinding[] {
  if (clients.length === 0) return [];
  const findings: PolicyFinding[] = [];
  for (const { node, pointer, ancestors } of nodesOf(ast)) {
    const markup = checkedMarkup(node, ancestors.includes('mj-head'));
    if (markup === null) continue;
    const result = new DoIUseEmail({ emailClients: [...clients] }).check(markup);
    const grouped = new Map<string, { title: string; none: boolean; clients: Set<string> }>();
    for (const message of [...('errors' in result ? result.errors : []), ...result.warnings]) {
      const match = MESSAGE.exec(message);
      if (!match) continue;
      const [, title, level, client] = match as unknown as [string, string, string, string];
      const key = `${level}\u0000${title}`;
      const entry = grouped.get(key) ?? { title, none: level === 'not', clients: new Set<string>() };
      entry.clients.add(client);
      grouped.set(key, entry);
    }
    for (const { title, none, clients: named } of grouped.values()) {
      const feature = featureSlug(title);
      const list = [...named].join(', ');
      findings.push({
        rule: 'clients',
        severity: none ? 'violation' : 'warning',
        pointer,
        feature,
        message:
          `\`${title}\` in ${describeNode(node)} is ${none ? 'not supported' : 'only partly supported'} by ${list} ` +
          `(caniemail: https://www.caniemail.com/features/${feature}/)${none ? ": use markup these clients support, or drop them from the policy's clients" : ''}.`,
      });
    }
  }
  return findings;
}

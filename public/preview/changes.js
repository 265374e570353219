/**
 * The changes of `POST /projects/:id/diff` (docs/diff.md "The changes") as lines a person reads: what changed
 * (`kind`, and `change` for links and images) and its before → after. Pure functions (no DOM), also run in
 * Node by the unit tests; the panel that shows them is publish-panel.js.
 */

/** How each `kind` of change is named on the page. */
const KINDS = {
  subject: 'Subject',
  preheader: 'Preheader',
  text: 'Text',
  link: 'Link',
  image: 'Image',
  text_part: 'Text part',
  size: 'HTML size',
};

/** Longest text shown of one side of a change, characters; the rest is cut with "…" (a text part can be long). */
export const MAX_SIDE_CHARS = 240;

/** What a side shows when the change has none (text only added or removed, a subject set or cleared). */
export const NOTHING = '(none)';

/**
 * One change as `{ label, before, after }` strings: `label` the kind (`Link changed`, `Image added`, `Subject`),
 * `before` and `after` its two sides as text (`NOTHING` for a side it does not have).
 * @param {{ kind: string, change?: string, before?: unknown, after?: unknown, delta?: number, budget?: number, clipped?: boolean }} change
 * @returns {{ label: string, before: string, after: string }}
 */
export function describeChange(change) {
  const kind = KINDS[change.kind] ?? String(change.kind);
  const label = change.change ? `${kind} ${change.change}` : kind;
  switch (change.kind) {
    case 'link':
      return { label, before: side(change.before, linkText), after: side(change.after, linkText) };
    case 'image':
      return { label, before: side(change.before, imageText), after: side(change.after, imageText) };
    case 'size': {
      const delta = typeof change.delta === 'number' ? ` (${change.delta > 0 ? '+' : ''}${change.delta} bytes)` : '';
      const budget = typeof change.budget === 'number' ? `; Gmail clips above ${change.budget} bytes${change.clipped ? ': clipped' : ''}` : '';
      return { label, before: side(change.before, bytes), after: side(change.after, bytes) + delta + budget };
    }
    default:
      return { label, before: side(change.before, quoted), after: side(change.after, quoted) };
  }
}

/**
 * The panel's verdict on `visible_change` (docs/diff.md): whether a recipient would see anything change.
 * @param {boolean} visible
 */
export function visibleVerdict(visible) {
  return visible
    ? 'visible_change: true: a recipient would see these changes'
    : 'visible_change: false: nothing a recipient sees changes (only markup, whitespace or size moved)';
}

/** @param {unknown} value @param {(value: any) => string} show */
function side(value, show) {
  return value === undefined || value === null ? NOTHING : cut(show(value));
}

/** @param {{ href?: string, text?: string }} link */
function linkText(link) {
  const text = typeof link.text === 'string' && link.text.trim() ? `"${link.text.trim()}" ` : '';
  return `${text}<${link.href ?? ''}>`;
}

/** @param {{ src?: string, alt?: string | null }} image */
function imageText(image) {
  return `${image.src ?? ''} (alt ${typeof image.alt === 'string' ? `"${image.alt}"` : 'missing'})`;
}

/** @param {unknown} value */
function bytes(value) {
  return `${String(value)} bytes`;
}

/** @param {unknown} value */
function quoted(value) {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

/** @param {string} text */
function cut(text) {
  return text.length > MAX_SIDE_CHARS ? `${text.slice(0, MAX_SIDE_CHARS - 1)}…` : text;
}

/** How the publish gate's `change` of a path reads (docs/publishing.md "Publish gate"). */
const GATE_CHANGES = { newly_required: 'newly required', type_narrowed: 'type narrowed' };

/** Findings listed at most; the rest are counted (a policy can find many). */
export const MAX_FINDINGS = 50;

/**
 * The findings of a publish refused by the publish gate (409 `breaking_variable_change`: each variable `path`,
 * its `change` and the `key_ids` whose recent payloads it would refuse) or by the workspace's send-readiness
 * policy (422 `policy_violation`: each `pointer` into the stored project and, for a target client, caniemail's
 * `feature`), as `{ where, message, facts, feature }` strings (`facts`: the change, the types and the keys,
 * joined by " · "; `feature`: the caniemail slug or ''). Null for any other problem.
 * @param {{ code?: string, errors?: Array<Record<string, unknown>> } | null | undefined} problem
 * @returns {{ findings: Array<{ where: string, message: string, facts: string, feature: string }>, more: number } | null}
 */
export function refusalFindings(problem) {
  if (problem?.code !== 'breaking_variable_change' && problem?.code !== 'policy_violation') return null;
  const items = Array.isArray(problem.errors) ? problem.errors : [];
  const findings = items.slice(0, MAX_FINDINGS).map((item) => {
    const facts = [];
    if (typeof item.change === 'string') facts.push(GATE_CHANGES[item.change] ?? item.change);
    if (item.change === 'type_narrowed' && item.found !== undefined)
      facts.push(`sent: ${String(item.found)}, takes: ${[item.expected].flat().map(String).join(' or ')}`);
    if (Array.isArray(item.key_ids) && item.key_ids.length > 0) facts.push(`keys: ${item.key_ids.join(', ')}`);
    const feature = typeof item.feature === 'string' ? item.feature : '';
    return { where: String(item.path ?? item.pointer ?? ''), message: String(item.message ?? ''), facts: facts.join(' · '), feature };
  });
  return { findings, more: items.length - findings.length };
}

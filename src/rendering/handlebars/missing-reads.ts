/**
 * Which variables a render read and the caller did not send, as Handlebars really looked them up: the
 * compiled code of every path expression that is a read (read-tracking.ts) checks its value, and only when
 * it is `undefined` calls `missingRead` with the object the path started from and the path's segments.
 * So a path in an `{{#if}}` branch not taken is never looked up and never reported, and the common case
 * (everything sent) costs one `!== undefined` per expression.
 *
 * "Not sent": the lookup gave `undefined` — the property is not an own property of the value it was read on
 * (Handlebars 4.6+ `lookupProperty` answers `undefined` for `constructor`, `__proto__` and every other name
 * that exists only on a prototype), or an object on the way was missing. A value sent as `null` counts as
 * sent (it is the caller's explicit "empty").
 *
 * A missing read is named from the root of the variables: the object it started from is found in the
 * variables (walked once, on the first miss of a render) and its path prefixed. A list element is `[]`,
 * as GET /templates/:id names it (`order.lines[].product_name`); an object's values under their keys.
 * Reads on values that are not in the variables (a helper's result, the context a partial with hash
 * arguments builds, a declared helper's own parameters) cannot be named and are left out.
 *
 * Renders are synchronous: one collector is active at a time per thread (`MissingReads.run`).
 */
import { ELEMENT, formatPath } from './walker.js';

/** Name by which compiled code reaches `missingRead` (a parameter of the function `loadTemplate` builds). */
export const MISSING_READ = '__letterpressMissingRead';

let active: MissingReads | null = null;

/**
 * Called by compiled templates when a path read gave `undefined`: records `path` (segments, read on
 * `base`) in the active collector, if any. Returns `undefined`, the value the read gave. Never throws.
 */
export function missingRead(base: unknown, path: readonly string[]): undefined {
  active?.record(base, path);
  return undefined;
}

/**
 * The missing reads of one render request, over the several template runs it makes (HTML, subject,
 * preheader, text). `variables` is the root context exactly as passed to the templates.
 */
export class MissingReads {
  readonly #root: unknown;
  /** Created on the first miss: a render that has everything allocates nothing more. */
  #paths: Set<string> | undefined;
  /** Every object and list in the variables with its path from the root, built on the first miss. */
  #index: Map<object, string[]> | undefined;

  constructor(variables: Record<string, unknown>) {
    this.#root = variables;
  }

  /** Run `render` with this collector active (nested runs restore the outer one). @throws what `render` throws. */
  run<T>(render: () => T): T {
    const previous = active;
    active = this;
    try {
      return render();
    } finally {
      active = previous;
    }
  }

  /** Record a read of `path` on `base` that gave `undefined`; ignored when `base` is not in the variables. */
  record(base: unknown, path: readonly string[]): void {
    let at: string[] | undefined;
    if (base === this.#root) at = [];
    else if (base !== null && typeof base === 'object') at = (this.#index ??= indexObjects(this.#root)).get(base);
    if (at !== undefined) (this.#paths ??= new Set()).add(formatPath([...at, ...path]));
  }

  /** How many distinct paths were read and not sent so far. */
  get size(): number {
    return this.#paths?.size ?? 0;
  }

  /** The distinct paths read and not sent, sorted (`customer.first_name`, `order.lines[].qty`). */
  paths(): string[] {
    return this.#paths === undefined ? [] : [...this.#paths].sort();
  }
}

/** Objects and lists reachable from `root` (own enumerable keys, list elements) with their paths; the first path wins. */
function indexObjects(root: unknown): Map<object, string[]> {
  const index = new Map<object, string[]>();
  const pending: Array<[unknown, string[]]> = [[root, []]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (value === null || typeof value !== 'object' || index.has(value)) continue;
    index.set(value, path);
    if (Array.isArray(value)) for (const item of value) pending.push([item, [...path, ELEMENT]]);
    else for (const key of Object.keys(value)) pending.push([(value as Record<string, unknown>)[key], [...path, key]]);
  }
  return index;
}

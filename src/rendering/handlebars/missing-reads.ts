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
 * A missing read is named from the root of the variables: a read on the root at once; a read on an object
 * inside them (an `{{#each}}` element, a `{{#with}}` context) when the paths are asked for, by one walk of
 * the variables that finds every such object and prefixes its path (it stops when all are found). A list element is `[]`,
 * as GET /templates/:id names it (`order.lines[].product_name`); an object's values under their keys.
 * Reads on values that are not in the variables (a helper's result, the context a partial with hash
 * arguments builds, a declared helper's own parameters) cannot be named and are left out.
 *
 * Renders are synchronous: one collector is active at a time per thread (`MissingReads.run`).
 */
import { RenderScope } from './render-scope.js';
import { ELEMENT } from './walker.js';

/** Name by which compiled code reaches `missingRead` (a parameter of the function `loadTemplate` builds). */
export const MISSING_READ = '__letterpressMissingRead';

const active = new RenderScope<MissingReads>();

/**
 * Called by compiled templates when a path read gave `undefined`: records `path` (segments, read on
 * `base`) in the active collector, if any. Returns `undefined`, the value the read gave. Never throws.
 */
export function missingRead(base: unknown, path: readonly string[]): undefined {
  active.current?.record(base, path);
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
  /** Misses on objects inside the variables, by object, until `paths()` names them. */
  #pending: Map<object, Array<readonly string[]>> | undefined;

  constructor(variables: Record<string, unknown>) {
    this.#root = variables;
  }

  /** Run `render` with this collector active (nested runs restore the outer one). @throws what `render` throws. */
  run<T>(render: () => T): T {
    return active.within(this, render);
  }

  /** Record a read of `path` on `base` that gave `undefined`; one on a value not in the variables is dropped by `paths()`. */
  record(base: unknown, path: readonly string[]): void {
    if (base === this.#root) this.#add('', path);
    else if (base !== null && typeof base === 'object') {
      const pending = (this.#pending ??= new Map());
      const reads = pending.get(base);
      if (reads === undefined) pending.set(base, [path]);
      else if (reads.length < MAX_READS_PER_OBJECT) reads.push(path);
    }
  }

  /** Whether no read was missing so far. */
  get empty(): boolean {
    return this.#paths === undefined && this.#pending === undefined;
  }

  /** The distinct paths read and not sent, sorted (`customer.first_name`, `order.lines[].qty`). */
  paths(): readonly string[] {
    if (this.#pending !== undefined) {
      const pending = this.#pending;
      this.#pending = undefined;
      this.#resolve(pending);
    }
    return this.#paths === undefined ? NONE : [...this.#paths].sort();
  }

  #add(prefix: string, path: readonly string[]): void {
    (this.#paths ??= new Set()).add(appendPath(prefix, path));
  }

  /**
   * Name the reads of `pending` by the paths of their objects: one depth-first walk of the variables, which
   * stops as soon as every object is found, allocating only a prefix string per list and per object key.
   */
  #resolve(pending: Map<object, Array<readonly string[]>>): void {
    const visit = (value: object, prefix: string, depth: number): void => {
      if (depth > MAX_DEPTH) return;
      if (Array.isArray(value)) {
        const element = prefix + ELEMENT;
        for (let i = 0; i < value.length && pending.size > 0; i++) this.#found(pending, value[i], element, depth, visit);
      } else {
        for (const key in value) {
          if (pending.size === 0) return;
          if (Object.hasOwn(value, key))
            this.#found(pending, (value as Record<string, unknown>)[key], prefix === '' ? key : `${prefix}.${key}`, depth, visit);
        }
      }
    };
    if (this.#root !== null && typeof this.#root === 'object') visit(this.#root, '', 0);
  }

  #found(
    pending: Map<object, Array<readonly string[]>>,
    item: unknown,
    path: string,
    depth: number,
    visit: (value: object, prefix: string, depth: number) => void,
  ): void {
    if (item === null || typeof item !== 'object') return;
    const reads = pending.get(item);
    if (reads !== undefined) {
      pending.delete(item);
      for (const read of reads) this.#add(path, read);
    }
    visit(item, path, depth + 1);
  }
}

/** `prefix` (a formatted path, `''` for the root) followed by `path`'s segments, as `formatPath` writes them. */
function appendPath(prefix: string, path: readonly string[]): string {
  let text = prefix;
  for (const segment of path) text += segment === ELEMENT ? ELEMENT : text === '' ? segment : `.${segment}`;
  return text;
}

/** The answer of a render that read nothing missing (shared: never changed). */
const NONE: readonly string[] = Object.freeze([]);

/** Reads kept per object until they are named (a template reads a bounded number of paths on one object). */
const MAX_READS_PER_OBJECT = 1000;
/** Deepest the walk goes: as deep as request variables may be (src/http/json-guard.ts `variablesMaxDepth`). */
const MAX_DEPTH = 1000;

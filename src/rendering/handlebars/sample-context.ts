/**
 * A sample context for a template, built only from its own expressions: what previews, tests and the
 * save-time render check feed a template to exercise it.
 */
import { analyzeTemplate, type DataUse, type TemplateAnalysis } from './analysis.js';
import { printable } from './printable.js';
import { ELEMENT, assertNever, formatPath, type RootPath } from './walker.js';

/**
 * A context that exercises a template, built only from its own expressions (`template`: its
 * parsed program, or its `analyzeTemplate` result), JSON-serialisable:
 * - a path read as a value (including helper params and hash values) gets a string naming it,
 *   list elements by index: `order.number` → "order.number", `items[1].name` → "items[1].name";
 * - a path iterated by `#each` gets a list of two elements: objects when fields are read inside,
 *   otherwise strings naming them ("commissionNames[0]", …);
 * - a `#with` (or partial context) path gets an object; a path tested by `#if`/`#unless`/a section
 *   gets `true`;
 * - when one path is used several ways, the richer shape wins: list > object > string > true
 *   (a string is truthy, so `#if` still takes its main branch; `{{a}}` plus `{{a.b}}` makes `a`
 *   an object).
 * Unknown helpers are not simulated: a template that calls them needs them registered to render.
 * Never throws.
 */
export function buildSampleContext(template: hbs.AST.Program | TemplateAnalysis): Record<string, unknown> {
  const reads = ('dataReads' in template ? template : analyzeTemplate(template)).dataReads;
  const root = newShape();
  root.rank = RANK.object;
  for (const read of reads) {
    if (read.path[0] === ELEMENT) continue; // `{{#each this}}` at the root: the root must stay an object
    addRead(root, read.path, USE_RANK[read.use]);
  }
  const value = sampleValue(root, []);
  return isRecord(value) ? value : {};
}

/** How much shape a read demands; the highest demand on a path wins. */
const RANK = { none: 0, true: 1, leaf: 2, object: 3, list: 4 } as const;
type Rank = (typeof RANK)[keyof typeof RANK];

function maxRank(a: Rank, b: Rank): Rank {
  return a > b ? a : b;
}

interface Shape {
  rank: Rank;
  fields: Map<string, Shape>;
  element: Shape | undefined;
}

const USE_RANK: Record<DataUse, Rank> = {
  condition: RANK.true,
  value: RANK.leaf,
  argument: RANK.leaf,
  context: RANK.object,
  iterate: RANK.list,
};

function newShape(): Shape {
  return { rank: RANK.none, fields: new Map(), element: undefined };
}

function addRead(root: Shape, path: RootPath, rank: Rank): void {
  let node = root;
  for (const segment of path) {
    if (segment === ELEMENT) {
      node.rank = maxRank(node.rank, RANK.list);
      node.element ??= newShape();
      node = node.element;
    } else {
      node.rank = maxRank(node.rank, RANK.object);
      let child = node.fields.get(segment);
      if (!child) node.fields.set(segment, (child = newShape()));
      node = child;
    }
  }
  node.rank = maxRank(node.rank, rank);
}

const SAMPLE_LIST_LENGTH = 2;

function sampleValue(shape: Shape, path: Array<string | number>): unknown {
  switch (shape.rank) {
    case RANK.list: {
      const element = shape.element ?? newShape();
      return Array.from({ length: SAMPLE_LIST_LENGTH }, (_, index) => sampleValue(element, [...path, index]));
    }
    case RANK.object:
      // `printable`: a sample object with a `toString` field (`{{a.toString.b}}`) still prints, as `{{a}}` does any object.
      return printable(Object.fromEntries([...shape.fields].map(([key, field]) => [key, sampleValue(field, [...path, key])])));
    case RANK.true:
      return true;
    case RANK.leaf:
    case RANK.none: // an element nothing reads: still something that names it
      return formatPath(path);
    default:
      return assertNever(shape.rank);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A sample context for a template, built only from its own expressions: what previews, tests and the
 * save-time render check feed a template to exercise it.
 */
import { TemplateError } from '../template-error.js';
import { analyzeTemplate, type DataUse, type TemplateAnalysis } from './analysis.js';
import { printable } from './printable.js';
import { ELEMENT, assertNever, formatPath, type RootPath } from './walker.js';

/**
 * Most values (objects, lists, leaves) one sample may hold. Two items per list make a sample exponential
 * in the list nesting (19 nested `{{#each a}}`: 2^19 leaves, 13 s to build — issue 19), so past this the
 * deepest lists get one item (see `buildSampleContext`).
 */
export const SAMPLE_MAX_NODES = 10_000;

/**
 * A context that exercises a template, built only from its own expressions (`template`: its
 * parsed program, or its `analyzeTemplate` result, or the reads of several programs together), JSON-serialisable:
 * - a path read as a value (including helper params and hash values) gets a string naming it,
 *   list elements by index: `order.number` → "order.number", `items[1].name` → "items[1].name";
 * - a path iterated by `#each` gets a list of two elements (one, deep in a large sample: below): objects
 *   when fields are read inside, otherwise strings naming them ("commissionNames[0]", …);
 * - a `#with` (or partial context) path gets an object; a path tested by `#if`/`#unless`/a section
 *   gets `true`;
 * - when one path is used several ways, the richer shape wins: list > object > string > true
 *   (a string is truthy, so `#if` still takes its main branch; `{{a}}` plus `{{a.b}}` makes `a`
 *   an object).
 * Unknown helpers are not simulated: a template that calls them needs them registered to render.
 *
 * Bounded: when two items per list would make more than `maxNodes` values (SAMPLE_MAX_NODES), lists nested
 * deeper than some level get one item instead, the level chosen as deep as the bound allows (every `#each`
 * body still runs once). With one item everywhere a sample is linear in the template's size.
 * @throws TemplateError 400 `template_too_complex` (`limit` SAMPLE_MAX_NODES, `max`, `found`) only when
 *   even that sample passes `maxNodes`: a template reading that many distinct paths.
 */
export function buildSampleContext(
  template: hbs.AST.Program | Pick<TemplateAnalysis, 'dataReads'>,
  maxNodes = SAMPLE_MAX_NODES,
): Record<string, unknown> {
  const reads = ('dataReads' in template ? template : analyzeTemplate(template)).dataReads;
  const root = newShape();
  root.rank = RANK.object;
  for (const read of reads) {
    if (read.path[0] === ELEMENT) continue; // `{{#each this}}` at the root: the root must stay an object
    addRead(root, read.path, USE_RANK[read.use]);
  }
  let pairedLevels = listDepth(root);
  while (pairedLevels > 0 && sampleSize(root, pairedLevels, 0) > maxNodes) pairedLevels -= 1;
  const size = sampleSize(root, pairedLevels, 0);
  if (size > maxNodes) {
    throw new TemplateError(
      'template_too_complex',
      `The save-time check would need ${size} sample values to render this template, even with one item per list; the limit is ${maxNodes} (SAMPLE_MAX_NODES). ` +
        'Read fewer distinct variable paths in one template.',
      [{ message: `${size} sample values` }],
      { limit: 'SAMPLE_MAX_NODES', max: maxNodes, found: size },
    );
  }
  const value = sampleValue(root, [], pairedLevels, 0);
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

/** Items of a sample list nested `level` lists deep (0: outermost) when the outer `pairedLevels` get two. */
const listLength = (level: number, pairedLevels: number) => (level < pairedLevels ? 2 : 1);

/** How many lists deep the shape nests (0: none). */
function listDepth(shape: Shape): number {
  let deepest = 0;
  for (const field of shape.fields.values()) deepest = Math.max(deepest, listDepth(field));
  if (shape.rank === RANK.list) deepest = Math.max(deepest, 1 + (shape.element ? listDepth(shape.element) : 0));
  return deepest;
}

/** Values `sampleValue` would make of `shape` (a float: it may pass 2^53 before the caller's bound decides). */
function sampleSize(shape: Shape, pairedLevels: number, level: number): number {
  switch (shape.rank) {
    case RANK.list:
      return 1 + listLength(level, pairedLevels) * (shape.element ? sampleSize(shape.element, pairedLevels, level + 1) : 1);
    case RANK.object: {
      let size = 1;
      for (const field of shape.fields.values()) size += sampleSize(field, pairedLevels, level);
      return size;
    }
    default:
      return 1;
  }
}

function sampleValue(shape: Shape, path: Array<string | number>, pairedLevels: number, level: number): unknown {
  switch (shape.rank) {
    case RANK.list: {
      const element = shape.element ?? newShape();
      return Array.from({ length: listLength(level, pairedLevels) }, (_, index) =>
        sampleValue(element, [...path, index], pairedLevels, level + 1),
      );
    }
    case RANK.object:
      // `printable`: a sample object with a `toString` field (`{{a.toString.b}}`) still prints, as `{{a}}` does any object.
      return printable(
        Object.fromEntries([...shape.fields].map(([key, field]) => [key, sampleValue(field, [...path, key], pairedLevels, level)])),
      );
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

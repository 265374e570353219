/**
 * Letterpress' helper library, registered in every environment `createHandlebars` makes:
 *
 * | helper | signature | module |
 * |---|---|---|
 * | `eq ne lt lte gt gte` | `eq a b` → boolean; block `{{#eq a b}}…{{else}}…{{/eq}}` | comparison.ts |
 * | `compare` | `compare a "op" b`, op `== != === !== < <= > >=`; block or boolean | comparison.ts |
 * | `and or not` | `and a b …`, `or a b …`, `not a` (Handlebars truthiness) → boolean; block | comparison.ts |
 * | `default` | `default value fallback …`: the first not null/undefined/"" | text.ts |
 * | `upper lower capitalize` | `upper text` (the render's locale) | text.ts |
 * | `truncate` | `truncate text 20` → at most 20 characters ending in `…` | text.ts |
 * | `join` | `join list ", "` | text.ts |
 * | `length` | `length value`: list elements, string characters, object keys | text.ts |
 * | `json` | `json value`: JSON.stringify, HTML-escaped by `{{ }}` | text.ts |
 * | `url_encode` | `url_encode text`: encodeURIComponent | text.ts |
 * | `number currency percent date` | `Intl.NumberFormat` / `Intl.DateTimeFormat` (ECMA-402) with the render's locale | intl.ts |
 * | `is isnt contains ifEven ifOdd` | handlebars-helpers' comparison names: `is a b` (loose ==), `contains list x` | comparison.ts |
 * | `add plus subtract minus multiply times divide modulo abs ceil floor round min max toFixed` | arithmetic (handlebars-helpers' names) | math.ts |
 * | `uppercase lowercase capitalizeAll trim append prepend replace startsWith` | handlebars-helpers' string names | strings.ts |
 *
 * How a call runs (`registerLibraryHelpers`):
 * - A bare `{{name}}` / `{{#name}}…{{/name}}` with no argument and no hash is what it was before the
 *   library existed: the variable `name` of the context (Handlebars calls a registered helper in
 *   preference to a context property, and real templates print `{{number}}` and `{{currency}}`), read
 *   with the runtime's prototype-safe lookup, a block running as a section.
 * - Otherwise the call is checked (arity, hash options, argument checks; `HelperArgumentError` names
 *   the helper and the argument), counted as one unit of render work, and — for a block (`block: true`
 *   only) — runs the main block or `{{else}}` metered like `{{#if}}` (budget.ts `metered`).
 * - The locale is `@locale` of the data frame (`renderWithin(…, { locale })`), default `en-US`.
 *
 * At save, `findHelperMisuse` runs the same checks on what a template writes literally: the arity,
 * unknown or missing hash options, block use of a non-block helper, literal arguments (an operator, a
 * length, `style="huge"`), and a call made only of literals (`{{currency "abc" code="EUR"}}`) is run.
 */
import { metered } from '../budget.js';
import { missingRead } from '../missing-reads.js';
import { HelperArgumentError, isTruthy, localeOf, type HelperOptions } from './arguments.js';
import { COMPARISON_HELPERS } from './comparison.js';
import type { HelperDefinition } from './definition.js';
import { INTL_HELPERS } from './intl.js';
import { MATH_HELPERS } from './math.js';
import { STRING_HELPERS } from './strings.js';
import { TEXT_HELPERS } from './text.js';

export { DEFAULT_LOCALE, HelperArgumentError } from './arguments.js';
export { COMPARE_OPERATORS } from './comparison.js';
export { DATE_STYLES } from './intl.js';
export type { HelperDefinition } from './definition.js';

/** What `registerLibraryHelpers` needs of a Handlebars environment. */
export interface HelperHost {
  helpers: Record<string, unknown>;
  registerHelper(name: string, fn: (...args: any[]) => unknown): void; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Every helper of the library, by name. */
export const LIBRARY_HELPERS: ReadonlyMap<string, HelperDefinition> = new Map(
  [...COMPARISON_HELPERS, ...TEXT_HELPERS, ...INTL_HELPERS, ...MATH_HELPERS, ...STRING_HELPERS].map((definition) => [
    definition.name,
    definition,
  ]),
);

/** The library's helper names, sorted. */
export const LIBRARY_HELPER_NAMES: readonly string[] = Object.freeze([...LIBRARY_HELPERS.keys()].sort());

/** Checks a call against its definition; the message names the helper and what is wrong. */
function checkCall(
  definition: HelperDefinition,
  args: readonly unknown[],
  hash: Readonly<Record<string, unknown>>,
  isBlock: boolean,
): void {
  const { name, arity, signature } = definition;
  const [min, max] = arity;
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new HelperArgumentError(name, '', `takes ${expected} argument${max === 1 ? '' : 's'} (${signature}), got ${args.length}`);
  }
  for (const key of Object.keys(hash)) {
    if (!Object.hasOwn(definition.hash, key)) {
      const known = Object.keys(definition.hash);
      const options = known.length ? `its options are ${known.map((k) => `${k}=`).join(', ')}` : 'it takes no options';
      throw new HelperArgumentError(name, `the option ${key}=`, `is unknown (${options})`);
    }
  }
  for (const key of definition.requiredHash ?? []) {
    if (!Object.hasOwn(hash, key)) throw new HelperArgumentError(name, `${key}=`, `is required (${signature})`);
  }
  if (isBlock && !definition.block) {
    throw new HelperArgumentError(name, '', `cannot be a block ({{#${name} …}}…{{/${name}}}): write {{${name} …}}`);
  }
}

/** Runs the checks of hash values and positional arguments on `args`/`hash` (all of them at render time). */
function checkValues(definition: HelperDefinition, args: readonly unknown[], hash: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(hash)) definition.hash[key]?.(value);
  definition.params?.forEach((check, index) => {
    if (check && index < args.length) check(args[index]);
  });
}

/**
 * Registers the library in `env`. `env.helpers.blockHelperMissing` must already be the environment's
 * (metered) one: a bare `{{#name}}` section runs through it.
 */
export function registerLibraryHelpers(env: HelperHost): void {
  for (const definition of LIBRARY_HELPERS.values()) {
    const { name } = definition;
    const call = metered(function (this: unknown, ...all: unknown[]): unknown {
      const options = all.pop() as HelperOptions;
      const hash = options.hash ?? {};
      const isBlock = typeof options.fn === 'function';
      checkCall(definition, all, hash, isBlock);
      checkValues(definition, all, hash);
      const result = definition.run(all, hash, localeOf(options));
      if (!isBlock) return result;
      return isTruthy(result) ? options.fn!(this) : (options.inverse?.(this) ?? '');
    });
    env.registerHelper(name, function (this: unknown, ...all: unknown[]): unknown {
      const options = all[all.length - 1] as HelperOptions;
      if (all.length === 1 && Object.keys(options.hash ?? {}).length === 0) return asVariable.call(this, env, name, options);
      return call.apply(this, all);
    });
  }
}

/**
 * `{{name}}` with no argument: the context's `name`, as Handlebars renders a variable (a block: a section).
 * Declared helpers (declared-helpers.ts) called bare behave the same way.
 */
export function asVariable(this: unknown, env: HelperHost, name: string, options: HelperOptions): unknown {
  const value = this === null || this === undefined ? undefined : options.lookupProperty ? options.lookupProperty(this, name) : undefined;
  if (typeof options.fn !== 'function') return value === undefined ? missingRead(this, [name]) : value; // a read the render reports when missing
  const section = env.helpers['blockHelperMissing'] as (this: unknown, context: unknown, options: HelperOptions) => unknown;
  return section.call(this, value, options);
}

// ---------------------------------------------------------------------------------------------
// Save-time checks
// ---------------------------------------------------------------------------------------------

/** A declared alias of a library helper (declared-helpers.ts): `use` with a fixed hash, merged under the call's. */
export interface HelperAlias {
  use: string;
  hash: Readonly<Record<string, unknown>>;
}

/**
 * Why a fixed hash cannot be given to the library helper `use` (an unknown option, a value its check
 * refuses), or null when it can. Required options may still come from the call. Never throws.
 */
export function fixedHashProblem(use: string, hash: Readonly<Record<string, unknown>>): string | null {
  const definition = LIBRARY_HELPERS.get(use);
  if (!definition) return `${use} is not a library helper`;
  try {
    for (const key of Object.keys(hash)) {
      if (!Object.hasOwn(definition.hash, key)) {
        const known = Object.keys(definition.hash);
        const options = known.length ? `its options are ${known.map((k) => `${k}=`).join(', ')}` : 'it takes no options';
        throw new HelperArgumentError(use, `the option ${key}=`, `is unknown (${options})`);
      }
      definition.hash[key]!(hash[key]);
    }
    return null;
  } catch (error) {
    if (error instanceof HelperArgumentError) return error.message;
    throw error;
  }
}

/** A call of a library helper that cannot work, found in the template's source. */
export interface HelperMisuse {
  helper: string;
  /** 1-based line in the parsed source, and the call's location (to find it in the files). */
  line: number;
  loc: hbs.AST.SourceLocation;
  message: string;
}

type Literal = hbs.AST.StringLiteral | hbs.AST.NumberLiteral | hbs.AST.BooleanLiteral | hbs.AST.NullLiteral | hbs.AST.UndefinedLiteral;
const NO_VALUE = Symbol('not a literal');

function literalValue(node: hbs.AST.Expression): unknown {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
      return (node as Literal & { value: unknown }).value;
    case 'NullLiteral':
      return null;
    case 'UndefinedLiteral':
      return undefined;
    default:
      return NO_VALUE;
  }
}

interface CallNode {
  type: string;
  path: hbs.AST.Expression;
  params: hbs.AST.Expression[];
  hash?: hbs.AST.Hash;
  loc: hbs.AST.SourceLocation;
  program?: hbs.AST.Program;
  inverse?: hbs.AST.Program;
}

/**
 * Calls of library helpers in `program` that fail whatever the data (see the module comment), in
 * source order. A call is what Handlebars' compiler treats as one: a mustache or block with arguments
 * or a hash, or a sub-expression, whose path is the helper's bare name and not a block param in scope.
 * Never throws.
 */
export function findHelperMisuse(program: hbs.AST.Program, aliases: ReadonlyMap<string, HelperAlias> = new Map()): HelperMisuse[] {
  const found: HelperMisuse[] = [];
  const blockParams: string[][] = [];

  const visitProgram = (node: hbs.AST.Program | undefined): void => {
    if (!node) return;
    const params = node.blockParams ?? [];
    if (params.length > 0) blockParams.push(params);
    for (const statement of node.body) visitNode(statement as unknown as CallNode);
    if (params.length > 0) blockParams.pop();
  };

  const visitExpressions = (node: CallNode): void => {
    for (const param of node.params ?? []) visitNode(param as unknown as CallNode);
    for (const pair of node.hash?.pairs ?? []) visitNode(pair.value as unknown as CallNode);
  };

  const visitNode = (node: CallNode): void => {
    switch (node.type) {
      case 'MustacheStatement':
      case 'BlockStatement':
      case 'SubExpression':
        checkNode(node);
        visitExpressions(node);
        break;
      case 'PartialStatement':
      case 'PartialBlockStatement':
      case 'Decorator':
      case 'DecoratorBlock': {
        const partialName = (node as unknown as { name?: CallNode }).name;
        if (partialName?.type === 'SubExpression') visitNode(partialName);
        visitExpressions(node);
        break;
      }
      default:
        break;
    }
    visitProgram(node.program);
    visitProgram(node.inverse);
  };

  const checkNode = (node: CallNode): void => {
    const path = node.path as hbs.AST.PathExpression;
    if (path.type !== 'PathExpression' || path.data || path.depth > 0 || path.parts.length !== 1 || /^\.|this\b/.test(path.original))
      return;
    const name = path.parts[0]!;
    const alias = aliases.get(name);
    const definition = LIBRARY_HELPERS.get(alias ? alias.use : name);
    if (!definition || blockParams.some((names) => names.includes(name))) return;
    const hasHash = (node.hash?.pairs.length ?? 0) > 0;
    if (node.type !== 'SubExpression' && node.params.length === 0 && !hasHash) return; // `{{name}}`: a variable
    const args = node.params.map(literalValue);
    const hash = {
      ...(alias?.hash ?? {}),
      ...Object.fromEntries((node.hash?.pairs ?? []).map((pair) => [pair.key, literalValue(pair.value)])),
    };
    try {
      checkCall(definition, args, hash, node.type === 'BlockStatement');
      const literalHash = Object.fromEntries(Object.entries(hash).filter(([, value]) => value !== NO_VALUE));
      const literalArgs = args.map((value) => (value === NO_VALUE ? undefined : value));
      for (const [key, value] of Object.entries(literalHash)) definition.hash[key]?.(value);
      definition.params?.forEach((check, index) => {
        if (check && index < args.length && args[index] !== NO_VALUE) check(literalArgs[index]);
      });
      const allLiteral = args.every((value) => value !== NO_VALUE) && Object.values(hash).every((value) => value !== NO_VALUE);
      if (allLiteral) definition.run(args, hash, 'en-US');
    } catch (error) {
      if (!(error instanceof HelperArgumentError)) return;
      found.push({ helper: name, line: node.loc?.start.line ?? 0, loc: node.loc, message: error.message });
    }
  };

  visitProgram(program);
  return found.sort((a, b) => a.line - b.line || a.loc.start.column - b.loc.start.column);
}

/**
 * The walk behind `analyzeTemplate`: one pass over a Handlebars AST that records helper calls,
 * partials, decorators, data reads (resolved to the root context) and built-in misuse, following
 * Handlebars 4.7's own compiler and runtime rules (see analysis.ts).
 */

/** A helper call site: the helper's name and the 1-based line of the call. */
export interface HelperCall {
  name: string;
  line: number;
}

/**
 * A partial reference (`{{> name}}` or `{{#> name}}…{{/name}}`). `dynamic` is true for
 * `{{> (expr)}}`, whose `name` is then the expression as text, e.g. `(whichPartial)`.
 */
export interface PartialReference {
  name: string;
  line: number;
  dynamic: boolean;
}

/** A built-in helper call that Handlebars will reject when it runs, with the reason. */
export interface BuiltInArityError {
  helper: string;
  line: number;
  message: string;
}

/**
 * How a data path is read: `value` (printed, or passed to a helper/partial hash), `condition`
 * (`#if`, `#unless`, a section), `context` (`#with`, a partial's context), `iterate` (`#each`).
 */
/**
 * How a path is read: printed (`value`), tested by `#if`/`#unless`/a section (`condition`), made the
 * context (`#with`, a partial's context), iterated (`#each`), or passed to a helper (`argument`, which
 * may take any type: `{{join list ", "}}`).
 */
export type DataUse = 'value' | 'condition' | 'context' | 'iterate' | 'argument';

/**
 * One read of a data path: `path` is the segments from the root context, `"[]"` standing for an
 * element of an iterated list (`['order', 'lines', '[]', 'product_name']`).
 */
export interface DataRead {
  path: readonly string[];
  use: DataUse;
}

/** Marks "an element of the list" in a root path: `order.lines[].name`. */
export const ELEMENT = '[]';

/** A data path from the root context, e.g. ['order', 'lines', ELEMENT, 'product_name']. */
export type RootPath = readonly string[];

interface PartialStatementSite {
  name: string;
  line: number;
  dynamic: boolean;
  insideInlinePartial: boolean;
}

interface WalkResult {
  helperCalls: HelperCall[];
  partials: PartialReference[];
  partialStatements: PartialStatementSite[];
  inlinePartials: Set<string>;
  decorators: string[];
  reads: DataRead[];
  arityErrors: BuiltInArityError[];
}

/**
 * The helpers the compiler treats as known by default (compiler.js `compile`): they decide
 * whether a bare `{{name}}` is a helper call. Includes the two internal ones on purpose.
 */
const COMPILER_KNOWN_HELPERS: ReadonlySet<string> = new Set([
  'helperMissing',
  'blockHelperMissing',
  'each',
  'if',
  'unless',
  'with',
  'log',
  'lookup',
]);

// The typings give Statement/Expression a plain `type: string` and lack the decorator node types,
// so the walk switches over these unions instead (the node types of the 4.x parser).
type DecoratorNode = Omit<hbs.AST.MustacheStatement, 'type'> & { type: 'Decorator' };
type DecoratorBlockNode = Omit<hbs.AST.BlockStatement, 'type'> & { type: 'DecoratorBlock' };
type StatementNode =
  | hbs.AST.MustacheStatement
  | hbs.AST.BlockStatement
  | hbs.AST.PartialStatement
  | hbs.AST.PartialBlockStatement
  | hbs.AST.ContentStatement
  | hbs.AST.CommentStatement
  | DecoratorNode
  | DecoratorBlockNode;
type ExpressionNode =
  | hbs.AST.PathExpression
  | hbs.AST.SubExpression
  | hbs.AST.StringLiteral
  | hbs.AST.NumberLiteral
  | hbs.AST.BooleanLiteral
  | hbs.AST.UndefinedLiteral
  | hbs.AST.NullLiteral;

/** A call-shaped node: mustache, block, sub-expression, decorator. The parser omits an absent hash. */
interface CallNode {
  params: hbs.AST.Expression[];
  hash?: hbs.AST.Hash | undefined;
  loc: hbs.AST.SourceLocation;
}

type CallKind = 'helper' | 'ambiguous' | 'simple';

/** What a block param stands for: a root path, or `null` for a value with no root path. */
type BlockParamTarget = RootPath | null;

interface BlockParamFrame {
  names: string[];
  targets: BlockParamTarget[];
}

/** Context of a nested program: a root path, `null` (unknowable), or `'same'` (unchanged). */
type ProgramContext = RootPath | null | 'same';

/**
 * Project partials the walk follows into, to record what they read with the context they are called
 * with: `programs` by name (without those the template shadows with an inline partial of the same name),
 * `budget.left` how many calls may still be followed in the whole analysis (shared by every nested walk,
 * so partials calling partials cannot multiply the work), `active` the partials being walked (a recursive
 * call is not followed again).
 */
export interface PartialExpansion {
  programs: ReadonlyMap<string, hbs.AST.Program>;
  budget: { left: number };
  active: readonly string[];
}

/** How many partial calls one analysis follows at most (the reads past it are not recorded). */
export const MAX_PARTIAL_EXPANSIONS = 500;

export class TemplateWalker {
  /** Context stack, innermost last; `null` = a context with no root path. */
  private readonly scopes: Array<RootPath | null>;
  private readonly blockParams: BlockParamFrame[];

  /**
   * @param expansion project partials to follow (none: partial calls only read their arguments).
   * @param scopes, frame where a partial's walk starts: the caller's contexts and its hash arguments.
   */
  constructor(
    private readonly expansion?: PartialExpansion,
    scopes: Array<RootPath | null> = [[]],
    frame?: BlockParamFrame,
  ) {
    this.scopes = scopes;
    this.blockParams = frame ? [frame] : [];
  }
  private inlinePartialDepth = 0;
  private readonly result: WalkResult = {
    helperCalls: [],
    partials: [],
    partialStatements: [],
    inlinePartials: new Set(),
    decorators: [],
    reads: [],
    arityErrors: [],
  };

  run(program: hbs.AST.Program): WalkResult {
    this.statements(program);
    return this.result;
  }

  private statements(program: hbs.AST.Program | undefined): void {
    for (const statement of program?.body ?? []) this.statement(statement as StatementNode);
  }

  /** Walks a nested program in `context`, with its block params bound to `targets`. */
  private nested(program: hbs.AST.Program | undefined, context: ProgramContext, targets: BlockParamTarget[]): void {
    if (!program) return; // `{{^x}}…{{/x}}` has no main program
    const current = this.scopes[this.scopes.length - 1] ?? null;
    // The runtime adds a depth only when the context object changes (runtime.js `wrapProgram`).
    const push = context !== 'same' && !(context !== null && current !== null && samePath(context, current));
    if (push) this.scopes.push(context);
    const names = program.blockParams ?? [];
    if (names.length > 0) this.blockParams.push({ names, targets });
    this.statements(program);
    if (names.length > 0) this.blockParams.pop();
    if (push) this.scopes.pop();
  }

  private statement(node: StatementNode): void {
    switch (node.type) {
      case 'MustacheStatement':
        return this.mustache(node);
      case 'BlockStatement':
        return this.block(node);
      case 'PartialStatement':
        return this.partial(node, undefined);
      case 'PartialBlockStatement':
        return this.partial(node, node.program);
      case 'Decorator':
        this.result.decorators.push(calleePath(node.path).original);
        return this.readArguments(node.params, node.hash);
      case 'DecoratorBlock':
        return this.decoratorBlock(node);
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      default:
        return assertNever(node);
    }
  }

  private mustache(node: hbs.AST.MustacheStatement): void {
    const path = calleePath(node.path);
    const kind = this.classify(node, path, false);
    if (kind === 'helper') {
      this.helperCall(path, node, false);
      this.readArguments(node.params, node.hash);
    } else {
      // A "simple" call ignores its params (compiler.js `simpleSexpr`), so they are not reads.
      this.readPath(path, 'value');
    }
  }

  private block(node: hbs.AST.BlockStatement): void {
    const path = calleePath(node.path);
    const kind = this.classify(node, path, false);
    let context: ProgramContext = 'same';
    let targets: BlockParamTarget[] = [];
    if (kind === 'helper') {
      const name = this.helperCall(path, node, true);
      const [first, ...rest] = node.params;
      if (first && (name === 'each' || name === 'with')) {
        const target = this.readExpression(first, name === 'each' ? 'iterate' : 'context');
        context = target && name === 'each' ? [...target, ELEMENT] : target;
        targets = name === 'each' ? [context, null] : [context];
        this.readArguments(rest, node.hash);
      } else if (first && (name === 'if' || name === 'unless')) {
        this.readExpression(first, 'condition');
        this.readArguments(rest, node.hash);
      } else {
        this.readArguments(node.params, node.hash); // other helpers: assume `options.fn(this)`
      }
    } else {
      this.readPath(path, 'condition'); // a section (blockHelperMissing)
    }
    this.nested(node.program, context, targets);
    this.nested(node.inverse, 'same', []);
  }

  private subExpression(node: hbs.AST.SubExpression): void {
    const path = calleePath(node.path);
    if (this.classify(node, path, true) === 'helper') {
      this.helperCall(path, node, false);
      this.readArguments(node.params, node.hash);
    } else {
      this.readPath(path, 'value'); // `(item 1)` with `item` a block param: just its value
    }
  }

  private partial(node: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement, block: hbs.AST.Program | undefined): void {
    const nameNode = node.name as ExpressionNode;
    const dynamic = nameNode.type === 'SubExpression';
    if (nameNode.type === 'SubExpression') this.subExpression(nameNode);
    const name = dynamic ? describeExpression(nameNode) : calleePath(nameNode).original;
    const line = lineOf(node);
    this.result.partials.push({ name, line, dynamic });
    if (!block) {
      this.result.partialStatements.push({ name, line, dynamic, insideInlinePartial: this.inlinePartialDepth > 0 });
    }
    // One param is the partial's context; more is a compile error ("Unsupported number of partial arguments").
    const [contextParam, ...rest] = node.params;
    const context = contextParam ? this.readExpression(contextParam, 'context') : 'same';
    this.readArguments(rest, node.hash);
    if (!dynamic) this.followPartial(name, context, node.hash);
    // The block's content runs with the partial's context when `{{> @partial-block}}` calls it.
    this.nested(block, context, []);
  }

  /**
   * What a project partial reads when called here: its program walked with the call's context (its
   * context argument, else the caller's) and its hash arguments standing for the values passed
   * (`{{> card title=order.name}}`: `{{title}}` inside reads `order.name`). Only the reads are kept; the
   * partial's own helpers, partials and errors are checked on it alone (guards.ts).
   */
  private followPartial(name: string, context: ProgramContext, hash: hbs.AST.Hash | undefined): void {
    const expansion = this.expansion;
    const program = expansion?.programs.get(name);
    if (!expansion || !program || expansion.active.includes(name) || expansion.budget.left <= 0) return;
    expansion.budget.left -= 1;
    const pairs = hash?.pairs ?? [];
    const frame: BlockParamFrame = {
      names: pairs.map((pair) => pair.key),
      targets: pairs.map((pair) =>
        (pair.value as ExpressionNode).type === 'PathExpression' ? this.resolve(pair.value as hbs.AST.PathExpression) : null,
      ),
    };
    const scopes = [...this.scopes];
    const current = scopes[scopes.length - 1] ?? null;
    if (context !== 'same' && !(context !== null && current !== null && samePath(context, current))) scopes.push(context);
    const inner = new TemplateWalker({ ...expansion, active: [...expansion.active, name] }, scopes, pairs.length > 0 ? frame : undefined);
    this.result.reads.push(...inner.run(program).reads);
  }

  private decoratorBlock(node: DecoratorBlockNode): void {
    const name = calleePath(node.path).original;
    this.result.decorators.push(name);
    const [first, ...rest] = node.params;
    const literalName = first ? literalText(first as ExpressionNode) : undefined;
    if (name === 'inline' && literalName !== undefined) {
      this.result.inlinePartials.add(literalName);
      this.readArguments(rest, node.hash);
    } else {
      this.readArguments(node.params, node.hash);
    }
    if (name === 'inline') this.inlinePartialDepth++;
    this.nested(node.program, 'same', []);
    if (name === 'inline') this.inlinePartialDepth--;
  }

  /**
   * compiler.js `classifySexpr` with the default options (no `knownHelpersOnly`).
   */
  private classify(node: CallNode, path: hbs.AST.PathExpression, isSubExpression: boolean): CallKind {
    const isSimple = isSimpleId(path);
    const isBlockParam = isSimple && this.findBlockParam(path.parts[0] ?? '') !== undefined;
    let isHelper = !isBlockParam && (isSubExpression || node.params.length > 0 || node.hash !== undefined);
    const isEligible = !isBlockParam && (isHelper || isSimple);
    if (isEligible && !isHelper && COMPILER_KNOWN_HELPERS.has(path.parts[0] ?? '')) isHelper = true;
    return isHelper ? 'helper' : isEligible ? 'ambiguous' : 'simple';
  }

  /** Records a helper call and checks built-in usage; returns the helper that will run. */
  private helperCall(path: hbs.AST.PathExpression, node: CallNode, isBlock: boolean): string {
    // compiler.js `helperSexpr` looks the FIRST part up among the known helpers.
    const head = path.parts[0];
    const name = head !== undefined && COMPILER_KNOWN_HELPERS.has(head) ? head : path.original;
    const line = lineOf(node);
    this.result.helperCalls.push({ name, line });
    const message = builtInUseError(name, node.params.length, isBlock);
    if (message) this.result.arityErrors.push({ helper: name, line, message });
    return name;
  }

  private readArguments(params: hbs.AST.Expression[], hash: hbs.AST.Hash | undefined): void {
    for (const param of params) this.readExpression(param, 'argument');
    for (const pair of hash?.pairs ?? []) this.readExpression(pair.value, 'argument');
  }

  /** Records the read of an argument; returns its root path (`null`: none, e.g. a literal). */
  private readExpression(expression: hbs.AST.Expression, use: DataUse): RootPath | null {
    const node = expression as ExpressionNode;
    switch (node.type) {
      case 'PathExpression':
        return this.readPath(node, use);
      case 'SubExpression':
        this.subExpression(node);
        return null;
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
      case 'UndefinedLiteral':
      case 'NullLiteral':
        return null;
      default:
        return assertNever(node);
    }
  }

  private readPath(path: hbs.AST.PathExpression, use: DataUse): RootPath | null {
    const resolved = this.resolve(path);
    if (resolved && resolved.length > 0) this.result.reads.push({ path: resolved, use });
    return resolved;
  }

  /** compiler.js `PathExpression`: block params first, then `@data`, then the context `depth` up. */
  private resolve(path: hbs.AST.PathExpression): RootPath | null {
    const [head, ...tail] = path.parts;
    if (head !== undefined && !path.depth && !isScopedId(path)) {
      const target = this.findBlockParam(head);
      if (target !== undefined) return target && [...target, ...tail];
    }
    if (path.data) return head === 'root' && !path.depth ? tail : null;
    const base = this.scopes[this.scopes.length - 1 - path.depth];
    return base ? [...base, ...path.parts] : null; // undefined: above the root (reads undefined)
  }

  /** `undefined` when `name` is not a block param in scope. */
  private findBlockParam(name: string): BlockParamTarget | undefined {
    for (let i = this.blockParams.length - 1; i >= 0; i--) {
      const frame = this.blockParams[i]!;
      const index = frame.names.indexOf(name);
      if (index >= 0) return frame.targets[index] ?? null;
    }
    return undefined;
  }
}

/**
 * Why a call of a built-in helper throws when rendered, or `undefined` if it does not.
 * Source: lib/handlebars/helpers/{if,with,each,lookup}.js in 4.7 — `if`/`unless`/`with` check
 * `arguments.length`, `each` checks for its options object, `lookup` reads `options.lookupProperty`;
 * none but `lookup` sets `options.fn`/`options.inverse` when called outside a block.
 */
function builtInUseError(name: string, paramCount: number, isBlock: boolean): string | undefined {
  switch (name) {
    case 'if':
    case 'unless':
    case 'with':
      if (paramCount !== 1) return `#${name} requires exactly one argument`;
      return isBlock ? undefined : notABlock(name);
    case 'each':
      if (paramCount === 0) return 'Must pass iterator to #each';
      if (paramCount > 1) {
        return `#each takes exactly one argument, got ${paramCount}: Handlebars takes the second for its options and throws`;
      }
      return isBlock ? undefined : notABlock(name);
    case 'lookup':
      return paramCount === 2
        ? undefined
        : `lookup requires exactly two arguments (an object and a field), got ${paramCount}: Handlebars throws a TypeError`;
    default:
      return undefined;
  }
}

function notABlock(name: string): string {
  return `#${name} must be used as a block ({{#${name} …}}…{{/${name}}}): called inline, Handlebars throws "options.fn is not a function"`;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** The path a mustache/block calls; a literal one (`{{"x"}}`) becomes a path, as compiler.js does. */
function calleePath(node: hbs.AST.Expression): hbs.AST.PathExpression {
  const expression = node as ExpressionNode;
  if (expression.type === 'PathExpression') return expression;
  const text = literalText(expression) ?? describeExpression(expression);
  return { type: 'PathExpression', data: false, depth: 0, parts: [text], original: text, loc: expression.loc };
}

/** The text of a literal as Handlebars turns it into a name (`original + ''`); else undefined. */
function literalText(node: ExpressionNode): string | undefined {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
      return String(node.original);
    case 'UndefinedLiteral':
      return 'undefined';
    case 'NullLiteral':
      return 'null';
    case 'PathExpression':
    case 'SubExpression':
      return undefined;
    default:
      return assertNever(node);
  }
}

/** An expression as (roughly) written: `(whichPartial "a" b=c)`. */
function describeExpression(node: ExpressionNode): string {
  switch (node.type) {
    case 'PathExpression':
      return node.original;
    case 'SubExpression': {
      const params = node.params.map((param) => describeExpression(param as ExpressionNode));
      const pairs = (node.hash?.pairs ?? []).map((p) => `${p.key}=${describeExpression(p.value as ExpressionNode)}`);
      return `(${[node.path.original, ...params, ...pairs].join(' ')})`;
    }
    case 'StringLiteral':
      return JSON.stringify(node.value);
    case 'NumberLiteral':
    case 'BooleanLiteral':
    case 'UndefinedLiteral':
    case 'NullLiteral':
      return literalText(node) ?? '';
    default:
      return assertNever(node);
  }
}

/** ast.js `scopedId`: the path starts with `.` or `this`, so it never names a helper/block param. */
function isScopedId(path: hbs.AST.PathExpression): boolean {
  return /^\.|this\b/.test(path.original);
}

/** ast.js `simpleId`: one part, not scoped, no `../`. */
function isSimpleId(path: hbs.AST.PathExpression): boolean {
  return path.parts.length === 1 && !isScopedId(path) && !path.depth;
}

/** `['order', 'lines', ELEMENT, 'name']` → `order.lines[].name`; numbers are list indexes. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (segment === ELEMENT) text += ELEMENT;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

function samePath(a: RootPath, b: RootPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

function lineOf(node: { loc?: hbs.AST.SourceLocation | undefined }): number {
  return node.loc?.start.line ?? 0;
}

export function uniqueReads(reads: DataRead[]): DataRead[] {
  const unique = [...new Map(reads.map((read) => [JSON.stringify([read.path, read.use]), read])).values()];
  const key = (read: DataRead) => `${formatPath(read.path)} ${read.use}`;
  return unique.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

export function byLine<T extends { line: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.line - b.line); // stable: same-line items keep source order
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected Handlebars AST node: ${JSON.stringify(value)}`);
}

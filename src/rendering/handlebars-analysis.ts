/**
 * Static analysis of a Handlebars template: parse it, list what it calls (helpers, partials,
 * decorators), which data paths it reads (resolved to the root context), which built-in helper
 * calls are bound to throw (the sample context that exercises it is in sample-context.ts).
 *
 * The rules copy Handlebars 4.7 itself (`lib/handlebars/compiler/compiler.js`: `classifySexpr`,
 * `helperSexpr`, `PathExpression`, `PartialStatement`; `lib/handlebars/runtime.js`: depths and
 * partial blocks; `lib/handlebars/helpers/*.js`: what the built-ins need). Pure: no I/O.
 */
import Handlebars from 'handlebars';
import { BUILT_IN_HELPERS } from './handlebars-env.js';
import { TemplateWalker, byLine, formatPath, sortedUnique, uniqueReads } from './handlebars-walker.js';

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/**
 * Result of `parseHandlebars`: the AST, or a short error. `line` is 1-based, `null` when
 * Handlebars' error names no line.
 */
export type HandlebarsParseResult =
  | { ok: true; program: hbs.AST.Program }
  | { ok: false; message: string; line: number | null };

const MESSAGE_LINES = 4;
const MESSAGE_LINE_MAX = 120;

/**
 * Parses `source` with `Handlebars.parse` (the parser `Handlebars.compile` uses). Never throws:
 * a syntax error becomes `{ ok: false, message, line }`, where `message` is the first lines of
 * Handlebars' own message ("Parse error on line 3:", the excerpt, the caret, "Expecting …, got
 * 'CLOSE'") with over-long lines shortened in the middle, and `line` comes from "Parse error on
 * line N" / "Lexical error on line N" or, for mismatched blocks ("if doesn't match each - 2:3"),
 * from Handlebars' `Exception.lineNumber`.
 */
export function parseHandlebars(source: string): HandlebarsParseResult {
  try {
    return { ok: true, program: Handlebars.parse(source) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, message: shortenMessage(text), line: errorLine(error, text) };
  }
}

function errorLine(error: unknown, message: string): number | null {
  const match = /(?:Parse|Lexical) error on line (\d+)/.exec(message);
  if (match) return Number(match[1]);
  const lineNumber = (error as { lineNumber?: unknown } | null)?.lineNumber;
  return typeof lineNumber === 'number' ? lineNumber : null;
}

function shortenMessage(message: string): string {
  return message.split('\n').slice(0, MESSAGE_LINES).map(shortenLine).join('\n');
}

/** Jison lists every token it expected; three of them and the one it got are enough. */
function shortenLine(line: string): string {
  if (line.length <= MESSAGE_LINE_MAX) return line;
  const expecting = /^Expecting (.*), got (.*)$/.exec(line);
  if (expecting) {
    const tokens = expecting[1]!.split(', ');
    return `Expecting ${tokens.slice(0, 3).join(', ')}, … (${tokens.length} in all), got ${expecting[2]}`;
  }
  return `${line.slice(0, MESSAGE_LINE_MAX - 1)}…`;
}

// ---------------------------------------------------------------------------------------------
// Analysis result
// ---------------------------------------------------------------------------------------------

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
 * What `analyzeTemplate` finds (lines are 1-based):
 * - `helpers`: names called as helpers (Handlebars' own classification), sorted, unique.
 * - `unknownHelpers`: the calls (in source order) whose name is not in `BUILT_IN_HELPERS`.
 * - `partials`: every partial statement and partial block, in source order.
 * - `inlinePartials`: names defined with `{{#*inline "name"}}`, sorted, unique.
 * - `missingPartials`: `{{> name}}` statements that will throw "The partial name could not be
 *   found": the name is not defined inline (we register no partials), or the partial is dynamic,
 *   or it is `@partial-block` outside an inline partial. Partial BLOCKS are never missing: they
 *   render their fail-over content.
 * - `decorators`: names of decorators used (`inline` for inline partials), sorted, unique.
 * - `variables`: every data path read, resolved to the root context, sorted, unique; `[]` marks
 *   an element of an iterated list (`order.lines[].product_name`).
 * - `builtInArityErrors`: calls of `if`/`unless`/`with`/`each`/`lookup` that throw at render time.
 * - `dataReads`: the same reads as `variables`, as segments with how each is used (what
 *   `buildSampleContext` needs), unique, sorted by path then use.
 */
export interface TemplateAnalysis {
  helpers: string[];
  unknownHelpers: HelperCall[];
  partials: PartialReference[];
  inlinePartials: string[];
  missingPartials: Array<{ name: string; line: number }>;
  decorators: string[];
  variables: string[];
  builtInArityErrors: BuiltInArityError[];
  dataReads: DataRead[];
}

/**
 * How a data path is read: `value` (printed, or passed to a helper/partial hash), `condition`
 * (`#if`, `#unless`, a section), `context` (`#with`, a partial's context), `iterate` (`#each`).
 */
export type DataUse = 'value' | 'condition' | 'context' | 'iterate';

/**
 * One read of a data path: `path` is the segments from the root context, `"[]"` standing for an
 * element of an iterated list (`['order', 'lines', '[]', 'product_name']`).
 */
export interface DataRead {
  path: readonly string[];
  use: DataUse;
}

/**
 * Analyses a parsed template (from `parseHandlebars`). Walks the whole AST: programs and inverses,
 * params, hash values, sub-expressions, partial names and params, decorators, block params.
 *
 * - Helper calls follow `classifySexpr`: a mustache/block with params or a hash is a helper call, a
 *   sub-expression always is, a bare single-name `{{x}}`/`{{#x}}` is a variable/section unless x is
 *   one of the compiler's known helpers (then `{{#if}}` is a call with no argument), and a path
 *   whose head is a block param is never a helper. As in `helperSexpr`, a path whose first part is
 *   a known helper (`{{this.if a}}`) invokes that built-in; other names are reported as written
 *   (`{{a.b c}}` → `a.b`).
 * - Data paths are resolved as the runtime does: `#each x` and `#with x` change the context (to
 *   `x[]` / `x`), `#if`, `#unless`, sections and other helpers' blocks keep it (a section whose value
 *   is an object would switch to it; we assume the conditional use), inverses keep it, `../` climbs
 *   one context change, `this`/`.` is the context itself, `@root.x` is `x`, other `@data` (`@index`,
 *   `@key`, …) is not a data path, block params (`as |item i|`) stand for what the helper yields
 *   (`each`: the element, then the index; `with`: the value) and are never root names.
 *   Reads whose context is unknowable (inside `{{#each (helper)}}`, above the root) are left out.
 * Never throws.
 */
export function analyzeTemplate(program: hbs.AST.Program): TemplateAnalysis {
  const walk = new TemplateWalker().run(program);
  const builtIns = new Set(BUILT_IN_HELPERS);
  const inline = walk.inlinePartials;
  const missingPartials = walk.partialStatements
    .filter((p) => p.dynamic || (p.name === '@partial-block' ? !p.insideInlinePartial : !inline.has(p.name)))
    .map(({ name, line }) => ({ name, line }));
  return {
    helpers: sortedUnique(walk.helperCalls.map((call) => call.name)),
    unknownHelpers: byLine(walk.helperCalls.filter((call) => !builtIns.has(call.name))),
    partials: byLine(walk.partials),
    inlinePartials: sortedUnique([...inline]),
    missingPartials: byLine(missingPartials),
    decorators: sortedUnique(walk.decorators),
    variables: sortedUnique(walk.reads.map((read) => formatPath(read.path))),
    builtInArityErrors: byLine(walk.arityErrors),
    dataReads: uniqueReads(walk.reads),
  };
}

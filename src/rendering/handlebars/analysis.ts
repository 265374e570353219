/**
 * Static analysis of a Handlebars template: parse it, list what it calls (helpers, partials,
 * decorators), which data paths it reads (resolved to the root context), which built-in helper
 * calls are bound to throw (the sample context that exercises it is in sample-context.ts).
 *
 * The rules copy Handlebars 4.7 itself (`lib/handlebars/compiler/compiler.js`: `classifySexpr`,
 * `helperSexpr`, `PathExpression`, `PartialStatement`; `lib/handlebars/runtime.js`: depths and
 * partial blocks; `lib/handlebars/helpers/*.js`: what the built-ins need). Pure: no I/O.
 */
import { AVAILABLE_HELPERS } from './environment.js';
import { MAX_PARTIAL_EXPANSIONS, TemplateWalker, byLine, formatPath, sortedUnique, uniqueReads } from './walker.js';
import type { BuiltInArityError, DataRead, HelperCall, PartialReference } from './walker.js';

export type { BuiltInArityError, DataRead, DataUse, HelperCall, PartialReference } from './walker.js';
export { parseHandlebars, type HandlebarsParseResult } from './parse.js';

/**
 * What `analyzeTemplate` finds (lines are 1-based):
 * - `helpers`: names called as helpers (Handlebars' own classification), sorted, unique.
 * - `unknownHelpers`: the calls (in source order) whose name is not in `AVAILABLE_HELPERS` (the
 *   built-ins but `log`, and the helper library).
 * - `partials`: every partial statement and partial block, in source order.
 * - `inlinePartials`: names defined with `{{#*inline "name"}}`, sorted, unique.
 * - `missingPartials`: `{{> name}}` statements that will throw "The partial name could not be
 *   found": the name is neither defined inline nor a project partial (`options.partials`; nothing
 *   else is registered), or the partial is dynamic, or it is `@partial-block` outside an inline
 *   partial (and outside a project partial, `options.isPartial`). Partial BLOCKS are never missing:
 *   they render their fail-over content.
 * - `decorators`: names of decorators used (`inline` for inline partials), sorted, unique.
 * - `variables`: every data path read (by the project partials it calls too), resolved to the root
 *   context, sorted, unique; `[]` marks
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

export interface AnalysisOptions {
  /**
   * The revision's project partials, parsed: a call of one is not missing, and what it reads with the
   * call's context and hash arguments counts as read by the template (walker.ts `followPartial`).
   */
  partials?: ReadonlyMap<string, hbs.AST.Program>;
  /** The program is itself a project partial: its `{{> @partial-block}}` is the block it is called with. */
  isPartial?: boolean;
  /** Helpers declared for the revision (declared-helpers.ts): available besides `AVAILABLE_HELPERS`. */
  declaredHelpers?: readonly string[];
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
export function analyzeTemplate(program: hbs.AST.Program, options: AnalysisOptions = {}): TemplateAnalysis {
  const partials = options.partials ?? new Map<string, hbs.AST.Program>();
  let walk = new TemplateWalker().run(program);
  const inline = walk.inlinePartials;
  if (partials.size > 0) {
    // An inline partial of the same name wins over a project partial (Handlebars' own precedence).
    const programs = new Map([...partials].filter(([name]) => !inline.has(name)));
    walk = new TemplateWalker({ programs, budget: { left: MAX_PARTIAL_EXPANSIONS }, active: [] }).run(program);
  }
  const available = new Set([...AVAILABLE_HELPERS, ...(options.declaredHelpers ?? [])]);
  const missingPartials = walk.partialStatements
    .filter(
      (p) =>
        p.dynamic ||
        (p.name === '@partial-block' ? !p.insideInlinePartial && !options.isPartial : !inline.has(p.name) && !partials.has(p.name)),
    )
    .map(({ name, line }) => ({ name, line }));
  return {
    helpers: sortedUnique(walk.helperCalls.map((call) => call.name)),
    unknownHelpers: byLine(walk.helperCalls.filter((call) => !available.has(call.name))),
    partials: byLine(walk.partials),
    inlinePartials: sortedUnique([...inline]),
    missingPartials: byLine(missingPartials),
    decorators: sortedUnique(walk.decorators),
    variables: sortedUnique(walk.reads.map((read) => formatPath(read.path))),
    builtInArityErrors: byLine(walk.arityErrors),
    dataReads: uniqueReads(walk.reads),
  };
}

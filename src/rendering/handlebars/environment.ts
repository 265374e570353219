/**
 * The Handlebars environment templates are compiled and rendered in: Handlebars' built-in helpers,
 * metered (budget.ts), with `log` silenced, and Letterpress' helper library (helpers/index.ts: `eq`,
 * `compare`, `default`, `currency`, `date`, …), formatting in the render's locale; templates are
 * compiled to source (`precompileTemplate`, in the compile workers) and loaded from it
 * (`loadTemplate`), so that parsing and code generation never run on the event loop.
 */
import Handlebars from 'handlebars';
import { countOutput, metered, meteredPartial, runMetered, type RenderLimits } from './budget.js';
import { JSON_ESCAPE, JsonOutputCompiler, escapeJsonText, jsonOutputCompiler, type JavaScriptCompilerClass } from './json-output.js';
import { LIBRARY_HELPER_NAMES, registerLibraryHelpers } from './helpers/index.js';

/**
 * Handlebars 4's built-in helpers `if`, `unless`, `each`, `with`, `lookup`, `log` (sorted): what the
 * runtime registers. Templates may call all but `log` (`AVAILABLE_HELPERS`); `log` stays registered,
 * rendering nothing and writing nothing, for revisions saved before it was refused: a render never
 * writes outside its response (one `{{log}}` render once wrote 100,001 log lines, and a variable could
 * forge a line).
 *
 * Source: Handlebars 4 `lib/handlebars/helpers/*.js` (`registerDefaultHelpers`). The runtime also
 * registers `helperMissing` and `blockHelperMissing`, but since 4.6 it moves them to internal hooks
 * (unless `allowCallsToHelperMissing`), so `{{helperMissing x}}` fails at render time: they are
 * deliberately left out.
 */
export const BUILT_IN_HELPERS: readonly string[] = Object.freeze(['each', 'if', 'log', 'lookup', 'unless', 'with']);

/**
 * Every helper a template may call, sorted: the built-ins but `log`, and the library
 * (helpers/index.ts). A call of any other name is refused at save (`unknown_helper`, guards.ts), which
 * gives templates Handlebars' `knownHelpersOnly` guarantee while keeping its default compile options.
 */
export const AVAILABLE_HELPERS: readonly string[] = Object.freeze(
  [...BUILT_IN_HELPERS.filter((name) => name !== 'log'), ...LIBRARY_HELPER_NAMES].sort(),
);

export type HandlebarsEnvironment = typeof Handlebars;

/** Options of one render. */
export interface RenderOptions {
  /**
   * BCP 47 locale the helpers format in (`Intl.NumberFormat`/`DateTimeFormat`, `toLocaleUpperCase`),
   * handed to them as `@locale` in Handlebars' data frame; default `en-US` (helpers/arguments.ts).
   */
  locale?: string;
  /**
   * The revision's project partials (`loadPartial`), by name: what `{{> name}}` finds in this render and
   * nowhere else — nothing is registered in the environment, so no render sees another revision's.
   */
  partials?: LoadedPartials;
}

/** A project partial loaded from `precompileTemplate`'s output (`loadPartial`): Handlebars' own template function. */
export type LoadedPartial = (context: unknown, options?: unknown) => string;
export type LoadedPartials = Readonly<Record<string, LoadedPartial>>;

/**
 * A loaded template: `(context, options?) => output`; throws what Handlebars throws at render time
 * (and HelperArgumentError, helpers/arguments.ts, for a value a helper cannot use).
 */
export type CompiledTemplate = (context: Record<string, unknown>, options?: RenderOptions) => string;

/** Handlebars' code generators (untyped in @types: lib/handlebars/compiler/{compiler,javascript-compiler}.js). */
type WithCompiler = { JavaScriptCompiler: JavaScriptCompilerClass; Compiler: unknown };
const JavaScriptCompiler = (Handlebars as unknown as WithCompiler).JavaScriptCompiler;

/** Name by which compiled code reaches `countOutput` (a parameter of the function `loadTemplate` builds). */
const OUTPUT_COUNTER = '__letterpressCountOutput';

/**
 * Handlebars' own code generator with one documented customisation (`appendToBuffer`, "Allows for
 * code buffer emitting code", Handlebars API reference, JavaScriptCompiler): every appended piece goes
 * through the output counter. Child programs are compiled by `this.compiler`, so it points here too.
 */
class MeteredCompiler extends JavaScriptCompiler {
  override appendToBuffer(source: unknown, location?: unknown, explicit?: boolean): unknown {
    return super.appendToBuffer([`${OUTPUT_COUNTER}(`, source, ')'], location, explicit);
  }
}
(MeteredCompiler.prototype as unknown as { compiler: unknown }).compiler = MeteredCompiler;
const MeteredJsonCompiler = jsonOutputCompiler(MeteredCompiler);

/** What templates compiled in an environment output: HTML, or HTML escaped as a JSON string's contents (json-output.ts). */
export type TemplateOutput = 'html' | 'json';

/** Blocks that run nested programs or iterate: each call is metered. */
const METERED_HELPERS = ['each', 'if', 'unless', 'with', 'lookup', 'blockHelperMissing'] as const;

/**
 * A Handlebars environment of our own (`Handlebars.create()`; nothing leaks into the global one):
 * metered built-ins and partial calls, a `log` that does nothing, the helper library (its calls
 * metered too), and Handlebars' own logger (which warns about prototype-access attempts) silenced.
 * Prototype access stays Handlebars' default (4.6+: none), so `{{constructor}}` and `{{__proto__}}`
 * render nothing. Templates it compiles output `output`. Never throws.
 */
export function createHandlebars(output: TemplateOutput = 'html'): HandlebarsEnvironment {
  const env = Handlebars.create();
  (env as unknown as WithCompiler).JavaScriptCompiler = output === 'json' ? MeteredJsonCompiler : MeteredCompiler;
  if (output === 'json') (env as unknown as WithCompiler).Compiler = JsonOutputCompiler;
  for (const name of METERED_HELPERS) {
    env.registerHelper(name, metered(env.helpers[name] as (...args: unknown[]) => unknown));
  }
  env.registerHelper('log', () => '');
  registerLibraryHelpers(env);
  // `env.VM` is the runtime the template functions call back into; Handlebars reads it through the
  // environment "to allow for external users to override these as pseudo-supported APIs" (runtime.js).
  const vm = (env as unknown as { VM: Record<string, unknown> }).VM;
  (env as unknown as { VM: Record<string, unknown> }).VM = {
    ...vm,
    invokePartial: meteredPartial(vm['invokePartial'] as (...args: unknown[]) => unknown),
  };
  env.logger.level = 4; // above 'error' (3): Handlebars writes nothing to the console
  return env;
}

/**
 * Compile `source` (the published HTML with its Handlebars expressions, or its parsed program) to JavaScript source, with
 * Handlebars' DEFAULT compile options, so the loaded template renders exactly like plain
 * `Handlebars.compile(source)`. CPU-heavy for large templates: run it in the compile workers.
 * @throws Handlebars' parse error ("Parse error on line N: …") for invalid syntax.
 */
export function precompileTemplate(env: HandlebarsEnvironment, source: string | hbs.AST.Program): string {
  return env.precompile(source as string) as unknown as string;
}

/**
 * Load a template from `precompileTemplate`'s output (of either output kind; any environment runs it).
 * Cheap next to compiling (V8 parses the source lazily); the code comes from our own compiler, never
 * from a client.
 * @throws SyntaxError when `spec` is not such output.
 */
export function loadTemplate(env: HandlebarsEnvironment, spec: string): CompiledTemplate {
  const template = env.template(templateSpecOf(env, spec));
  return (context, options) => {
    const locale = options?.locale;
    const partials = options?.partials;
    if (locale === undefined && partials === undefined) return template(context);
    return template(context, { ...(locale !== undefined ? { data: { locale } } : {}), ...(partials !== undefined ? { partials: { ...partials } } : {}) });
  };
}

/**
 * Load a project partial from `precompileTemplate`'s output: the template function Handlebars calls for
 * `{{> name}}` when it is passed in a render's `partials` (RenderOptions).
 * @throws SyntaxError when `spec` is not such output.
 */
export function loadPartial(env: HandlebarsEnvironment, spec: string): LoadedPartial {
  return env.template(templateSpecOf(env, spec)) as unknown as LoadedPartial;
}

function templateSpecOf(env: HandlebarsEnvironment, spec: string): Parameters<typeof env.template>[0] {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled template code, see above
  return new Function(OUTPUT_COUNTER, JSON_ESCAPE, `return ${spec};`)(countOutput, escapeJsonText) as Parameters<typeof env.template>[0];
}

/**
 * Render within `limits` (budget.ts), formatting in `options.locale` (default `en-US`), with `options.partials`
 * as the only partials besides the template's inline ones.
 * @throws RenderLimitError past a limit; RangeError for a locale that is not a BCP 47 tag; Handlebars'
 *   errors (e.g. "#each requires an iterator"); HelperArgumentError for a value a helper cannot use.
 */
export function renderWithin(template: CompiledTemplate, context: Record<string, unknown>, limits: RenderLimits, options?: RenderOptions): string {
  const locale = options?.locale === undefined ? undefined : canonicalLocale(options.locale);
  const partials = options?.partials;
  if (locale === undefined && partials === undefined) return runMetered(limits, () => template(context));
  const render = { ...(locale !== undefined ? { locale } : {}), ...(partials !== undefined ? { partials } : {}) };
  return runMetered(limits, () => template(context, render));
}

/** `locale` in its canonical form (`en-us` → `en-US`). @throws RangeError when it is not a well-formed BCP 47 tag. */
function canonicalLocale(locale: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (canonical !== undefined) return canonical;
  } catch {
    // below
  }
  throw new RangeError(`The locale ${JSON.stringify(locale)} is not a BCP 47 language tag such as "en-US" or "de-DE".`);
}

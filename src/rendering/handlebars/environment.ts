/**
 * The Handlebars environment templates are compiled and rendered in: Handlebars' built-in helpers,
 * metered (budget.ts), with `log` silenced, and Letterpress' helper library (helpers/index.ts: `eq`,
 * `compare`, `default`, `currency`, `date`, …), formatting in the render's locale; templates are
 * compiled to source (`precompileTemplate`, in the compile workers) and loaded from it
 * (`loadTemplate`), so that parsing and code generation never run on the event loop.
 */
import Handlebars from 'handlebars';
import { countOutput, metered, meteredPartial, rolledBack, runMetered, type RenderLimits } from './budget.js';
import { SAFE_URL_HELPER, SAFE_URL_JSON_HELPER, safeUrlHelper } from './safe-url.js';
import { JSON_ESCAPE, JsonOutputCompiler, escapeJsonText, jsonOutputCompiler, type JavaScriptCompilerClass } from './json-output.js';
import { LIBRARY_HELPER_NAMES, asVariable, registerLibraryHelpers } from './helpers/index.js';
import type { HelperOptions } from './helpers/arguments.js';
import { MISSING_READ, missingRead } from './missing-reads.js';
import { readTrackingCodeGenerator, readTrackingCompiler } from './read-tracking.js';
import { TRANSLATE_HELPER, translateHelper } from '../locales/translate-helper.js';
import type { LocaleMessages } from '../locales/messages.js';
import { templateSetUpOnce, type TemplateSpec } from './runtime-setup.js';
import { CHUNKS_PARAMETER } from './static-chunks.js';

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
  [...BUILT_IN_HELPERS.filter((name) => name !== 'log'), ...LIBRARY_HELPER_NAMES, TRANSLATE_HELPER].sort(),
);

/**
 * Helpers every environment registers for Letterpress' own use, which templates cannot call (their names
 * have a `-`, which declared helper names cannot, and they are not in `AVAILABLE_HELPERS`): the safe-URL
 * block helpers that a revision's URL attributes are wrapped in when it is loaded (safe-url.ts).
 */
export const INTERNAL_HELPERS: readonly string[] = Object.freeze([SAFE_URL_HELPER, SAFE_URL_JSON_HELPER]);

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
  /**
   * The revision's declared helpers (`loadDeclaredHelpers`), by name: passed as Handlebars' runtime
   * `helpers` of this render only (merged over the environment's for the call), never registered.
   */
  helpers?: LoadedHelpers;
  /** The render's localized messages (docs/locales.md), handed to `{{t}}` as `@messages` in the data frame. */
  messages?: LocaleMessages;
}

/** A declared helper as a compile worker hands it over: an alias, or a template-form helper's compiled template. */
export type CompiledHelper = { use: string; hash: Record<string, unknown> } | { spec: string; params: string[]; html: boolean };
export type LoadedHelper = (this: unknown, ...args: unknown[]) => unknown;
export type LoadedHelpers = Readonly<Record<string, LoadedHelper>>;

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
type AstCompilerClass = Parameters<typeof readTrackingCompiler>[0];
type CodeGeneratorClass = Parameters<typeof readTrackingCodeGenerator>[0];
/** The AST compilers of both outputs, marking variable reads for the missing-variable check (read-tracking.ts). */
const TrackingCompiler = readTrackingCompiler((Handlebars as unknown as { Compiler: AstCompilerClass }).Compiler);
const TrackingJsonCompiler = readTrackingCompiler(JsonOutputCompiler as unknown as AstCompilerClass);

/** Name by which compiled code reaches `countOutput` (a parameter of the function `loadTemplate` builds). */
const OUTPUT_COUNTER = '__letterpressCountOutput';

/**
 * Handlebars' own code generator with one documented customisation (`appendToBuffer`, "Allows for
 * code buffer emitting code", Handlebars API reference, JavaScriptCompiler): every appended piece goes
 * through the output counter; and the check of variable reads (read-tracking.ts). Child programs are
 * compiled by `this.compiler`, so it points here too.
 */
class MeteredCompiler extends (readTrackingCodeGenerator(
  JavaScriptCompiler as unknown as CodeGeneratorClass,
) as unknown as JavaScriptCompilerClass) {
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
  (env as unknown as WithCompiler).Compiler = output === 'json' ? TrackingJsonCompiler : TrackingCompiler;
  for (const name of METERED_HELPERS) {
    env.registerHelper(name, metered(env.helpers[name] as (...args: unknown[]) => unknown));
  }
  env.registerHelper('log', () => '');
  // Internal: what a revision's URL attributes are wrapped in at load (safe-url.ts); templates cannot call it.
  for (const [name, output] of [
    [SAFE_URL_HELPER, 'html'],
    [SAFE_URL_JSON_HELPER, 'json'],
  ] as const) {
    const bare = (self: unknown, options: HelperOptions) => asVariable.call(self, env, name, options);
    env.registerHelper(name, rolledBack(safeUrlHelper(output, bare as never)) as Handlebars.HelperDelegate);
  }
  registerLibraryHelpers(env);
  env.registerHelper(TRANSLATE_HELPER, metered(translateHelper as (...args: unknown[]) => unknown) as Handlebars.HelperDelegate);
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
  return env.precompile(source) as unknown as string;
}

/**
 * Load a template from `precompileTemplate`'s output (of either output kind; any environment runs it).
 * Cheap next to compiling (V8 parses the source lazily); the code comes from our own compiler, never
 * from a client. `chunks`: what code rewritten by `chunkedSpec` reads its long static runs from (static-chunks.ts).
 * @throws SyntaxError when `spec` is not such output.
 */
export function loadTemplate(env: HandlebarsEnvironment, spec: string, chunks?: readonly string[]): CompiledTemplate {
  // Handlebars' per-call runtime set-up (helpers merged and wrapped, ~10 µs, ~13 KB) made once per environment and
  // helpers object and shared by every template, none kept in the template: runtime-setup.ts.
  const template = templateSetUpOnce(env, templateSpecOf(env, spec, chunks) as unknown as TemplateSpec);
  return (context, options) => {
    const locale = options?.locale;
    const partials = options?.partials;
    const helpers = options?.helpers;
    const messages = options?.messages;
    if (locale === undefined && partials === undefined && helpers === undefined && messages === undefined) return template(context);
    return template(context, {
      ...(locale !== undefined || messages !== undefined ? { data: { locale, messages } } : {}),
      ...(partials !== undefined ? { partials: { ...partials } } : {}),
      ...(helpers !== undefined ? { helpers } : {}),
    });
  };
}

/**
 * Make a revision's declared helpers callable (declared-helpers.ts), for its renders' `helpers` option:
 * - an alias calls the library helper `use` with the fixed hash under the call's own hash arguments;
 * - a template-form helper renders its compiled template with the call's positional arguments named by
 *   `params` and its hash arguments as the context, the render's locale, and the revision's `partials`
 *   — but no declared helper (so none can recurse) — within the running render's budget: the call counts
 *   one unit of work and its output is counted as it is written, then once more where it is inserted
 *   (`metered`). Its output is a string (escaped by `{{ }}` like any value), or a SafeString with `html`.
 * Called bare (`{{name}}`, no argument and no hash), either reads the variable `name`, like a library helper.
 * @throws SyntaxError when a spec is not `precompileTemplate` output.
 */
export function loadDeclaredHelpers(
  env: HandlebarsEnvironment,
  compiled: Readonly<Record<string, CompiledHelper>>,
  partials?: LoadedPartials,
): LoadedHelpers {
  const loaded: Record<string, LoadedHelper> = {};
  for (const [name, helper] of Object.entries(compiled)) {
    const bare = (args: unknown[]) => args.length === 1 && Object.keys((args[0] as HelperOptions).hash ?? {}).length === 0;
    if ('use' in helper) {
      const target = env.helpers[helper.use] as LoadedHelper;
      const fixed = helper.hash;
      loaded[name] = function (this: unknown, ...all: unknown[]) {
        const options = all[all.length - 1] as HelperOptions;
        if (bare(all)) return asVariable.call(this, env, name, options);
        all[all.length - 1] = { ...options, hash: { ...fixed, ...(options.hash ?? {}) } };
        return target.apply(this, all);
      };
      continue;
    }
    // Called at the top, not as a partial: the shared runtime set-up (runtime-setup.ts), none kept per helper.
    const template = templateSetUpOnce(env, templateSpecOf(env, helper.spec) as unknown as TemplateSpec);
    const { params, html } = helper;
    const call = metered(function (this: unknown, ...all: unknown[]): unknown {
      const options = all.pop() as HelperOptions;
      const context: Record<string, unknown> = {};
      const define = (key: string, value: unknown) =>
        Object.defineProperty(context, key, { value, enumerable: true, writable: true, configurable: true });
      for (const [key, value] of Object.entries(options.hash ?? {})) define(key, value);
      params.forEach((param, index) => {
        if (index < all.length) define(param, all[index]);
      });
      const locale = options.data?.locale;
      const output = template(context, {
        data: typeof locale === 'string' ? { locale } : {},
        ...(partials !== undefined ? { partials: { ...partials } } : {}),
      });
      return html ? new env.SafeString(output) : output;
    });
    loaded[name] = function (this: unknown, ...all: unknown[]) {
      if (bare(all)) return asVariable.call(this, env, name, all[0] as HelperOptions);
      return call.apply(this, all);
    };
  }
  return Object.freeze(loaded);
}

/**
 * Load a project partial from `precompileTemplate`'s output: the template function Handlebars calls for
 * `{{> name}}` when it is passed in a render's `partials` (RenderOptions).
 * @throws SyntaxError when `spec` is not such output.
 */
export function loadPartial(env: HandlebarsEnvironment, spec: string): LoadedPartial {
  return env.template(templateSpecOf(env, spec)) as unknown as LoadedPartial;
}

function templateSpecOf(env: HandlebarsEnvironment, spec: string, chunks: readonly string[] = []): Parameters<typeof env.template>[0] {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled template code, see above
  return new Function(OUTPUT_COUNTER, JSON_ESCAPE, MISSING_READ, CHUNKS_PARAMETER, `return ${spec};`)(
    countOutput,
    escapeJsonText,
    missingRead,
    chunks,
  ) as Parameters<typeof env.template>[0];
}

/**
 * Render within `limits` (budget.ts), formatting in `options.locale` (default `en-US`), with `options.partials`
 * as the only partials besides the template's inline ones.
 * @throws RenderLimitError past a limit; RangeError for a locale that is not a BCP 47 tag; Handlebars'
 *   errors (e.g. "#each requires an iterator"); HelperArgumentError for a value a helper cannot use.
 */
export function renderWithin(
  template: CompiledTemplate,
  context: Record<string, unknown>,
  limits: RenderLimits,
  options?: RenderOptions,
): string {
  const locale = options?.locale === undefined ? undefined : canonicalLocale(options.locale);
  const partials = options?.partials;
  const helpers = options?.helpers;
  const messages = options?.messages;
  if (locale === undefined && partials === undefined && helpers === undefined && messages === undefined)
    return runMetered(limits, () => template(context));
  const render = {
    ...(messages !== undefined ? { messages } : {}),
    ...(locale !== undefined ? { locale } : {}),
    ...(partials !== undefined ? { partials } : {}),
    ...(helpers !== undefined ? { helpers } : {}),
  };
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

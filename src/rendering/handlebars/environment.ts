/**
 * The Handlebars environment templates are compiled and rendered in: Handlebars' built-in helpers,
 * metered (budget.ts), with `log` silenced; templates are compiled to source (`precompileTemplate`, in
 * the compile workers) and loaded from it (`loadTemplate`), so that parsing and code generation never
 * run on the event loop.
 */
import Handlebars from 'handlebars';
import { countOutput, metered, runMetered, type RenderLimits } from './budget.js';
import { JSON_ESCAPE, JsonOutputCompiler, escapeJsonText, jsonOutputCompiler, type JavaScriptCompilerClass } from './json-output.js';

/**
 * The helpers a template can call by name: Handlebars 4's built-ins `if`, `unless`, `each`, `with`,
 * `lookup`, `log` (sorted). `log` renders nothing and writes nothing: a render never writes outside
 * its response (one `{{log}}` render once wrote 100,001 log lines, and a variable could forge a line).
 *
 * Source: Handlebars 4 `lib/handlebars/helpers/*.js` (`registerDefaultHelpers`). The runtime also
 * registers `helperMissing` and `blockHelperMissing`, but since 4.6 it moves them to internal hooks
 * (unless `allowCallsToHelperMissing`), so `{{helperMissing x}}` fails at render time: they are
 * deliberately left out.
 */
export const BUILT_IN_HELPERS: readonly string[] = Object.freeze(['each', 'if', 'log', 'lookup', 'unless', 'with']);

export type HandlebarsEnvironment = typeof Handlebars;

/** A loaded template: `(context) => output`; throws what Handlebars throws at render time. */
export type CompiledTemplate = (context: Record<string, unknown>) => string;

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
 * metered built-ins and partial calls, a `log` that does nothing, and Handlebars' own logger (which
 * warns about prototype-access attempts) silenced. Templates it compiles output `output`. Never throws.
 */
export function createHandlebars(output: TemplateOutput = 'html'): HandlebarsEnvironment {
  const env = Handlebars.create();
  (env as unknown as WithCompiler).JavaScriptCompiler = output === 'json' ? MeteredJsonCompiler : MeteredCompiler;
  if (output === 'json') (env as unknown as WithCompiler).Compiler = JsonOutputCompiler;
  for (const name of METERED_HELPERS) {
    env.registerHelper(name, metered(env.helpers[name] as (...args: unknown[]) => unknown));
  }
  env.registerHelper('log', () => '');
  // `env.VM` is the runtime the template functions call back into; Handlebars reads it through the
  // environment "to allow for external users to override these as pseudo-supported APIs" (runtime.js).
  const vm = (env as unknown as { VM: Record<string, unknown> }).VM;
  (env as unknown as { VM: Record<string, unknown> }).VM = {
    ...vm,
    invokePartial: metered(vm['invokePartial'] as (...args: unknown[]) => unknown, { programs: false }),
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
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled template code, see above
  const templateSpec = new Function(OUTPUT_COUNTER, JSON_ESCAPE, `return ${spec};`)(countOutput, escapeJsonText) as Parameters<typeof env.template>[0];
  const template = env.template(templateSpec);
  return (context) => template(context);
}

/**
 * Render within `limits` (budget.ts).
 * @throws RenderLimitError past a limit; Handlebars' errors (e.g. "#each requires an iterator").
 */
export function renderWithin(template: CompiledTemplate, context: Record<string, unknown>, limits: RenderLimits): string {
  return runMetered(limits, () => template(context));
}

import Handlebars from 'handlebars';

/**
 * The helpers a fresh Handlebars 4 environment can run by name: `if`, `unless`, `each`, `with`,
 * `lookup`, `log` (sorted).
 *
 * Source: Handlebars 4 `lib/handlebars/helpers/*.js` (`registerDefaultHelpers`). The runtime also
 * registers `helperMissing` and `blockHelperMissing`, but since 4.6 it moves them to internal hooks
 * (unless `allowCallsToHelperMissing`), so `{{helperMissing x}}` fails at render time: they are
 * deliberately left out. Letterpress registers no custom helpers yet.
 */
export const BUILT_IN_HELPERS: readonly string[] = Object.freeze([
  'each',
  'if',
  'log',
  'lookup',
  'unless',
  'with',
]);

/**
 * A Handlebars environment of its own (`Handlebars.create()`): helpers, partials and decorators
 * registered on it do not leak into the global `Handlebars` or into other environments.
 * Never throws.
 */
export function createHandlebars(): typeof Handlebars {
  return Handlebars.create();
}

/**
 * Compiles `source` (the published HTML with its Handlebars expressions) in `env` with Handlebars'
 * DEFAULT compile options, so the result renders exactly like plain `Handlebars.compile(source)`.
 *
 * Returns the template function `(context, runtimeOptions?) => string`.
 * Errors: Handlebars compiles lazily, so this call does not throw; a parse error ("Parse error on
 * line N: …") or compile error surfaces on the FIRST call of the returned function (check sources
 * up front with `parseHandlebars`). Render-time errors (e.g. "#if requires exactly one argument",
 * "The partial x could not be found") are thrown by the returned function too.
 */
export function compileTemplate(env: typeof Handlebars, source: string): Handlebars.TemplateDelegate {
  return env.compile(source);
}

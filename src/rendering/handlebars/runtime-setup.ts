/**
 * Handlebars' runtime set-up made once per environment and `helpers` object, shared by every template loaded in
 * that environment, instead of on every call (and instead of once per template, which kept it in each template).
 *
 * A top-level call of a Handlebars 4 template function (`env.template(spec)`, runtime.js `ret._setup`) merges the
 * environment's helpers with the call's, wrapping each of them (62 here) in a closure that passes
 * `lookupProperty`, builds the prototype-access rules, the hooks (`helperMissing`, `blockHelperMissing` moved out
 * of the helpers) and the decorators: ~10 µs of CPU a call, more than a small email's render, and it stays in the
 * template's container until the next call (~13 KB per template function, two per cached revision: issue 24).
 * None of it depends on the template: only on the environment and the call's `helpers` object (a revision's, the
 * same on every render), since our templates all come from one compiler (revision 8, so no `helperMissing` kept).
 *
 * Handlebars' own partial calls skip the set-up the documented-by-source way: with `options.partial` the runtime
 * takes `helpers`, `partials`, `decorators`, `hooks` and `protoAccessControl` as given (runtime.js `_setup`, the
 * `else` branch; `invokePartial` passes its caller's). So one full set-up is made per environment and helpers
 * object (a WeakMap per environment, keyed by the helpers object, plus one slot for none) by a first call of a
 * probe template of its own, never called again: the wrapped helpers' `lookupProperty` closes over the probe's
 * container, whose prototype-access rules stay the ones this set-up made. Every call of every template then
 * passes those with `partial: true`, the data frame Handlebars would have made (`initData`) and the call's
 * partials merged with the environment's (`mergeIfNeeded`) when the template calls partials. After a call a
 * template's container holds only references to the shared set-up (its partials are dropped).
 *
 * Assumes what Letterpress does: the environment's helpers and decorators are registered before any template is
 * called (createHandlebars), and a helpers object is not changed once passed (LoadedHelpers are frozen).
 *
 * Source: handlebars 4.7 `lib/handlebars/runtime.js` (`template`, `ret`, `ret._setup`, `initData`,
 * `addHelpers`/`passLookupPropertyOption`), `helpers.js` (`moveHelperToHooks`), `internal/proto-access.js`.
 */
import type Handlebars from 'handlebars';

/** A Handlebars environment (`Handlebars.create()`, environment.ts). */
type HandlebarsEnvironment = typeof Handlebars;

/** What a template call takes (Handlebars' RuntimeOptions, the part we use). */
export interface TemplateCallOptions {
  data?: Record<string, unknown>;
  partials?: Record<string, unknown>;
  helpers?: Readonly<Record<string, unknown>>;
}

/** The runtime container of one template (runtime.js `container`): what `_setup` fills in. */
interface Container {
  helpers: unknown;
  partials: unknown;
  decorators: unknown;
  hooks: unknown;
  protoAccessControl: unknown;
  mergeIfNeeded(param: unknown, common: unknown): unknown;
}

/** A precompiled template spec as `env.template` takes it (the fields read here). */
export interface TemplateSpec {
  main: (this: unknown, container: Container, ...rest: unknown[]) => string;
  compiler?: unknown;
  useData?: boolean;
  usePartial?: boolean;
  useDecorators?: boolean;
}

/** One full runtime set-up (runtime.js `_setup`, the `!options.partial` branch), shared by every template. */
interface SharedSetUp {
  helpers: unknown;
  decorators: unknown;
  hooks: unknown;
  protoAccessControl: unknown;
  mergeIfNeeded(param: unknown, common: unknown): unknown;
}

/** The set-ups of one environment: by helpers object, and for calls without one. */
interface EnvironmentSetUps {
  byHelpers: WeakMap<object, SharedSetUp>;
  none?: SharedSetUp;
}

const setUps = new WeakMap<HandlebarsEnvironment, EnvironmentSetUps>();

/**
 * The set-up of `env` for `helpers` (undefined: none), made on first use by a full call of a probe template that
 * calls partials (so decorators are made too) and uses data, compiled like ours (`env.precompile('')`'s spec).
 */
function sharedSetUp(env: HandlebarsEnvironment, helpers: object | undefined): SharedSetUp {
  let ofEnv = setUps.get(env);
  if (ofEnv === undefined) setUps.set(env, (ofEnv = { byHelpers: new WeakMap() }));
  const known = helpers === undefined ? ofEnv.none : ofEnv.byHelpers.get(helpers);
  if (known !== undefined) return known;
  let probe: Container | undefined;
  const spec: TemplateSpec = {
    compiler: [(env as unknown as { COMPILER_REVISION: number }).COMPILER_REVISION, '>= 4.3.0'],
    main: (container) => {
      probe = container;
      return '';
    },
    useData: true,
    usePartial: true,
  };
  (env.template(spec) as unknown as (context: unknown, options: object) => string)({}, { helpers });
  const { helpers: merged, decorators, hooks, protoAccessControl, mergeIfNeeded } = probe as Container;
  const setUp: SharedSetUp = { helpers: merged, decorators, hooks, protoAccessControl, mergeIfNeeded };
  if (helpers === undefined) ofEnv.none = setUp;
  else ofEnv.byHelpers.set(helpers, setUp);
  return setUp;
}

/**
 * `env.template(spec)` called with the environment's shared runtime set-up for the call's `helpers` object:
 * renders, and throws, exactly what `env.template(spec)` does. `spec` is this function's own (its `main` is wrapped).
 */
export function templateSetUpOnce(
  env: HandlebarsEnvironment,
  spec: TemplateSpec,
): (context: unknown, options?: TemplateCallOptions) => string {
  let container: Container | undefined;
  const main = spec.main;
  spec.main = function (this: unknown, received: Container, ...rest: unknown[]) {
    container = received;
    return main.call(this, received, ...rest);
  };
  const template = env.template(spec) as unknown as (context: unknown, options?: Record<string, unknown>) => string;
  const withDecorators = spec.usePartial === true || spec.useDecorators === true;
  return (context, options = {}) => {
    const setUp = sharedSetUp(env, options.helpers);
    let data: Record<string, unknown> | undefined = options.data;
    if (spec.useData && (!data || !('root' in data))) {
      // runtime.js initData
      data = data ? (env.createFrame(data) as Record<string, unknown>) : {};
      data['root'] = context;
    }
    try {
      return template(context, {
        partial: true,
        data,
        helpers: setUp.helpers,
        partials: spec.usePartial ? setUp.mergeIfNeeded(options.partials, env.partials) : undefined,
        decorators: withDecorators ? setUp.decorators : undefined,
        hooks: setUp.hooks,
        protoAccessControl: setUp.protoAccessControl,
      });
    } finally {
      // The call's partials (a fresh merged object each call) are not kept past it; the rest is shared.
      if (container !== undefined) container.partials = undefined;
    }
  };
}

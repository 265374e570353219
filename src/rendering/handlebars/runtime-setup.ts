/**
 * Handlebars' runtime set-up done once per loaded template instead of on every call. A top-level call of a
 * Handlebars 4 template function (`env.template(spec)`, runtime.js `ret._setup`) merges the environment's
 * helpers with the call's, wrapping each of them (62 here) in a closure that passes `lookupProperty`, builds
 * the prototype-access rules, the hooks and the decorators: ~10 µs of CPU a call, more than a small email's
 * render itself, and a JSON render runs three or four templates (issue 24). All of it depends only on the
 * template, its environment and the call's `helpers` object — a revision's, the same on every render.
 *
 * Handlebars' own partial calls skip it the documented-by-source way: with `options.partial` the runtime
 * takes `helpers`, `partials`, `decorators`, `hooks` and `protoAccessControl` as given (runtime.js `_setup`,
 * the `else` branch; `invokePartial` passes its caller's). So the first call (and any call with another
 * `helpers` object) runs the full set-up, which we keep from the container the template's `main` receives;
 * later calls pass those back with `partial: true` and the data frame Handlebars would have made
 * (`initData`: a frame over the call's `data` with `root`). Output and errors are the same; partials stay per call.
 *
 * Source: handlebars 4.7 `lib/handlebars/runtime.js` (`template`, `ret`, `ret._setup`, `initData`).
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
  decorators: unknown;
  hooks: unknown;
  protoAccessControl: unknown;
  mergeIfNeeded(param: unknown, common: unknown): unknown;
}

/** A precompiled template spec as `env.template` takes it (the fields read here). */
export interface TemplateSpec {
  main: (this: unknown, container: Container, ...rest: unknown[]) => string;
  useData?: boolean;
  usePartial?: boolean;
}

const NOT_SET_UP = Symbol('not set up');

/**
 * `env.template(spec)` whose runtime set-up is made on the first call and reused while the call's `helpers`
 * object stays the same. `spec` is this function's own (its `main` is wrapped). Throws what the template throws.
 */
export function templateSetUpOnce(
  env: HandlebarsEnvironment,
  spec: TemplateSpec,
): (context: unknown, options?: TemplateCallOptions) => string {
  let container: Container | undefined;
  let setUpFor: unknown = NOT_SET_UP;
  const main = spec.main;
  spec.main = function (this: unknown, received: Container, ...rest: unknown[]) {
    container = received;
    return main.call(this, received, ...rest);
  };
  const template = env.template(spec) as unknown as (context: unknown, options?: Record<string, unknown>) => string;
  return (context, options = {}) => {
    const helpers = options.helpers;
    if (container === undefined || setUpFor !== helpers) {
      setUpFor = NOT_SET_UP; // until this full set-up has run
      const output = template(context, options as Record<string, unknown>);
      setUpFor = helpers;
      return output;
    }
    let data: Record<string, unknown> | undefined = options.data;
    if (spec.useData) {
      data = data ? (env.createFrame(data) as Record<string, unknown>) : {};
      data['root'] = context;
    }
    return template(context, {
      partial: true,
      data,
      helpers: container.helpers,
      partials: spec.usePartial ? container.mergeIfNeeded(options.partials, env.partials) : options.partials,
      decorators: container.decorators,
      hooks: container.hooks,
      protoAccessControl: container.protoAccessControl,
    });
  };
}

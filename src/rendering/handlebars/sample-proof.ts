/**
 * The save-time proof render (issue 17, item 3): a template is rendered on data built from its own
 * expressions (sample-context.ts) to prove it renders — but that data is placeholders, strings naming
 * their paths (`"order.total"`), which a typed helper refuses (`{{currency order.total code="EUR"}}`,
 * `(gt qty 1)`, `{{date placed_at}}`). Such a refusal is our data's fault, not the template's, so:
 *
 * 1. With the caller's real variables (POST /validate), they are the proof; a refusal there (or a render
 *    limit they pass) is theirs, and the samples below still decide whether the template renders.
 * 2. Otherwise the sample, its leaves typed by the declared schema (`metadata.variables`) when there is
 *    one (typed-sample.ts), is rendered with every library helper recording a refusal instead of
 *    throwing (the call yields nothing; a block runs its `{{else}}`).
 * 3. Each refused placeholder is replaced by the value the helper's signature says works at that
 *    position or option (`HelperDefinition.samples`: 42, "2024-03-07T14:05:00Z", code "EUR"), and the
 *    render is tried again, up to `MAX_RETYPING_ROUNDS` times (a typed value can open a branch with
 *    more calls).
 * 4. Still refused: not proven, but never refused for it — the caller saves with a warning naming the
 *    helper, its line and the argument (`sample_render_incomplete`).
 * Every other error (a render limit, Handlebars' own errors) is thrown as it is: a real template error.
 * Renders are synchronous, so one proof records at a time per thread.
 */
import { RenderScope } from './render-scope.js';
import { createHandlebars, type HandlebarsEnvironment } from './environment.js';
import { HelperArgumentError, LIBRARY_HELPERS } from './helpers/index.js';
import type { HelperOptions } from './helpers/arguments.js';
import { placeholderPaths, retype, typedBySchema } from './typed-sample.js';

/** Most rounds of retyping refused placeholders before a template is saved as not proven. */
export const MAX_RETYPING_ROUNDS = 4;

/** A library helper refused a value during a proof render. */
export interface Refusal {
  /** The library helper whose check refused it. */
  helper: string;
  error: HelperArgumentError;
  args: unknown[];
  hash: Record<string, unknown>;
  /** Where the call is, in the program that made it (the template, a partial or a template-form helper). */
  loc: hbs.AST.SourceLocation | undefined;
}

const recording = new RenderScope<Refusal[]>();

/**
 * A Handlebars environment for proof renders: `createHandlebars()`'s, with each library helper wrapped so
 * that, while `recordRefusals` runs, a `HelperArgumentError` is recorded and the call yields nothing (a
 * block: its `{{else}}`) instead of stopping the render. Aliases and template-form helpers loaded in it
 * (`loadDeclaredHelpers`) call the wrapped helpers too. Never throws.
 */
export function createProofHandlebars(): HandlebarsEnvironment {
  const env = createHandlebars();
  for (const name of LIBRARY_HELPERS.keys()) {
    const helper = env.helpers[name] as (this: unknown, ...args: unknown[]) => unknown;
    env.registerHelper(name, function (this: unknown, ...all: unknown[]): unknown {
      try {
        return helper.apply(this, all);
      } catch (error) {
        const refusals = recording.current;
        if (refusals === null || !(error instanceof HelperArgumentError)) throw error;
        const options = all[all.length - 1] as HelperOptions & { loc?: hbs.AST.SourceLocation };
        refusals.push({ helper: name, error, args: all.slice(0, -1), hash: { ...(options.hash ?? {}) }, loc: options.loc });
        return typeof options.fn === 'function' ? (options.inverse?.(this) ?? '') : '';
      }
    });
  }
  return env;
}

/** Runs `render` (in a proof environment) recording the helpers' refusals. @throws what `render` throws otherwise. */
export function recordRefusals(render: () => string): { output: string; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  return { output: recording.within(refusals, render), refusals };
}

export interface ProofInput {
  /** Renders the template in a proof environment. @throws RenderLimitError, Handlebars' errors. */
  render: (context: Record<string, unknown>) => string;
  /** The template's placeholder sample (`buildSampleContext`). */
  sample: Record<string, unknown>;
  /** The declared variables schema (`metadata.variables`), if any. */
  declared?: unknown;
  /** The caller's real variables (POST /validate), if any. */
  variables?: Record<string, unknown>;
}

export interface Proof {
  /** The output of the proving render, or of the last attempt when not proven. */
  output: string;
  /** The first refusal of the last attempt; absent when proven. */
  unproven?: Refusal;
  /** The first refusal with the real variables, when they were given and refused. */
  variablesRefused?: Refusal;
  /**
   * What else the render with the real variables threw (a render limit their size passed): theirs too,
   * since the samples prove the template.
   */
  variablesFailed?: Error;
}

/**
 * Proves a template renders (the module comment's steps).
 * @throws what `input.render` throws but a helper's refusal (RenderLimitError, Handlebars' errors).
 */
export function proveRenderable(input: ProofInput): Proof {
  let variables: Pick<Proof, 'variablesRefused' | 'variablesFailed'> = {};
  if (input.variables) {
    try {
      const attempt = recordRefusals(() => input.render(input.variables!));
      if (attempt.refusals.length === 0) return { output: attempt.output };
      variables = { variablesRefused: attempt.refusals[0]! };
    } catch (error) {
      variables = { variablesFailed: error instanceof Error ? error : new Error(String(error)) };
    }
  }
  let context = input.declared === undefined ? input.sample : typedBySchema(input.sample, input.declared);
  let attempt = recordRefusals(() => input.render(context));
  for (let round = 0; attempt.refusals.length > 0 && round < MAX_RETYPING_ROUNDS; round += 1) {
    const typed = typedValues(attempt.refusals, placeholderPaths(context));
    if (typed.size === 0) break;
    context = retype(context, typed);
    attempt = recordRefusals(() => input.render(context));
  }
  return { output: attempt.output, ...(attempt.refusals[0] ? { unproven: attempt.refusals[0] } : {}), ...variables };
}

/** For each refused call, its placeholder arguments and options → the values its signature says work. */
function typedValues(refusals: readonly Refusal[], placeholders: ReadonlySet<string>): Map<string, unknown> {
  const typed = new Map<string, unknown>();
  const offer = (value: unknown, sample: unknown) => {
    if (typeof value === 'string' && sample !== undefined && placeholders.has(value) && !typed.has(value)) typed.set(value, sample);
  };
  for (const { helper, args, hash } of refusals) {
    const samples = LIBRARY_HELPERS.get(helper)?.samples;
    const params = samples?.params ?? [];
    args.forEach((value, index) => offer(value, params[Math.min(index, params.length - 1)]));
    for (const [key, value] of Object.entries(hash))
      offer(value, samples?.hash && Object.hasOwn(samples.hash, key) ? samples.hash[key] : undefined);
  }
  return typed;
}

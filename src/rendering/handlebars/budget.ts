/**
 * A budget for one render: output size and work (block iterations, helper and partial calls), counted
 * while Handlebars runs so that a hostile template or variables stop within milliseconds instead of
 * after the damage is done (`{{#each a}}{{#each ../a}}…` over 13,000 items once took 106 s and 3.9 GB).
 *
 * How the count stays exact: every piece the compiled template appends to its output passes through
 * `countOutput` (the compiler in environment.ts emits the call), and every helper or partial call that
 * runs nested programs is wrapped by `metered`, which rolls the count back to its value at entry when the
 * call returns — its result is then appended by the caller and counted once there. So the running
 * count is the output produced so far, never a multiple of it.
 *
 * Renders are synchronous, so one meter is active at a time per thread; `runMetered` sets it.
 */
import { CodedError, type ErrorReport } from '../../domain/errors.js';

/** Limits of one render. */
export interface RenderLimits {
  /** Largest output, bytes of UTF-8 (RENDER_MAX_BYTES). */
  maxBytes: number;
  /** Most block iterations plus helper and partial calls (RENDER_MAX_ITERATIONS). */
  maxIterations: number;
}

/** The limits a render can pass: the two settings, and the call stack (partials that recurse without end). */
export type RenderLimitName = 'RENDER_MAX_BYTES' | 'RENDER_MAX_ITERATIONS' | 'recursion_depth';

const LIMIT_MESSAGES: Record<RenderLimitName, (max: number) => string> = {
  RENDER_MAX_BYTES: (max) => `The rendered output passed ${max} bytes (RENDER_MAX_BYTES) and the render was stopped.`,
  RENDER_MAX_ITERATIONS: (max) => `The render passed ${max} block iterations and helper calls (RENDER_MAX_ITERATIONS) and was stopped.`,
  recursion_depth: (max) =>
    `The render nested partial calls more than ${max} deep (a partial that calls itself without end) and was stopped.`,
};

/**
 * How deep partial calls may nest in one render: a partial that calls itself is stopped here, by the
 * budget, long before it could exhaust the call stack (about 15 frames a call).
 */
export const MAX_PARTIAL_DEPTH = 100;

/** A render passed one of its limits; `limit` names it, `max` its value (null for the call stack itself). */
export class RenderLimitError extends CodedError<'render_limit_exceeded'> {
  override readonly name = 'RenderLimitError';
  readonly code = 'render_limit_exceeded';
  constructor(
    readonly limit: RenderLimitName,
    readonly max: number | null,
  ) {
    super(LIMIT_MESSAGES[limit](max ?? 0));
  }

  override report(): ErrorReport {
    return { extra: { limit: this.limit, max: this.max } };
  }
}

interface Meter {
  limits: RenderLimits;
  /** UTF-16 code units appended so far: a lower bound of the UTF-8 bytes, so it never refuses early. */
  chars: number;
  steps: number;
  /** Partial calls in progress (nesting). */
  partialDepth: number;
}

let active: Meter | null = null;

/**
 * Called by compiled templates on every piece they append (content, escaped and raw values, helper
 * and partial results). Returns the piece as the string `buffer += piece` would have made of it.
 * @throws RenderLimitError past `maxBytes`.
 */
export function countOutput(piece: unknown): string {
  const text = typeof piece === 'string' ? piece : '' + (piece as string);
  const meter = active;
  if (meter !== null) {
    meter.chars += text.length;
    if (meter.chars > meter.limits.maxBytes) throw new RenderLimitError('RENDER_MAX_BYTES', meter.limits.maxBytes);
  }
  return text;
}

/**
 * For a helper about to build a string of `length` UTF-16 code units (`replace`): refuses it when it alone
 * would pass the running render's `maxBytes`, before it is built. Outside `runMetered` it does nothing.
 * @throws RenderLimitError `RENDER_MAX_BYTES`.
 */
export function checkOutputLength(length: number): void {
  const meter = active;
  if (meter !== null && length > meter.limits.maxBytes) throw new RenderLimitError('RENDER_MAX_BYTES', meter.limits.maxBytes);
}

/** Count one unit of work. @throws RenderLimitError past `maxIterations`. */
function step(meter: Meter): void {
  meter.steps += 1;
  if (meter.steps > meter.limits.maxIterations) throw new RenderLimitError('RENDER_MAX_ITERATIONS', meter.limits.maxIterations);
}

type HelperLike = (this: unknown, ...args: any[]) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Wrap a helper (or, with `programs: false`, the runtime's `invokePartial`) so that each call costs one
 * unit of work, each run of its block (`options.fn` / `options.inverse`) one more, and the output count
 * is rolled back when it returns (its caller appends and counts the result). Outside `runMetered` the
 * wrapper adds nothing.
 */
export function metered<F extends HelperLike>(helper: F, { programs = true }: { programs?: boolean } = {}): F {
  return function (this: unknown, ...args: unknown[]) {
    const meter = active;
    if (meter === null) return helper.apply(this, args);
    step(meter);
    const last = args[args.length - 1] as { fn?: unknown; inverse?: unknown } | undefined;
    if (programs && last !== null && typeof last === 'object' && (typeof last.fn === 'function' || typeof last.inverse === 'function')) {
      args[args.length - 1] = { ...last, fn: countRuns(meter, last.fn), inverse: countRuns(meter, last.inverse) };
    }
    const base = meter.chars;
    const result = helper.apply(this, args);
    meter.chars = base;
    return result;
  } as F;
}

/**
 * Wrap an internal block helper that returns its own block's output or a short constant (safe-url.ts): the
 * output count is rolled back when it returns, as `metered` does (its caller counts the result), but the
 * call costs no unit of work — it is not the template's work, and the iteration budget stays what it was.
 */
export function rolledBack<F extends HelperLike>(helper: F): F {
  return function (this: unknown, ...args: unknown[]) {
    const meter = active;
    if (meter === null) return helper.apply(this, args);
    const base = meter.chars;
    const result = helper.apply(this, args);
    meter.chars = base;
    return result;
  } as F;
}

/**
 * The runtime's `invokePartial`, metered as `metered(…, { programs: false })` does, and its nesting
 * bounded by `MAX_PARTIAL_DEPTH`. @throws RenderLimitError `RENDER_MAX_ITERATIONS`, `recursion_depth`.
 */
export function meteredPartial<F extends HelperLike>(invoke: F): F {
  const counted = metered(invoke, { programs: false });
  return function (this: unknown, ...args: unknown[]) {
    const meter = active;
    if (meter === null) return invoke.apply(this, args);
    if (meter.partialDepth >= MAX_PARTIAL_DEPTH) {
      step(meter); // the iteration budget, when it is the smaller, keeps deciding first
      throw new RenderLimitError('recursion_depth', MAX_PARTIAL_DEPTH);
    }
    meter.partialDepth += 1;
    try {
      return counted.apply(this, args);
    } finally {
      meter.partialDepth -= 1;
    }
  } as F;
}

function countRuns(meter: Meter, program: unknown): unknown {
  if (typeof program !== 'function') return program;
  const run = program as HelperLike;
  return Object.assign(function (this: unknown, ...args: unknown[]) {
    step(meter);
    return run.apply(this, args);
  }, program);
}

/**
 * Run `render` with a fresh meter for `limits`. The final output's UTF-8 size is checked exactly.
 * @throws RenderLimitError when a limit is passed; whatever `render` throws otherwise.
 */
export function runMetered(limits: RenderLimits, render: () => string): string {
  const previous = active;
  active = { limits, chars: 0, steps: 0, partialDepth: 0 };
  try {
    const output = render();
    if (output.length > limits.maxBytes / 3 && Buffer.byteLength(output, 'utf8') > limits.maxBytes) {
      throw new RenderLimitError('RENDER_MAX_BYTES', limits.maxBytes);
    }
    return output;
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw new RenderLimitError('recursion_depth', null);
    throw error;
  } finally {
    active = previous;
  }
}

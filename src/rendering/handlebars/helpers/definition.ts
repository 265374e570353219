/**
 * The shape of a helper of the library: what it accepts (so that a save can check literal arguments
 * and a render checks values with the same code) and what it does.
 */

/** A check of one argument; throws HelperArgumentError naming the helper and the argument. */
export type ArgumentCheck = (value: unknown) => void;

export interface HelperDefinition {
  name: string;
  /** `{{name a b}}`-style signature for messages and docs, e.g. `truncate text length`. */
  signature: string;
  /** Fewest and most positional arguments (`Infinity`: no most). */
  arity: readonly [number, number];
  /** The hash options it accepts (`decimals=2`), each with its check. Others are refused. */
  hash: Readonly<Record<string, ArgumentCheck>>;
  /** Hash options that must be given (`currency`'s `code=`). */
  requiredHash?: readonly string[];
  /** Checks of positional arguments by index, e.g. `compare`'s operator (also run at save on literals). */
  params?: ReadonlyArray<ArgumentCheck | undefined>;
  /**
   * Whether it can be a block: `{{#name …}}yes{{else}}no{{/name}}` runs the main block when the result
   * is truthy, else the `{{else}}` block. Such helpers are metered like `{{#if}}` (budget.ts).
   */
  block: boolean;
  /**
   * The helper itself, after the checks above: positional arguments, hash options, the render's
   * locale (a BCP 47 tag). @throws HelperArgumentError for a value it cannot use.
   */
  run(args: unknown[], hash: Readonly<Record<string, unknown>>, locale: string): unknown;
  /**
   * Values its typed arguments accept, for the save-time proof render (compile/sample-proof.ts): when a
   * call refuses a placeholder of the sample data (a string naming its path, `"order.total"`), the
   * placeholder is replaced by the sample of that position (`params`; the last one repeats for a helper
   * with no most arguments) or hash option, and the render is tried again. E.g. `currency`:
   * `{ params: [42], hash: { code: 'EUR' } }`. Absent: the helper takes any value.
   */
  samples?: { params?: readonly unknown[]; hash?: Readonly<Record<string, unknown>> };
}

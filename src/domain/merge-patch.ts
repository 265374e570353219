/**
 * JSON Merge Patch, RFC 7396 §2, as a pure function: `mergePatch(target, patch)` is the document the
 * patch makes of the target; neither input is changed.
 *
 * Objects are built with `Object.fromEntries` from a `Map`, which defines own properties: a member named
 * `__proto__`, `constructor` or `prototype` stays a plain member and never reaches a prototype.
 */

/** A patch nested deeper than the bound (the recursion follows the patch's objects). */
export class MergePatchDepthError extends RangeError {
  override readonly name = 'MergePatchDepthError';
}

/** Deepest patch object `mergePatch` follows by default. */
export const MAX_MERGE_PATCH_DEPTH = 100;

/**
 * RFC 7396 §2 MergePatch(Target, Patch): a non-object patch replaces the target; an object patch is
 * applied member by member onto the target (a non-object target counts as `{}`), `null` removing the
 * member and any other value merging into it recursively.
 * @throws MergePatchDepthError when the patch has objects nested deeper than `maxDepth`.
 */
export function mergePatch(target: unknown, patch: unknown, maxDepth = MAX_MERGE_PATCH_DEPTH): unknown {
  if (!isObject(patch)) return patch;
  if (maxDepth <= 0) throw new MergePatchDepthError(`The merge patch nests objects deeper than ${MAX_MERGE_PATCH_DEPTH} levels.`);
  const merged = new Map<string, unknown>(isObject(target) ? Object.entries(target) : []);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) merged.delete(name);
    else merged.set(name, mergePatch(merged.get(name), value, maxDepth - 1));
  }
  return Object.fromEntries(merged);
}

/** A JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

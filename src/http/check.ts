/**
 * Parsing a request part with a zod schema, and the 400 problem it makes of a mismatch: one pointer per
 * issue, and a suggestion for an unknown field close to a known one.
 */
import { z } from 'zod';
import { ProblemError } from './problem.js';
import { pointerOf } from './json-pointer.js';
import { nearestName } from './suggest.js';

/** Parse `value` with `schema`. @throws ProblemError 400 `invalid_request`, one pointer per issue. */
export function check<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const errors = parsed.error.issues.map((issue) => ({
    pointer: pointerOf(issue.path),
    message: issue.code === 'unrecognized_keys' ? unknownFields(issue.keys, issue.path.length === 0 ? known : []) : issue.message,
  }));
  const first = errors[0]!;
  throw new ProblemError(400, 'invalid_request', `${first.pointer === '' ? 'body' : first.pointer.slice(1)}: ${first.message}.`, errors);
}

/** "unknown field: variable (did you mean 'variables'?)", with a suggestion where a known field is close. */
export function unknownFields(keys: readonly string[], known: readonly string[]): string {
  const named = keys.map((key) => {
    const near = nearestName(key, known);
    return near && near !== key ? `${key} (did you mean '${near}'?)` : key;
  });
  return `unknown field${keys.length > 1 ? 's' : ''}: ${named.join(', ')}`;
}

/** POST /projects/:id/diff: the request body and the answer's JSON. */
import { z } from 'zod';
import type { DiffRequest, RevisionDiffOutput, ShapeSample } from '../application/render/index.js';
import { check } from './check.js';
import { ProblemError } from './problem.js';
import { canonicalLocale } from './render-schemas.js';

const revisionNumber = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const diffBody = z.strictObject({
  from: z
    .union([revisionNumber, z.literal('published')])
    .optional()
    .describe('The revision compared from: a number, or `published` (the revision renders use; the default).'),
  to: z
    .union([revisionNumber, z.literal('latest')])
    .optional()
    .describe('The revision compared to: a number, or `latest` (the newest revision; the default).'),
  variables: z
    .unknown()
    .optional()
    .describe(
      'Both revisions are rendered with these; without them, with a payload made of each variable shape recent renders sent (at most 5, the most-seen first), else with a sample built from what the two revisions read (typed by the declared schema).',
    ),
  locale: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('BCP 47: both revisions are rendered in this locale, each with the variant its fallback chain picks (docs/locales.md).'),
});

/**
 * POST /projects/:id/diff body: `from` (default `published`), `to` (default `latest`), `variables` (an object).
 * @throws ProblemError 400 `invalid_request` (a field of the wrong type or unknown), `invalid_variables` (not an object).
 */
export function parseDiff(body: unknown): DiffRequest {
  const parsed = check(diffBody, body ?? {});
  const { variables } = parsed;
  if (variables !== undefined && (variables === null || typeof variables !== 'object' || Array.isArray(variables))) {
    const got = variables === null ? 'null' : Array.isArray(variables) ? 'an array' : typeof variables;
    throw new ProblemError(
      400,
      'invalid_variables',
      `variables must be a JSON object, got ${got}: send an object, or leave it out for sample data.`,
      [{ pointer: '/variables', message: 'must be an object' }],
    );
  }
  return {
    from: parsed.from ?? 'published',
    to: parsed.to ?? 'latest',
    ...(variables !== undefined ? { variables: variables as Record<string, unknown> } : {}),
    ...(parsed.locale !== undefined ? { locale: canonicalLocale(parsed.locale) } : {}),
  };
}

/** The diff as the API sends it (snake_case members; each change is already in its wire shape). */
export function presentDiff(diff: RevisionDiffOutput): Record<string, unknown> {
  return {
    from: diff.from,
    to: diff.to,
    sample_variables: diff.sampleVariables,
    sample_source: diff.sampleSource,
    ...(diff.samples ? { samples: diff.samples.map(presentSample), shapes_recorded: diff.shapesRecorded } : {}),
    visible_change: diff.visibleChange,
    changes: diff.changes,
  };
}

/** A recorded shape rendered: its paths as `{ path: types }` (never a value), how often and when last it was sent, its refusals. */
function presentSample(sample: ShapeSample): Record<string, unknown> {
  return {
    sample: sample.sample,
    // fromEntries defines each member: a path named `__proto__` is a member like any other.
    paths: Object.fromEntries(sample.paths),
    seen: sample.seen,
    last_seen: sample.lastSeen,
    ...(sample.refused ? { refused: sample.refused } : {}),
  };
}

/** The body schema, for the OpenAPI document. */
export { diffBody };

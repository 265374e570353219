/** Render request parsing: POST /templates/:id/render. */
import { z } from 'zod';
import type { RenderFormat } from '../application/render/index.js';
import { check } from './check.js';
import { ProblemError } from './problem.js';

const renderBody = z.strictObject({
  variables: z.unknown().optional(),
  format: z.enum(['html', 'mjml']).optional(),
  revision: z
    .union([z.number().int().min(0), z.literal('latest')])
    .optional()
    .describe(
      'The template revision to render: a number, or `latest` (the newest create or save: a draft under review). Omitted: the published revision (under `on_save`, the newest).',
    ),
  min_revision: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(
      'Render at this revision or a later one: the revision a write answered with (its ETag / `revision`). When this instance has not seen it yet it waits (RENDER_MIN_REVISION_WAIT_MS, default 2,000 ms), then answers 409 `revision_not_yet_visible`. Same as the `X-Min-Revision` header; both must agree.',
    ),
  strict: z.boolean().optional(),
  locale: z.string().min(1).max(100).optional(),
  include_text: z
    .boolean()
    .optional()
    .describe(
      'Whether the JSON answer carries the plain-text part (`text`); default true. `false`: `text` is null and the text part is not rendered (nor are the variables only it reads listed as missing); everything else is as with the default. An `Accept: text/html` answer never has one.',
    ),
  receipt: z
    .boolean()
    .optional()
    .describe(
      'Whether the answer carries a signed receipt (`receipt` in JSON, the `Letterpress-Receipt` header with `text/html`); default true. `false` saves its cost (an Ed25519 signature and SHA-256 digests of the answer): `receipt` is null. See docs/receipts.md.',
    ),
});

/** What a render asks for, as `parseRender` checked it. */
export interface RenderInput {
  variables: Record<string, unknown>;
  format: RenderFormat;
  /** A template revision or `latest`; omitted: the published one. */
  revision?: number | 'latest';
  /** From `min_revision` or the `X-Min-Revision` header. */
  minRevision?: number;
  strict?: boolean;
  /** A canonical BCP 47 tag (`Intl.getCanonicalLocales`). */
  locale?: string;
  /** From `include_text`: false leaves the text part out of a JSON answer (not rendered). Absent: included. */
  includeText?: boolean;
  /** From `receipt`: false answers without a signed receipt. Absent: signed (format html). */
  receipt?: boolean;
}

/**
 * POST /templates/:id/render body, and its `X-Min-Revision` header (undefined when absent).
 * @throws ProblemError 400 `invalid_variables` or `invalid_request` (also: a header that is not a
 *   revision, or that disagrees with `min_revision`, or a `revision` below `min_revision`).
 */
export function parseRender(body: unknown, minRevisionHeader?: string): RenderInput {
  const parsed = check(renderBody, body);
  const minRevision = mergedMinRevision(parsed.min_revision, minRevisionHeader);
  if (minRevision !== undefined && typeof parsed.revision === 'number' && parsed.revision < minRevision) {
    throw new ProblemError(
      400,
      'invalid_request',
      `revision ${parsed.revision} is below min_revision ${minRevision}: ask for revision ${minRevision} or later, or leave one out.`,
      [{ pointer: '/revision', message: `must be at least min_revision (${minRevision})` }],
    );
  }
  const variables = parsed.variables === undefined ? {} : parsed.variables;
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables)) {
    const got = variables === null ? 'null' : Array.isArray(variables) ? 'an array' : typeof variables;
    throw new ProblemError(400, 'invalid_variables', `variables must be a JSON object, got ${got}.`, [
      { pointer: '/variables', message: 'must be an object' },
    ]);
  }
  return {
    variables: variables as Record<string, unknown>,
    format: parsed.format ?? 'html',
    ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}),
    ...(minRevision !== undefined ? { minRevision } : {}),
    ...(parsed.strict !== undefined ? { strict: parsed.strict } : {}),
    ...(parsed.locale !== undefined ? { locale: canonicalLocale(parsed.locale) } : {}),
    ...(parsed.include_text !== undefined ? { includeText: parsed.include_text } : {}),
    ...(parsed.receipt !== undefined ? { receipt: parsed.receipt } : {}),
  };
}

/**
 * Header values of a revision: decimal digits, no sign, no leading zero, or the same in double quotes (a
 * write's strong ETag, RFC 9110 §8.8.3, passed on as it came).
 */
const REVISION_HEADER = /^(?:0|[1-9][0-9]{0,14})$|^"(?:0|[1-9][0-9]{0,14})"$/;

/** The minimum revision from the body and the header; they must agree when both are sent. @throws ProblemError 400 `invalid_request`. */
function mergedMinRevision(fromBody: number | undefined, header: string | undefined): number | undefined {
  if (header === undefined || header === '') return fromBody;
  const value = header.trim();
  if (!REVISION_HEADER.test(value)) {
    throw new ProblemError(
      400,
      'invalid_request',
      `X-Min-Revision ${JSON.stringify(header.slice(0, 40))} is not a revision: send a non-negative integer such as 3, or a write's ETag as it came ("3").`,
      [{ pointer: '/min_revision', message: 'X-Min-Revision must be a non-negative integer' }],
    );
  }
  const fromHeader = Number(value.replace(/"/g, ''));
  if (fromBody !== undefined && fromBody !== fromHeader) {
    throw new ProblemError(
      400,
      'invalid_request',
      `X-Min-Revision ${fromHeader} and min_revision ${fromBody} disagree: send one, or the same value in both.`,
      [{ pointer: '/min_revision', message: `disagrees with X-Min-Revision (${fromHeader})` }],
    );
  }
  return fromHeader;
}

/**
 * A BCP 47 language tag in its canonical form (`en-us` → `en-US`), as ECMA-402 `Intl.getCanonicalLocales`
 * decides. @throws ProblemError 400 `invalid_request` for anything else.
 */
export function canonicalLocale(tag: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (canonical) return canonical;
  } catch {
    // a RangeError: not a well-formed tag
  }
  throw new ProblemError(400, 'invalid_request', `locale '${tag}' is not a BCP 47 language tag (e.g. "en-US", "de-DE").`, [
    { pointer: '/locale', message: 'must be a BCP 47 language tag' },
  ]);
}

/** The render body schema, for the OpenAPI document (openapi-document.ts). */
export { renderBody };

/** Render request parsing: POST /templates/:id/render. */
import { z } from 'zod';
import type { RenderFormat } from '../application/render-template.js';
import { check } from './check.js';
import { ProblemError } from './problem.js';

const renderBody = z.strictObject({
  variables: z.unknown().optional(),
  format: z.enum(['html', 'mjml']).optional(),
  revision: z.number().int().min(0).optional(),
  strict: z.boolean().optional(),
  locale: z.string().min(1).max(100).optional(),
});

/** What a render asks for, as `parseRender` checked it. */
export interface RenderInput {
  variables: Record<string, unknown>;
  format: RenderFormat;
  revision?: number;
  strict?: boolean;
  /** A canonical BCP 47 tag (`Intl.getCanonicalLocales`). */
  locale?: string;
}

/** POST /templates/:id/render body. @throws ProblemError 400 `invalid_variables` or `invalid_request`. */
export function parseRender(body: unknown): RenderInput {
  const parsed = check(renderBody, body);
  const variables = parsed.variables === undefined ? {} : parsed.variables;
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables)) {
    const got = variables === null ? 'null' : Array.isArray(variables) ? 'an array' : typeof variables;
    throw new ProblemError(400, 'invalid_variables', `variables must be a JSON object, got ${got}.`, [{ pointer: '/variables', message: 'must be an object' }]);
  }
  return {
    variables: variables as Record<string, unknown>,
    format: parsed.format ?? 'html',
    ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}),
    ...(parsed.strict !== undefined ? { strict: parsed.strict } : {}),
    ...(parsed.locale !== undefined ? { locale: canonicalLocale(parsed.locale) } : {}),
  };
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
  throw new ProblemError(400, 'invalid_request', `locale '${tag}' is not a BCP 47 language tag (e.g. "en-US", "de-DE").`, [{ pointer: '/locale', message: 'must be a BCP 47 language tag' }]);
}

/** The render body schema, for the OpenAPI document (openapi-document.ts). */
export { renderBody };

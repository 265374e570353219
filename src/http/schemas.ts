/**
 * Request schemas (zod). Bodies are strict: an unknown field is a 400 that names it, so a typo such as
 * `"variable"` for `"variables"` never passes silently. Here: project ids, the template bodies (create,
 * save, validate) and one project's path and query; beside it: check.ts (the parsing itself), paging.ts,
 * render-schemas.ts, metadata-schemas.ts.
 */
import { z } from 'zod';
import type { TemplateSource, ValidationMode } from '../application/ports/index.js';
import type { TemplateComposition } from '../domain/composition.js';

type TemplateUses = Pick<TemplateComposition, 'layout' | 'sharedPartials'>;
import type { ProjectMetadata } from '../domain/mjml-ast.js';
import type { HelperDeclaration, Publishing } from '../domain/project.js';
import { messagePartProblems } from '../application/render/index.js';
import { check } from './check.js';
import { checkDeclaredVariables } from './metadata-schemas.js';
import { ProblemError } from './problem.js';
import { localeFields, localizedContent } from './locale-schemas.js';
import { canonicalLocale } from './render-schemas.js';
import { PARTIAL_NAME, HELPER_NAME, MAX_HELPER_PARAMS } from '../rendering/index.js';

/**
 * A declared helper's shape (what it means, and the rules that need the library, are checked at save by
 * the compile worker: declared-helpers.ts).
 */
const helperDeclaration = z.strictObject({
  use: z.string().min(1).max(64).optional(),
  hash: z.record(z.string().min(1).max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).optional(),
  template: z.string().optional(),
  params: z
    .array(z.string().regex(HELPER_NAME, 'parameter names are 1–64 letters, digits or "_", not starting with a digit'))
    .max(MAX_HELPER_PARAMS)
    .optional(),
  html: z.boolean().optional(),
});

/** Project ids: 1–100 characters, letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const projectId = z.string().regex(PROJECT_ID, 'must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const metadata = z.record(z.string(), z.unknown());
/** A layout or shared partial a project names (docs/layouts.md); no revision: it follows the published one. */
const sharedUse = z.strictObject({
  id: projectId,
  revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
const templateFields = {
  metadata: metadata.optional(),
  ast: z.unknown().optional(),
  mjml: z.string().min(1).optional(),
  includes: z.record(z.string().min(1), z.string()).optional(),
  validation: z.enum(['strict', 'soft']).optional(),
  partials: z
    .record(
      z.string().regex(PARTIAL_NAME, 'partial names are 1–64 letters, digits, "_", "." or "-", starting with a letter, digit or "_"'),
      z.string(),
    )
    .optional(),
  render_mode: z.enum(['static', 'dynamic']).optional(),
  helpers: z
    .record(z.string().regex(HELPER_NAME, 'helper names are 1–64 letters, digits or "_", not starting with a digit'), helperDeclaration)
    .optional(),
  ...localeFields,
  layout: sharedUse.optional(),
  shared_partials: z.array(sharedUse).max(50).optional(),
};

const publishing = z
  .enum(['on_save', 'review'])
  .optional()
  .describe(
    '`on_save` (the default): every save is published at once. `review`: a save is a draft until POST /projects/{id}/publish. Omitted on a save: kept as it is.',
  );
const createBody = z.strictObject({ id: projectId.optional(), ...templateFields, publishing });
const saveBody = z.strictObject({ id: projectId.optional(), ...templateFields, publishing });
/** POST /projects/:id/publish body. */
const publishBody = z.strictObject({
  revision: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('The template revision (a create or save) to publish; default: the latest.'),
  force: z
    .boolean()
    .optional()
    .describe(
      'Publish even when the publish gate would refuse it (409 breaking_variable_change); recorded in the event with what it overrode.',
    ),
});
/** A revision a render or validation asks for: a number, or `latest` (the newest create or save, a draft under review). */
const revisionChoice = z.union([z.number().int().min(0), z.literal('latest')]);
/** BCP 47 locale of a dry run: the findings of the variant a render in it uses (docs/locales.md). */
const validateLocale = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe(
    "BCP 47: validate the variant a render in this locale uses (chain as in render); absent: every variant, each variant's findings under /locales/<tag>.",
  );
const validateSavedBody = z.strictObject({
  variables: z.unknown().optional(),
  locale: validateLocale,
  revision: revisionChoice.optional(),
  strict: z.boolean().optional(),
});
const validateSourceBody = z.strictObject({
  id: projectId.optional(),
  ...templateFields,
  variables: z.unknown().optional(),
  strict: z.boolean().optional(),
  locale: validateLocale,
});

export interface WriteInput {
  id?: string;
  metadata?: ProjectMetadata;
  source: TemplateSource;
  validation: ValidationMode;
  /** Create and save only; omitted: `on_save` on a create, unchanged on a save. */
  publishing?: Publishing;
}

/** POST /projects/:id/publish body (may be empty). @throws ProblemError 400 `invalid_request`. */
export function parsePublish(body: unknown): { revision?: number; force?: boolean } {
  const parsed = check(publishBody, body ?? {});
  return { ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}), ...(parsed.force ? { force: true } : {}) };
}

/** POST /projects body. @throws ProblemError 400 `invalid_request`. */
export function parseCreate(body: unknown): WriteInput {
  return toWriteInput(check(createBody, body));
}

/** PUT /projects/:id body (an `id`, if sent, must be the path's). @throws ProblemError 400 `invalid_request`. */
export function parseSave(body: unknown, pathId: string): WriteInput {
  const input = toWriteInput(check(saveBody, body));
  if (input.id !== undefined && input.id !== pathId) {
    throw new ProblemError(400, 'invalid_request', `Body id '${input.id}' differs from the path's '${pathId}'.`, [
      { pointer: '/id', message: 'must match the path' },
    ]);
  }
  return input;
}

/** POST /templates/:id/validate body. @throws ProblemError 400 `invalid_request`, `invalid_variables`. */
export function parseValidateSaved(body: unknown): {
  variables?: Record<string, unknown>;
  strict?: boolean;
  revision?: number | 'latest';
  locale?: string;
} {
  const parsed = check(validateSavedBody, body ?? {});
  return {
    ...(parsed.locale !== undefined ? { locale: canonicalLocale(parsed.locale) } : {}),
    ...(parsed.variables !== undefined ? { variables: variablesObject(parsed.variables) } : {}),
    ...(parsed.strict !== undefined ? { strict: parsed.strict } : {}),
    ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}),
  };
}

/** POST /validate body: a template as create takes it, plus `variables` and `strict`. @throws ProblemError 400. */
export function parseValidateSource(
  body: unknown,
): WriteInput & { variables?: Record<string, unknown>; strict?: boolean; locale?: string } {
  const parsed = check(validateSourceBody, body);
  const { variables, strict, locale, ...template } = parsed;
  return {
    ...(locale !== undefined ? { locale: canonicalLocale(locale) } : {}),
    ...toWriteInput(template),
    ...(variables !== undefined ? { variables: variablesObject(variables) } : {}),
    ...(strict !== undefined ? { strict } : {}),
  };
}

/** @throws ProblemError 400 `invalid_variables` unless `value` is a JSON object. */
function variablesObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new ProblemError(400, 'invalid_variables', `variables must be a JSON object, got ${got}.`, [
      { pointer: '/variables', message: 'must be an object' },
    ]);
  }
  return value as Record<string, unknown>;
}

/** Parse `?revision=N` of GET /projects/:id. @throws ProblemError 400 `invalid_request`. */
export function parseRevisionQuery(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new ProblemError(400, 'invalid_request', 'revision must be a non-negative integer.', [
      { pointer: '/revision', message: 'not a non-negative integer' },
    ]);
  }
  return Number(value);
}

/**
 * Parse `?revision=N|latest` of the routes that read what a render uses (GET /templates/:id, GET
 * /projects/:id/variables): a template revision, or `latest` (the newest create or save); absent: the published one.
 * @throws ProblemError 400 `invalid_request`.
 */
export function parseTemplateRevisionQuery(value: unknown): number | 'latest' | undefined {
  if (value === 'latest') return 'latest';
  if (value === undefined || (typeof value === 'string' && /^\d{1,15}$/.test(value))) return parseRevisionQuery(value);
  throw new ProblemError(400, 'invalid_request', `revision must be a non-negative integer or latest, got ${JSON.stringify(value)}.`, [
    { pointer: '/revision', message: 'not a non-negative integer or latest' },
  ]);
}

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/i;

/**
 * Parse `?at=<RFC 3339>` of GET /projects/:id (time travel), normalised to UTC with ms.
 * @throws ProblemError 400 `invalid_request` for anything but an RFC 3339 date-time.
 */
export function parseAtQuery(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const instant = typeof value === 'string' && RFC3339.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(instant)) {
    throw new ProblemError(400, 'invalid_request', 'at must be an RFC 3339 date-time, such as 2026-11-23T10:00:00Z.', [
      { pointer: '/at', message: 'not an RFC 3339 date-time' },
    ]);
  }
  return new Date(instant).toISOString();
}

/** A validated project id from the path. @throws ProblemError 404 (no such project can exist). */
export function parsePathId(id: string): string {
  if (!PROJECT_ID.test(id)) throw new ProblemError(404, 'project_not_found', `Project '${id}' does not exist.`);
  return id;
}

function toWriteInput(body: z.infer<typeof validateSourceBody> & { publishing?: Publishing }): WriteInput {
  const hasAst = body.ast !== undefined;
  const hasMjml = body.mjml !== undefined;
  if (hasAst === hasMjml) {
    throw new ProblemError(
      400,
      'invalid_request',
      'Send the template either as "ast" (MJML JSON) or as "mjml" (markup), not both and not neither.',
      [{ pointer: hasAst ? '/mjml' : '/ast', message: hasAst ? 'not allowed with ast' : 'required (or mjml)' }],
    );
  }
  if (hasAst && body.render_mode === 'dynamic') {
    throw new ProblemError(
      400,
      'invalid_request',
      '"render_mode": "dynamic" only applies to "mjml" markup (Handlebars that generates MJML); an ast is static.',
      [{ pointer: '/render_mode', message: 'only with mjml' }],
    );
  }
  if (hasAst && body.includes !== undefined) {
    throw new ProblemError(400, 'invalid_request', '"includes" only applies to "mjml" markup; an ast has its includes inlined.', [
      { pointer: '/includes', message: 'only with mjml' },
    ]);
  }
  const uses = usesOf(body, hasAst);
  const partials = {
    ...(body.partials && Object.keys(body.partials).length > 0 ? { partials: body.partials } : {}),
    ...(body.helpers && Object.keys(body.helpers).length > 0 ? { helpers: body.helpers as Record<string, HelperDeclaration> } : {}),
    ...(body.render_mode ? { renderMode: body.render_mode } : {}),
  };
  const localized = localizedContent(body);
  const source: TemplateSource = hasAst
    ? { ast: body.ast, ...partials, ...localized }
    : { mjml: body.mjml!, ...(body.includes ? { includes: body.includes } : {}), ...(uses ? { uses } : {}), ...partials, ...localized };
  if (body.metadata?.['variables'] !== undefined) checkDeclaredVariables(body.metadata['variables']);
  const partProblems = body.metadata ? messagePartProblems(body.metadata) : [];
  if (partProblems.length > 0) throw new ProblemError(400, 'invalid_metadata', partProblems[0]!.message, partProblems);
  return {
    ...(body.id !== undefined ? { id: body.id } : {}),
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    source,
    validation: body.validation ?? 'strict',
    ...(body.publishing !== undefined ? { publishing: body.publishing } : {}),
  };
}

/**
 * The layout and shared partials a body names, or undefined. Only `mjml` markup composes (the composition is
 * textual, before MJML: docs/layouts.md), and only a static template. @throws ProblemError 400 `invalid_request`.
 */
function usesOf(body: z.infer<typeof validateSourceBody>, hasAst: boolean): TemplateUses | undefined {
  const sharedPartials = body.shared_partials ?? [];
  if (!body.layout && sharedPartials.length === 0) return undefined;
  const pointer = body.layout ? '/layout' : '/shared_partials';
  if (hasAst || body.render_mode === 'dynamic') {
    throw new ProblemError(
      400,
      'invalid_request',
      'A layout or shared partials compose with "mjml" markup of a static template, not with an ast or "render_mode": "dynamic".',
      [{ pointer, message: 'only with mjml markup, static' }],
    );
  }
  const ids = sharedPartials.map((use) => use.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) {
    throw new ProblemError(400, 'invalid_request', `The shared partial '${twice}' is named twice in "shared_partials": name it once.`, [
      { pointer: '/shared_partials', message: 'duplicate id' },
    ]);
  }
  return { ...(body.layout ? { layout: body.layout } : {}), ...(sharedPartials.length > 0 ? { sharedPartials } : {}) };
}

/** The body schemas above, for the OpenAPI document (openapi-document.ts): one source for both. */
export const requestSchemas = { createBody, saveBody, publishBody, validateSavedBody, validateSourceBody, projectId } as const;

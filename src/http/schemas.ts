/**
 * Request schemas (zod). Bodies are strict: an unknown field is a 400 that names it, so a typo such as
 * `"variable"` for `"variables"` never passes silently.
 */
import { z } from 'zod';
import type { TemplateSource, ValidationMode } from '../application/templates.js';
import type { ProjectMetadata } from '../domain/mjml-ast.js';
import type { HelperDeclaration } from '../domain/project.js';
import type { RenderFormat } from '../application/render-template.js';
import { InvalidSchemaError, VariablesPolicy } from '../application/render-variables.js';
import { messagePartProblems } from '../application/render-parts.js';
import { ProblemError } from './problem.js';
import { pointerOf } from './json-pointer.js';
import { nearestName } from './suggest.js';
import { PARTIAL_NAME } from '../rendering/handlebars/partials.js';
import { HELPER_NAME, MAX_HELPER_PARAMS } from '../rendering/handlebars/declared-helpers.js';

/**
 * A declared helper's shape (what it means, and the rules that need the library, are checked at save by
 * the compile worker: declared-helpers.ts).
 */
const helperDeclaration = z.strictObject({
  use: z.string().min(1).max(64).optional(),
  hash: z.record(z.string().min(1).max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).optional(),
  template: z.string().optional(),
  params: z.array(z.string().regex(HELPER_NAME, 'parameter names are 1–64 letters, digits or "_", not starting with a digit')).max(MAX_HELPER_PARAMS).optional(),
  html: z.boolean().optional(),
});

/** Project ids: 1–100 characters, letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const projectId = z.string().regex(PROJECT_ID, 'must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const metadata = z.record(z.string(), z.unknown());
const templateFields = {
  metadata: metadata.optional(),
  ast: z.unknown().optional(),
  mjml: z.string().min(1).optional(),
  includes: z.record(z.string().min(1), z.string()).optional(),
  validation: z.enum(['strict', 'soft']).optional(),
  partials: z.record(z.string().regex(PARTIAL_NAME, 'partial names are 1–64 letters, digits, "_", "." or "-", starting with a letter, digit or "_"'), z.string()).optional(),
  render_mode: z.enum(['static', 'dynamic']).optional(),
  helpers: z.record(z.string().regex(HELPER_NAME, 'helper names are 1–64 letters, digits or "_", not starting with a digit'), helperDeclaration).optional(),
};

const createBody = z.strictObject({ id: projectId.optional(), ...templateFields });
const saveBody = z.strictObject({ id: projectId.optional(), ...templateFields });
const renderBody = z.strictObject({
  variables: z.unknown().optional(),
  format: z.enum(['html', 'mjml']).optional(),
  revision: z.number().int().min(0).optional(),
  strict: z.boolean().optional(),
  locale: z.string().min(1).max(100).optional(),
});
const validateSavedBody = z.strictObject({
  variables: z.unknown().optional(),
  revision: z.number().int().min(0).optional(),
  strict: z.boolean().optional(),
});
const validateSourceBody = z.strictObject({ id: projectId.optional(), ...templateFields, variables: z.unknown().optional(), strict: z.boolean().optional() });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export interface WriteInput {
  id?: string;
  metadata?: ProjectMetadata;
  source: TemplateSource;
  validation: ValidationMode;
}

/** POST /projects body. @throws ProblemError 400 `invalid_request`. */
export function parseCreate(body: unknown): WriteInput {
  return toWriteInput(check(createBody, body));
}

/** PUT /projects/:id body (an `id`, if sent, must be the path's). @throws ProblemError 400 `invalid_request`. */
export function parseSave(body: unknown, pathId: string): WriteInput {
  const input = toWriteInput(check(saveBody, body));
  if (input.id !== undefined && input.id !== pathId) {
    throw new ProblemError(400, 'invalid_request', `Body id '${input.id}' differs from the path's '${pathId}'.`, [{ pointer: '/id', message: 'must match the path' }]);
  }
  return input;
}

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

/** POST /templates/:id/validate body. @throws ProblemError 400 `invalid_request`, `invalid_variables`. */
export function parseValidateSaved(body: unknown): { variables?: Record<string, unknown>; strict?: boolean; revision?: number } {
  const parsed = check(validateSavedBody, body ?? {});
  return {
    ...(parsed.variables !== undefined ? { variables: variablesObject(parsed.variables) } : {}),
    ...(parsed.strict !== undefined ? { strict: parsed.strict } : {}),
    ...(parsed.revision !== undefined ? { revision: parsed.revision } : {}),
  };
}

/** POST /validate body: a template as create takes it, plus `variables` and `strict`. @throws ProblemError 400. */
export function parseValidateSource(body: unknown): WriteInput & { variables?: Record<string, unknown>; strict?: boolean } {
  const parsed = check(validateSourceBody, body);
  const { variables, strict, ...template } = parsed;
  return {
    ...toWriteInput(template),
    ...(variables !== undefined ? { variables: variablesObject(variables) } : {}),
    ...(strict !== undefined ? { strict } : {}),
  };
}

/** @throws ProblemError 400 `invalid_variables` unless `value` is a JSON object. */
function variablesObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new ProblemError(400, 'invalid_variables', `variables must be a JSON object, got ${got}.`, [{ pointer: '/variables', message: 'must be an object' }]);
  }
  return value as Record<string, unknown>;
}

/** `?limit=&cursor=` of list routes; the cursor is the base64url of the last id seen. */
export function parseList(query: unknown): { limit: number; after?: string } {
  const { limit, cursor } = check(listQuery, query);
  if (cursor === undefined) return { limit };
  const after = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!PROJECT_ID.test(after)) throw new ProblemError(400, 'invalid_request', 'The cursor is not one this API issued.', [{ pointer: '/cursor', message: 'invalid cursor' }]);
  return { limit, after };
}

/** The cursor that continues a list after `id`. */
export function cursorAfter(id: string | null): string | null {
  return id === null ? null : Buffer.from(id, 'utf8').toString('base64url');
}

/** Parse `?revision=N` of GET /projects/:id. @throws ProblemError 400 `invalid_request`. */
export function parseRevisionQuery(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new ProblemError(400, 'invalid_request', 'revision must be a non-negative integer.', [{ pointer: '/revision', message: 'not a non-negative integer' }]);
  }
  return Number(value);
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
    throw new ProblemError(400, 'invalid_request', 'at must be an RFC 3339 date-time, such as 2026-11-23T10:00:00Z.', [{ pointer: '/at', message: 'not an RFC 3339 date-time' }]);
  }
  return new Date(instant).toISOString();
}

/** A validated project id from the path. @throws ProblemError 404 (no such project can exist). */
export function parsePathId(id: string): string {
  if (!PROJECT_ID.test(id)) throw new ProblemError(404, 'project_not_found', `Project '${id}' does not exist.`);
  return id;
}

function toWriteInput(body: z.infer<typeof createBody>): WriteInput {
  const hasAst = body.ast !== undefined;
  const hasMjml = body.mjml !== undefined;
  if (hasAst === hasMjml) {
    throw new ProblemError(400, 'invalid_request', 'Send the template either as "ast" (MJML JSON) or as "mjml" (markup), not both and not neither.', [
      { pointer: hasAst ? '/mjml' : '/ast', message: hasAst ? 'not allowed with ast' : 'required (or mjml)' },
    ]);
  }
  if (hasAst && body.render_mode === 'dynamic') {
    throw new ProblemError(400, 'invalid_request', '"render_mode": "dynamic" only applies to "mjml" markup (Handlebars that generates MJML); an ast is static.', [{ pointer: '/render_mode', message: 'only with mjml' }]);
  }
  if (hasAst && body.includes !== undefined) {
    throw new ProblemError(400, 'invalid_request', '"includes" only applies to "mjml" markup; an ast has its includes inlined.', [{ pointer: '/includes', message: 'only with mjml' }]);
  }
  const partials = {
    ...(body.partials && Object.keys(body.partials).length > 0 ? { partials: body.partials } : {}),
    ...(body.helpers && Object.keys(body.helpers).length > 0 ? { helpers: body.helpers as Record<string, HelperDeclaration> } : {}),
    ...(body.render_mode ? { renderMode: body.render_mode } : {}),
  };
  const source: TemplateSource = hasAst ? { ast: body.ast, ...partials } : { mjml: body.mjml!, ...(body.includes ? { includes: body.includes } : {}), ...partials };
  if (body.metadata?.['variables'] !== undefined) checkDeclaredVariables(body.metadata['variables']);
  const partProblems = body.metadata ? messagePartProblems(body.metadata) : [];
  if (partProblems.length > 0) throw new ProblemError(400, 'invalid_metadata', partProblems[0]!.message, partProblems);
  return {
    ...(body.id !== undefined ? { id: body.id } : {}),
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    source,
    validation: body.validation ?? 'strict',
  };
}

/** Compiles declared schemas at save; the render path keeps its own compiled copies. */
const declarations = new VariablesPolicy();

/** `metadata.variables` must be a schema this service runs. @throws ProblemError 400 `invalid_variables_schema`. */
function checkDeclaredVariables(schema: unknown): void {
  try {
    declarations.checkDeclared(schema);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    throw new ProblemError(400, 'invalid_variables_schema', error.message, [{ pointer: `/metadata/variables${error.pointer}`, message: error.message }]);
  }
}

/** Parse `value` with `schema`. @throws ProblemError 400 `invalid_request`, one pointer per issue. */
export function check<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  const errors = parsed.error.issues.map((issue) => ({
    pointer: pointerOf(issue.path),
    message: issue.code === 'unrecognized_keys' ? unknownFields(issue.keys, issue.path.length === 0 ? known : []) : issue.message,
  }));
  const first = errors[0]!;
  throw new ProblemError(400, 'invalid_request', `${first.pointer === '' ? 'body' : first.pointer.slice(1)}: ${first.message}.`, errors);
}

/** "unknown field: variable (did you mean 'variables'?)", with a suggestion where a known field is close. */
function unknownFields(keys: readonly string[], known: readonly string[]): string {
  const named = keys.map((key) => {
    const near = nearestName(key, known);
    return near && near !== key ? `${key} (did you mean '${near}'?)` : key;
  });
  return `unknown field${keys.length > 1 ? 's' : ''}: ${named.join(', ')}`;
}

/** `?limit=&cursor=` of GET /projects/:id/revisions; the cursor is the base64url of the last revision seen. */
export function parseRevisionPage(query: unknown): { limit: number; after?: number } {
  const { limit, cursor } = check(listQuery, query);
  if (cursor === undefined) return { limit };
  const after = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^r\d{1,15}$/.test(after) || cursorAfterRevision(Number(after.slice(1))) !== cursor) {
    throw new ProblemError(400, 'invalid_request', 'The cursor is not one this API issued.', [{ pointer: '/cursor', message: 'invalid cursor' }]);
  }
  return { limit, after: Number(after.slice(1)) };
}

/** The opaque cursor that continues a revision list after `revision` (base64url of `r<revision>`). */
export function cursorAfterRevision(revision: number | null): string | null {
  return revision === null ? null : Buffer.from(`r${revision}`, 'utf8').toString('base64url');
}

/** Deepest object nesting a merge patch may have (each level is a step of the merge). */
export const MAX_PATCH_DEPTH = 64;

/**
 * PATCH /projects/:id body: a JSON Merge Patch (RFC 7396) of the Project resource in which only `metadata`
 * may appear, as an object: `{ "metadata": { "subject": "New {{x}}", "old_field": null } }`.
 * @returns the metadata patch (`{}` when the body has no `metadata`: a patch that changes nothing).
 * @throws ProblemError 400 `invalid_request` naming any other member, a `metadata` that is not an object
 *   (`null` would remove the project's metadata, which it always has), or a patch nested too deep.
 */
export function parseMetadataPatch(body: unknown): Record<string, unknown> {
  const document = body as Record<string, unknown>;
  const others = Object.keys(document).filter((key) => key !== 'metadata');
  if (others.length > 0) {
    const message = `${unknownFields(others, ['metadata'])}; a PATCH changes metadata only (PUT saves a template)`;
    throw new ProblemError(400, 'invalid_request', `body: ${message}.`, others.map((key) => ({ pointer: `/${pointerToken(key)}`, message: 'only metadata can be patched' })));
  }
  const patch = Object.hasOwn(document, 'metadata') ? document['metadata'] : {};
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    const got = patch === null ? 'null' : Array.isArray(patch) ? 'an array' : typeof patch;
    throw new ProblemError(400, 'invalid_request', `metadata must be a merge patch object, got ${got} (remove members one by one with null).`, [{ pointer: '/metadata', message: 'must be an object' }]);
  }
  if (objectDepth(patch) > MAX_PATCH_DEPTH) {
    throw new ProblemError(400, 'invalid_request', `metadata: the merge patch nests objects deeper than ${MAX_PATCH_DEPTH} levels.`, [{ pointer: '/metadata', message: `deeper than ${MAX_PATCH_DEPTH} levels` }]);
  }
  return patch as Record<string, unknown>;
}

/**
 * The checks a save's metadata gets (declared variables schema, message parts), for a metadata made
 * by a merge patch. @throws ProblemError 400 `invalid_variables_schema`, `invalid_metadata`.
 */
export function checkMetadata(metadata: ProjectMetadata): void {
  if (metadata['variables'] !== undefined) checkDeclaredVariables(metadata['variables']);
  const partProblems = messagePartProblems(metadata);
  if (partProblems.length > 0) throw new ProblemError(400, 'invalid_metadata', partProblems[0]!.message, partProblems);
}

/** Nesting of objects and arrays in a JSON value (a scalar is 0), without recursion. */
function objectDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_PATCH_DEPTH) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** An RFC 6901 reference token: `~` → `~0`, `/` → `~1`. */
function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

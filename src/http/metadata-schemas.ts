/**
 * Metadata checks: those a save's metadata gets (declared variables schema, message parts), and the
 * parsing of PATCH /projects/:id, a JSON Merge Patch (RFC 7396) of the metadata.
 */
import type { ProjectMetadata } from '../domain/mjml-ast.js';
import { InvalidSchemaError, VariablesPolicy, messagePartProblems } from '../application/render/index.js';
import { unknownFields } from './check.js';
import { ProblemError } from './problem.js';

/** Compiles declared schemas at save; the render path keeps its own compiled copies. */
const declarations = new VariablesPolicy();

/** `metadata.variables` must be a schema this service runs. @throws ProblemError 400 `invalid_variables_schema`. */
export function checkDeclaredVariables(schema: unknown): void {
  try {
    declarations.checkDeclared(schema);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    throw new ProblemError(400, 'invalid_variables_schema', error.message, [
      { pointer: `/metadata/variables${error.pointer}`, message: error.message },
    ]);
  }
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
    throw new ProblemError(
      400,
      'invalid_request',
      `body: ${message}.`,
      others.map((key) => ({ pointer: `/${pointerToken(key)}`, message: 'only metadata can be patched' })),
    );
  }
  const patch = Object.hasOwn(document, 'metadata') ? document['metadata'] : {};
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    const got = patch === null ? 'null' : Array.isArray(patch) ? 'an array' : typeof patch;
    throw new ProblemError(
      400,
      'invalid_request',
      `metadata must be a merge patch object, got ${got} (remove members one by one with null).`,
      [{ pointer: '/metadata', message: 'must be an object' }],
    );
  }
  if (objectDepth(patch) > MAX_PATCH_DEPTH) {
    throw new ProblemError(400, 'invalid_request', `metadata: the merge patch nests objects deeper than ${MAX_PATCH_DEPTH} levels.`, [
      { pointer: '/metadata', message: `deeper than ${MAX_PATCH_DEPTH} levels` },
    ]);
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

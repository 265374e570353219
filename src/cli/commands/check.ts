/**
 * `letterpress check`: for a client's CI, whether templates still take the variables its code sends. The
 * required paths come from a JSON sample (every leaf path) and/or a list; what a template takes comes from
 * the server — the schema it infers from what the template reads (GET /projects/:id/variables for saved
 * templates: the revision renders use, or the draft of one never published; POST /validate for the local
 * files of `--dir`, so an unpushed edit is checked too).
 */
import { join } from 'node:path';
import { seg, type LetterpressClient } from '../client.js';
import { ApiError, EXIT, UsageError } from '../errors.js';
import { projectIds, readProject } from '../files.js';
import { missingVariables, samplePaths, schemaReads, type MissingVariable } from '../variable-paths.js';
import { readJsonObject } from './inputs.js';

export interface CheckOptions {
  dir?: string;
  required?: string;
  requiredList?: string;
}

/** Run the check; the report goes to stdout. Exit 0 when every template takes every required path, 1 otherwise. */
export async function check(client: LetterpressClient, ids: string[], options: CheckOptions): Promise<number> {
  const required = requiredPaths(options);
  const results: Array<{ id: string; missing: MissingVariable[]; refused?: string; draft?: true }> = [];
  if (options.dir !== undefined) {
    const present = projectIds(options.dir);
    const unknown = ids.filter((id) => !present.includes(id));
    if (unknown.length > 0) throw new UsageError(`no project directory ${unknown.map((id) => join(options.dir!, id)).join(', ')}.`);
    for (const id of ids.length > 0 ? ids : present) {
      const report = (await client.post('/validate', readProject(join(options.dir, id)))).body as {
        variables: { inferred: unknown } | null;
        errors: Array<{ message: string }>;
      };
      if (report.variables === null) results.push({ id, missing: [], refused: report.errors.map((e) => e.message).join('; ') });
      else results.push({ id, missing: missingVariables(required, schemaReads(report.variables.inferred)) });
    }
  } else {
    const targets = ids.length > 0 ? ids : (await client.all<{ id: string }>('/projects')).map((p) => p.id);
    for (const id of targets) {
      const { inferred, draft } = await savedVariables(client, id);
      results.push({ id, missing: missingVariables(required, schemaReads(inferred)), ...(draft ? { draft } : {}) });
    }
  }

  let failed = 0;
  for (const { id, missing, refused, draft } of results) {
    if (draft) process.stdout.write(`  ${id} is not published yet: checking its draft (the latest save)\n`);
    if (refused !== undefined) {
      failed++;
      process.stdout.write(`✗ ${id}: the template itself is refused: ${refused}\n`);
    } else if (missing.length === 0) {
      process.stdout.write(`✓ ${id}: takes all ${required.length} required variable${required.length === 1 ? '' : 's'}\n`);
    } else {
      failed++;
      process.stdout.write(`✗ ${id}: no longer takes ${missing.length} required variable${missing.length === 1 ? '' : 's'}\n`);
      for (const m of missing) process.stdout.write(`    ${m.path}${m.suggestion ? ` (did you mean ${m.suggestion}?)` : ''}\n`);
    }
  }
  process.stdout.write(`${results.length - failed} of ${results.length} template${results.length === 1 ? '' : 's'} passed\n`);
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

/** The union of `--required` (leaf paths of a JSON sample) and `--required-list`. @throws UsageError when neither is given. */
function requiredPaths(options: CheckOptions): string[] {
  if (options.required === undefined && options.requiredList === undefined)
    throw new UsageError('give --required <sample.json> and/or --required-list a.b,c.');
  const paths = new Set<string>();
  if (options.required !== undefined) for (const path of samplePaths(readJsonObject(options.required, '--required'))) paths.add(path);
  for (const path of (options.requiredList ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean))
    paths.add(path);
  if (paths.size === 0) throw new UsageError('the required variables are empty: nothing to check.');
  return [...paths].sort();
}

/**
 * What saved template `id` takes: the revision its renders use (GET /projects/:id/variables), or — under
 * `review` with nothing published yet (404 `not_published`), when no render can use any — its draft.
 * @throws ApiError for any other refusal.
 */
async function savedVariables(client: LetterpressClient, id: string): Promise<{ inferred: unknown; draft?: true }> {
  try {
    return (await client.get(`/projects/${seg(id)}/variables`)).body as { inferred: unknown };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'not_published') throw error;
    const draft = (await client.get(`/projects/${seg(id)}/variables?revision=latest`)).body as { inferred: unknown };
    return { inferred: draft.inferred, draft: true };
  }
}

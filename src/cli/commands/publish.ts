/**
 * `letterpress publish <id> [--revision N] [--force]`: make a template revision (default: the latest save) the
 * one renders use, through POST /projects/:id/publish (docs/publishing.md). A refusal of the publish gate
 * (409 `breaking_variable_change`) prints each path it would break and the keys sending it, and names `--force`;
 * a refusal of the workspace's policy (422 `policy_violation`) prints each finding's pointer, message and
 * caniemail feature. `publish --layout <id>` / `--partial <id>` publishes a layout or shared partial instead
 * (`publishShared`), printing each follower's check.
 */
import { seg, type LetterpressClient } from '../client.js';
import { dependentsReport, forceCommand, sharedName, type DependentCheck } from '../dependents.js';
import { ApiError, EXIT, policyViolationReport, type ProblemItem } from '../errors.js';
import { SHARED, type SharedKind } from '../shared-files.js';

/** What the publish answers (the fields reported). */
interface Published {
  revision: number;
  published_revision: number | null;
  unchanged?: boolean;
}

/**
 * Publish `revision` (default: the latest create or save) of project `id`, past the publish gate with `force`;
 * one line on stderr says what renders use now. @returns EXIT.failed when the gate or the policy refuses (each
 * breaking path or finding printed). @throws ApiError for any other refusal (exit 1 or 3, as every command:
 * errors.ts); network errors.
 */
export async function publish(client: LetterpressClient, id: string, options: { revision?: number; force?: boolean }): Promise<number> {
  const body = { ...(options.revision !== undefined ? { revision: options.revision } : {}), ...(options.force ? { force: true } : {}) };
  let result: Published;
  try {
    result = (await client.post<Published>(`/projects/${seg(id)}/publish`, body)).body;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'breaking_variable_change') process.stderr.write(breakingReport(id, error.problem.errors ?? [], options.revision));
    else if (error.code === 'policy_violation') {
      const revision = typeof error.problem['revision'] === 'number' ? error.problem['revision'] : options.revision;
      const what = `not published: ${revision !== undefined ? `revision ${revision} of ` : ''}${id}`;
      process.stderr.write(policyViolationReport(what, error, options.force ? ' (--force passes the publish gate, not a policy)' : ''));
    } else throw error;
    return EXIT.failed;
  }
  const what = result.unchanged ? `already published: ${id} renders revision` : `published ${id}: renders now use revision`;
  const forced = options.force ? ' (forced: recorded in the publish event)' : '';
  process.stderr.write(`${what} ${result.published_revision} (project revision ${result.revision})${forced}\n`);
  return EXIT.ok;
}

/** The gate's refusal: a line per breaking path, then how to publish anyway. */
function breakingReport(id: string, items: ProblemItem[], revision: number | undefined): string {
  const lines = items.map((item) => {
    const keys = Array.isArray(item['key_ids']) ? (item['key_ids'] as string[]).join(', ') : '?';
    const change = String(item['change'] ?? 'breaking').replace('_', ' ');
    const types = item['change'] === 'type_narrowed' ? ` (sent: ${String(item['found'])}, takes: ${String(item['expected'])})` : '';
    return `  ${String(item['path'])}: ${change}${types}; keys ${keys}\n`;
  });
  const again = `letterpress publish ${id}${revision !== undefined ? ` --revision ${revision}` : ''} --force`;
  return (
    `not published: recent renders of ${id} would fail under this revision:\n${lines.join('')}` +
    `make each path optional (or keep its type), or publish anyway: ${again}\n`
  );
}

/** What a layout or partial publish answers (the fields reported). */
interface SharedPublished extends Published {
  dependents?: DependentCheck[];
}

/**
 * Publish `revision` (default: the latest save) of a layout or shared partial, through POST /layouts/{id}/publish
 * (or /partials): every follower is checked first (docs/layouts.md). Prints what followers render now and each
 * follower's outcome. @returns EXIT.failed when a follower refused it (422 `dependents_refused`: each follower's
 * outcome, code and findings printed, and `--force` named for a variables refusal). @throws ApiError for any
 * other refusal (404 `layout_not_found`, `revision_not_found`…: exit 1 or 3, errors.ts); network errors.
 */
export async function publishShared(
  client: LetterpressClient,
  kind: SharedKind,
  id: string,
  options: { revision?: number; force?: boolean },
): Promise<number> {
  const body = { ...(options.revision !== undefined ? { revision: options.revision } : {}), ...(options.force ? { force: true } : {}) };
  const name = sharedName(kind, id);
  let result: SharedPublished;
  try {
    result = (await client.post<SharedPublished>(`${SHARED[kind].route}/${seg(id)}/publish`, body)).body;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'dependents_refused') throw error;
    const checks = (error.problem['dependents'] ?? []) as DependentCheck[];
    const revision = typeof error.problem['revision'] === 'number' ? error.problem['revision'] : options.revision;
    const what = `not published: ${revision !== undefined ? `revision ${revision} of ` : ''}${name}`;
    process.stderr.write(`${what}: a template that follows it would not pass:\n`);
    process.stderr.write(dependentsReport(checks, forceCommand(kind, id, options.revision)));
    return EXIT.failed;
  }
  const what = result.unchanged ? `already published: ${name} is at revision` : `published ${name}: followers render revision`;
  const forced = options.force ? ' (forced: recorded in the publish event)' : '';
  process.stderr.write(`${what} ${result.published_revision} (stream revision ${result.revision})${forced}\n`);
  process.stderr.write(dependentsReport(result.dependents ?? [], ''));
  return EXIT.ok;
}

/**
 * The layouts and shared partials part of `letterpress push` (shared-files.ts), run before the projects so a
 * project naming a new layout finds it: each whose files changed since the last pull or push is saved with PUT
 * and `If-Match` on the lock's revision (412 reported, never overwritten), or created with POST (409
 * `<kind>_exists` rather than overwrite). A save that publishes (`on_save`) checks every template that follows
 * it: a 422 `dependents_refused` prints each follower's outcome, code and findings. `--dry-run` checks only the
 * conflicts (the API has no validate route for them) and changes nothing.
 */
import { join } from 'node:path';
import { seg, type LetterpressClient } from '../client.js';
import { mergeSteps } from '../backup.js';
import { dependentsReport, sharedName, type DependentCheck } from '../dependents.js';
import { ApiError, formatProblem } from '../errors.js';
import type { LockFile } from '../lock.js';
import { readShared, SHARED, SHARED_KINDS, sharedHash, sharedIds, sharedPath, type SharedKind } from '../shared-files.js';
import { namedByProjects } from './pull-shared.js';

/** What a write of a layout or partial answers (the fields the lock keeps, and what to report). */
interface SharedSaved {
  revision: number;
  updated_at: string;
  unchanged?: boolean;
  publishing?: 'on_save' | 'review';
  published_revision?: number | null;
  dependents?: DependentCheck[];
}

/** Counts for push's summary line. */
export interface SharedPushResult {
  done: number;
  failures: number;
  unchanged: number;
}

/**
 * Push the changed layouts and partials under `dir` — with `projects`, only those these projects name —
 * updating `lock` (written by `save`). @throws what is no one layout's fault: network errors, 401/403, 5xx.
 */
export async function pushShared(
  client: LetterpressClient,
  dir: string,
  lock: LockFile,
  options: { dryRun?: boolean; projects?: string[] },
  save: () => void,
): Promise<SharedPushResult> {
  const result: SharedPushResult = { done: 0, failures: 0, unchanged: 0 };
  const named = options.projects ? namedByProjects(dir, options.projects) : undefined;
  for (const kind of SHARED_KINDS) {
    const entries = (lock[`${kind}s`] ??= {});
    const ids = sharedIds(dir, kind).filter((id) => !named || named[kind].includes(id));
    for (const id of ids) {
      const body = readShared(dir, kind, id)!;
      const hash = sharedHash(body);
      const revision = entries[id]?.revision;
      if (entries[id]?.sha256 === hash) {
        result.unchanged++;
        continue;
      }
      let ok: boolean;
      if (options.dryRun) ok = await dryRunOne(client, dir, kind, id, revision);
      else {
        try {
          const saved = (
            revision !== undefined
              ? await client.request<SharedSaved>('PUT', `${SHARED[kind].route}/${seg(id)}`, {
                  body,
                  headers: { 'If-Match': `"${revision}"` },
                })
              : await client.post<SharedSaved>(SHARED[kind].route, { id, ...body })
          ).body;
          entries[id] = { revision: saved.revision, updated_at: saved.updated_at, sha256: hash };
          save();
          process.stderr.write(savedLine(kind, id, saved, revision === undefined));
          ok = true;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
          process.stderr.write(refusal(dir, kind, id, error, revision));
          ok = false;
        }
      }
      if (ok) result.done++;
      else result.failures++;
    }
  }
  return result;
}

/** What a push says of one write, then each follower's check (a save under `on_save` publishes). */
function savedLine(kind: SharedKind, id: string, saved: SharedSaved, created: boolean): string {
  const what = created ? 'created' : saved.unchanged ? 'unchanged on the server' : 'saved';
  const word = SHARED[kind].word;
  const draft =
    saved.publishing === 'review' && !saved.unchanged
      ? ` as a draft (followers render ${saved.published_revision ?? 'nothing published yet'}); publish it with: letterpress publish --${kind} ${id}`
      : '';
  const checks = saved.dependents ?? [];
  return `${what} ${word} ${id} @ revision ${saved.revision}${draft}\n${checks.length > 0 ? dependentsReport(checks, '') : ''}`;
}

/** Why the server refused one layout or partial, in words that name the step that works. */
function refusal(dir: string, kind: SharedKind, id: string, error: ApiError, revision: number | undefined): string {
  const name = sharedName(kind, id);
  const merge = `Nothing was overwritten. To merge: ${mergeSteps(dir)} again.\n`;
  if (error.code === 'revision_mismatch')
    return `conflict: ${name} changed on the server since your pull (you have revision ${revision}). ${merge}`;
  if (error.code === `${kind}_exists`) return `conflict: ${name} already exists on the server but was never pulled here. ${merge}`;
  if (error.code === `${kind}_not_found` && revision !== undefined)
    return `${name} was deleted on the server: pull --prune to drop ${join(dir, sharedPath(kind, id))}, or remove its lock entry to create it again.\n`;
  if (error.code === 'dependents_refused') {
    const checks = (error.problem['dependents'] ?? []) as DependentCheck[];
    const settings = join(dir, SHARED[kind].dir, id, SHARED[kind].settings);
    const again = `save it as a draft ({ "publishing": "review" } in ${settings}), push, then letterpress publish --${kind} ${id} --force`;
    return `${name} was refused (nothing was saved): a template that follows it would not pass:\n${dependentsReport(checks, again)}`;
  }
  return `${name} was refused: ${formatProblem(error)}\n`;
}

/** Dry run of one: whether the save would meet a conflict (GET), nothing stored. Returns false when it would fail. */
async function dryRunOne(
  client: LetterpressClient,
  dir: string,
  kind: SharedKind,
  id: string,
  revision: number | undefined,
): Promise<boolean> {
  let server: { revision: number } | null = null;
  try {
    server = (await client.get<{ revision: number }>(`${SHARED[kind].route}/${seg(id)}`)).body;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const name = sharedName(kind, id);
  let problem = '';
  if (revision !== undefined && !server) problem = ' — but it was deleted on the server';
  else if (revision !== undefined && server && server.revision !== revision)
    problem = ` — but it changed on the server since your pull (revision ${revision} → ${server.revision}), so the push would be refused (412). To merge: ${mergeSteps(dir)}`;
  else if (revision === undefined && server)
    problem = ` — but it already exists on the server and was never pulled here, so the push would be refused (409). To merge: ${mergeSteps(dir)}`;
  process.stderr.write(`would ${revision === undefined ? 'create' : 'save'} ${name}${problem}\n`);
  return problem === '';
}

/** Whether any layout or partial under `dir` differs from its lock entry (push then sends a request anyway). */
export function sharedChanged(dir: string, lock: LockFile): boolean {
  return SHARED_KINDS.some((kind) =>
    sharedIds(dir, kind).some((id) => lock[`${kind}s`]?.[id]?.sha256 !== sharedHash(readShared(dir, kind, id)!)),
  );
}

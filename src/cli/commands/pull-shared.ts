/**
 * The layouts and shared partials part of `letterpress pull` (shared-files.ts): pull lists every live one of
 * the workspace (GET /layouts, GET /partials), GETs each that moved for its source, and writes it, with the same rules as projects
 * (lock.ts `planPull`): unpushed local edits are kept (exit 1) unless `--force` backs them up first, and
 * `--prune` removes the ones deleted on the server. A server without the list routes (405 on GET, since it takes POST there; 404) is
 * asked for the ones pull knows of instead — named by a project's project.json, recorded in the lock, or
 * present under `_layouts/` / `_partials/` — one GET each.
 */
import { join } from 'node:path';
import { seg, type LetterpressClient } from '../client.js';
import { backupProject, mergeSteps } from '../backup.js';
import { ApiError } from '../errors.js';
import { projectIds } from '../files.js';
import { planPull, type ListedProject, type LockFile } from '../lock.js';
import { readProjectFile } from '../project-file.js';
import {
  readShared,
  removeShared,
  SHARED,
  SHARED_KINDS,
  sharedHash,
  sharedIds,
  sharedPath,
  writeShared,
  type SharedKind,
} from '../shared-files.js';

/** A layout or partial as GET /layouts/{id} answers it (the fields pull uses). */
interface SharedAnswer {
  id: string;
  revision: number;
  updated_at: string;
  mjml?: string;
  source?: string;
  publishing: 'on_save' | 'review';
}

/** What the shared part of a pull did, for the summary line and the exit code. */
export interface SharedPullResult {
  fetched: number;
  unchanged: number;
  kept: number;
  deleted: number;
}

/**
 * Pull every known layout and partial into `dir`, updating `lock` (written by `save`). `backupFolder` is the
 * pull's backup folder. @throws ApiError other than a 404 (exit 1 or 3 as every command), network errors.
 */
export async function pullShared(
  client: LetterpressClient,
  dir: string,
  lock: LockFile,
  options: { force?: boolean; prune?: boolean; backupFolder: string },
  save: () => void,
): Promise<SharedPullResult> {
  const result: SharedPullResult = { fetched: 0, unchanged: 0, kept: 0, deleted: 0 };
  const named = namedByProjects(dir);
  for (const kind of SHARED_KINDS) {
    const entries = (lock[`${kind}s`] ??= {});
    const known = () => [...new Set([...named[kind], ...Object.keys(entries), ...sharedIds(dir, kind)])].sort();
    const { listed, answers } = await listShared(client, kind, known);
    const revisionOf = new Map(listed.map((item) => [item.id, item.revision]));
    const localHash = (id: string) => {
      const body = readShared(dir, kind, id);
      return body ? sharedHash(body) : null;
    };
    const plan = planPull(listed, { lockfile_version: lock.lockfile_version, projects: entries }, localHash, options.force ?? false);
    const backUp = (id: string) => {
      const hash = localHash(id);
      if (!options.force || hash === null || hash === entries[id]?.sha256) return;
      const copy = backupProject(dir, sharedPath(kind, id), options.backupFolder);
      if (copy) process.stderr.write(`backed up the local files of ${SHARED[kind].word} ${id}, which had edits never pushed, to ${copy}\n`);
    };
    for (const id of plan.fetch) {
      // The list carries no source: GET each one that moved (deleted since the list: nothing to write).
      const answer = answers.get(id) ?? (await getShared(client, kind, id));
      if (!answer) continue;
      backUp(id);
      const source = (kind === 'layout' ? answer.mjml : answer.source) ?? '';
      writeShared(dir, kind, id, source, answer.publishing === 'review' ? 'review' : 'on_save');
      entries[id] = { revision: answer.revision, updated_at: answer.updated_at, sha256: localHash(id)! };
      save();
      process.stderr.write(`pulled ${SHARED[kind].word} ${id} @ revision ${answer.revision}\n`);
    }
    for (const id of plan.localEdits) {
      const pulled = entries[id]?.revision;
      const why =
        pulled === undefined
          ? `a ${SHARED[kind].word} ${id} exists on the server (revision ${revisionOf.get(id)}), and local files that were never pulled are in its place`
          : `changed on the server since your last pull (revision ${pulled} → ${revisionOf.get(id)}), and its local files have edits that were never pushed`;
      process.stderr.write(`kept ${join(dir, sharedPath(kind, id))}: ${why}. To merge: ${mergeSteps(dir)}.\n`);
    }
    for (const id of plan.deleted) {
      const hash = localHash(id);
      const where = join(dir, sharedPath(kind, id));
      if (options.prune && hash !== null && hash !== entries[id]?.sha256 && !options.force) {
        process.stderr.write(
          `${SHARED[kind].word} ${id} was deleted on the server; ${where} has unpushed edits and is kept (pull --prune --force removes it)\n`,
        );
      } else if (options.prune) {
        backUp(id);
        removeShared(dir, kind, id);
        delete entries[id];
        process.stderr.write(`removed ${where}: deleted on the server\n`);
      } else {
        process.stderr.write(`${SHARED[kind].word} ${id} was deleted on the server; ${where} is kept (pull --prune removes it)\n`);
      }
    }
    result.fetched += plan.fetch.length;
    result.unchanged += plan.unchanged.length;
    result.kept += plan.localEdits.length;
    result.deleted += plan.deleted.length;
  }
  save();
  return result;
}

/** The layout and partial ids the projects under `dir` name in their project.json. */
export function namedByProjects(dir: string, ids: string[] = projectIds(dir)): Record<SharedKind, string[]> {
  const named: Record<SharedKind, string[]> = { layout: [], partial: [] };
  for (const id of ids) {
    const settings = readProjectFile(join(dir, id));
    if (settings.layout) named.layout.push(settings.layout.id);
    for (const use of settings.shared_partials ?? []) named.partial.push(use.id);
  }
  return named;
}

/**
 * Every live layout (or partial) of the workspace with its revision: GET /layouts (/partials), every page. On a
 * server without that route (405 or 404), the `known` ids one GET each, whose answers are kept (`answers`) for the write.
 * @throws ApiError other than that 405 or 404, network errors.
 */
async function listShared(
  client: LetterpressClient,
  kind: SharedKind,
  known: () => string[],
): Promise<{ listed: ListedProject[]; answers: Map<string, SharedAnswer> }> {
  const answers = new Map<string, SharedAnswer>();
  try {
    const items = await client.all<ListedProject>(SHARED[kind].route);
    return { listed: items.map(({ id, revision, updated_at }) => ({ id, revision, updated_at })), answers };
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 405 || error.status === 404))) throw error;
  }
  for (const id of known()) {
    const answer = await getShared(client, kind, id);
    if (answer) answers.set(id, answer);
  }
  const listed = [...answers.values()].map(({ id, revision, updated_at }) => ({ id, revision, updated_at }));
  return { listed, answers };
}

/** GET /layouts/{id} (or /partials/{id}); null when it does not exist (never created, or deleted). */
async function getShared(client: LetterpressClient, kind: SharedKind, id: string): Promise<SharedAnswer | null> {
  try {
    return (await client.get<SharedAnswer>(`${SHARED[kind].route}/${seg(id)}`)).body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

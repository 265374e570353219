/**
 * `letterpress pull [--dir D]`: every project of the key's workspace as canonical files (files.ts), with the
 * lock file (lock.ts) recording what was pulled; only projects whose revision or `updated_at` moved since
 * the last pull are fetched (Knock's `pull`, postmark-cli's `templates pull`). Then the layouts and shared
 * partials it knows of (pull-shared.ts), under `_layouts/` and `_partials/`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seg, type LetterpressClient } from '../client.js';
import { backupFolder, backupProject, mergeSteps } from '../backup.js';
import { ApiError, EXIT } from '../errors.js';
import { contentHash, isProjectDir, readProject, removeProject, writeProject } from '../files.js';
import { planPull, readLock, writeLock, type ListedProject } from '../lock.js';
import { startProgress } from '../progress.js';
import { pullShared } from './pull-shared.js';

export interface PullOptions {
  dir: string;
  /** Overwrite local edits that were never pushed (backed up first: backup.ts). */
  force?: boolean;
  /** Remove the local files of projects deleted on the server. */
  prune?: boolean;
}

/** Run a pull; returns the exit code (1 when local edits kept a project from being pulled). */
export async function pull(client: LetterpressClient, options: PullOptions): Promise<number> {
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  const lock = readLock(dir);
  const listed = await client.all<ListedProject>('/projects');
  const localHash = (id: string) => (isProjectDir(join(dir, id)) ? contentHash(readProject(join(dir, id))) : null);
  const plan = planPull(listed, lock, localHash, options.force ?? false);
  // Files `--force` is about to overwrite or remove while they hold edits never pushed (or never pulled).
  const edited = (id: string) => {
    const hash = localHash(id);
    return hash !== null && hash !== lock.projects[id]?.sha256;
  };
  const folder = backupFolder(dir);
  const backUp = (id: string, note: (line: string) => void) => {
    const copy = options.force && edited(id) ? backupProject(dir, id, folder) : null;
    if (copy) note(`backed up the local files of ${id}, which had edits never pushed, to ${copy}`);
  };

  const progress = startProgress('pull', plan.fetch.length);
  try {
    for (const id of plan.fetch) {
      const fetched = await fetchProject(client, id);
      if (!fetched) {
        progress.note(`${id} was deleted on the server while pulling; pull again`);
        progress.step(id);
        continue;
      }
      const { project, rendered } = fetched;
      backUp(id, (line) => progress.note(line));
      const projectDir = join(dir, id);
      writeProject(projectDir, {
        mjml: rendered.mjml,
        ast: project.ast,
        metadata: project.metadata ?? {},
        partials: project.partials ?? {},
        helpers: project.helpers ?? {},
        renderMode: project.render_mode === 'dynamic' ? 'dynamic' : 'static',
        defaultLocale: project.default_locale ?? null,
        locales: project.locales ?? {},
        ...(project.layout ? { layout: project.layout } : {}),
        ...(project.shared_partials ? { sharedPartials: project.shared_partials } : {}),
      });
      lock.projects[id] = { revision: project.revision, updated_at: project.updated_at, sha256: contentHash(readProject(projectDir)) };
      writeLock(dir, lock);
      progress.step(id, `pulled ${id} @ revision ${project.revision}`);
    }
  } finally {
    progress.stop();
  }
  const server = new Map(listed.map((p) => [p.id, p.revision]));
  for (const id of plan.localEdits) {
    const pulled = lock.projects[id]?.revision;
    const why =
      pulled === undefined
        ? `a project ${id} exists on the server (revision ${server.get(id)}), and local files that were never pulled are in its place, ` +
          'so a push would be refused (409 project_exists)'
        : `changed on the server since your last pull (revision ${pulled} → ${server.get(id)}), and its local files have edits ` +
          `that were never pushed, so a push would be refused (412: they were made on revision ${pulled})`;
    process.stderr.write(`kept ${id}: ${why}. To merge: ${mergeSteps(dir)}.\n`);
  }
  for (const id of plan.deleted) {
    const hash = localHash(id);
    if (options.prune && hash !== null && hash !== lock.projects[id]?.sha256 && !options.force) {
      process.stderr.write(
        `${id} was deleted on the server; its local files have unpushed edits and are kept (pull --prune --force removes them)\n`,
      );
    } else if (options.prune) {
      backUp(id, (line) => process.stderr.write(`${line}\n`));
      removeProject(join(dir, id));
      delete lock.projects[id];
      process.stderr.write(`removed ${id}: deleted on the server\n`);
    } else {
      process.stderr.write(`${id} was deleted on the server; its local files are kept (pull --prune removes them)\n`);
    }
  }
  writeLock(dir, lock);
  const shared = await pullShared(client, dir, lock, { ...options, backupFolder: folder }, () => writeLock(dir, lock));
  if (shared.fetched + shared.unchanged + shared.kept + shared.deleted > 0)
    process.stderr.write(
      `layouts and shared partials: ${shared.fetched} fetched, ${shared.unchanged} unchanged, ${shared.kept} kept with local edits, ${shared.deleted} deleted on the server\n`,
    );
  process.stderr.write(
    `${plan.fetch.length} fetched, ${plan.unchanged.length} unchanged, ${plan.localEdits.length} kept with local edits, ${plan.deleted.length} deleted on the server (${client.requests} ${client.requests === 1 ? 'request' : 'requests'})\n`,
  );
  return plan.localEdits.length + shared.kept > 0 ? EXIT.failed : EXIT.ok;
}

/** Reads of a review project tried before its MJML is taken as it is (a save landed between each GET and render). */
const REVIEW_READ_ATTEMPTS = 3;

/**
 * A project and the MJML of exactly its latest template (render with "format": "mjml" leaves Handlebars in);
 * null when it is gone. Under `"publishing": "review"` the project's revision may be a publish's, which is
 * not a template revision (it renders 404), so the MJML is the render of `"latest"`, read again when a save
 * landed after the GET (the render's revision past the project's).
 */
async function fetchProject(client: LetterpressClient, id: string) {
  try {
    for (let attempt = 1; ; attempt++) {
      const project = (await client.get(`/projects/${seg(id)}`)).body;
      const revision = project.publishing === 'review' ? 'latest' : project.revision;
      const rendered = (await client.post(`/templates/${seg(id)}/render`, { format: 'mjml', revision })).body;
      if (rendered.revision <= project.revision || attempt >= REVIEW_READ_ATTEMPTS) return { project, rendered };
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

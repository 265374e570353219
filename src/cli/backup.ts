/**
 * What `pull --force` does before it overwrites (or `--prune --force` removes) local files with edits that
 * were never pushed: a copy of the project's directory under `<dir>/.letterpress-backup/<time>/<id>/`, one
 * folder per pull. The folder starts with a dot and holds no project at its top, so push and pull never
 * take it for a project; add it to .gitignore.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** The backups' folder inside the working directory. */
export const BACKUP_DIR = '.letterpress-backup';

/** One pull's backups: `<dir>/.letterpress-backup/2026-11-26T15-20-03-123Z` (an ISO time a file system takes). */
export function backupFolder(dir: string, now: Date = new Date()): string {
  return join(dir, BACKUP_DIR, now.toISOString().replace(/[:.]/g, '-'));
}

/** Copy `<dir>/<id>/` into `folder`; returns the copy's path, or null when there is nothing to copy. */
export function backupProject(dir: string, id: string, folder: string): string | null {
  const source = join(dir, id);
  if (!existsSync(source)) return null;
  const target = join(folder, id);
  cpSync(source, target, { recursive: true });
  return target;
}

/**
 * The steps that merge a project changed on both sides, as one phrase for messages: a plain `pull` keeps the
 * project and a plain push is refused (412 or 409), so the step that works is `pull --force`, which backs the
 * local files up first.
 */
export function mergeSteps(dir: string): string {
  const pull = `run \`letterpress pull --force --dir ${dir}\` (it first copies your files to ${join(dir, BACKUP_DIR)}/<time>/)`;
  return `${pull}, bring your edits back into the pulled files, then push`;
}

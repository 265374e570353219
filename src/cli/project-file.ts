/**
 * `<dir>/<id>/project.json`: the project settings that are neither markup nor metadata, as the API spells them
 * (docs/cli.md "Files"): `render_mode` (only `"dynamic"`; a static project is what the server assumes), and the
 * workspace layout and shared partials the project names (docs/layouts.md "A project that uses them"):
 * `layout` `{ "id", "revision"? }` and `shared_partials` `[{ "id", "revision"? }]`, a `revision` pinning one.
 * Absent when there is nothing to say. Canonical JSON, as every file the CLI writes.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { readJsonObjectFile } from './json-files.js';

export const PROJECT_FILE = 'project.json';

/** A use of a layout or shared partial: no `revision` follows the published one. */
export interface SharedUse {
  id: string;
  revision?: number;
}

/** What project.json holds. */
export interface ProjectSettings {
  render_mode?: 'dynamic';
  layout?: SharedUse;
  shared_partials?: SharedUse[];
}

/** Write project.json, or remove it when `settings` is empty. */
export function writeProjectFile(projectDir: string, settings: ProjectSettings, json: (value: unknown) => string): void {
  const path = join(projectDir, PROJECT_FILE);
  const kept = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  if (Object.keys(kept).length > 0) writeFileSync(path, json(kept));
  else rmSync(path, { force: true });
}

/**
 * The save-body fields project.json makes (`{}` without it).
 * @throws UsageError naming the file and member for JSON that is not an object, a `render_mode` other than
 * static/dynamic, or a `layout` / `shared_partials` entry without a string `id` (or with a `revision` that is not a whole number).
 */
export function readProjectFile(projectDir: string): ProjectSettings {
  const path = join(projectDir, PROJECT_FILE);
  if (!existsSync(path)) return {};
  const file = readJsonObjectFile(path);
  const settings: ProjectSettings = {};
  const mode = file['render_mode'];
  if (mode !== undefined && mode !== 'static' && mode !== 'dynamic')
    throw new UsageError(`${path}: "render_mode" must be "static" or "dynamic", found ${JSON.stringify(mode)}.`);
  if (mode === 'dynamic') settings.render_mode = 'dynamic';
  if (file['layout'] !== undefined) settings.layout = sharedUse(file['layout'], `${path}: "layout"`);
  const partials = file['shared_partials'];
  if (partials !== undefined) {
    if (!Array.isArray(partials))
      throw new UsageError(`${path}: "shared_partials" must be an array such as [{ "id": "footer" }], found ${JSON.stringify(partials)}.`);
    settings.shared_partials = partials.map((item, i) => sharedUse(item, `${path}: "shared_partials"[${i}]`));
  }
  return settings;
}

function sharedUse(value: unknown, where: string): SharedUse {
  const use = value as Record<string, unknown> | null;
  const revision = use?.['revision'];
  if (use === null || typeof use !== 'object' || typeof use['id'] !== 'string')
    throw new UsageError(`${where} must be an object with a string "id" (and a "revision" to pin one), found ${JSON.stringify(value)}.`);
  if (revision !== undefined && revision !== null && !Number.isSafeInteger(revision))
    throw new UsageError(
      `${where}: "revision" must be a whole number (or left out to follow the published one), found ${JSON.stringify(revision)}.`,
    );
  return { id: use['id'], ...(typeof revision === 'number' ? { revision } : {}) };
}

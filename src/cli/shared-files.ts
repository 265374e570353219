/**
 * The workspace's layouts and shared partials in a working directory (docs/layouts.md, docs/cli.md "Files"):
 *
 *   <dir>/_layouts/<id>/layout.mjml    the layout's MJML (its one `<lp-slot />`), pushed as `mjml`
 *   <dir>/_layouts/<id>/layout.json    `{ "publishing": "review" }` when it is not the default `on_save`, else absent
 *   <dir>/_partials/<id>/partial.hbs   the shared partial's source (`{{> shared/<id>}}`), pushed as `source`
 *   <dir>/_partials/<id>/partial.json  as layout.json
 *
 * A project id starts with a letter or digit (PROJECT_ID in src/http/schemas.ts), so `_layouts` and `_partials`
 * can never be a project's directory, and a project's own `partials/` folder is one level further down.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { canonicalJson, sortKeys } from './files.js';

/** `layout` or `partial`: the API's two shared kinds (`/layouts`, `/partials`). */
export type SharedKind = 'layout' | 'partial';
export const SHARED_KINDS: readonly SharedKind[] = ['layout', 'partial'];

/** How a kind lives in files and in the API. */
export const SHARED = {
  layout: { dir: '_layouts', file: 'layout.mjml', settings: 'layout.json', member: 'mjml', route: '/layouts', word: 'layout' },
  partial: {
    dir: '_partials',
    file: 'partial.hbs',
    settings: 'partial.json',
    member: 'source',
    route: '/partials',
    word: 'shared partial',
  },
} as const;

export type Publishing = 'on_save' | 'review';

/** A create/save body of a layout (`mjml`) or partial (`source`); `publishing` always sent, so the files say it. */
export type SharedBody = { publishing: Publishing } & ({ mjml: string } | { source: string });

/** `<dir>/_layouts/<id>` or `<dir>/_partials/<id>`. */
export function sharedDir(dir: string, kind: SharedKind, id: string): string {
  return join(dir, SHARED[kind].dir, id);
}

/** `_layouts/<id>`: the path under `dir`, as backups and messages name it. */
export function sharedPath(kind: SharedKind, id: string): string {
  return `${SHARED[kind].dir}/${id}`;
}

/** The ids with a source file under `<dir>/_layouts` (or `_partials`), sorted. */
export function sharedIds(dir: string, kind: SharedKind): string[] {
  const root = join(dir, SHARED[kind].dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, SHARED[kind].file)))
    .map((entry) => entry.name)
    .sort();
}

/** Write one layout's or partial's files (the settings file only when `publishing` is not `on_save`). */
export function writeShared(dir: string, kind: SharedKind, id: string, source: string, publishing: Publishing): void {
  const folder = sharedDir(dir, kind, id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, SHARED[kind].file), source);
  const settings = join(folder, SHARED[kind].settings);
  if (publishing !== 'on_save') writeFileSync(settings, canonicalJson({ publishing }));
  else rmSync(settings, { force: true });
}

/** Remove the files `writeShared` manages (and the folder when nothing else is left in it). */
export function removeShared(dir: string, kind: SharedKind, id: string): void {
  const folder = sharedDir(dir, kind, id);
  for (const file of [SHARED[kind].file, SHARED[kind].settings]) rmSync(join(folder, file), { force: true });
  if (existsSync(folder) && readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
}

/**
 * The save body the files make; null when there is no source file.
 * @throws UsageError naming the settings file when it is not JSON or its `publishing` is not on_save/review.
 */
export function readShared(dir: string, kind: SharedKind, id: string): SharedBody | null {
  const folder = sharedDir(dir, kind, id);
  const sourcePath = join(folder, SHARED[kind].file);
  if (!existsSync(sourcePath)) return null;
  const source = readFileSync(sourcePath, 'utf8');
  let publishing: Publishing = 'on_save';
  const settingsPath = join(folder, SHARED[kind].settings);
  if (existsSync(settingsPath)) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(settingsPath, 'utf8'));
    } catch (error) {
      throw new UsageError(`${settingsPath} is not valid JSON: ${(error as Error).message}`);
    }
    const found = (value as Record<string, unknown> | null)?.['publishing'];
    if (found !== undefined && found !== 'on_save' && found !== 'review')
      throw new UsageError(`${settingsPath}: "publishing" must be "on_save" or "review", found ${JSON.stringify(found)}.`);
    if (found === 'review') publishing = 'review';
  }
  return kind === 'layout' ? { mjml: source, publishing } : { source, publishing };
}

/** Hex SHA-256 of a body in canonical JSON (as `contentHash` of a project): the lock's `sha256`. */
export function sharedHash(body: SharedBody): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

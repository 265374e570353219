/**
 * The canonical files of one project in a working directory, as `pull` writes them and `push` reads them:
 *
 *   <dir>/<id>/template.mjml       the MJML with its Handlebars left in (what you edit; pushed as `mjml`)
 *   <dir>/<id>/ast.json            MJML's JSON form, for reference; pushed only when template.mjml is absent
 *   <dir>/<id>/metadata.json       name, subject, preheader, variables schema…
 *   <dir>/<id>/helpers.json        declared helpers, when the project has any
 *   <dir>/<id>/project.json        `render_mode` ("dynamic" only), `layout`, `shared_partials`, when any (project-file.ts)
 *   <dir>/<id>/partials/<name>.hbs project partials, one file each
 *   <dir>/<id>/locales/<tag>.json  localized variants, one file per locale (<tag>.mjml beside it for a variant
 *                                  with its own markup), and locales.json (locale-files.ts)
 *   <dir>/<id>/includes/**         never written by pull; sent as `includes` (`<mj-include path="./includes/x.mjml"/>`)
 *
 * JSON files are canonical — object keys sorted at every depth (arrays keep their order), 2-space indent, a
 * trailing newline — so a pull after an unrelated change leaves a clean `git diff`. Text files keep the
 * server's bytes exactly: a partial's trailing newline is part of what it prints.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { UsageError } from './errors.js';
import { readJsonFile, readJsonObjectFile } from './json-files.js';
import { readLocales, removeLocales, writeLocales, type LocaleFields } from './locale-files.js';
import { PROJECT_FILE, readProjectFile, writeProjectFile, type SharedUse } from './project-file.js';

export const TEMPLATE_FILE = 'template.mjml';
export const AST_FILE = 'ast.json';
export const METADATA_FILE = 'metadata.json';
export const HELPERS_FILE = 'helpers.json';
export const PARTIALS_DIR = 'partials';
export const INCLUDES_DIR = 'includes';
const PARTIAL_EXT = '.hbs';

/** What the server holds for a project, as the CLI stores it. */
export interface ProjectContent {
  mjml: string;
  ast: unknown;
  metadata: Record<string, unknown>;
  partials: Record<string, string>;
  helpers: Record<string, unknown>;
  /** The API's `render_mode`: `dynamic` for Handlebars that generates MJML (docs/templates.md "Dynamic templates"). */
  renderMode: RenderMode;
  /** The API's `default_locale` and `locales` (docs/locales.md); absent or empty: none. */
  defaultLocale?: string | null;
  locales?: Record<string, unknown>;
  /** The workspace layout and shared partials the project names (docs/layouts.md); absent: none. */
  layout?: SharedUse;
  sharedPartials?: SharedUse[];
}

/** How the server compiles a project: once per revision (`static`) or at each render (`dynamic`). */
export type RenderMode = 'static' | 'dynamic';

/** A create/save body as the API takes it (docs/api.md "Routes"). */
export interface SaveBody extends LocaleFields {
  mjml?: string;
  ast?: unknown;
  includes?: Record<string, string>;
  metadata: Record<string, unknown>;
  partials: Record<string, string>;
  helpers: Record<string, unknown>;
  /** Sent only for a dynamic project: a static one is what the server assumes for an `<mjml>` root. */
  render_mode?: RenderMode;
  layout?: SharedUse;
  shared_partials?: SharedUse[];
}

/** `value` with object keys sorted at every depth; arrays keep their order (it is meaningful). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties: a `__proto__` key (a variable name in metadata.variables) stays a key.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** Canonical JSON file text: sorted keys, 2-space indent, trailing newline. */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** Write a project's files into `projectDir`, removing partial files the project no longer has. */
export function writeProject(projectDir: string, content: ProjectContent): void {
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(join(projectDir, TEMPLATE_FILE), content.mjml);
  writeFileSync(join(projectDir, AST_FILE), canonicalJson(content.ast));
  writeFileSync(join(projectDir, METADATA_FILE), canonicalJson(content.metadata));
  const helpersPath = join(projectDir, HELPERS_FILE);
  if (Object.keys(content.helpers).length > 0) writeFileSync(helpersPath, canonicalJson(content.helpers));
  else rmSync(helpersPath, { force: true });
  // Only a dynamic project says so: an <mjml>-rooted one saved as dynamic would otherwise come back
  // static from a push (the server detects only Handlebars-first sources by themselves).
  writeProjectFile(
    projectDir,
    {
      ...(content.renderMode === 'dynamic' ? { render_mode: 'dynamic' as const } : {}),
      ...(content.layout ? { layout: content.layout } : {}),
      ...(content.sharedPartials && content.sharedPartials.length > 0 ? { shared_partials: content.sharedPartials } : {}),
    },
    canonicalJson,
  );
  const partialsDir = join(projectDir, PARTIALS_DIR);
  for (const stale of listFiles(partialsDir)) {
    if (!stale.endsWith(PARTIAL_EXT) || !(stale.slice(0, -PARTIAL_EXT.length) in content.partials)) rmSync(join(partialsDir, stale));
  }
  if (Object.keys(content.partials).length > 0) mkdirSync(partialsDir, { recursive: true });
  else rmSync(partialsDir, { recursive: true, force: true });
  for (const [name, source] of Object.entries(content.partials)) writeFileSync(join(partialsDir, `${name}${PARTIAL_EXT}`), source);
  writeLocales(projectDir, { default_locale: content.defaultLocale ?? null, locales: content.locales ?? {} }, canonicalJson);
}

/** Remove the files `writeProject` manages (and the directory when nothing else is left in it). */
export function removeProject(projectDir: string): void {
  for (const file of [TEMPLATE_FILE, AST_FILE, METADATA_FILE, HELPERS_FILE, PROJECT_FILE]) rmSync(join(projectDir, file), { force: true });
  rmSync(join(projectDir, PARTIALS_DIR), { recursive: true, force: true });
  removeLocales(projectDir);
  if (existsSync(projectDir) && readdirSync(projectDir).length === 0) rmSync(projectDir, { recursive: true });
}

/** Whether `projectDir` holds a project (a template.mjml or an ast.json). */
export function isProjectDir(projectDir: string): boolean {
  return existsSync(join(projectDir, TEMPLATE_FILE)) || existsSync(join(projectDir, AST_FILE));
}

/** The project directories directly under `dir`, by name. */
export function projectIds(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isProjectDir(join(dir, entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The save body the files of `projectDir` make. template.mjml is the source of truth when present (what
 * people edit); ast.json is sent only without it. Files under includes/ travel as `includes`; project.json's
 * `render_mode` as `render_mode`.
 * @throws UsageError for a directory with neither file, or JSON that does not parse (names the file).
 */
export function readProject(projectDir: string): SaveBody {
  const templatePath = join(projectDir, TEMPLATE_FILE);
  const astPath = join(projectDir, AST_FILE);
  const body: SaveBody = { metadata: {}, partials: {}, helpers: {} };
  if (existsSync(templatePath)) body.mjml = readFileSync(templatePath, 'utf8');
  else if (existsSync(astPath)) body.ast = readJsonFile(astPath);
  else throw new UsageError(`${projectDir} has neither ${TEMPLATE_FILE} nor ${AST_FILE}.`);
  const metadataPath = join(projectDir, METADATA_FILE);
  if (existsSync(metadataPath)) body.metadata = readJsonObjectFile(metadataPath);
  const helpersPath = join(projectDir, HELPERS_FILE);
  if (existsSync(helpersPath)) body.helpers = readJsonObjectFile(helpersPath);
  Object.assign(body, readProjectFile(projectDir));
  const partialsDir = join(projectDir, PARTIALS_DIR);
  for (const file of listFiles(partialsDir).filter((name) => name.endsWith(PARTIAL_EXT))) {
    body.partials[file.slice(0, -PARTIAL_EXT.length)] = readFileSync(join(partialsDir, file), 'utf8');
  }
  Object.assign(body, readLocales(projectDir));
  if (body.mjml !== undefined) {
    const includes = readTree(join(projectDir, INCLUDES_DIR), projectDir);
    if (Object.keys(includes).length > 0) body.includes = includes;
  }
  return body;
}

/**
 * Hex SHA-256 of a body in canonical JSON: equal for equal content whatever the key order. The lock file
 * keeps it per project so that push sends only what was edited and pull never overwrites unpushed edits.
 */
export function contentHash(body: SaveBody): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/** Every file under `dir`, keyed by its path relative to `root` with forward slashes (`includes/a.mjml`). */
function readTree(dir: string, root: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(files, readTree(path, root));
    else files[relative(root, path).split(sep).join('/')] = readFileSync(path, 'utf8');
  }
  return files;
}

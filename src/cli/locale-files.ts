/**
 * The localized variants of a project in a working directory (docs/locales.md, docs/cli.md):
 *
 *   <dir>/<id>/locales/<tag>.json   one variant per BCP 47 tag: `{ "subject"?, "preheader"?, "strings"? }`
 *   <dir>/<id>/locales.json         `{ "default_locale": "<tag>" }` when the project has locales
 *
 * JSON files canonical as files.ts writes them, so a pull after an unrelated change leaves a clean diff.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';

export const LOCALES_DIR = 'locales';
export const LOCALES_FILE = 'locales.json';
const VARIANT_EXT = '.json';

/** A project's localized content as the API spells it (create/save body, project answer). */
export interface LocaleFields {
  default_locale?: string;
  locales?: Record<string, Record<string, unknown>>;
}

/** Write one file per locale and the default locale's file; remove the files of locales the project no longer has. */
export function writeLocales(
  projectDir: string,
  fields: { default_locale?: string | null; locales?: Record<string, unknown> },
  json: (value: unknown) => string,
): void {
  const dir = join(projectDir, LOCALES_DIR);
  const locales = fields.locales ?? {};
  const tags = Object.keys(locales);
  if (existsSync(dir)) {
    for (const file of readdirSync(dir)) if (!tags.includes(file.slice(0, -VARIANT_EXT.length))) rmSync(join(dir, file), { force: true });
  }
  if (tags.length === 0) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(projectDir, LOCALES_FILE), { force: true });
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const tag of tags) writeFileSync(join(dir, `${tag}${VARIANT_EXT}`), json(locales[tag]));
  writeFileSync(join(projectDir, LOCALES_FILE), json(fields.default_locale ? { default_locale: fields.default_locale } : {}));
}

/** The save-body fields the locale files make; `{}` when there are none. @throws UsageError naming a file that is not a JSON object. */
export function readLocales(projectDir: string): LocaleFields {
  const dir = join(projectDir, LOCALES_DIR);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(VARIANT_EXT))
        .sort()
    : [];
  if (files.length === 0) return {};
  const locales: Record<string, Record<string, unknown>> = {};
  for (const file of files) locales[file.slice(0, -VARIANT_EXT.length)] = readObject(join(dir, file));
  const settingsPath = join(projectDir, LOCALES_FILE);
  const settings = existsSync(settingsPath) ? readObject(settingsPath) : {};
  const defaultLocale = settings['default_locale'];
  if (defaultLocale !== undefined && typeof defaultLocale !== 'string')
    throw new UsageError(`${settingsPath}: "default_locale" must be a BCP 47 tag such as "en".`);
  return { ...(defaultLocale !== undefined ? { default_locale: defaultLocale } : {}), locales };
}

/** Remove the locale files (`removeProject`). */
export function removeLocales(projectDir: string): void {
  rmSync(join(projectDir, LOCALES_DIR), { recursive: true, force: true });
  rmSync(join(projectDir, LOCALES_FILE), { force: true });
}

function readObject(path: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${path} must hold a JSON object.`);
  return value as Record<string, unknown>;
}

/**
 * The localized variants of a project in a working directory (docs/locales.md, docs/cli.md):
 *
 *   <dir>/<id>/locales/<tag>.json   one variant per BCP 47 tag: `{ "subject"?, "preheader"?, "strings"? }`
 *   <dir>/<id>/locales/<tag>.mjml   the variant's own full MJML document (`mjml`), when it has one
 *   <dir>/<id>/locales.json         `{ "default_locale": "<tag>" }` when the project has locales
 *
 * JSON files canonical as files.ts writes them, so a pull after an unrelated change leaves a clean diff.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { readJsonObjectFile } from './json-files.js';

export const LOCALES_DIR = 'locales';
export const LOCALES_FILE = 'locales.json';
const VARIANT_EXT = '.json';
const MARKUP_EXT = '.mjml';

/** The tag a locale file is of (`de.json`, `de.mjml` → `de`); null for another file. */
function tagOf(file: string): string | null {
  for (const ext of [VARIANT_EXT, MARKUP_EXT]) if (file.endsWith(ext)) return file.slice(0, -ext.length);
  return null;
}

/** A project's localized content as the API spells it (create/save body, project answer). */
export interface LocaleFields {
  default_locale?: string;
  locales?: Record<string, Record<string, unknown>>;
}

/**
 * Write one file per locale (and its `.mjml` when it has its own markup) and the default locale's file; remove
 * the files of locales the project no longer has, and the `.mjml` of a locale that no longer has markup.
 */
export function writeLocales(
  projectDir: string,
  fields: { default_locale?: string | null; locales?: Record<string, unknown> },
  json: (value: unknown) => string,
): void {
  const dir = join(projectDir, LOCALES_DIR);
  const locales = fields.locales ?? {};
  const tags = Object.keys(locales);
  const variant = (tag: string) => (locales[tag] ?? {}) as Record<string, unknown>;
  if (existsSync(dir)) {
    for (const file of readdirSync(dir)) {
      const tag = tagOf(file);
      const kept = tag !== null && tags.includes(tag) && (file.endsWith(VARIANT_EXT) || typeof variant(tag)['mjml'] === 'string');
      if (!kept) rmSync(join(dir, file), { force: true });
    }
  }
  if (tags.length === 0) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(projectDir, LOCALES_FILE), { force: true });
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const tag of tags) {
    const { mjml, ...rest } = variant(tag);
    writeFileSync(join(dir, `${tag}${VARIANT_EXT}`), json(rest));
    if (typeof mjml === 'string') writeFileSync(join(dir, `${tag}${MARKUP_EXT}`), mjml);
  }
  writeFileSync(join(projectDir, LOCALES_FILE), json(fields.default_locale ? { default_locale: fields.default_locale } : {}));
}

/** The save-body fields the locale files make; `{}` when there are none. @throws UsageError naming a file that is not a JSON object. */
export function readLocales(projectDir: string): LocaleFields {
  const dir = join(projectDir, LOCALES_DIR);
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  const tags = [...new Set(files.map(tagOf).filter((tag): tag is string => tag !== null))];
  if (tags.length === 0) return {};
  const locales: Record<string, Record<string, unknown>> = {};
  for (const tag of tags) {
    const jsonPath = join(dir, `${tag}${VARIANT_EXT}`);
    const markupPath = join(dir, `${tag}${MARKUP_EXT}`);
    // The .mjml file is the variant's markup; a "mjml" member in its .json is overridden by it.
    locales[tag] = {
      ...(existsSync(jsonPath) ? readJsonObjectFile(jsonPath) : {}),
      ...(existsSync(markupPath) ? { mjml: readFileSync(markupPath, 'utf8') } : {}),
    };
  }
  const settingsPath = join(projectDir, LOCALES_FILE);
  const settings = existsSync(settingsPath) ? readJsonObjectFile(settingsPath) : {};
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

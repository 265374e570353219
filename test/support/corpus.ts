/**
 * The shared corpus of real MJML templates (../shared/corpus, see its MANIFEST.md): top-level `*.mjml`
 * files are templates; `shared/` and `partials/` hold their `mj-include` targets.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');

/** Whether the corpus is beside this checkout: CI lays `../shared` next to it, a user's clone has none. */
export const CORPUS_PRESENT = existsSync(join(CORPUS_DIR, 'MANIFEST.md'));

/** The one line a suite or test that needs the corpus shows, as pending, when it is absent. */
export const CORPUS_ABSENT = `skipped: no template corpus at ${CORPUS_DIR} (it lies beside the checkout in CI, not in a clone)`;

/**
 * `describe` for a suite that reads the corpus. Without the corpus the suite body never runs (so nothing
 * reads the missing folder at load time) and mocha prints one pending line saying what was not found.
 */
export function describeCorpus(title: string, suite: (this: Mocha.Suite) => void): void {
  if (CORPUS_PRESENT) describe(title, suite);
  else describe(title, () => it(CORPUS_ABSENT));
}

/** In a mocha test that reads the corpus: mark it pending when the corpus is absent. */
export function skipWithoutCorpus(context: Mocha.Context): void {
  if (!CORPUS_PRESENT) context.skip();
}

export interface CorpusTemplate {
  name: string;
  file: string;
  source: string;
  /** Every file the template reaches through mj-include, keyed by path relative to the template. */
  includes: Record<string, string>;
}

const INCLUDE_TAG = /<mj-include\b[^>]*?\bpath\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Top-level corpus templates in name order. */
export function corpusTemplates(): CorpusTemplate[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.mjml'))
    .sort()
    .map((f) => {
      const file = join(CORPUS_DIR, f);
      const source = readFileSync(file, 'utf8');
      return { name: f.replace(/\.mjml$/, ''), file, source, includes: reachableIncludes(source) };
    });
}

function reachableIncludes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (text: string, fromDir: string): void => {
    for (const match of text.matchAll(INCLUDE_TAG)) {
      const key = posix.normalize(posix.join(fromDir, match[2] ?? match[3] ?? ''));
      if (key in found) continue;
      found[key] = readFileSync(join(CORPUS_DIR, key), 'utf8');
      if (!key.endsWith('.css')) visit(found[key]!, posix.dirname(key));
    }
  };
  visit(source, '.');
  return found;
}

/** MANIFEST: `hbs-partials/<prefix>/NAME.mjml` is partial `NAME` of the templates named `<prefix>-…`; undefined when none. */
export function corpusPartials(template: string): Record<string, string> | undefined {
  const root = join(CORPUS_DIR, 'hbs-partials');
  const prefix = readdirSync(root).find((p) => template.startsWith(`${p}-`));
  if (!prefix) return undefined;
  const dir = join(root, prefix);
  return Object.fromEntries(readdirSync(dir).map((file) => [file.replace(/\.mjml$/, ''), readFileSync(join(dir, file), 'utf8')]));
}

/** Saleor's application helpers (`price`, `format_address`), declared as a user of this service would: no code runs. */
export const SALEOR_HELPERS = {
  price: {
    params: ['net', 'gross', 'currency'],
    template: '{{#if display_gross}}{{currency gross code=currency}}{{else}}{{currency net code=currency}}{{/if}}',
  },
  format_address: {
    params: ['address'],
    template: '{{address.first_name}} {{address.last_name}}<br>{{address.street_address_1}}<br>{{address.postal_code}} {{address.city}}<br>{{address.country}}',
    html: true,
  },
};

/**
 * Finding and reading the corpus of real MJML templates (LETTERPRESS_CORPUS, ../shared/corpus or .corpus/; see its MANIFEST.md): top-level `*.mjml`
 * files are templates; `shared/` and `partials/` hold their `mj-include` targets; `hbs-partials/` their
 * Handlebars partials. Used by the bench scripts and (through `test/support/corpus.ts`) by the tests; it lives
 * here because scripts must not import tests (a dependency-cruiser rule).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKOUT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a checkout's CI lays the corpus: `../shared/corpus`, beside the repository. */
export const SHARED_CORPUS_DIR = resolve(CHECKOUT, '../shared/corpus');

/** Where `npm run corpus:fetch` puts the corpus by default: `.corpus/` in the checkout (git-ignored). */
export const FETCHED_CORPUS_DIR = resolve(CHECKOUT, '.corpus');

/**
 * The corpus directory to use: `LETTERPRESS_CORPUS` resolved against the working directory when set and
 * not empty (even if it holds no corpus, so a mistyped path skips with a line naming it rather than
 * silently falling back), else {@link SHARED_CORPUS_DIR} when it holds the corpus, else
 * {@link FETCHED_CORPUS_DIR} when it does, else {@link SHARED_CORPUS_DIR} (named in the skip line).
 */
export function corpusDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.LETTERPRESS_CORPUS?.trim();
  if (chosen) return resolve(chosen);
  if (!holdsCorpus(SHARED_CORPUS_DIR) && holdsCorpus(FETCHED_CORPUS_DIR)) return FETCHED_CORPUS_DIR;
  return SHARED_CORPUS_DIR;
}

/** A directory holds the corpus when its MANIFEST.md is there (the tests read it too). */
export function holdsCorpus(dir: string): boolean {
  return existsSync(join(dir, 'MANIFEST.md'));
}

/** Where the corpus lies for this run ({@link corpusDir}). */
export const CORPUS_DIR = corpusDir();

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

/** Every file `source` (a corpus template) reaches through mj-include, keyed by path relative to the corpus folder; read from disk. */
export function reachableIncludes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (text: string, fromDir: string): void => {
    for (const match of text.matchAll(INCLUDE_TAG)) {
      const key = posix.normalize(posix.join(fromDir, match[2] ?? match[3] ?? ''));
      if (key in found) continue;
      found[key] = readFileSync(join(CORPUS_DIR, key), 'utf8');
      if (!key.endsWith('.css')) visit(found[key], posix.dirname(key));
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

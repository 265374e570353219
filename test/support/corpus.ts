/**
 * The corpus of real MJML templates written by others (see its MANIFEST.md): top-level `*.mjml` files are
 * templates; `shared/` and `partials/` hold their `mj-include` targets; `hbs-partials/` Handlebars partials.
 *
 * It is not in the repository (other people's files, under their licences). Suites that need it find it at
 * `LETTERPRESS_CORPUS` (a directory) when that is set, else at `../shared/corpus` beside the checkout (where
 * CI lays it), else at `.corpus/` in the checkout (where `npm run corpus:fetch` downloads it); without it
 * they skip with the one line {@link CORPUS_ABSENT}.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, holdsCorpus } from '../../scripts/support/corpus-files.js';

export {
  CORPUS_DIR,
  FETCHED_CORPUS_DIR,
  SHARED_CORPUS_DIR,
  corpusDir,
  corpusPartials,
  corpusTemplates,
  holdsCorpus,
  type CorpusTemplate,
} from '../../scripts/support/corpus-files.js';

/** The one line shown, as a pending test, by a suite that needs the corpus and did not find it in `dir`. */
export function corpusAbsentLine(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const where = env.LETTERPRESS_CORPUS?.trim() ? `LETTERPRESS_CORPUS=${dir}` : dir;
  return `skipped: no template corpus (MANIFEST.md) at ${where}; \`npm run corpus:fetch\` downloads it, or set LETTERPRESS_CORPUS=<dir> (see docs/testing.md)`;
}

/**
 * Whether the corpus found is one `npm run corpus:fetch` wrote: its MANIFEST.md names each file's source
 * and licence but not the hand-written columns (template variables, notes) of the shared corpus's MANIFEST.
 */
export function isFetchedCorpus(dir: string): boolean {
  return holdsCorpus(dir) && readFileSync(join(dir, 'MANIFEST.md'), 'utf8').startsWith('# Template corpus — fetched by');
}

/** Whether the corpus was found (at {@link CORPUS_DIR}): CI lays `../shared` beside the checkout, a user's clone has none. */
export const CORPUS_PRESENT = holdsCorpus(CORPUS_DIR);

/** The one line a suite or test that needs the corpus shows, as pending, when it is absent. */
export const CORPUS_ABSENT = corpusAbsentLine(CORPUS_DIR);

/**
 * `describe` for a suite that reads the corpus. Without the corpus the suite body never runs (so nothing
 * reads the missing folder at load time) and mocha prints one pending line saying what was not found.
 */
export function describeCorpus(title: string, suite: (this: Mocha.Suite) => void): void {
  if (CORPUS_PRESENT) describe(title, suite);
  else describe(title, () => it(CORPUS_ABSENT));
}

/** On globalThis, not in a module variable: mocha's tsx loader can instantiate this module more than once per run. */
const ABSENCE_TOLD = Symbol.for('letterpress.test.corpusAbsenceTold');

/**
 * In a mocha test that reads the corpus: mark it pending when the corpus is absent, printing
 * {@link CORPUS_ABSENT} once per run (the first such test) so the skip says how to get the corpus.
 */
export function skipWithoutCorpus(context: Mocha.Context): void {
  if (CORPUS_PRESENT) return;
  const flags = globalThis as { [ABSENCE_TOLD]?: boolean };
  if (!flags[ABSENCE_TOLD]) console.log(`      ${CORPUS_ABSENT}`);
  flags[ABSENCE_TOLD] = true;
  context.skip();
}

/** Saleor's application helpers (`price`, `format_address`), declared as a user of this service would: no code runs. */
export const SALEOR_HELPERS = {
  price: {
    params: ['net', 'gross', 'currency'],
    template: '{{#if display_gross}}{{currency gross code=currency}}{{else}}{{currency net code=currency}}{{/if}}',
  },
  format_address: {
    params: ['address'],
    template:
      '{{address.first_name}} {{address.last_name}}<br>{{address.street_address_1}}<br>{{address.postal_code}} {{address.city}}<br>{{address.country}}',
    html: true,
  },
};

/**
 * The shared corpus of real MJML templates (../shared/corpus, see its MANIFEST.md): top-level `*.mjml`
 * files are templates; `shared/` and `partials/` hold their `mj-include` targets.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR } from '../../scripts/support/corpus-files.js';

export { CORPUS_DIR, corpusPartials, corpusTemplates, type CorpusTemplate } from '../../scripts/support/corpus-files.js';

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

/**
 * The inferred schema of every real template that saves: it must name every variable the corpus's
 * MANIFEST.md lists for that template (column "template variables", written by the people who assembled
 * the corpus, not by our analysis). Prints two of them for the record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { schemaPaths } from '../../src/rendering/variables/inferred-schema.js';
import { CORPUS_DIR, corpusPartials, corpusTemplates, SALEOR_HELPERS, describeCorpus, isFetchedCorpus } from '../support/corpus.js';
import { useTestServer } from '../support/server.js';

/** MANIFEST's variables per template file: the back-quoted names before "; blocks/helpers/partials". */
function manifestVariables(): Map<string, string[]> {
  const manifest = readFileSync(join(CORPUS_DIR, 'MANIFEST.md'), 'utf8');
  const templates = manifest.slice(manifest.indexOf('## Templates'), manifest.indexOf('## Referenced data'));
  const byFile = new Map<string, string[]>();
  for (const line of templates.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!cells[1]?.endsWith('.mjml')) continue;
    const column = cells[6] ?? '';
    if (/^none$|Go template/.test(column)) continue;
    const names =
      column
        .split(';')[0]!
        .match(/`([^`]+)`/g)
        ?.map((quoted) => quoted.slice(1, -1)) ?? [];
    byFile.set(cells[1].replace(/\.mjml$/, ''), names);
  }
  return byFile;
}

describeCorpus('corpus: inferred variables against the MANIFEST', function () {
  if (isFetchedCorpus(CORPUS_DIR)) {
    it(`skipped: the MANIFEST.md npm run corpus:fetch writes has no "template variables" column; the shared corpus's has (${CORPUS_DIR})`);
    return;
  }
  this.timeout(120_000);
  const api = useTestServer();

  const expected = manifestVariables();
  it('the MANIFEST names variables for the Handlebars templates', () => {
    expect(expected.size).to.equal(19); // 31 templates less 5 Go ones and 7 that read nothing
  });

  for (const t of corpusTemplates()) {
    const names = expected.get(t.name);
    if (!names || names.length === 0) continue;
    it(`${t.name}: reads ${names.join(', ')}`, async () => {
      const helpers = t.name.startsWith('saleor-') ? SALEOR_HELPERS : undefined;
      const partials = corpusPartials(t.name);
      const created = await api.server.request('POST', '/v1/projects', {
        body: {
          id: t.name,
          mjml: t.source,
          includes: t.includes,
          validation: 'soft',
          ...(helpers ? { helpers } : {}),
          ...(partials ? { partials } : {}),
        },
      });
      expect(created.status, created.text).to.equal(201);
      const res = await api.server.request('GET', `/v1/projects/${t.name}/variables`);
      expect(res.status).to.equal(200);
      const paths = schemaPaths(res.json.inferred);
      // MANIFEST names variables as written in the template: inside `{{#with order}}` (Boston's registry
      // template), `orderDate` is read as `order.orderDate` from the root.
      const withContext = /\{\{#with /.test(t.source);
      for (const name of names) {
        const found = paths.some((path) => path === name || (withContext && path.endsWith(`.${name}`)));
        expect(found, `${name} in ${t.name}: ${paths.join(', ')}`).to.equal(true);
      }
      if (t.name === 'cob-commissions-policyOffice' || t.name === 'saleor-gift_card') {
        console.log(`      inferred for ${t.name}: ${JSON.stringify(res.json.inferred.properties)}`);
      }
    });
  }
});

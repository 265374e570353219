/**
 * The inferred schema of every real template that saves: it must name every variable the corpus's
 * MANIFEST.md lists for that template (column "template variables", written by the people who assembled
 * the corpus, not by our analysis). Prints two of them for the record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { schemaPaths } from '../../src/rendering/variables/inferred-schema.js';
import { CORPUS_DIR, corpusTemplates } from '../support/corpus.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Saleor's application helpers, declared as a user would (test/corpus/saleor-helpers.test.ts renders with them). */
const SALEOR_HELPERS = {
  price: { params: ['net', 'gross', 'currency'], template: '{{#if display_gross}}{{currency gross code=currency}}{{else}}{{currency net code=currency}}{{/if}}' },
  format_address: { params: ['address'], template: '{{address.first_name}} {{address.last_name}}', html: true },
};

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
    const names = column.split(';')[0]!.match(/`([^`]+)`/g)?.map((quoted) => quoted.slice(1, -1)) ?? [];
    byFile.set(cells[1].replace(/\.mjml$/, ''), names);
  }
  return byFile;
}

describe('corpus: inferred variables against the MANIFEST', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  const expected = manifestVariables();
  it('the MANIFEST names variables for the Handlebars templates', () => {
    expect(expected.size).to.equal(19); // 31 templates less 5 Go ones and 7 that read nothing
  });

  for (const t of corpusTemplates()) {
    const names = expected.get(t.name);
    if (!names || names.length === 0) continue;
    it(`${t.name}: reads ${names.join(', ')}`, async function () {
      const helpers = t.name.startsWith('saleor-') ? SALEOR_HELPERS : undefined;
      const created = await server.request('POST', '/v1/projects', { body: { id: t.name, mjml: t.source, includes: t.includes, validation: 'soft', ...(helpers ? { helpers } : {}) } });
      if (created.status === 400 && created.json.code === 'handlebars_first_template') {
        console.log(`      (${t.name} skipped: a Handlebars-first template, not stored as static; corpus-api checks its refusal)`);
        return this.skip();
      }
      expect(created.status, created.text).to.equal(201);
      const res = await server.request('GET', `/v1/projects/${t.name}/variables`);
      expect(res.status).to.equal(200);
      const paths = schemaPaths(res.json.inferred);
      for (const name of names) expect(paths, `${name} in ${t.name}`).to.include(name);
      if (t.name === 'cob-commissions-policyOffice' || t.name === 'saleor-gift_card') {
        console.log(`      inferred for ${t.name}: ${JSON.stringify(res.json.inferred.properties)}`);
      }
    });
  }
});

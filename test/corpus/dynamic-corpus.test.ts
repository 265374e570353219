/**
 * The corpus's Handlebars-first templates (Vendure ×2, Boston's registry-expired), created with their
 * `hbs-partials/<prefix>/` as project partials: stored as dynamic, and rendered byte-equal to a reference
 * pipeline that knows nothing of ours — plain Handlebars with the same partials, then `mjml2html`.
 */
import { createRequire } from 'node:module';
import { expect } from 'chai';
import Handlebars from 'handlebars';
import { parseHandlebars, buildSampleContext } from '../../src/rendering/index.js';
import { corpusPartials, corpusTemplates, describeCorpus } from '../support/corpus.js';
import { startTestServer, type TestServer } from '../support/server.js';

const require = createRequire(import.meta.url);
const mjml2html: (mjml: string, options: object) => Promise<{ html: string }> = require('mjml');

describeCorpus('corpus: Handlebars-first templates as dynamic templates', function () {
  this.timeout(60_000);
  let server: TestServer;
  const rows: string[] = [];
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
    console.log(
      ['', '| template | mode | save ms | first render ms | cached render ms |', '|---|---|--:|--:|--:|', ...rows, ''].join('\n'),
    );
  });

  const dynamic = corpusTemplates().filter((t) => /^\s*\{\{/.test(t.source));
  it('finds the three Handlebars-first templates', () => {
    expect(dynamic.map((t) => t.name)).to.deep.equal([
      'cob-registry-expired',
      'vendure-email-address-change',
      'vendure-email-verification',
    ]);
  });

  for (const t of dynamic) {
    it(`${t.name}: stored as dynamic, renders as Handlebars-then-mjml2html does`, async () => {
      const partials = corpusPartials(t.name)!;
      const parsed = parseHandlebars(t.source);
      if (!parsed.ok) throw new Error(parsed.message);
      const variables = buildSampleContext(parsed.program);
      // The reference: Handlebars with the partials registered, then mjml2html on what it generated.
      const handlebars = Handlebars.create();
      for (const [name, source] of Object.entries(partials)) handlebars.registerPartial(name, source);
      const expected = (await mjml2html(handlebars.compile(t.source)(variables), { validationLevel: 'soft' })).html;

      let started = performance.now();
      const created = await server.request('POST', '/v1/projects', { body: { id: t.name, mjml: t.source, partials, validation: 'soft' } });
      const saveMs = performance.now() - started;
      expect(created.status, created.text).to.equal(201);
      expect(created.json.render_mode).to.equal('dynamic');
      started = performance.now();
      const first = await server.request('POST', `/v1/templates/${t.name}/render`, { body: { variables } });
      const firstMs = performance.now() - started;
      expect(first.status, first.text).to.equal(200);
      expect(first.json.html).to.equal(expected);
      started = performance.now();
      const again = await server.request('POST', `/v1/templates/${t.name}/render`, { body: { variables } });
      const cachedMs = performance.now() - started;
      expect([again.status, again.headers['x-cache']]).to.deep.equal([200, 'HIT']);
      rows.push(`| ${t.name} | dynamic | ${saveMs.toFixed(1)} | ${firstMs.toFixed(1)} | ${cachedMs.toFixed(1)} |`);
    });
  }
});

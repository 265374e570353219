/**
 * Every real template of ../shared/corpus through the API, against a reference pipeline that knows
 * nothing of ours: mjml2html of the file on disk (includes read by mjml itself), then plain Handlebars.
 * Where the reference works, the service's render must equal it; where it fails, the service must refuse
 * with the 400 whose code names the reason the reference failed.
 */
import { expect } from 'chai';
import Handlebars from 'handlebars';
import { createRequire } from 'node:module';
import { parseHandlebars, buildSampleContext } from '../../src/rendering/index.js';
import { corpusTemplates, type CorpusTemplate, describeCorpus } from '../support/corpus.js';
import { startTestServer, type TestServer } from '../support/server.js';

const require = createRequire(import.meta.url);
const mjml2html: (mjml: string, options: object) => Promise<{ html: string; errors: unknown[] }> = require('mjml');

/** carousel and navbar put random hex ids in their output */
const normaliseIds = (html: string) => html.replace(/\b[0-9a-f]{16}\b/g, 'ID');

type Reference =
  | { ok: true; html: string; mjmlErrors: number; variables: Record<string, unknown> }
  | { ok: false; expectedCode: string; why: string; missingHelper?: string };

/** The reference pipeline, and from its failure the code the service must answer. */
async function reference(t: CorpusTemplate): Promise<Reference> {
  let compiled: { html: string; errors: unknown[] };
  try {
    compiled = await mjml2html(t.source, { filePath: t.file, ignoreIncludes: false, validationLevel: 'soft' });
  } catch (error) {
    // A Handlebars-first template is stored as a dynamic one, which needs its partials; this test sends none:
    // `{{> header}}` is then an unknown partial, and a partial block `{{#> layout}}…` falls back to its own
    // block, which generates MJML without an <mjml> root (test/api/dynamic.test.ts sends the partials).
    const handlebarsFirst = /^\s*\{\{/.test(t.source);
    const expectedCode = handlebarsFirst && /\{\{>/.test(t.source) ? 'unknown_partial' : 'invalid_mjml';
    return { ok: false, expectedCode, why: (error as Error).message };
  }
  const parsed = parseHandlebars(compiled.html);
  if (!parsed.ok) {
    // Handlebars cannot parse it: the corpus's only such templates are Go text/template ones
    const go = /\{\{-?\s*(?:\.[A-Za-z]|end\b|if\s)/.test(compiled.html);
    return { ok: false, expectedCode: go ? 'go_template_syntax' : 'invalid_handlebars', why: parsed.message };
  }
  const variables = buildSampleContext(parsed.program);
  try {
    const html = Handlebars.create().compile(compiled.html)(variables);
    return { ok: true, html, mjmlErrors: compiled.errors.length, variables };
  } catch (error) {
    const missing = /Missing helper: "([^"]+)"/.exec((error as Error).message);
    return missing
      ? { ok: false, expectedCode: 'unknown_helper', why: missing[0], missingHelper: missing[1]! }
      : { ok: false, expectedCode: 'invalid_handlebars', why: (error as Error).message };
  }
}

describeCorpus('corpus through the API', function () {
  this.timeout(120_000);
  let server: TestServer;
  const table: Array<{ template: string; outcome: string; saveMs: number; renderMs: number | null }> = [];

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
    server.cleanup();
    const rows = table.map(
      (r) =>
        `| ${r.template.padEnd(40)} | ${r.outcome.padEnd(36)} | ${r.saveMs.toFixed(1).padStart(7)} | ${r.renderMs === null ? '              –' : r.renderMs.toFixed(2).padStart(15)} |`,
    );
    console.log(
      [
        '',
        '| template                                 | outcome                              | save ms | first render ms |',
        `|${'-'.repeat(42)}|${'-'.repeat(38)}|--------:|----------------:|`,
        ...rows,
        '',
      ].join('\n'),
    );
  });

  const templates = corpusTemplates();
  it('has the 31 templates of the MANIFEST', () => {
    expect(templates).to.have.length(31);
  });

  for (const t of templates) {
    it(`${t.name}`, async () => {
      const expected = await reference(t);
      const started = performance.now();
      const created = await server.request('POST', '/api/v1/projects', {
        body: { id: t.name, mjml: t.source, includes: t.includes, validation: 'soft' },
      });
      const saveMs = performance.now() - started;

      if (!expected.ok) {
        expect(created.status, created.text).to.equal(400);
        expect(created.json.code, `${expected.why} → ${created.json.detail}`).to.equal(expected.expectedCode);
        if (expected.missingHelper) expect(created.json.unknown_helpers).to.include(expected.missingHelper);
        table.push({ template: t.name, outcome: `400 ${created.json.code}`, saveMs, renderMs: null });
        return;
      }

      expect(created.status, created.text).to.equal(201);
      expect(created.json.revision).to.equal(0);
      const renderStarted = performance.now();
      const rendered = await server.request('POST', `/v1/templates/${t.name}/render`, { body: { variables: expected.variables } });
      const renderMs = performance.now() - renderStarted;
      expect(rendered.status, rendered.text).to.equal(200);
      expect(normaliseIds(rendered.json.html)).to.equal(normaliseIds(expected.html));
      table.push({
        template: t.name,
        outcome: `201, render = reference${expected.mjmlErrors ? ` (${expected.mjmlErrors} warnings)` : ''}`,
        saveMs,
        renderMs,
      });

      if (expected.mjmlErrors > 0) {
        // the default, strict validation refuses what soft accepted with warnings
        const strict = await server.request('POST', '/api/v1/projects', {
          body: { id: `${t.name}-strict`, mjml: t.source, includes: t.includes },
        });
        expect(strict.status).to.equal(400);
        expect(strict.json.code).to.equal('mjml_validation_failed');
        expect(created.json.warnings.filter((w: { tag?: string }) => w.tag)).to.have.length(expected.mjmlErrors);
      }
    });
  }
});

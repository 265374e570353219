/**
 * Issue 17, item 1, over HTTP: markup that does not close what it opened is the 400 `invalid_mjml` under
 * strict validation (the default), naming the line, the tag found and the tag expected; under soft it is
 * saved with a warning saying the same. On create and save, POST /validate, in includes, and in the MJML a
 * dynamic template generates (its partials included).
 */
import { expect } from 'chai';
import { useTestServer } from '../support/server.js';

const doc = (column: string) =>
  `<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n${column}\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>\n`;
const TYPO = doc('<mj-text>News for {{user.name}}</mj-txt>');
const WRONG_CLOSE = doc('<mj-text>Hi {{name}}</mj-column>');

interface Item {
  code?: string;
  file?: string;
  line?: number;
  found?: string;
  expected?: string;
  message: string;
}
const located = (items: Item[]) =>
  items.map(({ code, file, line, found, expected }) => ({ ...(code ? { code } : {}), ...(file ? { file } : {}), line, found, expected }));

describe('markup that does not close what it opened (over HTTP)', function () {
  this.timeout(30_000);
  const api = useTestServer();
  const validate = (body: Record<string, unknown>) => api.server.request('POST', '/v1/validate', { body });

  it('strict (the default): a misspelt closing tag is 400 invalid_mjml naming the line, the tag found and the tag expected', async () => {
    const res = await api.create({ id: 'typo', mjml: TYPO });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'invalid_mjml']);
    expect(res.json.detail).to.include('line 5').and.include('found </mj-txt>, expected </mj-text>');
    expect(located(res.json.errors)).to.deep.equal([{ line: 5, found: '</mj-txt>', expected: '</mj-text>' }]);
    expect(res.json.errors[0].message).to.include('MJML would drop everything inside that <mj-text>');
    expect((await api.server.request('GET', '/v1/projects/typo')).status).to.equal(404); // nothing stored
  });

  it('soft: saved, with a mismatched_tag warning carrying the same line, found and expected', async () => {
    const res = await api.create({ id: 'typo-soft', mjml: TYPO, validation: 'soft' });
    expect(res.status, res.text).to.equal(201);
    const warnings = res.json.warnings.filter((w: Item) => w.code === 'mismatched_tag');
    expect(located(warnings)).to.deep.equal([{ code: 'mismatched_tag', line: 5, found: '</mj-txt>', expected: '</mj-text>' }]);
    expect(warnings[0].message).to.match(/^line 5: found <\/mj-txt>, expected <\/mj-text>/);
  });

  it('a closing tag of an outer element inside mj-text: 400 on create and on save (PUT), valid: false from POST /validate', async () => {
    const created = await api.create({ id: 'wrong-close', mjml: WRONG_CLOSE });
    expect([created.status, created.json.code]).to.deep.equal([400, 'invalid_mjml']);
    expect(located(created.json.errors)[0]).to.deep.equal({ line: 5, found: '</mj-column>', expected: '</mj-text>' });

    expect((await api.create({ id: 'saved', mjml: doc('<mj-text>Hi {{name}}</mj-text>') })).status).to.equal(201);
    const saved = await api.server.request('PUT', '/v1/projects/saved', { body: { mjml: WRONG_CLOSE }, headers: { 'If-Match': '"0"' } });
    expect([saved.status, saved.json.code], saved.text).to.deep.equal([400, 'invalid_mjml']);
    expect(located(saved.json.errors)[0]).to.deep.equal({ line: 5, found: '</mj-column>', expected: '</mj-text>' });

    const report = await validate({ mjml: WRONG_CLOSE, variables: { name: 'Ada' } });
    expect(report.status).to.equal(200);
    expect(report.json.valid).to.equal(false);
    expect(located(report.json.errors)[0]).to.deep.equal({ code: 'invalid_mjml', line: 5, found: '</mj-column>', expected: '</mj-text>' });
    const soft = await validate({ mjml: WRONG_CLOSE, validation: 'soft' });
    expect(soft.json.valid).to.equal(true);
    expect(located(soft.json.warnings)[0]).to.deep.equal({
      code: 'mismatched_tag',
      line: 5,
      found: '</mj-column>',
      expected: '</mj-text>',
    });
  });

  it('strict: an element left open where nothing is lost (no /> on the last mj-image, no </mjml>) saves with an unclosed_tag warning', async () => {
    const res = await api.create({
      id: 'open-image',
      mjml: doc('<mj-text>Hi {{name}}</mj-text>\n<mj-image src="https://e.test/a.png" alt="A">').replace('</mjml>\n', ''),
    });
    expect(res.status, res.text).to.equal(201);
    expect(located(res.json.warnings.filter((w: Item) => w.code === 'unclosed_tag'))).to.deep.equal([
      { code: 'unclosed_tag', line: 6, found: '</mj-column>', expected: '</mj-image>' },
      { code: 'unclosed_tag', line: 1, found: 'end of file', expected: '</mjml>' },
    ]);
    const rendered = await api.server.request('POST', '/v1/templates/open-image/render', { body: { variables: { name: 'Ada' } } });
    expect(rendered.json.html).to.include('Hi Ada').and.include('https://e.test/a.png');
    // Followed by a sibling, the open mj-image swallows it: refused.
    const swallowed = await api.create({
      id: 'open-image-2',
      mjml: doc('<mj-image src="https://e.test/a.png" alt="A">\n<mj-text>Hi</mj-text>'),
    });
    expect([swallowed.status, swallowed.json.code], swallowed.text).to.deep.equal([400, 'invalid_mjml']);
  });

  it('an ending tag never closed, and content after </mjml>', async () => {
    const unclosed = await api.create({ id: 'unclosed', mjml: '<mjml><mj-body><mj-section><mj-column>\n<mj-text>Hi {{name}}\n' });
    expect([unclosed.status, unclosed.json.code]).to.deep.equal([400, 'invalid_mjml']);
    expect(located(unclosed.json.errors)).to.deep.equal([{ line: 2, found: 'end of file', expected: '</mj-text>' }]);
    const after = await api.create({ id: 'after', mjml: `${doc('<mj-text>Hi</mj-text>')}Sent by {{shop}}`, validation: 'soft' });
    expect(after.status, after.text).to.equal(201);
    expect(located(after.json.warnings)).to.deep.include({
      code: 'dropped_content',
      line: 10,
      found: 'text "Sent by {{shop}}"',
      expected: 'end of file',
    });
    // An element after </mjml> becomes MJML's root: refused even under soft, naming the place.
    const element = await api.create({
      id: 'after-el',
      mjml: `${doc('<mj-text>Hi</mj-text>')}<mj-text>lost</mj-text>`,
      validation: 'soft',
    });
    expect([element.status, element.json.code]).to.deep.equal([400, 'invalid_mjml']);
    expect(located(element.json.errors)).to.deep.equal([{ line: 10, found: '<mj-text>', expected: 'end of file' }]);
    expect(element.json.detail).not.to.include('"soft"');
  });

  it('an include: the error names the include file and its own line', async () => {
    const includes = { 'parts/cta.mjml': '<mj-text>Hello</mj-text>\n<mj-button href="https://e.test">Go</mj-buton>\n' };
    const res = await api.create({ id: 'inc', mjml: doc('<mj-include path="./parts/cta.mjml" />'), includes });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'invalid_mjml']);
    expect(located(res.json.errors)).to.deep.equal([{ file: 'parts/cta.mjml', line: 2, found: '</mj-buton>', expected: '</mj-button>' }]);
    expect(res.json.detail).to.include('line 2 of parts/cta.mjml');
    const soft = await validate({ mjml: doc('<mj-include path="./parts/cta.mjml" />'), includes, validation: 'soft' });
    expect(located(soft.json.warnings)).to.deep.include({
      code: 'mismatched_tag',
      file: 'parts/cta.mjml',
      line: 2,
      found: '</mj-buton>',
      expected: '</mj-button>',
    });
  });

  it('a dynamic template: the mismatch in the MJML its partials generate is refused under strict, a warning under soft', async () => {
    const body = {
      render_mode: 'dynamic',
      mjml: '{{> head}}\n<mj-text>Hi {{name}}</mj-text>\n{{> foot}}',
      partials: { head: '<mjml><mj-body><mj-section><mj-column>', foot: '</mj-colum></mj-section></mj-body></mjml>' },
    };
    const res = await api.create({ id: 'dyn', ...body });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'invalid_mjml']);
    expect(located(res.json.errors)[0]).to.deep.equal({ line: 2, found: '</mj-colum>', expected: '</mj-column>' });
    expect(res.json.errors[0].message).to.include('the MJML generated with sample data').and.include('</mj-colum></mj-section>');
    const soft = await api.create({ id: 'dyn-soft', ...body, validation: 'soft' });
    expect(soft.status, soft.text).to.equal(201);
    expect(located(soft.json.warnings)).to.deep.include({
      code: 'mismatched_tag',
      line: 2,
      found: '</mj-colum>',
      expected: '</mj-column>',
    });
  });

  it('a static partial is HTML inserted after MJML: its own sloppy HTML is not judged, and sloppy HTML in mj-text saves as before', async () => {
    const mjml = doc('<mj-text><p>One<p>Two<br>Three</span>{{> footer}}</mj-text>');
    const res = await api.create({ id: 'sloppy', mjml, partials: { footer: '<div><b>Bye</div>' } });
    expect(res.status, res.text).to.equal(201);
    expect(
      res.json.warnings.filter((w: Item) => ['mismatched_tag', 'unclosed_tag', 'dropped_content'].includes(w.code ?? '')),
    ).to.deep.equal([]);
  });
});

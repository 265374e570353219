/**
 * Script URLs and unescaped output over HTTP (docs/templates.md, "Unsafe URLs and unescaped output"): a rendered
 * `href`/`src` with a refused scheme is replaced with about:invalid and reported as a render warning that
 * names the attribute and scheme but never the value; a literal one gets a save warning too; `{{{ }}}` and
 * `{{& }}` get an `unescaped_output` save warning naming the expression.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

const BUTTON =
  '<mjml><mj-body><mj-section><mj-column><mj-button href="{{url}}">Open</mj-button><mj-image src="{{img}}" alt="logo" /></mj-column></mj-section></mj-body></mjml>';

interface Warning {
  code?: string;
  message: string;
  count?: number;
  examples?: string[];
  expression?: string;
  line?: number;
  column?: number;
}

const codes = (warnings: Warning[]) => warnings.map((w) => w.code);

describe('Unsafe URLs and unescaped output', function () {
  const api = useTestServer();

  describe('a URL filled in by a variable', () => {
    before(async () => {
      const created = await api.create({ id: 'button', mjml: BUTTON, metadata: { subject: 'Hi' } });
      expect(created.status, created.text).to.equal(201);
      expect(codes(created.json.warnings)).to.not.include('unsafe_url');
    });

    it('javascript: is replaced in the HTML and the text, and reported without its value', async () => {
      const res = await api.render('button', {
        variables: { url: 'javascript:alert(document.domain)', img: 'https://cdn.example/logo.png' },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.html.toLowerCase()).to.not.include('javascript');
      expect(res.json.html).to.include('href="about:invalid"');
      expect(res.json.html).to.include('src="https://cdn.example/logo.png"');
      expect(res.json.text).to.not.include('javascript');
      const warning = (res.json.warnings as Warning[]).find((w) => w.code === 'unsafe_url_neutralised');
      expect(warning, res.text).to.not.equal(undefined);
      expect(warning!.count).to.equal(1);
      expect(warning!.examples).to.deep.equal(['href (javascript:)']);
      expect(JSON.stringify(res.json.warnings)).to.not.include('alert');
    });

    it('spellings a browser runs are caught: case, leading controls, tabs, entities; data:text/html in src', async () => {
      for (const url of ['JaVaScRiPt:alert(1)', '\u0001 javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)']) {
        const res = await api.render('button', { variables: { url, img: 'data:text/html,<script>alert(1)</script>' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.json.html).to.include('href="about:invalid"');
        expect(res.json.html).to.include('src="about:invalid"');
        expect(res.json.html).to.not.include('alert');
        const warning = (res.json.warnings as Warning[]).find((w) => w.code === 'unsafe_url_neutralised')!;
        expect(warning.count).to.equal(2);
      }
    });

    it('renders served from the JSON-escaped form (compiled after the first cache hit) are neutralised too', async () => {
      // The JSON form is compiled in the background once a revision is rendered again: keep rendering until
      // it has certainly been used, with values whose JSON escaping hides the scheme (a tab, a control).
      // Without a receipt: a signed render digests the plain HTML and never takes the escaped form.
      for (let i = 0; i < 12; i += 1) {
        const res = await api.render('button', {
          variables: { url: i % 2 === 0 ? 'java\tscript:alert(1)' : '\u0001javascript:alert(1)', img: 'x.png' },
          receipt: false,
        });
        expect(res.status, res.text).to.equal(200);
        expect(res.json.html, `render ${i}`).to.include('href="about:invalid"');
        expect(codes(res.json.warnings)).to.include('unsafe_url_neutralised');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });

    it('a safe URL renders unchanged, with no warning (and data:image/png stays in src)', async () => {
      const res = await api.render('button', {
        variables: { url: 'https://x.example/p?a=1&b=2', img: 'data:image/png;base64,iVBORw0KGgo=' },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.html).to.include('href="https://x.example/p?a&#x3D;1&amp;b&#x3D;2"');
      expect(res.json.html).to.include('src="data:image/png;base64,iVBORw0KGgo&#x3D;"');
      expect(codes(res.json.warnings)).to.not.include('unsafe_url_neutralised');
    });

    it('the text/html response is neutralised too', async () => {
      const res = await api.server.request('POST', '/v1/templates/button/render', {
        body: { variables: { url: 'javascript:alert(1)', img: 'x.png' } },
        headers: { accept: 'text/html' },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.text).to.include('href="about:invalid"');
      expect(res.text).to.not.include('javascript:');
    });
  });

  it('a literal javascript: href gets a save warning and is neutralised at render', async () => {
    const created = await api.create({ id: 'literal', mjml: mjmlPage('<a href="javascript:alert(1)">Click</a> {{name}}') });
    expect(created.status, created.text).to.equal(201);
    const saved = (created.json.warnings as Warning[]).find((w) => w.code === 'unsafe_url');
    expect(saved, created.text).to.not.equal(undefined);
    expect(saved!.message).to.include('href (javascript:)');
    const res = await api.render('literal', { variables: { name: 'Ada' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.not.include('javascript:');
    expect(res.json.html).to.include('<a href="about:invalid">Click</a> Ada');
    expect(codes(res.json.warnings)).to.include('unsafe_url_neutralised');
  });

  it('a value a Handlebars block opens and closes across attributes is checked on the whole rendered HTML', async () => {
    const created = await api.create({ id: 'scan', mjml: mjmlPage('<a href="{{#if a}}{{u}}" title="{{/if}}">Go</a>') });
    expect(created.status, created.text).to.equal(201);
    const bad = await api.render('scan', { variables: { a: true, u: 'javascript:alert(1)' } });
    expect(bad.status, bad.text).to.equal(200);
    expect(bad.json.html).to.not.include('javascript:');
    expect(codes(bad.json.warnings)).to.include('unsafe_url_neutralised');
    const good = await api.render('scan', { variables: { a: true, u: '/ok' } });
    expect(good.json.html).to.include('href="/ok"');
    expect(codes(good.json.warnings)).to.not.include('unsafe_url_neutralised');
  });

  it('a dynamic (Handlebars-first) template is neutralised after its MJML compile', async () => {
    const created = await api.create({ id: 'dyn', mjml: BUTTON, render_mode: 'dynamic' });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.render_mode).to.equal('dynamic');
    const bad = await api.render('dyn', { variables: { url: 'javascript:alert(1)', img: 'https://c.example/i.png' } });
    expect(bad.status, bad.text).to.equal(200);
    expect(bad.json.html).to.not.include('javascript:');
    expect(bad.json.text).to.not.include('javascript:');
    expect((bad.json.warnings as Warning[]).find((w) => w.code === 'unsafe_url_neutralised')?.examples).to.deep.equal([
      'href (javascript:)',
    ]);
    const again = await api.render('dyn', { variables: { url: 'javascript:alert(1)', img: 'https://c.example/i.png' } });
    expect(again.headers['x-cache']).to.equal('HIT');
    expect(codes(again.json.warnings)).to.include('unsafe_url_neutralised');
    const good = await api.render('dyn', { variables: { url: 'https://ok.example/', img: 'https://c.example/i.png' } });
    expect(good.json.html).to.include('href="https://ok.example/"');
    expect(codes(good.json.warnings)).to.not.include('unsafe_url_neutralised');
  });

  it("a template's own {{letterpress-safe-url}} (the internal helper's name) reads a variable, as any unknown name would", async () => {
    const created = await api.create({
      id: 'own-name',
      mjml: mjmlPage('[{{letterpress-safe-url}}] [{{#letterpress-safe-url}}in{{/letterpress-safe-url}}]'),
    });
    expect(created.status, created.text).to.equal(201);
    const res = await api.render('own-name', { variables: { 'letterpress-safe-url': 'v' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.html).to.include('[v] [in]');
  });

  describe('unescaped output', () => {
    it('{{{body}}} gets a save warning naming body and its line and column', async () => {
      const mjml =
        '<mjml>\n<mj-body><mj-section><mj-column>\n<mj-text>Hi {{name}},  {{{body}}}</mj-text>\n</mj-column></mj-section></mj-body></mjml>';
      const created = await api.create({ id: 'triple', mjml });
      expect(created.status, created.text).to.equal(201);
      const warnings = (created.json.warnings as Warning[]).filter((w) => w.code === 'unescaped_output');
      expect(warnings).to.have.length(1);
      expect(warnings[0]!.expression).to.equal('body');
      expect([warnings[0]!.line, warnings[0]!.column]).to.deep.equal([3, 24]); // 23 characters before it on line 3
      expect(warnings[0]!.message).to.include('{{{body}}}').and.include('{{body}}');
      const res = await api.render('triple', { variables: { name: 'Ada', body: '<b>trusted</b>' } });
      expect(res.json.html).to.include('<b>trusted</b>'); // only a warning: the output is what it was
    });

    it('{{& x}} in the template and {{{x}}} in a partial are named too; {{x}} is not', async () => {
      const created = await api.create({
        id: 'amp',
        mjml: mjmlPage('{{& note}} {{safe}} {{> foot}}'),
        partials: { foot: '<p>{{{footer_html}}}</p>' },
      });
      expect(created.status, created.text).to.equal(201);
      const warnings = (created.json.warnings as Warning[]).filter((w) => w.code === 'unescaped_output');
      expect(warnings.map((w) => w.expression)).to.deep.equal(['note', 'footer_html']);
      expect((warnings[1] as Warning & { file?: string }).file).to.equal('partials/foot');
    });

    it('a dynamic template gets it at the exact line', async () => {
      const created = await api.create({ id: 'dyn-triple', mjml: `{{#if x}}{{/if}}${BUTTON.replace('Open', 'Open {{{label}}}')}` });
      expect(created.status, created.text).to.equal(201);
      const warnings = (created.json.warnings as Warning[]).filter((w) => w.code === 'unescaped_output');
      expect(warnings.map((w) => [w.expression, w.line])).to.deep.equal([['label', 1]]);
    });
  });
});

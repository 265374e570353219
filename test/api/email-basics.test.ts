/**
 * Accessibility and inbox basics over HTTP (issue 17, item 6): `image_without_alt` read from the MJML
 * source at save, validate and render; `metadata.preheader` placed in the HTML as MJML's `<mj-preview>`
 * would place it; one text-part rule (not wrapped) for static and dynamic templates; subject and
 * preheader returned as rendered, not trimmed.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

const PREVIEW_DIV =
  '<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;">';
const IMAGES = [
  '<mjml>',
  '<mj-body>',
  '<mj-section><mj-column>',
  '<mj-image src="https://e.test/logo.png" />',
  '<mj-image src="https://e.test/rule.png" alt="" />',
  '<mj-raw><img src="https://e.test/pixel.gif"></mj-raw>',
  '<mj-include path="./parts/hero.mjml" />',
  '</mj-column></mj-section>',
  '</mj-body>',
  '</mjml>',
].join('\n');
const HERO = '<mj-image src="https://e.test/hero.png" alt="A parcel on a doorstep" />\n<mj-image src="https://e.test/badge.png" />';

type Warning = { code?: string; file?: string; line?: number; message: string; count?: number; examples?: string[] };
const altWarnings = (warnings: Warning[]) => warnings.filter((w) => w.code === 'image_without_alt');
const bodyTop = (html: string) => html.slice(html.indexOf('<body'), html.indexOf('<body') + 400);

describe('email basics: image alt, preheader, text part, subject', function () {
  this.timeout(30_000);
  const api = useTestServer();
  const { create, render } = api;

  describe('image_without_alt from the MJML source', () => {
    it('an mj-image without alt warns at save and validate with its line (and file for an include); alt="" does not; <img> in mj-raw does', async () => {
      const created = await create({ id: 'alt', mjml: IMAGES, includes: { 'parts/hero.mjml': HERO } });
      expect(created.status, created.text).to.equal(201);
      const expected = [
        { file: '', line: 4, src: 'https://e.test/logo.png' },
        { file: '', line: 6, src: 'https://e.test/pixel.gif' },
        { file: 'parts/hero.mjml', line: 2, src: 'https://e.test/badge.png' },
      ];
      const check = (warnings: Warning[]) => {
        const found = altWarnings(warnings);
        expect(found.map((w) => ({ file: w.file, line: w.line }))).to.deep.equal(expected.map(({ file, line }) => ({ file, line })));
        found.forEach((w, i) => expect(w.message).to.include(`src="${expected[i]!.src}"`));
        expect(found[1]!.message).to.include('in <mj-raw>');
      };
      check(created.json.warnings);
      const validated = await api.server.request('POST', '/v1/validate', { body: { mjml: IMAGES, includes: { 'parts/hero.mjml': HERO } } });
      expect(validated.status).to.equal(200);
      check(validated.json.warnings);
    });

    it('every render says the same: the images without alt, counted from the source', async () => {
      const res = await render('alt', { variables: {} });
      expect(res.status, res.text).to.equal(200);
      expect(altWarnings(res.json.warnings)).to.deep.equal([
        {
          code: 'image_without_alt',
          message: '3 images have no alt attribute in the template: give each one alt text, or alt="" if it is decorative.',
          count: 3,
          examples: ['https://e.test/logo.png', 'https://e.test/pixel.gif', 'https://e.test/badge.png'],
        },
      ]);
    });

    it('a template whose images all have alt gets no warning, at save or render', async () => {
      const mjml = mjmlPage('Hi').replace(
        '<mj-text>',
        '<mj-image src="https://e.test/a.png" alt="" /><mj-image src="https://e.test/b.png" alt="{{caption}}" /><mj-text>',
      );
      const created = await create({ id: 'alt-ok', mjml });
      expect(altWarnings(created.json.warnings)).to.deep.equal([]);
      expect(altWarnings((await render('alt-ok', { variables: { caption: 'B' } })).json.warnings)).to.deep.equal([]);
    });

    it('a dynamic template: the line in its source, and the same warning on each render', async () => {
      const mjml =
        '{{#if promo}}{{/if}}<mjml>\n<mj-body><mj-section><mj-column>\n<mj-image src="https://e.test/{{img}}" />\n</mj-column></mj-section></mj-body></mjml>';
      const created = await create({ id: 'alt-dyn', mjml, render_mode: 'dynamic', validation: 'soft' });
      expect([created.status, created.json.render_mode]).to.deep.equal([201, 'dynamic']);
      expect(altWarnings(created.json.warnings).map((w) => [w.file, w.line])).to.deep.equal([['', 3]]);
      for (const img of ['a.png', 'b.png']) {
        const res = await render('alt-dyn', { variables: { img } });
        expect(res.status, res.text).to.equal(200);
        expect(altWarnings(res.json.warnings).map((w) => [w.count, w.examples])).to.deep.equal([[1, ['https://e.test/{{img}}']]]);
      }
    });
  });

  describe('the preheader in the HTML', () => {
    const MJML = mjmlPage('First line of the body');

    it('is placed, rendered with the variables and escaped, as the hidden block at the top of the body', async () => {
      const created = await create({ id: 'pre', mjml: MJML, metadata: { preheader: 'Order {{order}} & more for {{name}}' } });
      expect(created.status, created.text).to.equal(201);
      const block = `\n    ${PREVIEW_DIV}Order A&lt;1&gt; &amp; more for Ada</div>\n  `;
      // MISS, HIT, then (once the JSON-escaped form is compiled in the background) escaped while rendering —
      // without a receipt, as only such renders take that form; the fourth is signed (the plain path).
      for (let i = 0; i < 4; i += 1) {
        if (i === 2) await new Promise((resolve) => setTimeout(resolve, 300));
        const res = await render('pre', { variables: { order: 'A<1>', name: 'Ada' }, ...(i < 3 ? { receipt: false } : {}) });
        expect(res.status, res.text).to.equal(200);
        expect(res.json.preheader).to.equal('Order A<1> & more for Ada');
        expect(bodyTop(res.json.html)).to.match(/^<body [^>]*>\n {8}/);
        expect(res.json.html.indexOf(block)).to.equal(res.json.html.indexOf('>', res.json.html.indexOf('<body')) + 1 + 9);
        expect(res.json.html.indexOf(block)).to.be.lessThan(res.json.html.indexOf('First line of the body'));
        expect(res.json.text).to.equal('First line of the body'); // hidden: not in the text part
      }
      const html = await api.server.request('POST', '/v1/templates/pre/render', {
        body: { variables: { order: 'A<1>', name: 'Ada' } },
        headers: { Accept: 'text/html' },
      });
      expect(html.status).to.equal(200);
      expect(html.text).to.include(block);
      expect((await render('pre', { variables: { order: 'A<1>', name: 'Ada' } })).json.html).to.equal(html.text);
    });

    it('renders the bytes MJML renders for the same template with <mj-preview> holding that text', async () => {
      await create({ id: 'pre-meta', mjml: MJML, metadata: { preheader: 'Hello {{name}}' } });
      await create({ id: 'pre-mjml', mjml: MJML.replace('<mjml>', '<mjml><mj-head><mj-preview>Hello {{name}}</mj-preview></mj-head>') });
      const a = await render('pre-meta', { variables: { name: 'Ada' } });
      const b = await render('pre-mjml', { variables: { name: 'Ada' } });
      expect(a.json.html).to.equal(b.json.html);
    });

    it("replaces the template's own mj-preview, and the save says so", async () => {
      const mjml = MJML.replace('<mjml>', '<mjml><mj-head><mj-preview>From the template {{name}}</mj-preview></mj-head>');
      const created = await create({ id: 'pre-both', mjml, metadata: { preheader: 'From metadata {{name}}' } });
      expect(created.status, created.text).to.equal(201);
      expect(created.json.warnings.map((w: Warning) => w.code)).to.include('mj_preview_replaced');
      const validated = await api.server.request('POST', '/v1/validate', {
        body: { mjml, metadata: { preheader: 'From metadata {{name}}' } },
      });
      expect(validated.json.warnings.map((w: Warning) => w.code)).to.include('mj_preview_replaced');
      const res = await render('pre-both', { variables: { name: 'Ada' } });
      expect(res.json.html).to.include(`${PREVIEW_DIV}From metadata Ada</div>`);
      expect(res.json.html).not.to.include('From the template');
      expect(res.json.html.split(PREVIEW_DIV)).to.have.length(2);
      // without metadata.preheader the template's own is kept, and nothing is said
      const own = await create({ id: 'pre-own', mjml });
      expect(own.json.warnings.map((w: Warning) => w.code)).not.to.include('mj_preview_replaced');
      expect((await render('pre-own', { variables: { name: 'Ada' } })).json.html).to.include(`${PREVIEW_DIV}From the template Ada</div>`);
      // a PATCH that sets the preheader on it says so too
      const patched = await api.server.request('PATCH', '/v1/projects/pre-own', {
        rawBody: JSON.stringify({ metadata: { preheader: 'Patched' } }),
        headers: { 'Content-Type': 'application/merge-patch+json' },
      });
      expect(patched.status, patched.text).to.equal(200);
      expect(patched.json.warnings.map((w: Warning) => w.code)).to.include('mj_preview_replaced');
      expect((await render('pre-own', { variables: { name: 'Ada' } })).json.html)
        .to.include(`${PREVIEW_DIV}Patched</div>`)
        .and.not.to.include('From the template');
    });

    it('a dynamic template gets it too, per render, while its compiled HTML stays cached', async () => {
      const mjml = `{{#if x}}{{/if}}${MJML}`;
      const created = await create({ id: 'pre-dyn', mjml, render_mode: 'dynamic', metadata: { preheader: 'Hi {{name}}' } });
      expect(created.status, created.text).to.equal(201);
      const first = await render('pre-dyn', { variables: { name: 'Ada' } });
      const second = await render('pre-dyn', { variables: { name: 'Bob' } });
      expect([first.headers['x-cache'], second.headers['x-cache']]).to.deep.equal(['MISS', 'HIT']);
      expect(first.json.html).to.include(`${PREVIEW_DIV}Hi Ada</div>`);
      expect(second.json.html).to.include(`${PREVIEW_DIV}Hi Bob</div>`).and.not.to.include('Hi Ada');
    });

    it('without metadata.preheader the HTML is what it was: no block', async () => {
      const created = await create({ id: 'pre-none', mjml: MJML });
      expect(created.status).to.equal(201);
      const res = await render('pre-none', { variables: {} });
      expect(res.json.preheader).to.equal(null);
      expect(res.json.html).not.to.include('display:none;font-size:1px');
    });
  });

  it('the text part of the same content is the same, not wrapped, whether the template is static or dynamic', async () => {
    const long = `${'A sentence that goes on well past eighty columns of text, '.repeat(3)}for {{name}}.`;
    const mjml = mjmlPage(long);
    expect((await create({ id: 'text-static', mjml })).json.render_mode).to.equal('static');
    expect((await create({ id: 'text-dynamic', mjml, render_mode: 'dynamic' })).json.render_mode).to.equal('dynamic');
    const statics = await render('text-static', { variables: { name: 'Ada' } });
    const dynamic = await render('text-dynamic', { variables: { name: 'Ada' } });
    expect(statics.json.text).to.equal(`${'A sentence that goes on well past eighty columns of text, '.repeat(3)}for Ada.`);
    expect(dynamic.json.text).to.equal(statics.json.text);
  });

  it('a subject (and preheader) with a trailing or leading space comes back unchanged', async () => {
    const metadata = { subject: 'Hello {{name}} ', preheader: ' Your order\u00a0' };
    expect((await create({ id: 'subject', mjml: mjmlPage('x'), metadata })).status).to.equal(201);
    const res = await render('subject', { variables: { name: 'Ada' } });
    expect(res.status, res.text).to.equal(200);
    expect([res.json.subject, res.json.preheader]).to.deep.equal(['Hello Ada ', ' Your order\u00a0']);
  });

  it('a render over the clipping budget warns gmail_clipping with the size of the HTML it answered, one under it does not', async () => {
    const mjml = mjmlPage('{{#each rows}}<p>Row {{this}} of an order that goes on and on</p>{{/each}}');
    expect((await create({ id: 'long-order', mjml })).status).to.equal(201);
    const clipping = (res: { json: { warnings: Warning[] } }) => res.json.warnings.filter((w) => w.code === 'gmail_clipping');
    const short = await render('long-order', { variables: { rows: [1, 2, 3] } });
    expect(short.status, short.text).to.equal(200);
    expect(clipping(short)).to.deep.equal([]);
    const long = await render('long-order', { variables: { rows: Array.from({ length: 3000 }, (_, i) => i) } });
    expect(long.status, long.text).to.equal(200);
    const sizeBytes = Buffer.byteLength(long.json.html as string, 'utf8');
    expect(sizeBytes).to.be.above(104_448);
    expect(clipping(long)).to.deep.equal([
      {
        code: 'gmail_clipping',
        message:
          `The HTML is ${sizeBytes.toLocaleString('en-US')} bytes; Gmail clips messages whose HTML is over about 102 KB ` +
          '(104,448 bytes) and hides the rest behind "View entire message".',
        sizeBytes,
      },
    ]);
    expect(long.json.warnings[0].code, 'the clipping warning comes first').to.equal('gmail_clipping');
  });
});

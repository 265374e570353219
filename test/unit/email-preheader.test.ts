/**
 * The preheader placed in the HTML as MJML's `<mj-preview>` places it (email/preheader.ts), checked
 * against mjml2html itself.
 */
import { expect } from 'chai';
import { mjml2html } from '../../src/rendering/mjml/runtime.js';
import { placePreheader, previewBlock, previewReplacedWarnings } from '../../src/rendering/email/preheader.js';
import type { MjmlNode } from '../../src/domain/mjml-ast.js';

const BODY =
  '<mj-body background-color="#fafafa" css-class="mail"><mj-section><mj-column><mj-text>First body line</mj-text></mj-column></mj-section></mj-body>';
const compile = async (mjml: string) => (await mjml2html(mjml, { validationLevel: 'soft' })).html;

describe('the preheader in the HTML', () => {
  it('gives the bytes MJML gives with <mj-preview> holding the same text', async () => {
    const without = await compile(`<mjml>${BODY}</mjml>`);
    const withPreview = await compile(
      `<mjml><mj-head><mj-title>T</mj-title><mj-preview>Your order is on its way</mj-preview></mj-head>${BODY}</mjml>`,
    );
    const titled = await compile(`<mjml><mj-head><mj-title>T</mj-title></mj-head>${BODY}</mjml>`);
    expect(placePreheader(titled, 'Your order is on its way')).to.equal(withPreview);
    expect(placePreheader(without, 'Your order is on its way')).to.include(
      '<body  class="mail" style="word-spacing:normal;background-color:#fafafa;">\n        \n    <div style="display:none;',
    );
  });

  it("replaces the template's own preview block rather than adding a second one", async () => {
    const other = await compile(`<mjml><mj-head><mj-preview>Template text</mj-preview></mj-head>${BODY}</mjml>`);
    const expected = await compile(`<mjml><mj-head><mj-preview>Metadata text</mj-preview></mj-head>${BODY}</mjml>`);
    expect(placePreheader(other, 'Metadata text')).to.equal(expected);
  });

  it('escapes the text as HTML text (& < >), writes no block for an empty preheader, and leaves an HTML without <body> alone', async () => {
    expect(previewBlock('Fish & <chips> "today"')).to.include('>Fish &amp; &lt;chips&gt; "today"</div>');
    const plain = await compile(`<mjml>${BODY}</mjml>`);
    expect(placePreheader(plain, '')).to.equal(plain);
    const withPreview = await compile(`<mjml><mj-head><mj-preview>Gone</mj-preview></mj-head>${BODY}</mjml>`);
    expect(placePreheader(withPreview, '')).to.equal(plain);
    expect(placePreheader('<p>no body</p>', 'x')).to.equal('<p>no body</p>');
  });

  it("works on HTML escaped as a JSON string's contents exactly as on the HTML", async () => {
    const json = (text: string) => JSON.stringify(text).slice(1, -1);
    for (const html of [
      await compile(`<mjml>${BODY}</mjml>`),
      await compile(`<mjml><mj-head><mj-preview>Old</mj-preview></mj-head>${BODY}</mjml>`),
    ]) {
      expect(placePreheader(json(html), 'New "one"\nline', 'json')).to.equal(json(placePreheader(html, 'New "one"\nline')));
    }
  });

  it("warns at save when metadata.preheader replaces the template's mj-preview (static tree, dynamic source or partial)", () => {
    const ast: MjmlNode = {
      tagName: 'mjml',
      attributes: {},
      children: [{ tagName: 'mj-head', attributes: {}, children: [{ tagName: 'mj-preview', attributes: {}, content: 'x' }] }],
    };
    const empty: MjmlNode = { tagName: 'mjml', attributes: {}, children: [] };
    expect(previewReplacedWarnings({ ast, publishedHtml: '' }, { preheader: 'Hi' }).map((w) => w.code)).to.deep.equal([
      'mj_preview_replaced',
    ]);
    expect(previewReplacedWarnings({ ast, publishedHtml: '' }, {})).to.deep.equal([]);
    expect(previewReplacedWarnings({ ast: empty, publishedHtml: '' }, { preheader: 'Hi' })).to.deep.equal([]);
    const dynamic = {
      ast: empty,
      publishedHtml: '{{> head}}<mj-body></mj-body></mjml>',
      renderMode: 'dynamic' as const,
      partials: { head: '<mjml><mj-head><mj-preview>{{p}}</mj-preview></mj-head>' },
    };
    expect(previewReplacedWarnings(dynamic, { preheader: 'Hi' })).to.have.length(1);
  });
});

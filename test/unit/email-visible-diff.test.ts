import { expect } from 'chai';
import { visibleDiff, type RenderedEmail } from '../../src/rendering/email/visible-diff.js';
import { visibleContent } from '../../src/rendering/email/visible-content.js';
import { GMAIL_CLIPPING_BYTES } from '../../src/rendering/email/warnings.js';
import { mjml2html } from '../../src/rendering/mjml/runtime.js';

const email = (html: string, parts: Partial<RenderedEmail> = {}): RenderedEmail => ({
  html,
  subject: null,
  preheader: null,
  text: null,
  ...parts,
});
const compile = async (mjml: string): Promise<string> => (await mjml2html(mjml, { validationLevel: 'soft' })).html;

const MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello <b>Ada</b>, your order shipped.</mj-text>
<mj-button href="https://shop.test/orders/1">Track it</mj-button>
<mj-image src="https://cdn.test/logo.png" alt="Shop logo" />
</mj-column></mj-section></mj-body></mjml>`;

describe('visibleContent', () => {
  it('reads text blocks, links with their text and images, not the head, comments or hidden elements', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body>' +
      '<div style="display:none">preheader</div><!--[if mso]><a href="https://mso.test">x</a><![endif]-->' +
      '<p>One   &amp;\n two</p><p> </p><a href="https://a.test/?a=1&amp;b=2">Go <img src="i.png" alt="icon"></a><img src="j.png"></body></html>';
    expect(visibleContent(html)).to.deep.equal({
      blocks: ['One & two', 'Go'],
      links: [{ href: 'https://a.test/?a=1&b=2', text: 'Go icon' }],
      images: [
        { src: 'i.png', alt: 'icon' },
        { src: 'j.png', alt: null },
      ],
    });
  });
});

describe('visibleDiff', () => {
  it('finds no visible change when the MJML is only re-indented', async () => {
    const reindented = MJML.replace(/\n/g, '\n        ').replace(/> </g, '>\n   <');
    const result = visibleDiff(email(await compile(MJML)), email(await compile(reindented)));
    expect(result.visibleChange).to.equal(false);
    expect(result.changes.filter((c) => c.kind !== 'size')).to.deep.equal([]);
  });

  it('reports a changed button URL as exactly one changed link', async () => {
    const changed = MJML.replace('orders/1', 'orders/2');
    const result = visibleDiff(email(await compile(MJML)), email(await compile(changed)));
    expect(result.visibleChange).to.equal(true);
    expect(result.changes.filter((c) => c.kind !== 'size')).to.deep.equal([
      {
        kind: 'link',
        change: 'changed',
        before: { href: 'https://shop.test/orders/1', text: 'Track it' },
        after: { href: 'https://shop.test/orders/2', text: 'Track it' },
      },
    ]);
  });

  it('reports text, added and removed links, image alt, subject, preheader and text part', () => {
    const before = email('<p>Hi</p><p>Same</p><a href="https://x.test">X</a><img src="a.png" alt="A">', {
      subject: 'Your order',
      preheader: 'Soon',
      text: 'Hi\nSame',
    });
    const after = email('<p>Hello</p><p>Same</p><a href="https://y.test">Y</a><img src="a.png" alt="B">', {
      subject: 'Your  order shipped',
      preheader: ' Soon ',
      text: 'Hello\nSame',
    });
    expect(visibleDiff(before, after).changes.filter((c) => c.kind !== 'size')).to.deep.equal([
      { kind: 'subject', before: 'Your order', after: 'Your  order shipped' },
      { kind: 'text', before: 'Hi', after: 'Hello' },
      { kind: 'text', before: 'X', after: 'Y' },
      { kind: 'link', change: 'removed', before: { href: 'https://x.test', text: 'X' } },
      { kind: 'link', change: 'added', after: { href: 'https://y.test', text: 'Y' } },
      { kind: 'image', change: 'changed', before: { src: 'a.png', alt: 'A' }, after: { src: 'a.png', alt: 'B' } },
      { kind: 'text_part', before: 'Hi\nSame', after: 'Hello\nSame' },
    ]);
  });

  it('reports the size against the clipping budget, visible only when it crosses it', () => {
    const small = email('<p>a</p>');
    const grown = email(`<p>a</p><!--${'x'.repeat(20 * 1024)}-->`);
    const growth = visibleDiff(small, grown);
    expect(growth.visibleChange).to.equal(false);
    expect(growth.changes).to.deep.equal([
      { kind: 'size', before: 8, after: 8 + 20 * 1024 + 7, delta: 20 * 1024 + 7, budget: GMAIL_CLIPPING_BYTES, clipped: false },
    ]);
    const clipped = visibleDiff(small, email(`<p>a</p><!--${'x'.repeat(GMAIL_CLIPPING_BYTES)}-->`));
    expect(clipped.visibleChange).to.equal(true);
    expect(clipped.changes[0]).to.include({ kind: 'size', clipped: true });
  });

  it('reports nothing for identical renders', () => {
    expect(visibleDiff(email('<p>a</p>', { subject: 's' }), email('<p>a</p>', { subject: 's' }))).to.deep.equal({
      visibleChange: false,
      changes: [],
    });
  });
});

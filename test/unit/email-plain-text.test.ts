import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { DEFAULT_WORDWRAP, toPlainText } from '../../src/rendering/email/plain-text.js';
import { mjml2html } from '../../src/rendering/mjml/runtime.js';
import { CORPUS_DIR, describeCorpus } from '../support/corpus.js';

/** Compile a corpus template (MJML first, includes from disk), optionally rewriting its source first. */
async function compileCorpus(name: string, edit: (source: string) => string = (s) => s): Promise<string> {
  const file = join(CORPUS_DIR, `${name}.mjml`);
  const source = edit(readFileSync(file, 'utf8'));
  const { html } = await mjml2html(source, { filePath: file, ignoreIncludes: false, validationLevel: 'soft' });
  return html;
}

/** Then Handlebars over the compiled HTML, as the renderer does for MJML-first templates. */
function renderHtml(html: string, data: unknown, helpers: Record<string, Handlebars.HelperDelegate> = {}): string {
  const env = Handlebars.create();
  for (const [name, helper] of Object.entries(helpers)) env.registerHelper(name, helper);
  return env.compile(html)(data);
}

const lines = (text: string) => text.split('\n');
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Facts every plain-text part must have. */
function expectCleanText(text: string): void {
  expect(text).to.not.match(/[{}<>]/, 'no markup or template noise');
  expect(text).to.not.include('\n\n\n', 'at most one blank line in a row');
  expect(text).to.equal(text.trim());
  for (const line of lines(text)) expect(line).to.equal(line.trimEnd());
}

describe('toPlainText', () => {
  describe('links', () => {
    it('keeps a link as `text [url]`, and a URL shown as its own text only once', () => {
      const text = toPlainText(
        '<p>Read <a href="https://example.com/a">the guide</a> or <a href="https://example.com/b">https://example.com/b</a>.</p>',
      );
      expect(text).to.equal('Read the guide [https://example.com/a] or https://example.com/b.');
    });

    it('shows mailto: links without the scheme, once when the text is the address', () => {
      expect(toPlainText('<a href="mailto:help@example.com">Write to us</a>')).to.equal('Write to us [help@example.com]');
      expect(toPlainText('<a href="mailto:help@example.com">help@example.com</a>')).to.equal('help@example.com');
    });

    it('prints only the text of #fragment links and of script links', () => {
      expect(toPlainText('<a href="#top">Back to top</a>')).to.equal('Back to top');
      expect(toPlainText('<a href="javascript:alert(1)">Click</a> <a href=" JavaScript&colon;x">me</a>')).to.equal('Click me');
    });

    it('drops a textless link whose URL is also linked with text, and keeps it as a bare URL otherwise', () => {
      const html =
        '<a href="https://example.com/fb"><img src="fb.png" alt=""></a> <a href="https://example.com/fb">Facebook</a>' +
        '<div><a href="https://example.com/home"><img src="logo.png"></a></div>';
      expect(toPlainText(html)).to.equal('Facebook [https://example.com/fb]\nhttps://example.com/home');
    });
  });

  describe('images', () => {
    it('shows an image by its alt text and drops it when it has none', () => {
      expect(toPlainText('<p>A <img src="a.png" alt="red square"> B <img src="b.png" alt=""> C <img src="c.png"> D</p>')).to.equal(
        'A red square B C D',
      );
    });

    it('uses the alt text of a linked image as the link text', () => {
      expect(toPlainText('<a href="https://example.com/"><img src="logo.png" alt="Example Inc."></a>')).to.equal(
        'Example Inc. [https://example.com/]',
      );
    });
  });

  describe('hidden and non-text content', () => {
    it('drops elements hidden with display:none, whatever the spelling', () => {
      const html =
        '<div>one</div>' +
        '<div style="display:none">two</div>' +
        '<div style="COLOR:red; DISPLAY : NONE !important">three</div>' +
        '<span style="font-size:1px;display:\tnone;">four</span>' +
        '<p style="display:/* c */none">five</p>' +
        '<table style="display:none"><tr><td>six</td></tr></table>' +
        '<div hidden>seven</div>' +
        '<div>eight</div>';
      expect(toPlainText(html)).to.equal('one\neight');
    });

    it('keeps elements whose last display declaration shows them', () => {
      expect(toPlainText('<div style="display:none;display:block">shown</div>')).to.equal('shown');
      expect(toPlainText('<div style="display:none !important;display:block">hidden</div>')).to.equal('');
      expect(
        toPlainText('<div style="display:block;max-height:0">block</div><div style="mso-hide:all">outlook-hidden only</div>'),
      ).to.equal('block\noutlook-hidden only');
    });

    it('drops head, title, style and script, and the content of MSO conditional comments', () => {
      const html =
        '<html><head><title>Subject line</title><style>p { color: red; }</style></head><body>' +
        '<!--[if mso]><table><tr><td>Outlook only</td></tr></table><![endif]-->' +
        '<!--[if !mso]><!--><div>Everyone else</div><!--<![endif]-->' +
        '<script>var x = "<b>";</script><p>Body</p></body></html>';
      expect(toPlainText(html)).to.equal('Everyone else\n\nBody');
      expect(toPlainText('<title>Fragment title</title><style>.a{}</style><p>Fragment</p>')).to.equal('Fragment');
    });
  });

  describe('layout', () => {
    it('separates headings and paragraphs by one blank line and keeps heading case', () => {
      const text = toPlainText(
        '<h1>Your Order</h1><p>First paragraph.</p><h3>Next Steps</h3><p>Second.</p><div>A div</div><div>Another</div>',
      );
      expect(text).to.equal('Your Order\n\nFirst paragraph.\n\nNext Steps\n\nSecond.\n\nA div\nAnother');
    });

    it('keeps no more than one blank line in a row and trims the text', () => {
      const text = toPlainText('<br><br><p>&nbsp;</p><p>A</p><br><br><br><br><p>&#8202;</p><p>\u200c</p><p>B</p><br><br>');
      expect(text).to.equal('A\n\nB');
    });

    it('wraps at 78 columns by default, never breaks a long URL, and can be turned off', () => {
      expect(DEFAULT_WORDWRAP).to.equal(78);
      const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
      const url = `https://example.com/${'x'.repeat(100)}`;
      const wrapped = toPlainText(`<p>${words} ${url}</p>`);
      for (const line of lines(wrapped)) if (line !== url) expect(line.length).to.be.at.most(78);
      expect(lines(wrapped)).to.include(url);
      expect(lines(toPlainText(`<p>${words}</p>`, { wordwrap: 40 })).every((l) => l.length <= 40)).to.equal(true);
      expect(toPlainText(`<p>${words}</p>`, { wordwrap: false })).to.equal(words);
      expect(() => toPlainText('<p>x</p>', { wordwrap: 0 })).to.throw(RangeError);
    });
  });

  describe('tables', () => {
    it('prints layout tables as blocks: one cell per line, rows separated by a blank line', () => {
      const html =
        '<table role="presentation"><tr><td>Left</td><td>Right</td></tr><tr><td>Below</td></tr></table>' +
        '<table><tr><td>Single</td><td>row</td></tr></table>';
      expect(toPlainText(html)).to.equal('Left\nRight\n\nBelow\n\nSingle\nrow');
    });

    it('prints data tables as aligned columns, header first and footer last', () => {
      const html =
        '<table><tfoot><tr><td>Total</td><td>3</td></tr></tfoot>' +
        '<thead><tr><th>Item</th><th>Qty</th></tr></thead>' +
        '<tbody><tr><td>Tea</td><td>2</td></tr><tr style="display:none"><td>Hidden</td><td>9</td></tr><tr><td>Mug</td><td>1</td></tr></tbody></table>';
      expect(toPlainText(html)).to.equal('Item    Qty\nTea     2\nMug     1\nTotal   3');
    });

    it('treats a header-less table as data only with two rows of two cells and no block content', () => {
      expect(toPlainText('<table><tr><td>a</td><td>b</td></tr><tr><td>cc</td><td>d</td></tr></table>')).to.equal('a    b\ncc   d');
      expect(toPlainText('<table><tr><td><div>a</div></td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>')).to.equal('a\nb\n\nc\nd');
      expect(toPlainText('<table><tr><th>h</th></tr><tr><td><table><tr><td>nested</td></tr></table></td></tr></table>')).to.equal(
        'h\n\nnested',
      );
    });
  });

  describe('cost', () => {
    it('handles 2 MiB of deep nesting without overflowing the stack', () => {
      const depth = 200_000; // 2.2 MB
      const text = toPlainText('<div>'.repeat(depth) + 'deep' + '</div>'.repeat(depth));
      expect(text).to.not.include('deep'); // below the depth limit: replaced by "..."
    });
  });

  describeCorpus('compiled corpus emails', () => {
    it('saleor-password_reset (+ a preheader): text, link once, no preheader, no noise', async () => {
      const preheader = 'Reset your password within 24 hours';
      const html = renderHtml(
        await compileCorpus('saleor-password_reset', (s) => s.replace('<mj-head>', `<mj-head><mj-preview>${preheader}</mj-preview>`)),
        { site_name: 'Example Shop', reset_url: 'https://shop.example/reset/abc123' },
      );
      expect(html).to.include(preheader); // it is in the HTML, hidden
      const text = toPlainText(html);
      expectCleanText(text);
      expect(text).to.not.include(preheader);
      expect(text.startsWith("Hi!\n\nYou're receiving this e-mail because you or someone else has requested")).to.equal(true);
      expect(text.replace(/\s+/g, ' ')).to.include('requested a password for your user account at Example Shop. It can be safely ignored');
      expect(occurrences(text, 'https://shop.example/reset/abc123')).to.equal(1); // link text is the URL
      expect(lines(text)).to.include('https://shop.example/reset/abc123');
      expect(lines(text)).to.include('This is an automatically generated e-mail, please do not reply.');
      expect(text.endsWith('Sincerely, Example Shop')).to.equal(true);
      for (const line of lines(text)) expect(line.length).to.be.at.most(78);
    });

    it('saleor-confirmed_order: the mj-tables read as columns, the link once', async () => {
      const html = renderHtml(
        await compileCorpus('saleor-confirmed_order'),
        {
          site_name: 'Example Shop',
          order: {
            order_details_url: 'https://shop.example/orders/42',
            billing_address: { name: 'Ada Lovelace', city: 'London' },
            shipping_address: null,
            currency: 'EUR',
            display_gross_prices: true,
            subtotal_gross_amount: '30.00',
            shipping_price_gross_amount: '5.00',
            tax_amount: '6.00',
            total_gross_amount: '35.00',
            lines: [
              { product_name: 'Tea', variant_name: 'Green', quantity: 2, unit_price_gross_amount: '10.00', total_gross_amount: '20.00' },
              { product_name: 'Mug', quantity: 1, unit_price_gross_amount: '10.00', total_gross_amount: '10.00' },
            ],
          },
        },
        {
          price: (net: unknown, gross: unknown, currency: unknown, options: Handlebars.HelperOptions) =>
            `${options.hash.display_gross ? gross : net} ${currency}`,
          format_address: (address: { name: string; city: string }) => `${address.name}, ${address.city}`,
        },
      );
      const text = toPlainText(html);
      expectCleanText(text);
      expect(text.replace(/\s+/g, ' ')).to.include(
        'Your order has been confirmed by staff. To see your order details please visit: https://shop.example/orders/42',
      );
      expect(occurrences(text, 'https://shop.example/orders/42')).to.equal(1);
      const table = lines(text);
      const row = (pattern: RegExp) => table.findIndex((line) => pattern.test(line));
      // _order_lines.mjml puts <tfoot> before <thead>: printed as a browser shows it, header first.
      const header = row(/^Item\s{2,}Quantity\s{2,}Per unit\s{2,}Subtotal$/);
      const tea = row(/^Tea \(Green\)\s{2,}2\s{2,}10\.00 EUR\s{2,}20\.00 EUR$/);
      const mug = row(/^Mug\s{2,}1\s{2,}10\.00 EUR\s{2,}10\.00 EUR$/);
      const subtotal = row(/^Subtotal\s{2,}30\.00 EUR$/);
      const total = row(/^Total\s{2,}35\.00 EUR$/);
      expect([header, tea, mug, subtotal, total].every((i) => i >= 0)).to.equal(true, text);
      expect(header < tea && tea < mug && mug < subtotal && subtotal < total).to.equal(true);
      expect(table[total - 1]).to.match(/^Taxes \(included\)\s{2,}6\.00 EUR$/);
      expect(table.slice(header, total + 1).join('\n')).to.not.include('\n\n'); // one table, no blank lines inside
      expect(table[row(/^Billing address\s{2,}Shipping address$/) + 1]).to.match(/^Ada Lovelace, London\s{2,}No shipping required$/);
    });

    it('vendure-email-verification (Handlebars first): button as `text [url]`, no <title> text', async () => {
      const partials = join(CORPUS_DIR, 'hbs-partials/vendure');
      const env = Handlebars.create();
      env.registerPartial('header', readFileSync(join(partials, 'header.mjml'), 'utf8'));
      env.registerPartial('footer', readFileSync(join(partials, 'footer.mjml'), 'utf8'));
      const mjml = env.compile(readFileSync(join(CORPUS_DIR, 'vendure-email-verification.mjml'), 'utf8'))({
        verifyEmailAddressUrl: 'https://shop.example/verify',
        verificationToken: 'tok123',
      });
      const { html } = await mjml2html(mjml, { validationLevel: 'soft' });
      expect(html).to.include('<title>Verify Your Email Address</title>');
      const text = toPlainText(html);
      expect(text).to.not.include('Verify Your Email Address');
      expect(text).to.not.include('\n\n\n');
      expect(lines(text)).to.include('Verify Me! [https://shop.example/verify?token=tok123]');
      expect(text.replace(/\s+/g, ' ')).to.include(
        'Thank you for creating an account. Click the button below to verify this email address and complete the registration process:',
      );
      expect(lines(text)[0]).to.equal('[company header]');
      expect(lines(text).at(-1)).to.equal('[footer text]');
    });

    it('mjmlpy-mj-social: each network once, as `name [share url]`, icons not repeated as bare URLs', async () => {
      const text = toPlainText(await compileCorpus('mjmlpy-mj-social'));
      expectCleanText(text);
      // mj-social turns href into each network's share URL (facebook: sharer.php?u=, twitter: intent/tweet?url=).
      const facebook = 'https://www.facebook.com/sharer/sharer.php?u=https://mjml.io/';
      const twitter = 'https://twitter.com/intent/tweet?url=https://mjml.io/';
      expect(lines(text)).to.include(`Facebook [${facebook}]`);
      expect(lines(text)).to.include(`Twitter [${twitter}]`);
      expect(occurrences(text, facebook)).to.equal(1);
      expect(occurrences(text, twitter)).to.equal(1);
    });
  });
});

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { emailWarnings, GMAIL_CLIPPING_BYTES, isInsecureUrl, isScriptUrl, type EmailWarning } from '../../src/rendering/email/warnings.js';
import { mjml2html } from '../../src/rendering/mjml/runtime.js';
import { CORPUS_DIR, describeCorpus } from '../support/corpus.js';

const byCode = (warnings: EmailWarning[], code: EmailWarning['code']) => warnings.find((w) => w.code === code);

describe('emailWarnings', () => {
  it('has nothing to say about small, clean HTML', () => {
    const html =
      '<html><body><img src="a.png" alt="A"><img src="spacer.gif" alt="">' +
      '<a href="https://example.com">s</a><a href="mailto:a@example.com">m</a><a href="tel:+15550100">t</a>' +
      '<a href="/relative">r</a><a href="page.html">p</a><a href="#top">f</a><a href="//cdn.example/x">pr</a></body></html>';
    expect(emailWarnings(html)).to.deep.equal([]);
  });

  describe('gmail_clipping', () => {
    it('is 102 × 1024 bytes', () => expect(GMAIL_CLIPPING_BYTES).to.equal(104_448));

    it('warns above 102 KiB of UTF-8, not at it', () => {
      expect(emailWarnings('x'.repeat(GMAIL_CLIPPING_BYTES))).to.deep.equal([]);
      const warning = byCode(emailWarnings('x'.repeat(GMAIL_CLIPPING_BYTES + 1)), 'gmail_clipping');
      expect(warning).to.include({ sizeBytes: GMAIL_CLIPPING_BYTES + 1 });
      expect(warning?.message).to.include('102 KB');
    });

    it('counts bytes, not characters', () => {
      const html = 'é'.repeat(52_225); // 52,225 characters, 104,450 bytes
      expect(byCode(emailWarnings(html), 'gmail_clipping')).to.include({ sizeBytes: 104_450 });
    });
  });

  describe('image_without_alt', () => {
    it('counts images with no alt attribute; alt="" and a bare alt are decorative and fine', () => {
      const html = '<img src="a.png"><IMG SRC="b.png"><img src="c.png" alt=""><img src="d.png" alt><img>';
      expect(emailWarnings(html)).to.deep.equal([
        {
          code: 'image_without_alt',
          message: '3 images have no alt attribute: give each one alt text, or alt="" if it is decorative.',
          count: 3,
          examples: ['a.png', 'b.png', '<img>'],
        },
      ]);
    });

    it('gives at most three distinct examples, each cut to 80 characters', () => {
      const long = `https://cdn.example/${'x'.repeat(100)}.png`;
      const html = `<img src="${long}"><img src="${long}"><img src="b.png"><img src="c.png"><img src="d.png">`;
      const warning = byCode(emailWarnings(html), 'image_without_alt');
      expect(warning?.count).to.equal(5);
      expect(warning?.examples).to.deep.equal([`${long.slice(0, 79)}…`, 'b.png', 'c.png']);
      expect(warning?.examples?.[0]).to.have.length(80);
    });
  });

  describe('javascript_link', () => {
    it('catches script URLs however they are spelled', () => {
      const hrefs = [
        'javascript:alert(1)',
        '  JavaScript:alert(2)',
        'javascript&colon;alert(3)',
        'javascript&#58;alert(4)',
        'javascript&#x3A;alert(5)',
        'java&#9;script:alert(6)',
        '&#10;javascript:alert(7)',
        'vbscript:msgbox(8)',
        'data:text/html;base64,PHNjcmlwdD4=',
        'DATA:TEXT/HTML,<script>',
      ];
      const html = hrefs.map((href, i) => `<a href="${href}">${i}</a>`).join('');
      const warnings = emailWarnings(html);
      expect(warnings.map((w) => w.code)).to.deep.equal(['javascript_link']);
      expect(warnings[0]).to.include({ count: hrefs.length });
      expect(warnings[0]?.examples).to.deep.equal(['javascript:alert(1)', 'JavaScript:alert(2)', 'javascript:alert(3)']);
    });

    it('leaves other data: URLs and look-alikes alone', () => {
      for (const href of ['data:image/png;base64,AAAA', 'https://example.com/javascript:', '/javascript:x', 'javascripts.html']) {
        expect(isScriptUrl(href), href).to.equal(false);
      }
    });
  });

  describe('insecure_link', () => {
    it('counts plain http: hrefs only', () => {
      const html =
        '<a href="http://example.com/a">a</a><a href="HTTP://EXAMPLE.COM/b">b</a><a href=" http://example.com/c">c</a>' +
        '<a href="https://example.com/d">d</a><a href="mailto:x@example.com">e</a>';
      const warning = byCode(emailWarnings(html), 'insecure_link');
      expect(warning).to.deep.include({ count: 3, examples: ['http://example.com/a', 'HTTP://EXAMPLE.COM/b', 'http://example.com/c'] });
      expect(warning?.message).to.match(/^3 links use plain http:/);
      expect(['https://x', 'mailto:x', 'tel:1', '/x', '#x', 'x.html', '//x'].some(isInsecureUrl)).to.equal(false);
    });
  });

  it('reports one warning per code, in a fixed order', () => {
    const html = `<a href="http://x">x</a><img src="i.png"><a href="javascript:void(0)">j</a>${' '.repeat(GMAIL_CLIPPING_BYTES)}`;
    expect(emailWarnings(html).map((w) => w.code)).to.deep.equal([
      'gmail_clipping',
      'image_without_alt',
      'javascript_link',
      'insecure_link',
    ]);
  });

  it('does not look inside comments (MSO conditional comments included) or script text', () => {
    const html = '<!--[if mso]><img src="outlook.png"><a href="http://x">x</a><![endif]--><script>var s = "<img src=y>";</script><p>ok</p>';
    expect(emailWarnings(html)).to.deep.equal([]);
  });

  it('stays linear on 2 MiB of deeply nested or unclosed markup', () => {
    const started = Date.now();
    emailWarnings('<div>'.repeat(200_000) + '<img src="x">' + '</div>'.repeat(200_000));
    emailWarnings('<b><a href="http://x">'.repeat(90_000));
    expect(Date.now() - started).to.be.below(5_000);
  });

  describeCorpus('compiled corpus emails', () => {
    async function compileMjml(name: string): Promise<string> {
      const file = join(CORPUS_DIR, `${name}.mjml`);
      return (await mjml2html(readFileSync(file, 'utf8'), { filePath: file, ignoreIncludes: false, validationLevel: 'soft' })).html;
    }

    it('saleor-password_reset with an https link: no warnings (mj-image and mj-social emit alt="")', async () => {
      const html = Handlebars.compile(await compileMjml('saleor-password_reset'))({
        site_name: 'Shop',
        reset_url: 'https://shop.example/reset/1',
      });
      expect(emailWarnings(html)).to.deep.equal([]);
      expect(emailWarnings(await compileMjml('mjmlpy-mj-social'))).to.deep.equal([]);
    });

    it('vendure-email-verification with an http: verify URL: one insecure_link', async () => {
      const partials = join(CORPUS_DIR, 'hbs-partials/vendure');
      const env = Handlebars.create();
      env.registerPartial('header', readFileSync(join(partials, 'header.mjml'), 'utf8'));
      env.registerPartial('footer', readFileSync(join(partials, 'footer.mjml'), 'utf8'));
      const mjml = env.compile(readFileSync(join(CORPUS_DIR, 'vendure-email-verification.mjml'), 'utf8'))({
        verifyEmailAddressUrl: 'http://localhost:3000/verify',
        verificationToken: 'abc',
      });
      const { html } = await mjml2html(mjml, { validationLevel: 'soft' });
      expect(emailWarnings(html)).to.deep.equal([
        {
          code: 'insecure_link',
          message: '1 link uses plain http:; use https: so the link is not sent in the clear and is not flagged by mail clients.',
          count: 1,
          examples: ['http://localhost:3000/verify?token=abc'],
        },
      ]);
    });

    it('saleor-staff_confirm_order with a long order: gmail_clipping with the real size', async () => {
      const lines = Array.from({ length: 600 }, (_, i) => ({ product_name: `Product ${i}`, quantity: 1 }));
      const env = Handlebars.create();
      env.registerHelper('price', () => '1.00 EUR');
      env.registerHelper('format_address', () => 'Somewhere');
      const html = env.compile(await compileMjml('saleor-staff_confirm_order'))({ order: { lines, currency: 'EUR' } });
      const sizeBytes = Buffer.byteLength(html, 'utf8');
      expect(sizeBytes).to.be.above(GMAIL_CLIPPING_BYTES);
      expect(emailWarnings(html)).to.deep.equal([
        {
          code: 'gmail_clipping',
          message:
            `The HTML is ${sizeBytes.toLocaleString('en-US')} bytes; Gmail clips messages whose HTML is over about 102 KB ` +
            '(104,448 bytes) and hides the rest behind "View entire message".',
          sizeBytes,
        },
      ]);
    });
  });
});

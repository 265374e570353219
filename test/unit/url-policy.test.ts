/**
 * The URL policy (email/url-policy.ts), case by case from hand-written values: each expected verdict comes
 * from the WHATWG URL parser's scheme rules and the deny-list, not from the code under test.
 */
import { expect } from 'chai';
import { classifyUrl, prefixDecides, urlScheme } from '../../src/rendering/email/url-policy.js';

describe('URL policy: classifyUrl', () => {
  const refused: Array<[string, string]> = [
    ['javascript:alert(1)', 'javascript'],
    ['JavaScript:alert(1)', 'javascript'],
    ['JAVASCRIPT:alert(1)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['\u0000\u0001\u001f javascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\nscr\ript:alert(1)', 'javascript'],
    ['&#106;avascript:alert(1)', 'javascript'],
    ['&#x6A;avascript:alert(1)', 'javascript'],
    ['javascript&colon;alert(1)', 'javascript'],
    ['javascript&#58;alert(1)', 'javascript'],
    ['java&Tab;script:alert(1)', 'javascript'],
    ['&#0000106avascript:alert(1)', 'javascript'],
    ['&NewLine;javascript:alert(1)', 'javascript'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['VBScript:msgbox(1)', 'vbscript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'data'],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'data'],
    ['data:application/xhtml+xml,x', 'data'],
    ['DATA:TEXT/HTML,x', 'data'],
    ['data:,plain', 'data'],
  ];
  for (const [url, scheme] of refused) {
    it(`refuses ${JSON.stringify(url)} (${scheme}:)`, () => {
      expect(classifyUrl(url)).to.deep.equal({ safe: false, scheme });
    });
  }

  const allowed = [
    'https://example.com/p?a=1&amp;b=2',
    'http://example.com/',
    'HTTPS://EXAMPLE.COM',
    'mailto:ada@example.com',
    'tel:+441234567',
    'sms:+441234567',
    'myapp://open/42',
    'cid:logo@example',
    '/relative/path',
    'page.html',
    '#top',
    '?q=1',
    '//cdn.example.com/x.png',
    '',
    '   ',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/gif;base64,R0lGOD==',
    'data:image/jpeg;base64,/9j/4A==',
    'DATA:IMAGE/WEBP;base64,UklGR==',
    'https://example.com/javascript:alert(1)',
    '/javascript:alert(1)',
    'javascripts.html',
    './javascript:alert(1)',
    ' java script:alert(1)',
  ];
  for (const url of allowed) {
    it(`allows ${JSON.stringify(url)}`, () => {
      expect(classifyUrl(url)).to.deep.equal({ safe: true });
    });
  }

  it('with `decoded`, does not decode entities again', () => {
    expect(classifyUrl('javascript&colon;x', true)).to.deep.equal({ safe: true }); // "javascript&colon;x" is a relative path once decoded
    expect(classifyUrl('javascript&colon;x')).to.deep.equal({ safe: false, scheme: 'javascript' });
  });

  it('urlScheme reads the scheme as the URL parser does', () => {
    expect(urlScheme('  HTTPS://x')).to.equal('https');
    expect(urlScheme('a+b-c.d:x')).to.equal('a+b-c.d');
    expect(urlScheme('1http:x')).to.equal(null);
    expect(urlScheme(':x')).to.equal(null);
    expect(urlScheme('/x:y')).to.equal(null);
  });
});

describe('URL policy: prefixDecides (does the static part before an expression settle the scheme?)', () => {
  const decided = ['https://x/', 'HTTPS:', 'https', 'mailto:', '/p/', '#', '?q=', 'page-', './', 'a/b', 'javax'];
  for (const prefix of decided) it(`${JSON.stringify(prefix)} settles it`, () => expect(prefixDecides(prefix)).to.equal(true));
  const open = [
    '',
    '  ',
    'j',
    'd',
    'VB',
    'java',
    'javascript:',
    'JavaScript:',
    'data:',
    'data:image/png;base64,',
    'java ',
    'vb&#115;cript:',
    'java\tscript:',
  ];
  for (const prefix of open) it(`${JSON.stringify(prefix)} leaves it open`, () => expect(prefixDecides(prefix)).to.equal(false));
});

/**
 * The send-readiness policy's checks (src/rendering/policy, docs/policy.md), each on small MJML trees: what
 * each rule finds, where it points, and what passes.
 */
import { expect } from 'chai';
import type { MjmlNode } from '../../src/domain/mjml-ast.js';
import { checkAlt, checkLang, checkTitle } from '../../src/rendering/policy/accessibility.js';
import { checkColorScheme, checkPreheader } from '../../src/rendering/policy/inbox-rules.js';
import { checkLinkText } from '../../src/rendering/policy/link-text.js';
import { checkClients, clientsMatching, EMAIL_CLIENTS } from '../../src/rendering/policy/client-support.js';
import {
  checkMarketingUnsubscribe,
  declaredHeaders,
  headerProblems,
  headerTemplateProblems,
  renderHeaders,
} from '../../src/rendering/policy/email-headers.js';
import { policyFindings } from '../../src/rendering/policy/check-policy.js';

const node = (tagName: string, attributes: MjmlNode['attributes'] = {}, children?: MjmlNode[], content?: string): MjmlNode => ({
  tagName,
  attributes,
  ...(children ? { children } : {}),
  ...(content !== undefined ? { content } : {}),
});
/** `<mjml attrs><mj-head>head</mj-head><mj-body><mj-section><mj-column>column</mj-column></mj-section>…body</mj-body></mjml>`. */
const email = (options: { attrs?: MjmlNode['attributes']; head?: MjmlNode[]; column?: MjmlNode[]; body?: MjmlNode[] } = {}): MjmlNode =>
  node('mjml', options.attrs ?? {}, [
    node('mj-head', {}, options.head ?? []),
    node('mj-body', {}, [node('mj-section', {}, [node('mj-column', {}, options.column ?? [])]), ...(options.body ?? [])]),
  ]);
const COLUMN = '/ast/children/1/children/0/children/0';

describe('send-readiness policy checks', () => {
  describe('lang', () => {
    it('wants <mjml lang>, not "und" and not absent', () => {
      expect(checkLang(email({ attrs: { lang: 'en' } }))).to.deep.equal([]);
      for (const attrs of [{}, { lang: 'und' }, { lang: ' ' }] as MjmlNode['attributes'][]) {
        const [finding] = checkLang(email({ attrs }));
        expect(finding).to.include({ rule: 'lang', severity: 'violation', pointer: '/ast' });
      }
    });
  });

  describe('title', () => {
    it('wants a non-empty mj-title, pointing at the mj-head when it lacks one', () => {
      expect(checkTitle(email({ head: [node('mj-title', {}, undefined, 'Your order')] }))).to.deep.equal([]);
      expect(checkTitle(email())[0]).to.include({ rule: 'title', pointer: '/ast/children/0' });
      expect(checkTitle(email({ head: [node('mj-title', {}, undefined, '  ')] }))[0]!.message).to.contain('an empty');
      expect(checkTitle(node('mjml', {}, [node('mj-body')]))[0]).to.include({ pointer: '/ast' });
    });
  });

  describe('alt', () => {
    it('finds an mj-image without alt and a linked mj-image with an empty one, at their pointers', () => {
      const found = checkAlt(
        email({
          column: [
            node('mj-image', { src: 'a.png' }),
            node('mj-image', { src: 'b.png', alt: '' }),
            node('mj-image', { src: 'c.png', alt: '', href: 'https://x.example' }),
            node('mj-image', { src: 'd.png', alt: 'Logo', href: 'https://x.example' }),
          ],
        }),
      );
      expect(found.map((f) => f.pointer)).to.deep.equal([`${COLUMN}/children/0`, `${COLUMN}/children/2`]);
      expect(found[1]!.message).to.contain('link');
    });

    it('finds <img> in HTML content without alt, and an image alone in a link with an empty alt', () => {
      const raw = node(
        'mj-raw',
        {},
        undefined,
        '<img src="x.png"><a href="/y"><img src="y.png" alt=""></a><a href="/z">Shop <img src="z.png" alt=""></a>',
      );
      const found = checkAlt(email({ body: [raw] }));
      expect(found.map((f) => f.pointer)).to.deep.equal(['/ast/children/1/children/1', '/ast/children/1/children/1']);
      expect(found[0]!.message).to.contain('x.png');
      expect(found[1]!.message).to.contain('y.png');
    });

    it('takes the alt <mj-attributes> gives every image', () => {
      const head = [node('mj-attributes', {}, [node('mj-image', { alt: '' })])];
      expect(checkAlt(email({ head, column: [node('mj-image', { src: 'a.png' })] }))).to.deep.equal([]);
    });
  });

  describe('link_text', () => {
    it('finds generic text in links and buttons, whatever the case and punctuation; not a specific one, not Handlebars', () => {
      const found = checkLinkText(
        email({
          column: [
            node('mj-button', { href: 'https://x.example' }, undefined, 'Read more →'),
            node('mj-button', { href: 'https://x.example' }, undefined, 'View your order'),
            node(
              'mj-text',
              {},
              undefined,
              'To unsubscribe <a href="https://x.example">Click HERE!</a>, or <a href="/p">see the privacy policy</a>',
            ),
            node('mj-text', {}, undefined, '<a href="/p">{{label}}</a>'),
            node('mj-button', {}, undefined, 'here'),
          ],
        }),
      );
      expect(found.map((f) => f.pointer)).to.deep.equal([`${COLUMN}/children/0`, `${COLUMN}/children/2`]);
      expect(found[1]!.message).to.contain('"Click HERE!"');
    });
  });

  describe('color_scheme', () => {
    it('takes a color-scheme meta in mj-raw or CSS color-scheme in mj-style; else points at the head', () => {
      const meta = node('mj-raw', {}, undefined, '<meta name="color-scheme" content="light dark">');
      expect(checkColorScheme(email({ head: [meta] }))).to.deep.equal([]);
      expect(checkColorScheme(email({ head: [node('mj-style', {}, undefined, ':root { color-scheme: light dark; }')] }))).to.deep.equal([]);
      expect(checkColorScheme(email({ head: [node('mj-style', {}, undefined, '.a { background-color: red; }')] }))[0]).to.include({
        rule: 'color_scheme',
        pointer: '/ast/children/0',
      });
    });
  });

  describe('preheader', () => {
    it('takes a non-empty mj-preview or metadata.preheader', () => {
      expect(checkPreheader(email({ head: [node('mj-preview', {}, undefined, 'Inside: 20% off')] }), {})).to.deep.equal([]);
      expect(checkPreheader(email(), { preheader: 'Hi {{name}}' })).to.deep.equal([]);
      expect(checkPreheader(email(), {})[0]).to.include({ rule: 'preheader', pointer: '/ast/children/0' });
      expect(checkPreheader(email(), { preheader: '' })[0]).to.include({ pointer: '/metadata/preheader' });
    });
  });

  describe('clients (caniemail through @jsx-email/doiuse-email)', () => {
    const flex = email({ body: [node('mj-raw', {}, undefined, '<div style="display:flex"><span>a</span></div>')] });

    it('display:flex in mj-raw is a violation under outlook.windows, naming the feature and the mj-raw pointer', () => {
      const found = checkClients(flex, ['outlook.windows']);
      const violation = found.find((f) => f.severity === 'violation' && f.feature === 'css-display-flex');
      expect(violation).to.include({ rule: 'clients', pointer: '/ast/children/1/children/1' });
      expect(violation!.message).to.contain('display:flex').and.to.contain('outlook.windows');
    });

    it('under gmail.* the same markup is partial support at most: warnings, no violation', () => {
      const found = checkClients(flex, ['gmail.*']);
      expect(found.filter((f) => f.severity === 'violation')).to.deep.equal([]);
      expect(found.some((f) => f.severity === 'warning' && f.feature === 'css-display-flex')).to.equal(true);
    });

    it('checks the CSS of mj-style, and leaves MJML components alone', () => {
      const styled = email({
        head: [node('mj-style', {}, undefined, '.a { display: grid; }')],
        column: [node('mj-image', { src: 'a.png' })],
      });
      const found = checkClients(styled, ['outlook.windows']);
      expect(found.find((f) => f.feature === 'css-display-grid')).to.include({
        pointer: '/ast/children/0/children/0',
        severity: 'violation',
      });
      expect(found.every((f) => f.pointer.startsWith('/ast/children/0'))).to.equal(true);
    });

    it('knows caniemail client names and globs', () => {
      expect(EMAIL_CLIENTS).to.include('outlook.windows').and.to.include('gmail.desktop-webmail');
      expect(clientsMatching('gmail.*')).to.include('gmail.ios');
      expect(clientsMatching('outlook.win')).to.deep.equal([]);
    });
  });

  describe('marketing_unsubscribe (RFC 8058)', () => {
    const headers = { 'List-Unsubscribe': '<https://x.example/u/{{t}}>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

    it('asks marketing templates only for both headers, names compared case-insensitively', () => {
      expect(checkMarketingUnsubscribe({ category: 'transactional' })).to.deep.equal([]);
      expect(checkMarketingUnsubscribe({ category: 'marketing', headers })).to.deep.equal([]);
      const lower = { 'list-unsubscribe': headers['List-Unsubscribe'], 'list-unsubscribe-post': headers['List-Unsubscribe-Post'] };
      expect(checkMarketingUnsubscribe({ category: 'marketing', headers: lower })).to.deep.equal([]);
      const none = checkMarketingUnsubscribe({ category: 'marketing' });
      expect(none.map((f) => f.pointer)).to.deep.equal(['/metadata/headers', '/metadata/headers']);
      expect(none[0]!.message).to.contain('List-Unsubscribe');
      expect(none[1]!.message).to.contain('List-Unsubscribe=One-Click');
    });

    it('refuses a List-Unsubscribe with no HTTPS URI and a List-Unsubscribe-Post of another value', () => {
      const found = checkMarketingUnsubscribe({
        category: 'marketing',
        headers: { 'List-Unsubscribe': '<mailto:u@x.example>', 'List-Unsubscribe-Post': 'One-Click' },
      });
      expect(found.map((f) => f.pointer)).to.deep.equal(['/metadata/headers/List-Unsubscribe', '/metadata/headers/List-Unsubscribe-Post']);
    });
  });

  describe('metadata.headers', () => {
    it('refuses a name that is not an RFC 5322 field name and a value holding CR or LF, naming the header', () => {
      expect(headerProblems(undefined)).to.deep.equal([]);
      expect(headerProblems({ 'X-Campaign': 'spring {{year}}' })).to.deep.equal([]);
      expect(headerProblems({ 'X Campaign': 'a' })[0]!.message).to.contain("'X Campaign'");
      expect(headerProblems({ 'X:Campaign': 'a' })).to.have.length(1);
      const [injected] = headerProblems({ 'X-Tag': 'a\nBcc: x@y.example' });
      expect(injected).to.include({ pointer: '/metadata/headers/X-Tag' });
      expect(headerProblems({ 'X-Tag': 3 })[0]!.message).to.contain('must be a string');
      expect(headerProblems(['a'])[0]!.pointer).to.equal('/metadata/headers');
      expect(declaredHeaders({ headers: { A: 'x', B: 2 } })).to.deep.equal({ A: 'x' });
    });

    it('refuses a value that does not parse as Handlebars; renders values, a line break from the data folded to a space', () => {
      expect(headerTemplateProblems({ headers: { 'X-Tag': '{{#if a}}x' } })[0]).to.include({ pointer: '/metadata/headers/X-Tag' });
      expect(headerTemplateProblems({ headers: { 'X-Tag': '{{a}}' } })).to.deep.equal([]);
      const rendered = renderHeaders({ 'X-Tag': 'a {{v}}' }, (template) => template.replace('{{v}}', 'b\r\nBcc: c'));
      expect(rendered).to.deep.equal({ 'X-Tag': 'a b Bcc: c' });
    });
  });

  describe('policyFindings', () => {
    it('checks the size budget, each required rule, and says which rules a dynamic template cannot have checked', () => {
      const subject = { ast: email(), dynamic: false, metadata: {}, htmlBytes: 2000 };
      const found = policyFindings({ htmlMaxBytes: 1000, require: ['title', 'lang'] }, subject);
      expect(found.map((f) => f.rule)).to.deep.equal(['html_max_bytes', 'title', 'lang']);
      expect(found[0]!.message).to.contain('2000').and.to.contain('1000');
      expect(policyFindings({ htmlMaxBytes: 2000 }, subject)).to.deep.equal([]);
      const dynamic = policyFindings({ require: ['title'], clients: ['gmail.*'] }, { ...subject, dynamic: true });
      expect(dynamic.map((f) => [f.rule, f.severity])).to.deep.equal([
        ['title', 'warning'],
        ['clients', 'warning'],
      ]);
      expect(policyFindings({}, subject)).to.deep.equal([]);
    });
  });
});

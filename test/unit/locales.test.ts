/** The fallback chain and the staleness rule of localized variants (src/domain/locales.ts, docs/locales.md). */
import { expect } from 'chai';
import { localeChain, pickLocale, possiblyStaleLocales } from '../../src/domain/locales.js';
import { canonicalJson } from '../../src/domain/content.js';

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

describe('localized variants', () => {
  it('walks the chain from the tag through its prefixes to the default locale', () => {
    expect(localeChain('zh-Hant-TW', 'en')).to.deep.equal(['zh-Hant-TW', 'zh-Hant', 'zh', 'en']);
    expect(localeChain('en-GB', 'en')).to.deep.equal(['en-GB', 'en']);
  });

  it('picks pt for pt-BR, the default for fr and for no locale, and nothing without locales', () => {
    const content = { defaultLocale: 'en', locales: { en: {}, de: { subject: 'Hallo' }, pt: {} } };
    expect(pickLocale(content, 'pt-BR')?.tag).to.equal('pt');
    expect(pickLocale(content, 'fr')?.tag).to.equal('en');
    expect(pickLocale(content, undefined)?.tag).to.equal('en');
    expect(pickLocale({ locales: { de: {} } }, 'fr')?.tag).to.equal('de'); // no default: the first variant
    expect(pickLocale({}, 'de')).to.equal(null);
  });

  it('reports the variants left as they were while the default text changed', () => {
    const before = {
      publishedHtml: '<p>{{t "a"}}</p>',
      metadata: {},
      defaultLocale: 'en',
      locales: { en: { strings: { a: 'A' } }, de: { strings: { a: 'Ä' } } },
    };
    const edited = { ...before, locales: { ...before.locales, en: { strings: { a: 'A!' } } } };
    expect(possiblyStaleLocales(before, edited, same)).to.deep.equal(['de']);
    expect(possiblyStaleLocales(before, { ...edited, locales: { ...edited.locales, de: { strings: { a: 'Ä!' } } } }, same)).to.deep.equal(
      [],
    );
    expect(possiblyStaleLocales(before, { ...before, metadata: { name: 'x' } }, same)).to.deep.equal([]); // name is not text
    expect(possiblyStaleLocales(before, { ...before, publishedHtml: '<p>{{t "a"}}!</p>' }, same)).to.deep.equal(['de']);
  });

  it('reports a variant with its own mjml when the markup changed and its mjml did not, whatever else of it changed', () => {
    const before = {
      publishedHtml: '<p>{{t "a"}}</p>',
      metadata: {},
      defaultLocale: 'en',
      locales: { en: { strings: { a: 'A' } }, de: { strings: { a: 'Ä' }, mjml: '<mjml>DE</mjml>' } },
    };
    const markup = { ...before, publishedHtml: '<p>{{t "a"}}!</p>' };
    const deStrings = { ...before.locales.de, strings: { a: 'Ä!' } };
    expect(possiblyStaleLocales(before, { ...markup, locales: { ...before.locales, de: deStrings } }, same)).to.deep.equal(['de']);
    const deMarkup = { ...deStrings, mjml: '<mjml>DE!</mjml>' };
    expect(possiblyStaleLocales(before, { ...markup, locales: { ...before.locales, de: deMarkup } }, same)).to.deep.equal([]);
    // Only the default's strings changed (not its markup): a variant with other strings is up to date.
    const enStrings = { ...before.locales, en: { strings: { a: 'A!' } }, de: deStrings };
    expect(possiblyStaleLocales(before, { ...before, locales: enStrings }, same)).to.deep.equal([]);
  });
});

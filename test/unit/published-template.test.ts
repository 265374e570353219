/**
 * The two normal forms of a published template: as stored (optional fields absent when unused, nothing but
 * the template's fields) and as presented (every optional field filled in with its default).
 */
import { expect } from 'chai';
import { publishedTemplateOf, publishedTemplateView } from '../../src/domain/published-template.js';
import { created, sampleAst } from '../support/events.js';

const base = { ast: sampleAst(), publishedHtml: '<p>Hello {{name}}</p>', mjmlVersion: '5.4.1' };
const extras = {
  partials: { footer: '<p>Bye</p>' },
  helpers: { shout: { use: 'upper' } },
  renderMode: 'dynamic' as const,
};

describe('publishedTemplateOf', () => {
  it('picks the template out of an event payload, dropping the event fields', () => {
    const data = created().data;
    const template = publishedTemplateOf(data);
    expect(template).to.deep.equal({ ast: data.ast, publishedHtml: data.publishedHtml, mjmlVersion: data.mjmlVersion });
    expect(Object.keys(template)).to.deep.equal(['ast', 'publishedHtml', 'mjmlVersion']);
  });

  it('leaves out optional fields that are undefined', () => {
    const template = publishedTemplateOf({ ...base, partials: undefined, helpers: undefined, renderMode: undefined });
    expect(Object.keys(template)).to.deep.equal(['ast', 'publishedHtml', 'mjmlVersion']);
  });

  it('keeps optional fields that are present, in a fixed order, and the same values', () => {
    const template = publishedTemplateOf({ renderMode: 'dynamic', helpers: extras.helpers, partials: extras.partials, ...base });
    expect(Object.keys(template)).to.deep.equal(['ast', 'publishedHtml', 'mjmlVersion', 'partials', 'helpers', 'renderMode']);
    expect(template.partials).to.equal(extras.partials);
    expect(template.helpers).to.equal(extras.helpers);
    expect(template.renderMode).to.equal('dynamic');
  });
});

describe('publishedTemplateView', () => {
  it('fills absent optional fields with their defaults: {} partials and helpers, static render mode', () => {
    expect(publishedTemplateView({ ...created().data })).to.deep.equal({
      ast: sampleAst(),
      publishedHtml: '<p>Hello {{name}}</p>',
      mjmlVersion: '5.4.1',
      partials: {},
      helpers: {},
      renderMode: 'static',
      defaultLocale: null,
      locales: {},
    });
  });

  it('keeps the optional fields a template has', () => {
    expect(publishedTemplateView({ ...base, ...extras })).to.deep.equal({ ...base, ...extras, defaultLocale: null, locales: {} });
  });

  it('keeps localized variants, and names the first variant the default when none is set', () => {
    const locales = { de: { subject: 'Hallo' }, en: { strings: { hi: 'Hi' } } };
    expect(publishedTemplateView({ ...base, locales })).to.include({ defaultLocale: 'de' });
    expect(publishedTemplateView({ ...base, locales, defaultLocale: 'en' })).to.deep.include({ defaultLocale: 'en', locales });
    expect(Object.keys(publishedTemplateOf({ ...base, locales, defaultLocale: 'en' }))).to.deep.equal([
      'ast',
      'publishedHtml',
      'mjmlVersion',
      'defaultLocale',
      'locales',
    ]);
  });
});

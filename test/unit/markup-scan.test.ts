import { expect } from 'chai';
import { INCLUDE_PLACEHOLDER, prepareMarkup } from '../../src/rendering/mjml/markup-scan.js';
import { parseMjmlMarkup } from '../../src/rendering/mjml/runtime.js';
import { findStructuralText } from '../../src/rendering/mjml/ast-checks.js';

const wrapIn = (body: string) => `<mjml><mj-body>${body}</mj-body></mjml>`;

describe('block-tag protection (markup import)', () => {
  it('wraps bare block tags between sections in mj-raw, one wrapper per tag', () => {
    const { markup, wrapped } = prepareMarkup(wrapIn('{{#if promo}}<mj-section></mj-section>{{else}}<mj-section></mj-section>{{/if}}'));
    expect(markup).to.equal(
      wrapIn(
        '<mj-raw>{{#if promo}}</mj-raw><mj-section></mj-section><mj-raw>{{else}}</mj-raw><mj-section></mj-section><mj-raw>{{/if}}</mj-raw>',
      ),
    );
    expect(wrapped.map((w) => [w.tag, w.parent])).to.deep.equal([
      ['{{#if promo}}', 'mj-body'],
      ['{{else}}', 'mj-body'],
      ['{{/if}}', 'mj-body'],
    ]);
  });

  it('wraps {{#each}}, whitespace control, inverse sections and comments around columns and components', () => {
    const source = wrapIn(
      '<mj-section>{{~#each cols~}}<mj-column>{{^vip}}<mj-text>x</mj-text>{{/vip}}{{!-- note --}}</mj-column>{{~/each~}}</mj-section>',
    );
    const tree = parseMjmlMarkup(prepareMarkup(source).markup, '');
    expect(findStructuralText(tree)).to.deep.equal([]);
    const raws: string[] = [];
    const walk = (n: { tagName: string; content?: string; children?: unknown[] }) => {
      if (n.tagName === 'mj-raw') raws.push(n.content ?? '');
      (n.children as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(tree);
    expect(raws).to.deep.equal(['{{~#each cols~}}', '{{^vip}}', '{{/vip}}', '{{!-- note --}}', '{{~/each~}}']);
  });

  it('leaves expressions inside ending tags and attributes alone', () => {
    const source = wrapIn(
      '<mj-section><mj-column><mj-text>{{#if a}}<b>{{name}}</b>{{/if}}</mj-text><mj-button href="{{#if a}}x{{/if}}">b</mj-button></mj-column></mj-section>',
    );
    expect(prepareMarkup(source)).to.deep.include({ markup: source, wrapped: [] });
  });

  it('does not wrap plain expressions or text (the import refuses or drops those), nor at the mjml root or in mj-head', () => {
    const source =
      '<mjml>{{#if a}}<mj-head>{{#if b}}<mj-title>t</mj-title>{{/if}}</mj-head><mj-body>{{name}} stray</mj-body>{{/if}}</mjml>';
    expect(prepareMarkup(source).wrapped).to.deep.equal([]);
  });

  it('keeps line numbers: wrapping adds no line breaks', () => {
    const source = wrapIn('\n{{#if a}}\n<mj-section>\n</mj-section>\n{{/if}}\n');
    const { markup, wrapped } = prepareMarkup(source);
    expect(markup.split('\n')).to.have.length(source.split('\n').length);
    expect(wrapped.map((w) => w.line)).to.deep.equal([2, 5]);
  });

  it('turns mj-include outside ending tags into placeholders, and leaves one inside mj-text as text', () => {
    const { markup, includes } = prepareMarkup(
      wrapIn('<mj-include path="a.mjml" /><mj-include path="b.mjml"></mj-include><mj-text><mj-include path="c" /></mj-text>'),
    );
    expect(includes).to.equal(2);
    expect(markup)
      .to.include(`<${INCLUDE_PLACEHOLDER} path="a.mjml" />`)
      .and.include(`</${INCLUDE_PLACEHOLDER}>`)
      .and.include('<mj-text><mj-include path="c" /></mj-text>');
  });
});

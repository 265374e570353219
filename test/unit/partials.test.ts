import { expect } from 'chai';
import Handlebars from 'handlebars';
import { findPartialCycle, partialCalls, PARTIAL_NAME } from '../../src/rendering/handlebars/partials.js';
import { analyzeTemplate } from '../../src/rendering/index.js';

const programs = (sources: Record<string, string>) =>
  new Map(Object.entries(sources).map(([name, text]) => [name, Handlebars.parse(text)]));

describe('project partials: calls and cycles', () => {
  it('lists the partials a program calls, in source order, without its own inline partials, @partial-block or dynamic ones', () => {
    const program = Handlebars.parse(
      '{{#if a}}{{> b}}{{/if}}{{#> c}}x{{/c}}{{> b}}{{#*inline "d"}}{{> e}}{{/inline}}{{> d}}{{> @partial-block}}{{> (lookup . "k")}}',
    );
    expect(partialCalls(program)).to.deep.equal(['b', 'c', 'e']);
  });

  it('finds no cycle in a chain or a diamond', () => {
    expect(findPartialCycle(programs({ a: '{{> b}}{{> c}}', b: '{{> d}}', c: '{{> d}}', d: 'leaf' }))).to.equal(null);
    expect(findPartialCycle(programs({}))).to.equal(null);
  });

  it('finds a self-call, through a block, an inline body or a conditional', () => {
    expect(findPartialCycle(programs({ a: '{{#if x}}{{> a}}{{/if}}' }))).to.deep.equal(['a', 'a']);
    expect(findPartialCycle(programs({ a: '{{#> a}}fallback{{/a}}' }))).to.deep.equal(['a', 'a']);
    expect(findPartialCycle(programs({ a: '{{#*inline "q"}}{{> a}}{{/inline}}{{> q}}' }))).to.deep.equal(['a', 'a']);
  });

  it('names the chain of a longer cycle, first repeated at the end', () => {
    expect(findPartialCycle(programs({ a: '{{> b}}', b: '{{> c}}', c: '{{> a}}', z: 'x' }))).to.deep.equal(['a', 'b', 'c', 'a']);
    expect(findPartialCycle(programs({ top: '{{> x}}', x: '{{> y}}', y: '{{> x}}' }))).to.deep.equal(['x', 'y', 'x']);
  });

  it('an inline partial of the same name shadows the project partial (no cycle)', () => {
    expect(findPartialCycle(programs({ a: '{{#*inline "a"}}inner{{/inline}}{{> a}}' }))).to.equal(null);
  });

  it('checks names', () => {
    for (const ok of ['footer', 'Footer_2', '_x', 'a.b-c', 'x'.repeat(64)]) expect(PARTIAL_NAME.test(ok), ok).to.equal(true);
    for (const bad of ['', '.x', '-x', 'a b', 'a/b', 'x'.repeat(65), '@partial-block']) expect(PARTIAL_NAME.test(bad), bad).to.equal(false);
  });
});

describe('analyzeTemplate with project partials', () => {
  it('counts what a partial reads with the context and hash arguments of each call', () => {
    const partials = programs({ card: '{{title}} {{price}} {{../shop}}', bare: '{{email}}' });
    const analysis = analyzeTemplate(Handlebars.parse('{{> bare}}{{#each items}}{{> card title=name}}{{/each}}{{> card order}}'), {
      partials,
    });
    expect(analysis.variables).to.deep.equal([
      'email',
      'items',
      'items[].name',
      'items[].price',
      'order',
      'order.price',
      'order.title',
      'shop',
    ]);
    expect(analysis.missingPartials).to.deep.equal([]);
  });

  it('does not follow a partial recursively, and a missing one is still missing', () => {
    const partials = programs({ a: '{{x}}{{> a}}' });
    const analysis = analyzeTemplate(Handlebars.parse('{{> a}}{{> b}}'), { partials });
    expect(analysis.variables).to.deep.equal(['x']);
    expect(analysis.missingPartials.map((p) => p.name)).to.deep.equal(['b']);
  });
});

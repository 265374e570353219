import { expect } from 'chai';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';
import { CHUNKS_PARAMETER, chunkedSpec } from '../../src/rendering/handlebars/static-chunks.js';
import { escapeJsonText } from '../../src/rendering/handlebars/json-output.js';
import { corpusTemplates, skipWithoutCorpus } from '../support/corpus.js';

const html = createHandlebars('html');
const roomy = { maxBytes: 100_000_000, maxIterations: 10_000_000 };
const long = (tag: string) =>
  `<${tag} style="font-family:'Helvetica Neue', Arial;color:#333">${'Lorem ipsum dolor sit amet. '.repeat(4)}</${tag}>`;

/** A source whose static runs hold what a code generator must escape: quotes, backslashes, tabs, CR/LF, U+2028, non-Latin-1. */
const SOURCE =
  `<!doctype html>\n<html>\t<body data-x="a\\b">${long('p')}\r\n{{name}}${long('h1')} \u2028 “quoted” ü` +
  `{{#each items}}${long('li')}{{this}}{{/each}}{{#if flag}}${long('em')}{{else}}${long('strong')}{{/if}}</body></html>`;
const CONTEXTS = [{ name: 'Ada', items: ['x', '<y>'], flag: true }, { name: '"B"\n', items: [], flag: false }, {}];

describe('static chunks (long literals read from the source)', () => {
  it('renders exactly what the plain code renders, with the long runs read as slices of the source', () => {
    const spec = precompileTemplate(html, SOURCE);
    const chunked = chunkedSpec(spec, SOURCE);
    expect(chunked.chunks.length).to.be.greaterThan(3);
    for (const chunk of chunked.chunks) expect(SOURCE).to.contain(chunk);
    expect(chunked.spec).to.contain(`${CHUNKS_PARAMETER}[0]`);
    expect(chunked.spec).to.not.contain('Lorem ipsum dolor sit amet. Lorem');
    const plain = loadTemplate(html, spec);
    const sliced = loadTemplate(html, chunked.spec, chunked.chunks);
    for (const context of CONTEXTS) expect(renderWithin(sliced, context, roomy)).to.equal(renderWithin(plain, context, roomy));
  });

  it("the JSON form's runs are slices of the HTML escaped as a JSON string, and it renders the same", () => {
    const json = createHandlebars('json');
    const spec = precompileTemplate(json, SOURCE);
    const chunked = chunkedSpec(spec, escapeJsonText(SOURCE));
    expect(chunked.chunks.length).to.be.greaterThan(3);
    const plain = loadTemplate(json, spec);
    const sliced = loadTemplate(json, chunked.spec, chunked.chunks);
    for (const context of CONTEXTS) {
      const output = renderWithin(sliced, context, roomy);
      expect(output).to.equal(renderWithin(plain, context, roomy));
      expect(JSON.parse(`"${output}"`)).to.equal(renderWithin(loadTemplate(html, precompileTemplate(html, SOURCE)), context, roomy));
    }
  });

  it('keeps a literal whose text the source does not hold, and short ones', () => {
    const spec = `{"main":function(){return "${'z'.repeat(80)}" + "short" + '${'"'.repeat(70)}';}}`;
    expect(chunkedSpec(spec, 'nothing alike').spec).to.equal(spec);
    const found = chunkedSpec(spec, `..${'z'.repeat(80)}..`);
    expect(found.chunks).to.deep.equal(['z'.repeat(80)]);
    expect(found.spec).to.equal(`{"main":function(){return ${CHUNKS_PARAMETER}[0] + "short" + '${'"'.repeat(70)}';}}`);
  });

  it('bounds its searches: literals out of order past the budget of whole-source searches stay literals', () => {
    const runs = Array.from({ length: 300 }, (_, i) => `run ${String(i).padStart(3, '0')} ${'x'.repeat(70)}`);
    const source = runs.map((run) => run + ' '.repeat(20_000)).join(''); // each run beyond the previous one's window
    const spec = [...runs]
      .reverse()
      .map((run) => `"${run}"`)
      .join(' + ');
    const chunked = chunkedSpec(spec, source);
    expect(chunked.chunks.length).to.equal(256); // the first found in the whole source, then 255 more searches
    expect(chunked.spec).to.contain(`"${runs[0]}"`);
  });

  it('keeps a literal with an escape it does not decode, and stops at code it cannot read', () => {
    const hex = `"\\x41${'a'.repeat(70)}"`;
    expect(chunkedSpec(hex, `A${'a'.repeat(70)}`).spec).to.equal(hex);
    const unterminated = `"${'a'.repeat(70)}`;
    expect(chunkedSpec(unterminated, 'a'.repeat(70)).spec).to.equal(unterminated);
  });

  it('renders every corpus template the same with and without chunks', function () {
    skipWithoutCorpus(this);
    let compared = 0;
    let chunks = 0;
    for (const corpus of corpusTemplates()) {
      let spec: string;
      try {
        spec = precompileTemplate(html, corpus.source);
      } catch {
        continue; // not Handlebars (Go templates, …): nothing to compare
      }
      const plain = loadTemplate(html, spec);
      const chunked = chunkedSpec(spec, corpus.source);
      const sliced = loadTemplate(html, chunked.spec, chunked.chunks);
      chunks += chunked.chunks.length;
      let expected: string;
      try {
        expected = renderWithin(plain, {}, roomy);
      } catch {
        continue; // needs helpers or data this bare environment lacks
      }
      expect(renderWithin(sliced, {}, roomy), corpus.name).to.equal(expected);
      compared += 1;
    }
    expect(compared).to.be.greaterThan(5);
    expect(chunks).to.be.greaterThan(compared);
  });
});

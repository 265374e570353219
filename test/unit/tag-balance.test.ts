/**
 * Issue 17, item 1: markup that does not close what it opened. What htmlparser2 (with mjml-parser-xml's
 * options) silently recovers from, found in the import scan with the line, the tag found and the tag
 * expected; sloppy HTML inside ending tags, which MJML keeps verbatim, is left alone.
 */
import { expect } from 'chai';
import { prepareMarkup } from '../../src/rendering/mjml/markup-scan.js';
import { parseWithIncludes } from '../../src/rendering/mjml/includes.js';
import { parseMjmlMarkup } from '../../src/rendering/mjml/runtime.js';
import { describeMismatch } from '../../src/rendering/mjml/tag-balance.js';
import { corpusTemplates, skipWithoutCorpus } from '../support/corpus.js';

const doc = (column: string) => `<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n${column}\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>`;
const scan = (markup: string) => prepareMarkup(markup).mismatches;
const found = (markup: string) => scan(markup).map(({ code, line, found, expected }) => ({ code, line, found, expected }));

describe('tag balance (markup import)', () => {
  it('a misspelt closing tag of mj-text: MJML drops its content; found </mj-txt>, expected </mj-text>', () => {
    const markup = doc('<mj-text>News for {{user.name}}</mj-txt>');
    // What MJML's parser makes of it: the text block is empty.
    const text = parseMjmlMarkup(markup, '').children![0]!.children![0]!.children![0]!.children![0]!;
    expect([text.tagName, text.content]).to.deep.equal(['mj-text', undefined]);
    const [mismatch, ...rest] = prepareMarkup(markup).mismatches;
    expect(rest).to.deep.equal([]);
    expect(mismatch).to.deep.include({ code: 'mismatched_tag', line: 5, found: '</mj-txt>', expected: '</mj-text>' });
    expect(describeMismatch(mismatch!)).to.equal(
      'line 5: found </mj-txt>, expected </mj-text> to close <mj-text> from line 5; MJML would drop everything inside that <mj-text>.',
    );
  });

  it('a closing tag of an outer element inside mj-text: found </mj-column>, expected </mj-text>', () => {
    expect(found(doc('<mj-text>Hi {{name}}</mj-column>'))[0]).to.deep.equal({
      code: 'mismatched_tag',
      line: 5,
      found: '</mj-column>',
      expected: '</mj-text>',
    });
  });

  it('a closing tag that matches nothing between structural elements, reported once (not again where the element is closed for it)', () => {
    expect(found(doc('<mj-text>x</mj-text>\n</mj-colum>'))).to.deep.equal([
      { code: 'mismatched_tag', line: 6, found: '</mj-colum>', expected: '</mj-column>' },
    ]);
    expect(found(doc('<mj-text>x</mj-text></mj-text>'))).to.deep.equal([
      { code: 'mismatched_tag', line: 5, found: '</mj-text>', expected: '</mj-column>' },
    ]);
  });

  it('an element left open: the closing tag that closes it for it, or the end of the file', () => {
    expect(found(doc('<mj-image src="a.png">\n<mj-text>lost</mj-text>'))).to.deep.equal([
      { code: 'mismatched_tag', line: 7, found: '</mj-column>', expected: '</mj-image>' },
    ]);
    expect(found('<mjml><mj-body><mj-section><mj-column>\n<mj-text>Hi {{name}}\n')).to.deep.equal([
      { code: 'unclosed_tag', line: 2, found: 'end of file', expected: '</mj-text>' },
    ]);
  });

  it('an element left open where the implied close loses nothing is marked lossless (a warning whatever the validation)', () => {
    const lossless = (markup: string) =>
      scan(markup).map((m) => ({ code: m.code, line: m.line, found: m.found, expected: m.expected, lossless: m.lossless ?? false }));
    expect(lossless('<mjml><mj-body></mj-body>')).to.deep.equal([
      { code: 'unclosed_tag', line: 1, found: 'end of file', expected: '</mjml>', lossless: true },
    ]);
    expect(lossless(doc('<mj-text>x</mj-text>\n<mj-image src="a.png">'))).to.deep.equal([
      { code: 'unclosed_tag', line: 6, found: '</mj-column>', expected: '</mj-image>', lossless: true },
    ]);
    // The same open element before an outer element's closing tag: the skipped </mj-column> is still a mismatch.
    expect(lossless('<mjml><mj-body><mj-section><mj-column>\n<mj-image src="a.png">\n</mj-section></mj-body></mjml>')).to.deep.equal([
      { code: 'unclosed_tag', line: 2, found: '</mj-section>', expected: '</mj-image>', lossless: true },
      { code: 'mismatched_tag', line: 3, found: '</mj-section>', expected: '</mj-column>', lossless: false },
    ]);
    // Elements swallowed by the open one are lost: not lossless.
    expect(lossless(doc('<mj-image src="a.png">\n<mj-text>lost</mj-text>'))[0]!.lossless).to.equal(false);
    expect(lossless('<mjml><mj-body><mj-section><mj-column>\n<mj-text>Hi\n')[0]!.lossless).to.equal(false);
  });

  it('content after the root element: text and elements (Handlebars comments are not content)', () => {
    expect(found(`${doc('<mj-text>x</mj-text>')}\nSent by {{shop}}`)).to.deep.equal([
      { code: 'dropped_content', line: 10, found: 'text "Sent by {{shop}}"', expected: 'end of file' },
    ]);
    expect(found(`${doc('<mj-text>x</mj-text>')}<mj-text>y</mj-text>`)).to.deep.equal([
      { code: 'dropped_content', line: 9, found: '<mj-text>', expected: 'end of file' },
    ]);
    expect(found(`${doc('<mj-text>x</mj-text>')}\n{{!-- v2 --}}\n{{! by design }}\n`)).to.deep.equal([]);
  });

  it('text before the root element, and an ending tag closed in another case (MJML cuts its content at the exact closing tag)', () => {
    expect(found(`Subject: Hi\n${doc('<mj-text>x</mj-text>')}`)).to.deep.equal([
      { code: 'dropped_content', line: 1, found: 'text "Subject: Hi"', expected: '<mjml>' },
    ]);
    const upper = doc('<mj-text>Hi there</MJ-TEXT>');
    expect(parseMjmlMarkup(upper, '').children![0]!.children![0]!.children![0]!.children![0]!.content).to.equal(undefined);
    expect(found(upper)).to.deep.equal([{ code: 'mismatched_tag', line: 5, found: '</MJ-TEXT>', expected: '</mj-text>' }]);
    expect(found(doc('<mj-text>Hi there</mj-text >'))).to.deep.equal([]);
  });

  it('leaves sloppy HTML inside ending tags alone: MJML keeps that content verbatim', () => {
    const sloppy = [
      '<mj-text><p>one<p>two<br>three</br></span></div><img src="a.png"></img></mj-text>',
      '<mj-raw><div class="wrap"></mj-raw><mj-text>x</mj-text><mj-raw></div></mj-raw>',
      '<mj-table><tr><td>a<td>b</tr></mj-table>',
      '<mj-text><mj-txt>stray</mj-txt></mj-text>',
      '<mj-image src="a.png" /><mj-button href="#">Go</mj-button><mj-spacer></mj-spacer>',
    ];
    for (const column of sloppy) expect(found(doc(column)), column).to.deep.equal([]);
  });

  it('counts lines from the file: a wrapped include fragment is reported at its own lines, its end as the end of the file', () => {
    const files = new Map([['part.mjml', '<mj-text>a</mj-text>\n<mj-button href="#">Go</mj-buton>\n']]);
    const { mismatches } = parseWithIncludes(doc('<mj-include path="./part.mjml" />'), files);
    expect(mismatches.map(({ file, line, found, expected }) => ({ file, line, found, expected }))).to.deep.equal([
      { file: 'part.mjml', line: 2, found: '</mj-buton>', expected: '</mj-button>' },
    ]);
    const open = parseWithIncludes(doc('<mj-include path="./part.mjml" />'), new Map([['part.mjml', '<mj-text>a\n']])).mismatches;
    expect(open.map(({ file, code, line, found }) => ({ file, code, line, found }))).to.deep.equal([
      { file: 'part.mjml', code: 'unclosed_tag', line: 1, found: 'end of file' },
    ]);
  });

  it('finds nothing in any corpus template or include', function () {
    skipWithoutCorpus(this);
    for (const template of corpusTemplates()) {
      if (!template.source.includes('<mjml>')) continue; // Handlebars-first: checked on the MJML they generate
      const files = new Map(Object.entries(template.includes).map(([key, text]) => [key, text] as [string, string]));
      expect(parseWithIncludes(template.source, files).mismatches, template.name).to.deep.equal([]);
    }
  });
});

/**
 * Render-time neutralisation (handlebars/safe-url.ts): which attributes are wrapped, that a wrapped
 * template renders exactly as before for safe values and `about:invalid` for refused ones, in both output
 * forms (HTML and JSON-escaped), and the whole-HTML scan used for dynamic revisions.
 */
import { expect } from 'chai';
import { createHandlebars, loadTemplate, precompileTemplate, renderWithin } from '../../src/rendering/handlebars/environment.js';
import { parseHandlebars } from '../../src/rendering/index.js';
import {
  SAFE_URL_HELPER,
  collectUrlFindings,
  neutraliseHtml,
  scrubText,
  wrapUrlAttributes,
} from '../../src/rendering/handlebars/safe-url.js';

const limits = { maxBytes: 1_000_000, maxIterations: 10_000 };
const html = createHandlebars();
const json = createHandlebars('json');

/** The source compiled as is (what a render did before this change). */
function plain(source: string) {
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return loadTemplate(html, precompileTemplate(html, parsed.program));
}

/**
 * The source as a revision load compiles it: URL attributes wrapped for the output form, compiled by that
 * form's environment (a worker), loaded by the HTML environment (the main thread loads both forms with it).
 */
function guarded(source: string, output: 'html' | 'json' = 'html') {
  const wrapped = wrapUrlAttributes(source, output);
  if (wrapped === null) throw new Error('did not wrap');
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return loadTemplate(html, precompileTemplate(output === 'json' ? json : html, wrapped.program ?? parsed.program));
}

const run = (template: ReturnType<typeof plain>, variables: Record<string, unknown>) =>
  collectUrlFindings(() => renderWithin(template, variables, limits));

describe('safe URLs: wrapUrlAttributes', () => {
  const count = (source: string) => wrapUrlAttributes(source)?.wrapped;

  it('wraps URL attributes whose scheme a render decides, and literal script URLs', () => {
    expect(count('<a href="{{url}}">x</a>')).to.equal(1);
    expect(count('<img src="{{img}}"><a href="java{{x}}">y</a>')).to.equal(2);
    expect(count('<a href="  {{~url}}">x</a>')).to.equal(1);
    expect(count('<a href="javascript:alert(1)">x</a>')).to.equal(1);
    expect(count('<a href="data:{{x}}">x</a>')).to.equal(1);
    expect(count('<form action="{{a}}"><button formaction="{{b}}"></button></form><td background="{{c}}"></td>')).to.equal(3);
    expect(count('<a {{#if x}}href="{{u}}"{{/if}}>x</a>')).to.equal(1);
    expect(count('<a href={{u}}>x</a>')).to.equal(1);
  });

  it('leaves alone values whose static prefix settles the scheme, other attributes, and comments', () => {
    expect(count('<a href="https://x.test/{{path}}">x</a>')).to.equal(0);
    expect(count('<a href="/p/{{id}}">x</a><a href="#{{anchor}}">y</a><a href="mailto:{{email}}">z</a>')).to.equal(0);
    expect(count('<img alt="{{alt}}" title="javascript:{{x}}"><a class="{{c}}">x</a>')).to.equal(0);
    expect(count('<!--[if mso]><v:fill src="{{bg}}" /><![endif]--><p>{{text}}</p>')).to.equal(0);
    expect(count('<a href="https://x.test">javascript:{{x}}</a>')).to.equal(0);
  });

  it('gives null when the wrapped source would not parse (a block opened in a value and closed outside it)', () => {
    expect(wrapUrlAttributes('<a href="{{#if a}}x" title="y{{/if}}">z</a>')).to.equal(null);
  });

  it(`names the attribute in the ${SAFE_URL_HELPER} call`, () => {
    expect(wrapUrlAttributes('<img src="{{i}}">')!.source).to.equal(
      `<img src="{{#${SAFE_URL_HELPER} "src"}}{{i}}{{/${SAFE_URL_HELPER}}}">`,
    );
  });
});

describe('safe URLs: rendering a wrapped template', () => {
  const source = '<p>{{name}}</p><a href="{{url}}">Go</a><img src="{{{img}}}" alt=""><a href="https://x.test/?a={{q}}&amp;b=1">k</a>';

  it('renders byte-equal to the plain template for safe values, with no finding', () => {
    for (const variables of [
      { name: 'Ada', url: 'https://e.test/p?a=1&b=2', img: 'https://cdn.test/i.png', q: 'x y' },
      { name: '<b>', url: '/relative', img: 'data:image/png;base64,AAAA', q: '' },
      { name: 'x', url: 'mailto:a@b.test', img: '', q: '"' },
      {},
    ]) {
      const { value, findings } = run(guarded(source), variables);
      expect(value).to.equal(renderWithin(plain(source), variables, limits));
      expect(findings).to.deep.equal([]);
    }
  });

  it('replaces refused values with about:invalid and reports attribute and scheme', () => {
    const { value, findings } = run(guarded(source), {
      name: 'Ada',
      url: 'JavaScript:alert(document.cookie)',
      img: 'data:text/html,<script>x</script>',
      q: 'z',
    });
    expect(value).to.equal(
      '<p>Ada</p><a href="about:invalid">Go</a><img src="about:invalid" alt=""><a href="https://x.test/?a=z&amp;b=1">k</a>',
    );
    expect(findings.map(({ attribute, scheme }) => ({ attribute, scheme }))).to.deep.equal([
      { attribute: 'href', scheme: 'javascript' },
      { attribute: 'src', scheme: 'data' },
    ]);
  });

  it('catches a scheme assembled from several expressions and entity-encoded values', () => {
    const split = guarded('<a href="{{a}}{{b}}">x</a><a href="{{{c}}}">y</a>');
    const { value, findings } = run(split, { a: 'java', b: 'script:alert(1)', c: 'javascript&colon;alert(2)' });
    expect(value).to.equal('<a href="about:invalid">x</a><a href="about:invalid">y</a>');
    expect(findings).to.have.length(2);
  });

  it('neutralises a literal script URL in the template on every render', () => {
    const { value, findings } = run(guarded('<a href="javascript:void(0)">x</a>'), {});
    expect(value).to.equal('<a href="about:invalid">x</a>');
    expect(findings[0]).to.include({ attribute: 'href', scheme: 'javascript' });
  });

  it('works inside #each with block params and ../ (context unchanged)', () => {
    const src = '{{#each links as |l i|}}<a href="{{l.url}}" title="{{../title}}{{i}}">{{@index}}</a>{{/each}}';
    const variables = { title: 'T', links: [{ url: 'https://a.test' }, { url: 'vbscript:x' }] };
    const { value } = run(guarded(src), variables);
    expect(value).to.equal('<a href="https://a.test" title="T0">0</a><a href="about:invalid" title="T1">1</a>');
  });

  it('does the same in the JSON-escaped form', () => {
    const variables = { name: 'A"da', url: 'java\tscript:alert(1)', img: 'https://c.test/"i".png', q: 'x' };
    const { value, findings } = run(guarded(source, 'json'), variables);
    const expected = renderWithin(plain(source.replace('{{url}}', 'about:invalid')), { ...variables, url: undefined }, limits);
    expect(JSON.parse(`"${value}"`)).to.equal(expected);
    expect(findings.map((f) => f.scheme)).to.deep.equal(['javascript']);
  });

  it('does not count the wrapped value twice against RENDER_MAX_BYTES', () => {
    const src = '<a href="{{url}}">x</a>';
    const url = `https://e.test/${'a'.repeat(500)}`;
    const exact = renderWithin(plain(src), { url }, limits).length;
    expect(() => renderWithin(guarded(src), { url }, { maxBytes: exact, maxIterations: 10 })).not.to.throw();
  });
});

describe('safe URLs: neutraliseHtml and scrubText', () => {
  it('replaces refused URL attribute values in rendered HTML, leaving everything else byte-equal', () => {
    const input =
      '<a href="https://ok.test">a</a><a href=\'vbscript:x\'>b</a><img src=javascript:y alt="javascript:z"><!-- <a href="javascript:c"> -->';
    const { html: out, findings } = neutraliseHtml(input);
    expect(out).to.equal(
      '<a href="https://ok.test">a</a><a href=\'about:invalid\'>b</a><img src=about:invalid alt="javascript:z"><!-- <a href="javascript:c"> -->',
    );
    expect(findings.map((f) => `${f.attribute} ${f.scheme}`)).to.deep.equal(['href vbscript', 'src javascript']);
    const clean = '<a href="https://ok.test">a</a>';
    expect(neutraliseHtml(clean).html).to.equal(clean);
  });

  it('scrubText replaces the refused values in a text part', () => {
    const { findings } = neutraliseHtml('<a href="javascript:alert(1)">Go</a>');
    expect(scrubText('Go [javascript:alert(1)]\nmore', findings)).to.equal('Go [about:invalid]\nmore');
  });
});

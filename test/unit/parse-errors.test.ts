import { expect } from 'chai';
import fc from 'fast-check';
import Handlebars from 'handlebars';
import { AVAILABLE_HELPERS } from '../../src/rendering/handlebars/environment.js';
import { parseHandlebars } from '../../src/rendering/index.js';
import {
  describeCompiledParseError,
  describeParseError,
  describeTemplateParseError,
  otherLanguageHint,
  type DescribeOptions,
  type ParseErrorDescription,
} from '../../src/rendering/handlebars/parse-errors.js';

/** An MJML document whose mj-text holds `body`: its first line is line 6 of the document. */
const mjml = (...body: string[]) =>
  [
    '<mjml>',
    '  <mj-body>',
    '    <mj-section>',
    '      <mj-column>',
    '        <mj-text>',
    ...body,
    '        </mj-text>',
    '      </mj-column>',
    '    </mj-section>',
    '  </mj-body>',
    '</mjml>',
  ].join('\n');

function thrown(source: string): unknown {
  try {
    Handlebars.parse(source);
  } catch (error) {
    return error;
  }
  throw new Error(`expected a parse error in ${JSON.stringify(source)}`);
}

const describe_ = (source: string, options?: DescribeOptions): ParseErrorDescription => describeParseError(source, thrown(source), options);
const sentence = (source: string, options?: DescribeOptions) => describe_(source, options).message;
const WITH_LIBRARY: DescribeOptions = {
  helpers: ['capitalize', 'currency', 'date', 'default', 'each', 'if', 'join', 'length', 'lower', 'truncate', 'upper'],
};
const BUILT_INS_ONLY: DescribeOptions = { helpers: ['each', 'if', 'lookup', 'unless', 'with'] };

describe('describeParseError', () => {
  describe('blocks', () => {
    it('names an unclosed block, where it opened, and the close it needs (line counted in the MJML sent)', () => {
      const source = mjml('Hi', '{{#each items}}', '  <p>{{name}}</p>');
      expect(describe_(source)).to.deep.equal({
        message: '`{{#each items}}` opened on line 7 is never closed with `{{/each}}`.',
        line: 7,
        column: 1,
        construct: '{{#each items}}',
      });
    });

    it('names the innermost of several unclosed blocks', () => {
      expect(sentence(mjml('{{#with order}}', '  {{#if paid}}', '  paid', '{{/with}}'))).to.equal(
        '`{{#if paid}}` opened on line 7 is still open at `{{/with}}` on line 9: close it with `{{/if}}` before `{{/with}}`.',
      );
      expect(sentence(mjml('{{#with order}}', '  {{#if paid}}paid'))).to.equal(
        '`{{#if paid}}` opened on line 7 is never closed with `{{/if}}`.',
      );
    });

    it("names both tags and both lines of a close that does not match its block (the line is the close's)", () => {
      const result = describe_(mjml('{{#if a}}', 'x', '{{/each}}'));
      expect(result).to.deep.equal({
        message: '`{{/each}}` on line 8 does not match `{{#if a}}` opened on line 6: write `{{/if}}`.',
        line: 8,
        column: 1,
        construct: '{{/each}}',
      });
    });

    it('tells a forgotten inner close from a typo', () => {
      expect(sentence(mjml('{{#each items}}', '  {{#if a}}', '  x', '{{/each}}'))).to.equal(
        '`{{#if a}}` opened on line 7 is still open at `{{/each}}` on line 9: close it with `{{/if}}` before `{{/each}}`.',
      );
    });

    it('names a close with no open block', () => {
      expect(describe_(mjml('text', '{{/each}}'))).to.include({
        message: '`{{/each}}` on line 7 closes a block that was never opened: remove it or open the block with `{{#each …}}` before it.',
        line: 7,
      });
    });

    it('names an {{else}} outside any block, and a second {{else}}', () => {
      expect(sentence(mjml('a', '{{else}}'))).to.equal(
        "`{{else}}` on line 7 is outside any block: it can only stand between a block's opening tag, like `{{#if …}}`, and its closing tag.",
      );
      expect(sentence(mjml('{{#if a}}', 'x{{else}}y', '{{else}}z', '{{/if}}'))).to.equal(
        '`{{else}}` on line 8 follows the `{{else}}` on line 7 of `{{#if a}}` opened on line 6: a block takes one `{{else}}`, with any `{{else if …}}` branches before it.',
      );
      expect(sentence(mjml('{{#if a}}x{{^}}y', '{{else if b}}z{{/if}}'))).to.equal(
        '`{{else if b}}` on line 7 follows the `{{^}}` on line 6 of `{{#if a}}` opened on line 6: a block takes one `{{else}}`, with any `{{else if …}}` branches before it.',
      );
    });

    it('names an {{else}} in a partial block', () => {
      expect(sentence(mjml('{{#> layout}}', 'a{{else}}b{{/layout}}'))).to.equal(
        '`{{else}}` on line 7 cannot be used in the partial block `{{#> layout}}` opened on line 6, which has no `{{else}}` part.',
      );
    });

    it('accepts what Handlebars accepts around the error: chains, inverse sections, raw blocks, comments, escapes, strings', () => {
      const fine = [
        '{{#if a}}1{{else if b}}2{{else}}3{{/if}}',
        '{{^items}}none{{/items}}',
        '{{{{raw}}}} {{#if}} {{{{/raw}}}}',
        '{{!-- {{#if}} --}}',
        '{{! {{#each }}',
        '\\{{#if literal}}',
        '{{x "}}{{#if" }}',
        '{{~#if a~}}x{{~/if~}}',
        '{{#*inline "row"}}r{{/inline}}',
      ];
      expect(sentence(mjml(...fine, '{{#unless b}}'))).to.equal('`{{#unless b}}` opened on line 15 is never closed with `{{/unless}}`.');
    });

    it('names an unclosed raw block, a mismatched raw close and an unclosed comment', () => {
      expect(sentence(mjml('{{{{raw}}}}', '{{x}}'))).to.equal('`{{{{raw}}}}` opened on line 6 is never closed with `{{{{/raw}}}}`.');
      expect(sentence(mjml('{{{{raw}}}}x', '{{{{/row}}}}'))).to.equal(
        '`{{{{/row}}}}` on line 7 does not match `{{{{raw}}}}` opened on line 6: write `{{{{/raw}}}}`.',
      );
      expect(sentence(mjml('ok', '{{!-- note', 'more'))).to.equal('The comment `{{!--` opened on line 7 is never closed with `--}}`.');
    });
  });

  describe('expressions', () => {
    it('names an unclosed mustache', () => {
      expect(describe_(mjml('Hello', 'Hi {{name', '!'))).to.deep.equal({
        message: '`{{name` on line 7 is never closed with `}}`.',
        line: 7,
        column: 4,
        construct: '{{name',
      });
      expect(sentence(mjml('{{first {{last}}'))).to.equal('`{{first` on line 6 is never closed with `}}`.');
    });

    it('names an empty expression, with an example of its kind', () => {
      expect(describe_(mjml('a', 'b {{}} c'))).to.deep.equal({
        message: '`{{}}` on line 7 is an empty expression: put a name inside it, e.g. `{{name}}`.',
        line: 7,
        column: 3,
        construct: '{{}}',
      });
      expect(sentence(mjml('{{#}}{{/if}}'))).to.equal(
        '`{{#}}` on line 6 is an empty expression: put a name inside it, e.g. `{{#if name}}`.',
      );
      expect(sentence(mjml('{{#if a}}x{{/}}'))).to.equal('`{{/}}` on line 6 is an empty expression: put a name inside it, e.g. `{{/if}}`.');
      expect(sentence(mjml('{{> }}'))).to.equal('`{{> }}` on line 6 is an empty expression: put a name inside it, e.g. `{{> name}}`.');
    });

    it('names braces that do not pair up', () => {
      expect(sentence(mjml('{{{html}}'))).to.equal('`{{{html}}` on line 6 opens with `{{{` but closes with `}}`: write `{{{html}}}`.');
      expect(sentence(mjml('{{name}}}'))).to.equal(
        '`{{name}}}` on line 6 opens with `{{` but closes with `}}}`: write `{{name}}` (or `{{{name}}}` to output HTML unescaped).',
      );
    });

    it('says what is wrong in an expression Handlebars rejects', () => {
      expect(sentence(mjml('ok {{a}}', '{{price amount code=}}'))).to.equal(
        '`{{price amount code=}}` on line 7 is not a valid Handlebars expression: a name or value is missing before `}}`.',
      );
      expect(sentence(mjml('{{x (lower y}}'))).to.equal(
        '`{{x (lower y}}` on line 6 is not a valid Handlebars expression: a `(` in it is never closed with `)`.',
      );
      expect(sentence(mjml('{{x =y}}'))).to.equal(
        '`{{x =y}}` on line 6 is not a valid Handlebars expression: Handlebars cannot read `=` there.',
      );
      expect(sentence(mjml('{{order/../total}}'))).to.equal(
        '`{{order/../total}}` on line 6 is not a valid Handlebars expression: `..`, `.` and `this` can only start a path, as in `../name` or `this.name`.',
      );
      expect(sentence(mjml('{{x "unclosed}}'))).to.equal(
        '`{{x "unclosed}}` on line 6 is not a valid Handlebars expression: a string or `[…]` in it is never closed.',
      );
      expect(sentence(mjml('{{#each items as |item}}{{/each}}'))).to.equal(
        '`{{#each items as |item}}` on line 6 is not a valid Handlebars expression: its block parameters `as |…|` are missing the closing `|`.',
      );
      expect(sentence(mjml('{{ #if a}}x{{/if}}'))).to.equal('`{{ #if a}}` on line 6 has a space between `{{` and `#`: write `{{#if a}}`.');
    });

    it('points at the first bad expression, not at a later or earlier good one', () => {
      const result = describe_(mjml('{{a}} {{b c}}', '{{d}} {{e f=}} {{g}}', '{{#if h}}{{/if}}'));
      expect([result.line, result.column, result.construct]).to.deep.equal([7, 7, '{{e f=}}']);
    });
  });

  describe('other template languages', () => {
    it('turns a Liquid filter into the helper call, with our helper names', () => {
      expect(describe_(mjml('Hello', '{{ name | upcase }}'), WITH_LIBRARY)).to.deep.equal({
        message:
          '`{{ name | upcase }}` on line 7 uses Liquid filter syntax, which Handlebars does not have: a helper comes before its arguments, `{{upper name}}`.',
        line: 7,
        column: 1,
        construct: '{{ name | upcase }}',
      });
      expect(sentence(mjml('{{ price | money }}'), WITH_LIBRARY)).to.equal(
        '`{{ price | money }}` on line 6 uses Liquid filter syntax, which Handlebars does not have: a helper comes before its arguments, `{{currency price code="USD" minor_units=true}}` (with your currency\'s code).',
      );
      expect(sentence(mjml('{{ title | truncate: 20, "..." | downcase }}'), WITH_LIBRARY)).to.equal(
        '`{{ title | truncate: 20, "..." | downcase }}` on line 6 uses Liquid filter syntax, which Handlebars does not have: a helper comes before its arguments, `{{lower (truncate title 20)}}`.',
      );
      expect(sentence(mjml('{{ tags | join: ", " }}'), WITH_LIBRARY)).to.match(/`\{\{join tags ", "\}\}`\.$/);
      expect(sentence(mjml('{{ items | size }}'), WITH_LIBRARY)).to.match(/`\{\{length items\}\}`\.$/);
      expect(sentence(mjml('{{ name | capitalize }}'), WITH_LIBRARY)).to.match(/`\{\{capitalize name\}\}`\.$/);
      expect(sentence(mjml('{{ at | date: "%b %d" }}'), WITH_LIBRARY)).to.match(/`\{\{date at\}\}`\.$/);
      expect(sentence(mjml('{{ nick | default: "friend" }}'), WITH_LIBRARY)).to.match(/`\{\{default nick "friend"\}\}`\.$/);
    });

    it('does not suggest a helper that is not available', () => {
      expect(sentence(mjml('{{ name | upcase }}'), BUILT_INS_ONLY)).to.equal(
        '`{{ name | upcase }}` on line 6 uses Liquid filter syntax, which Handlebars does not have, and Letterpress has no helper for `upcase`: format the value in the data you send and write `{{name}}`.',
      );
      expect(sentence(mjml('{{ name | default: "Guest" }}'), BUILT_INS_ONLY)).to.equal(
        '`{{ name | default: "Guest" }}` on line 6 uses Liquid filter syntax, which Handlebars does not have: write `{{#if name}}{{name}}{{else}}Guest{{/if}}`.',
      );
      expect(sentence(mjml('{{ name | strip }}'), WITH_LIBRARY)).to.include('Letterpress has no helper for `strip`');
    });

    it('suggests the helpers templates can call by default (AVAILABLE_HELPERS)', () => {
      const source = mjml('{{ name | upcase }}');
      expect(sentence(source)).to.equal(sentence(source, { helpers: AVAILABLE_HELPERS }));
    });

    it('rewrites a Go action Handlebars rejects', () => {
      expect(describe_(mjml('Hi', '{{.Props.Title}}'))).to.deep.equal({
        message: '`{{.Props.Title}}` on line 7 is Go template syntax: in Handlebars write `{{Props.Title}}`.',
        line: 7,
        column: 1,
        construct: '{{.Props.Title}}',
      });
    });

    it('leaves block parameters alone: {{#each items as |item|}} is Handlebars', () => {
      expect(sentence(mjml('{{#each items as |item|}}{{item}}'))).to.equal(
        '`{{#each items as |item|}}` opened on line 6 is never closed with `{{/each}}`.',
      );
    });
  });

  describe('fallback', () => {
    it("shortens Handlebars' own message to one line, with its line, when the scan explains nothing", () => {
      const error = new Error("Parse error on line 2:\na{{x}}\n---^\nExpecting 'ID', 'STRING', got 'CLOSE'");
      expect(describeParseError('a\n{{x}}', error)).to.deep.equal({ message: 'Handlebars cannot parse line 2: unexpected `}}`.', line: 2 });
      expect(describeParseError('{{x}}', new Error('Unexpected inverse block on decorator - 3:1'))).to.deep.equal({
        message: 'Handlebars cannot parse line 3: Unexpected inverse block on decorator.',
        line: 3,
      });
    });

    it('does not describe a mistake of a kind other than the one Handlebars reported', () => {
      // The scan finds the unclosed {{#if}}, but the error (made up) is about something else.
      const error = new Error("Parse error on line 1:\n{{#if a}}\n---^\nExpecting 'ID', got 'INVALID'");
      expect(describeParseError('{{#if a}}', error).message).to.equal('Handlebars cannot parse line 1: unexpected `i`.');
    });

    it("takes parseHandlebars' result as well as the thrown error", () => {
      for (const source of [mjml('{{#each items}}'), mjml('{{#if a}}', '{{/each}}'), mjml('{{ a | upcase }}')]) {
        const parsed = parseHandlebars(source);
        expect(parsed.ok).to.equal(false);
        expect(describeParseError(source, parsed)).to.deep.equal(describe_(source));
      }
    });
  });

  it('names the line it gives in the sentence, for any broken template (property)', () => {
    const piece = fc.constantFrom(
      '{{#if a}}',
      '{{/if}}',
      '{{#each xs}}',
      '{{/each}}',
      '{{else}}',
      '{{x}}',
      '{{',
      '}}',
      '{{}}',
      '\n',
      'text',
      '{{!--',
      '--}}',
      '{{ a | upcase }}',
      '{{{y}}',
      '"',
      '{{x "',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const source = mjml(pieces.join(''));
        let error: unknown;
        try {
          Handlebars.parse(source);
          return;
        } catch (e) {
          error = e;
        }
        const result = describeParseError(source, error);
        expect(result.line).to.be.within(1, source.split('\n').length);
        expect(result.message).to.include(`line ${result.line}`);
        expect(result.message.split('\n')).to.have.length(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('otherLanguageHint', () => {
  it('finds Liquid tags, which Handlebars leaves as text', () => {
    expect(otherLanguageHint(mjml('Hi', '{% if customer.vip %}VIP{% endif %}'))).to.deep.equal({
      line: 7,
      message:
        '`{% if customer.vip %}` on line 7 is a Liquid tag, which Handlebars leaves as plain text: write `{{#if customer.vip}}…{{/if}}`.',
    });
    expect(otherLanguageHint(mjml('{% for item in cart.items %}{{ item.title }}{% endfor %}'))).to.deep.equal({
      line: 6,
      message:
        '`{% for item in cart.items %}` on line 6 is a Liquid tag, which Handlebars leaves as plain text: write `{{#each cart.items as |item|}}…{{/each}}`.',
    });
    expect(otherLanguageHint(mjml('{% if a == 1 %}x{% endif %}'))!.message).to.equal(
      "`{% if a == 1 %}` on line 6 is a Liquid tag, which Handlebars leaves as plain text: Handlebars' `{{#if}}` tests a single value, so compute the condition in the data you send and write `{{#if flag}}…{{/if}}`.",
    );
    expect(otherLanguageHint(mjml('{% else %}'))!.message).to.match(/write `\{\{else\}\}`\.$/);
    expect(otherLanguageHint(mjml('{% endfor %}'))!.message).to.match(/write `\{\{\/each\}\}`\.$/);
  });

  it('finds Liquid filters', () => {
    expect(otherLanguageHint(mjml('a', 'b', '{{ price | money }}'), WITH_LIBRARY)).to.deep.equal({
      line: 8,
      message:
        '`{{ price | money }}` on line 8 uses Liquid filter syntax, which Handlebars does not have: a helper comes before its arguments, `{{currency price code="USD" minor_units=true}}` (with your currency\'s code).',
    });
  });

  it('rewrites the Go actions findGoTemplateSyntax finds', () => {
    const hint = (body: string) => otherLanguageHint(mjml(body));
    expect(hint('{{.Name}}')).to.deep.equal({
      line: 6,
      message: '`{{.Name}}` on line 6 is Go template syntax: in Handlebars write `{{Name}}`.',
    });
    expect(hint('{{if .Props.Paid}}paid{{end}}')!.message).to.equal(
      '`{{if .Props.Paid}}` on line 6 is Go template syntax: in Handlebars write `{{#if Props.Paid}}…{{/if}}`.',
    );
    expect(hint('{{range .Items}}{{.}}{{end}}')!.message).to.equal(
      '`{{range .Items}}` on line 6 is Go template syntax: in Handlebars write `{{#each Items}}…{{/each}}`.',
    );
    expect(hint('{{range $i, $e := .Items}}{{end}}')!.message).to.equal(
      '`{{range $i, $e := .Items}}` on line 6 is Go template syntax: in Handlebars write `{{#each Items as |e i|}}…{{/each}}`.',
    );
    expect(hint('x {{end}}')!.message).to.equal(
      '`{{end}}` on line 6 is Go template syntax: Handlebars closes a block by its name, `{{/if}}`, `{{/each}}` or `{{/with}}`.',
    );
    expect(hint('{{- .Name -}}')!.message).to.equal(
      '`{{- .Name -}}` on line 6 trims whitespace with `-` (Go templates, Liquid): Handlebars writes `~`, `{{~Name~}}`.',
    );
    expect(hint('{{template "footer" .}}')!.message).to.equal(
      '`{{template "footer" .}}` on line 6 is Go template syntax: Handlebars uses inline partials instead, `{{#*inline "name"}}…{{/inline}}` and `{{> name}}`.',
    );
    expect(hint('{{$x := .A}}')!.message).to.equal(
      '`{{$x := .A}}` on line 6 is Go template syntax, and Handlebars has no variables: put the value in the data you send.',
    );
  });

  it('gives the first in source order, and null for plain Handlebars', () => {
    expect(otherLanguageHint(mjml('{{.Early}}', '{% if late %}'))!.line).to.equal(6);
    expect(otherLanguageHint(mjml('{% if early %}', '{{.Late}}'))!.line).to.equal(6);
    expect(otherLanguageHint(mjml('{{#each items as |item|}}{{item.name}}{{/each}} {{x "a | b"}} {{.}} {{../y}}'))).to.equal(null);
  });
});

describe('describeTemplateParseError', () => {
  it('counts the line in the file that fails and names an include in detail, the same line in the problem', () => {
    const footer = [
      '<mj-section>',
      '  <mj-column>',
      '    <mj-text>{{#if unsubscribe}}Unsubscribe</mj-text>',
      '  </mj-column>',
      '</mj-section>',
    ].join('\n');
    const main = mjml('Hello');
    const markup = `${main}\n${footer}`; // stands for the assembled template: the lines differ from the files'
    expect(
      describeTemplateParseError(markup, [
        { file: '', text: main },
        { file: 'parts/footer.mjml', text: footer },
      ]),
    ).to.deep.equal({
      detail: 'In parts/footer.mjml: `{{#if unsubscribe}}` opened on line 3 is never closed with `{{/if}}`.',
      problem: { file: 'parts/footer.mjml', line: 3, message: '`{{#if unsubscribe}}` opened on line 3 is never closed with `{{/if}}`.' },
    });
  });

  it('gives no file name in detail for the template itself', () => {
    const main = mjml('a', '{{/each}}');
    expect(describeTemplateParseError(main, [{ file: '', text: main }]).detail).to.equal(
      '`{{/each}}` on line 7 closes a block that was never opened: remove it or open the block with `{{#each …}}` before it.',
    );
  });

  it('describes the assembled template, and says so, when the mistake spans files', () => {
    const header = '{{#each items}}';
    const footer = '{{/if}}';
    const markup = `${header}\n<p>x</p>\n${footer}`;
    expect(
      describeTemplateParseError(markup, [
        { file: '', text: header },
        { file: 'footer.mjml', text: footer },
      ]),
    ).to.deep.equal({
      detail:
        '`{{/if}}` on line 3 does not match `{{#each items}}` opened on line 1: write `{{/each}}` (lines counted in the template with its includes inserted).',
      problem: {
        line: 3,
        message:
          '`{{/if}}` on line 3 does not match `{{#each items}}` opened on line 1: write `{{/each}}` (lines counted in the template with its includes inserted).',
      },
    });
  });
});

describe('describeCompiledParseError', () => {
  it('points at the tag in the source, not at the line of the HTML', () => {
    const source = mjml('x').replace('<mj-column>', '<mj-column width="{{#if wide}}100%{{/if}}">');
    const html = `<html>\n<style>\n.mj-column-per-NaN { width:NaN%{{/if}} !important; }\n</style>\n</html>`;
    expect(describeCompiledParseError(html, [{ file: '', text: source }])).to.deep.equal({
      detail:
        'After MJML compilation the HTML is not valid Handlebars at `{{/if}}` (line 4 of the template): Handlebars in CSS or in typed attributes (color, padding, width) does not survive MJML, so keep expressions in text, href, src and alt.',
      problems: [{ file: '', line: 4, message: '`{{/if}}` is not valid Handlebars after MJML compilation' }],
    });
  });

  it('gives no line when the tag occurs more than once in the sources', () => {
    const source = mjml('{{#if a}}x{{/if}}').replace('<mj-column>', '<mj-column width="{{#if wide}}100%{{/if}}">');
    const { detail, problems } = describeCompiledParseError('width:NaN%{{/if}}', [{ file: '', text: source }]);
    expect(detail).to.match(/^After MJML compilation the HTML is not valid Handlebars at `\{\{\/if\}\}`: /);
    expect(problems).to.deep.equal([{ message: '`{{/if}}` is not valid Handlebars after MJML compilation' }]);
  });
});

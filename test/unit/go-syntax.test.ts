import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { findGoTemplateSyntax } from '../../src/rendering/handlebars/go-syntax.js';
import { CORPUS_DIR, describeCorpus } from '../support/corpus.js';

const snippets = (source: string) => findGoTemplateSyntax(source).map((f) => f.snippet);

describe('findGoTemplateSyntax', () => {
  it('finds a leading-dot field path and gives its 1-based line and column', () => {
    const source = '<mj-text>\n  Hi {{.Props.Title}}, see {{ .Props.SiteURL }}\n</mj-text>';
    expect(findGoTemplateSyntax(source)).to.deep.equal([
      { line: 2, column: 6, snippet: '{{.Props.Title}}' },
      { line: 2, column: 28, snippet: '{{ .Props.SiteURL }}' },
    ]);
  });

  it('finds dot fields passed as arguments and in triple-stash', () => {
    expect(snippets('{{printf "%s" .Name}} {{{ .Html }}}')).to.deep.equal(['{{printf "%s" .Name}}', '{{{ .Html }}}']);
  });

  it('leaves alone the dot forms Handlebars accepts: {{.}}, {{./x}}, {{../x}}, {{this.x}}', () => {
    expect(findGoTemplateSyntax('{{.}} {{./name}} {{../order.currency}} {{this.first}} {{ . }}')).to.deep.equal([]);
  });

  it('finds Go control actions: end, if/range/with without #, else range', () => {
    const source = '{{if .Ok}}a{{end}} {{range .Items}}{{.}}{{end}} {{with $u}}{{end}} {{if ready}} {{else range .X}}';
    expect(snippets(source)).to.deep.equal([
      '{{if .Ok}}',
      '{{end}}',
      '{{range .Items}}',
      '{{end}}',
      '{{with $u}}',
      '{{end}}',
      '{{if ready}}',
      '{{else range .X}}',
    ]);
  });

  it('finds a Go-style {{else if}} but not Handlebars chaining {{else if x}}', () => {
    expect(snippets('{{if .A}}a{{else if .B}}b{{else if $c}}c{{end}}')).to.deep.equal([
      '{{if .A}}',
      '{{else if .B}}',
      '{{else if $c}}',
      '{{end}}',
    ]);
    expect(findGoTemplateSyntax('{{#if a}}a{{else if b}}b{{else with c}}{{else}}d{{/if}}')).to.deep.equal([]);
  });

  it('finds template, define and block actions', () => {
    expect(snippets('{{define "footer"}}x{{end}}{{template "footer" .}}{{block "main" .}}m{{end}}')).to.deep.equal([
      '{{define "footer"}}',
      '{{end}}',
      '{{template "footer" .}}',
      '{{block "main" .}}',
      '{{end}}',
    ]);
    // A Handlebars helper that happens to be called `template` takes no Go string name.
    expect(findGoTemplateSyntax('{{template name}}')).to.deep.equal([]);
  });

  it('finds trim markers {{- and -}} but not Handlebars ~ or a negative number', () => {
    expect(snippets('{{- .A}} {{b -}} {{- c -}}')).to.deep.equal(['{{- .A}}', '{{b -}}', '{{- c -}}']);
    expect(findGoTemplateSyntax('{{~a~}} {{~#if b~}}{{/if}} {{add -1 x}}')).to.deep.equal([]);
  });

  it('finds variable declarations and assignments', () => {
    expect(snippets('{{$x := .Y}} {{$x = 2}} {{range $i, $e := .Items}}')).to.deep.equal([
      '{{$x := .Y}}',
      '{{$x = 2}}',
      '{{range $i, $e := .Items}}',
    ]);
  });

  it('finds Go comments', () => {
    expect(snippets('{{/* a comment */}}{{/if}}')).to.deep.equal(['{{/* a comment */}}']);
  });

  it('skips Handlebars comments, escaped mustaches, raw blocks and string contents', () => {
    const source = [
      '{{!-- old: {{.Props.Title}} {{end}} --}}',
      '{{! {{end}} }}',
      '\\{{.Props.Title}}',
      '{{{{raw}}}}{{.Props.Title}}{{end}}{{{{/raw}}}}',
      '{{t "see .Net := later"}}',
    ].join('\n');
    expect(findGoTemplateSyntax(source)).to.deep.equal([]);
  });

  it('keeps scanning after a skipped block and reports positions after it', () => {
    const found = findGoTemplateSyntax('{{{{raw}}}}{{x}}{{{{/raw}}}}\n  {{end}}');
    expect(found).to.deep.equal([{ line: 2, column: 3, snippet: '{{end}}' }]);
  });

  it('shortens long snippets to 80 characters', () => {
    const [snippet] = snippets(`{{.Props.${'A'.repeat(100)}}}`);
    expect(snippet).to.have.length(80);
    expect(snippet?.endsWith('…')).to.equal(true);
  });

  it('returns nothing for an unclosed {{ and for plain text', () => {
    expect(findGoTemplateSyntax('text {{.Props')).to.deep.equal([]);
    expect(findGoTemplateSyntax('<mj-text>no expressions</mj-text>')).to.deep.equal([]);
  });
});

describeCorpus('findGoTemplateSyntax on the shared corpus', () => {
  // Every corpus file with its source repository, from MANIFEST.md ("| file | owner/repo @ commit …").
  const manifest = readFileSync(join(CORPUS_DIR, 'MANIFEST.md'), 'utf8');
  const sourceOf = new Map<string, string>();
  for (const match of manifest.matchAll(/^\| ([\w./-]+\.(?:mjml|css)) \| ([\w.-]+\/[\w.-]+) @/gm)) {
    sourceOf.set(match[1]!, match[2]!);
  }
  const files = listFiles(CORPUS_DIR)
    .map((file) => relative(CORPUS_DIR, file))
    .filter((file) => /\.(mjml|css)$/.test(file))
    .sort();
  const text = (file: string) => readFileSync(join(CORPUS_DIR, file), 'utf8');
  const actions = (source: string) => source.match(/\{\{[\s\S]*?\}\}/g) ?? [];

  it('knows the source of every corpus file from MANIFEST.md', () => {
    expect(files.length).to.be.greaterThan(40);
    expect(files.filter((file) => !sourceOf.has(file))).to.deep.equal([]);
  });

  it('flags every Go action of the Mattermost templates and partials (only {{else}} is shared syntax)', () => {
    const mattermost = files.filter((file) => sourceOf.get(file) === 'mattermost/mattermost');
    expect(mattermost.length).to.equal(14);
    for (const file of mattermost) {
      const source = text(file);
      const goActions = actions(source).filter((action) => action !== '{{else}}');
      expect(
        findGoTemplateSyntax(source).map((f) => f.snippet),
        file,
      ).to.deep.equal(goActions);
    }
    // Only the two style files (CSS and mj-attributes) carry no template syntax at all.
    const withoutActions = mattermost.filter((file) => actions(text(file)).length === 0);
    expect(withoutActions).to.deep.equal(['partials/style.css', 'partials/style.mjml']);
  });

  it('finds nothing in any Saleor, City of Boston, Vendure or mjml-python file or partial', () => {
    const others = files.filter((file) => sourceOf.get(file) !== 'mattermost/mattermost');
    const sources = new Set(others.map((file) => sourceOf.get(file)));
    expect([...sources].sort()).to.deep.equal([
      'CityOfBoston/digital',
      'FelixSchwarz/mjml-python',
      'saleor/saleor-email-templates',
      'vendure-ecommerce/vendure',
    ]);
    for (const file of others) expect(findGoTemplateSyntax(text(file)), file).to.deep.equal([]);
  });

  it('points at the bare Go conditional of payment_failed_body', () => {
    const found = findGoTemplateSyntax(text('mattermost-payment_failed_body.mjml'));
    expect(found).to.deep.include({ line: 29, column: 11, snippet: '{{if .IncludeSecondaryActionButton}}' });
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

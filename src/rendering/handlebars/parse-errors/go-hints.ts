/**
 * Hints for Go `text/template` actions written in a Handlebars template (`{{.Name}}`, `{{if .X}}`,
 * `{{range .Items}}`, `{{end}}`, as `findGoTemplateSyntax` finds them): how to write each in Handlebars.
 */

const GO_PATH = /^(?:\.|\.?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;

/** Go path `.Props.Title` → Handlebars `Props.Title` (`.` → `this`), or null when it is not a plain path. */
function goPath(expression: string): string | null {
  if (!GO_PATH.test(expression)) return null;
  if (expression === '.') return 'this';
  return expression.startsWith('.') ? expression.slice(1) : expression;
}

/** How to write Go action `snippet` (as `findGoTemplateSyntax` gives it) in Handlebars. */
export function goMessage(snippet: string, line: number): string {
  const opening = /^\{\{\{?/.exec(snippet)![0];
  const inner = snippet.slice(opening.length).replace(/\}?\}\}$/, '');
  const trimLeft = /^-\s/.test(inner);
  const trimRight = /\s-$/.test(inner);
  const body = inner.replace(/^-\s/, '').replace(/\s-$/, '').trim();
  const lead = `\`${snippet}\` on line ${line} is Go template syntax`;
  const write = (handlebars: string) => `${lead}: in Handlebars write \`${handlebars}\`.`;
  const wrap = (text: string) => `${opening}${trimLeft ? '~' : ''}${text}${trimRight ? '~' : ''}${'}'.repeat(opening.length)}`;

  if (body.startsWith('/*')) return write('{{!-- … --}}');
  if (body === 'end') return `${lead}: Handlebars closes a block by its name, \`{{/if}}\`, \`{{/each}}\` or \`{{/with}}\`.`;
  const control = /^(else\s+)?(if|with|range)\s+([\s\S]+)$/.exec(body);
  if (control) {
    const [, chained, keyword, rest] = control;
    const helper = keyword === 'range' ? 'each' : keyword!;
    const loop = keyword === 'range' ? /^\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:=\s*(.+)$/.exec(rest!.trim()) : null;
    const value = goPath((loop ? loop[3]! : rest!).trim());
    if (value === null) return `${lead}: Handlebars' \`{{#${helper}}}\` takes a single value, so compute it in the data you send.`;
    const params = loop ? ` as |${loop[2] ? `${loop[2]} ${loop[1]}` : loop[1]}|` : '';
    return write(chained ? `{{else ${helper} ${value}}}` : `{{#${helper} ${value}${params}}}…{{/${helper}}}`);
  }
  if (/^(template|define|block)\s/.test(body))
    return `${lead}: Handlebars uses inline partials instead, \`{{#*inline "name"}}…{{/inline}}\` and \`{{> name}}\`.`;
  if (/\$[A-Za-z_]\w*\s*(,\s*\$[A-Za-z_]\w*\s*)?:?=(?!=)/.test(body))
    return `${lead}, and Handlebars has no variables: put the value in the data you send.`;
  const path = goPath(body);
  if (path !== null) {
    if (trimLeft || trimRight)
      return `\`${snippet}\` on line ${line} trims whitespace with \`-\` (Go templates, Liquid): Handlebars writes \`~\`, \`${wrap(path)}\`.`;
    return write(wrap(path));
  }
  return `${lead}: in Handlebars a field has no leading dot (\`{{.Name}}\` → \`{{Name}}\`), and a helper takes its arguments after its name.`;
}

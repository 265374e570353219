/**
 * `otherLanguageHint`: the first construct of a template written in another template language
 * (a Liquid filter or tag, a Go action), with how to write it in Handlebars.
 */
import { AVAILABLE_HELPERS } from '../environment.js';
import { findGoTemplateSyntax } from '../go-syntax.js';
import type { DescribeOptions } from './description.js';
import { goMessage } from './go-hints.js';
import { LIQUID_TAG, liquidFilter, liquidFilterMessage, liquidTagMessage } from './liquid-hints.js';
import { Positions } from './positions.js';
import { isolatedParseError } from './problem-finder.js';
import { scanTags } from './tag-scanner.js';

/**
 * The first construct of `source`, in source order, written in another template language, with how
 * to write it in Handlebars: a Liquid filter (`{{ name | upcase }}`), a Liquid tag (`{% if x %}`,
 * `{% for item in items %}`; Handlebars leaves them as text), or a Go `text/template` action
 * (`{{.Name}}`, `{{if .X}}`, `{{range .Items}}`, `{{end}}`: those `findGoTemplateSyntax` finds).
 * Null when there is none. Helpers are suggested only when `options.helpers` (default
 * `AVAILABLE_HELPERS`) has them.
 */
export function otherLanguageHint(source: string, options: DescribeOptions = {}): { line: number; message: string } | null {
  const helpers = options.helpers ?? AVAILABLE_HELPERS;
  const positions = new Positions(source);
  const hits: Array<{ index: number; message: (line: number) => string }> = [];

  for (const item of scanTags(source)) {
    if ('problem' in item) break;
    const filter = item.tag.kind === 'plain' ? liquidFilter(item.tag) : null;
    if (filter && isolatedParseError(item.tag) !== null) {
      hits.push({ index: item.tag.start, message: (line) => liquidFilterMessage(item.tag, line, filter, helpers) });
      break;
    }
  }
  const liquidTag = LIQUID_TAG.exec(source);
  if (liquidTag) hits.push({ index: liquidTag.index, message: (line) => liquidTagMessage(liquidTag, line) });
  const go = findGoTemplateSyntax(source)[0];
  if (go) hits.push({ index: positions.index(go.line, go.column), message: (line) => goMessage(go.snippet, line) });

  const first = hits.sort((a, b) => a.index - b.index)[0];
  if (!first) return null;
  const { line } = positions.of(first.index);
  return { line, message: first.message(line) };
}

/**
 * The sentences: one sentence a person can act on for each kind of `Problem` the finder reports,
 * with the line (and column) it names and the template text it is about. An expression Handlebars
 * rejects is first checked for Go actions and Liquid filters, which get a hint of how to write them.
 */
import { findGoTemplateSyntax } from '../go-syntax.js';
import type { ParseErrorDescription } from './description.js';
import { goMessage } from './go-hints.js';
import { GOT, caretText, tokenText } from './handlebars-error.js';
import { liquidFilter, liquidFilterMessage } from './liquid-hints.js';
import { firstLine, show, type Positions } from './positions.js';
import { innerOf, type Problem, type Tag } from './tags.js';

export function describeProblem(problem: Problem, positions: Positions, helpers: readonly string[]): ParseErrorDescription {
  const at = (index: number, construct: string, message: (line: number) => string): ParseErrorDescription => {
    const { line, column } = positions.of(index);
    return { message: message(line), line, column, construct };
  };
  const lineOf = (tag: Tag) => positions.of(tag.start).line;
  switch (problem.kind) {
    case 'unclosedBlock': {
      const { open } = problem;
      return at(
        open.start,
        show(open.text),
        (line) => `\`${show(open.text)}\` opened on line ${line} is never closed with \`{{/${open.name}}}\`.`,
      );
    }
    case 'unclosedRaw': {
      const { open, name } = problem;
      return at(
        open.start,
        show(open.text),
        (line) => `\`${show(open.text)}\` opened on line ${line} is never closed with \`{{{{/${name}}}}}\`.`,
      );
    }
    case 'unclosedComment': {
      const construct = problem.long ? '{{!--' : firstLine(positions.source.slice(problem.start));
      return at(
        problem.start,
        construct,
        (line) => `The comment \`${construct}\` opened on line ${line} is never closed with \`${problem.long ? '--}}' : '}}'}\`.`,
      );
    }
    case 'unclosedMustache': {
      const construct = firstLine(positions.source.slice(problem.start, problem.end)) || '{{';
      return at(
        problem.start,
        construct,
        (line) => `\`${construct}\` on line ${line} is never closed with \`${'}'.repeat(problem.braces)}\`.`,
      );
    }
    case 'mismatch': {
      const { open, close, outer } = problem;
      const closeWith = open.raw || open.openBraces === 4 ? `{{{{/${open.name}}}}}` : `{{/${open.name}}}`;
      return at(close.start, show(close.text), (line) =>
        outer
          ? `\`${show(open.text)}\` opened on line ${lineOf(open)} is still open at \`${show(close.text)}\` on line ${line}: close it with \`${closeWith}\` before \`${show(close.text)}\`.`
          : `\`${show(close.text)}\` on line ${line} does not match \`${show(open.text)}\` opened on line ${lineOf(open)}: write \`${closeWith}\`.`,
      );
    }
    case 'strayClose': {
      const { close } = problem;
      const opener = close.raw ? `{{{{${close.name}}}}}` : `{{#${close.name} …}}`;
      return at(
        close.start,
        show(close.text),
        (line) =>
          `\`${show(close.text)}\` on line ${line} closes a block that was never opened: remove it or open the block with \`${opener}\` before it.`,
      );
    }
    case 'strayElse': {
      const construct = show(problem.tag.text);
      return at(
        problem.tag.start,
        construct,
        (line) =>
          `\`${construct}\` on line ${line} is outside any block: it can only stand between a block's opening tag, like \`{{#if …}}\`, and its closing tag.`,
      );
    }
    case 'secondElse': {
      const { tag, previous, block } = problem;
      const construct = show(tag.text);
      return at(
        tag.start,
        construct,
        (line) =>
          `\`${construct}\` on line ${line} follows the \`${show(previous.text)}\` on line ${lineOf(previous)} of \`${show(block.text)}\` opened on line ${lineOf(block)}: a block takes one \`{{else}}\`, with any \`{{else if …}}\` branches before it.`,
      );
    }
    case 'elseInBlock': {
      const { tag, block } = problem;
      const construct = show(tag.text);
      return at(
        tag.start,
        construct,
        (line) =>
          `\`${construct}\` on line ${line} cannot be used in the ${block.noElse} \`${show(block.text)}\` opened on line ${lineOf(block)}, which has no \`{{else}}\` part.`,
      );
    }
    case 'braces': {
      const { tag } = problem;
      const inner = innerOf(tag).replace(/^\{/, '').trim();
      const opening = '{'.repeat(tag.openBraces);
      const closing = '}'.repeat(tag.closeBraces);
      const fix =
        tag.openBraces === 3
          ? `\`{{{${inner}}}}\``
          : tag.kind === 'plain'
            ? `\`{{${inner}}}\` (or \`{{{${inner}}}}\` to output HTML unescaped)`
            : `\`{{${inner}}}\``;
      return at(
        tag.start,
        show(tag.text),
        (line) => `\`${show(tag.text)}\` on line ${line} opens with \`${opening}\` but closes with \`${closing}\`: write ${fix}.`,
      );
    }
    case 'empty': {
      const { tag } = problem;
      const marker = /^(#>|#\*|[#/^>&*{])/.exec(innerOf(tag))?.[1] ?? '';
      const example = EMPTY_EXAMPLES[marker] ?? '{{name}}';
      return at(
        tag.start,
        show(tag.text),
        (line) => `\`${show(tag.text)}\` on line ${line} is an empty expression: put a name inside it, e.g. \`${example}\`.`,
      );
    }
    case 'expression':
      return describeExpression(problem.tag, problem.error, positions, helpers);
  }
}

const EMPTY_EXAMPLES: Readonly<Record<string, string>> = {
  '': '{{name}}',
  '{': '{{{name}}}',
  '&': '{{&name}}',
  '#': '{{#if name}}',
  '^': '{{^items}}',
  '/': '{{/if}}',
  '>': '{{> name}}',
  '#>': '{{#> layout}}',
  '#*': '{{#*inline "name"}}',
  '*': '{{*decorator}}',
};

function describeExpression(tag: Tag, error: string | null, positions: Positions, helpers: readonly string[]): ParseErrorDescription {
  const { line, column } = positions.of(tag.start);
  const construct = show(tag.text);
  const result = (message: string): ParseErrorDescription => ({ message, line, column, construct });
  const go = findGoTemplateSyntax(tag.text)[0];
  if (go) return result(goMessage(go.snippet, line));
  const filter = liquidFilter(tag);
  if (filter) return result(liquidFilterMessage(tag, line, filter, helpers));
  const spaced = /^\{\{~?\s+([#/^>])/.exec(tag.text);
  if (spaced)
    return result(
      `\`${construct}\` on line ${line} has a space between \`{{\` and \`${spaced[1]}\`: write \`${show(tag.text.replace(/^(\{\{~?)\s+/, '$1'))}\`.`,
    );
  return result(`\`${construct}\` on line ${line} is not a valid Handlebars expression: ${expressionReason(error)}.`);
}

function expressionReason(error: string | null): string {
  if (error === null) return 'a string or `[…]` in it is never closed';
  if (/^Invalid path: /.test(error)) return '`..`, `.` and `this` can only start a path, as in `../name` or `this.name`';
  const got = GOT.exec(error)?.[1];
  const lines = error.split('\n');
  const expecting = (lines.find((l) => l.startsWith('Expecting ')) ?? '').replace(/, got '\w+'$/, '');
  if (expecting.includes("'CLOSE_BLOCK_PARAMS'") && !expecting.includes("'CLOSE'"))
    return 'its block parameters `as |…|` are missing the closing `|`';
  if (got === undefined) return (lines[0] ?? '').trim() || 'Handlebars cannot parse it';
  const found = tokenText(got, caretText(lines[1], lines[2]));
  if (got === 'CLOSE' && expecting.includes("'CLOSE_SEXPR'")) return 'a `(` in it is never closed with `)`';
  if (expecting.includes("'ID'") && (got === 'CLOSE' || got === 'CLOSE_UNESCAPED')) return `a name or value is missing before ${found}`;
  return `Handlebars cannot read ${found} there`;
}

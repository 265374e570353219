/**
 * The size and nesting of a Handlebars template measured from its tokens, without parsing it, so that a
 * template over a limit is refused before any expensive or recursive work. Handlebars' parser (Jison,
 * `Handlebars.parse`) slows down with the square of the block nesting (3,000 nested `{{#if}}`, 48 KB:
 * ~3 s), and its visitors, compiler and generated code recurse once per level (the stack runs out near
 * 1,400 levels on the main thread). Handlebars' own lexer (`Handlebars.Parser.lexer`) reads the tokens
 * with the same rules as the parser — escapes `\{{`, raw blocks, comments, strings — in one pass without
 * recursion, so the counts match those of the parsed program (`countStatements` in guards.ts).
 */
import Handlebars from 'handlebars';
import { checkLimit, type TemplateLimits } from '../limits.js';
import { TemplateError } from '../template-error.js';

/**
 * How deep Handlebars blocks may nest (`{{#if}}`, `{{#each}}`, `{{^x}}`, `{{#> partial}}`,
 * `{{#*inline}}`, raw blocks), each `{{else if …}}` of a chain counting as one more level, as Handlebars
 * nests it in the block before it. A fixed bound far below where Handlebars' recursion runs out of stack
 * (~1,400 levels), far above what an email needs.
 */
export const MAX_BLOCK_DEPTH = 100;

/** What `measureHandlebars` finds in one source. */
export interface HandlebarsShape {
  /** Statements other than content: mustaches, blocks (each `{{else x}}` of a chain too), partials, comments, decorators. */
  statements: number;
  /** Deepest block nesting (see `MAX_BLOCK_DEPTH`). */
  depth: number;
}

/** The part of Jison's lexer that `measureHandlebars` uses (Handlebars 4.7 `compiler/parser.js`). */
interface JisonLexer {
  setInput(input: string, yy: object): void;
  lex(): number | string;
  EOF: number;
}

const parser = (Handlebars as unknown as { Parser: { lexer: JisonLexer; symbols_: Record<string, number> } }).Parser;
const token = (name: string): number => {
  const id = parser.symbols_[name];
  if (id === undefined) throw new Error(`Handlebars' parser has no token ${name}`);
  return id;
};

/** Tokens that open a statement (one each), and those of them that open a block level. */
const STATEMENT = new Set(
  [
    'COMMENT',
    'OPEN',
    'OPEN_UNESCAPED',
    'OPEN_PARTIAL',
    'OPEN_BLOCK',
    'OPEN_INVERSE',
    'OPEN_PARTIAL_BLOCK',
    'OPEN_RAW_BLOCK',
    'OPEN_INVERSE_CHAIN',
  ].map(token),
);
const OPENS_BLOCK = new Set(['OPEN_BLOCK', 'OPEN_INVERSE', 'OPEN_PARTIAL_BLOCK', 'OPEN_RAW_BLOCK'].map(token));
const CHAIN = token('OPEN_INVERSE_CHAIN');
const CLOSES_BLOCK = new Set(['OPEN_ENDBLOCK', 'END_RAW_BLOCK'].map(token));
const END = token('EOF');

/**
 * Statements and block depth of `source`, read token by token (no recursion, linear time). Where the
 * lexer stops on text it cannot read (`{{` followed by an invalid character), the counts so far: the
 * parse that follows reports the syntax error. Close tags that match no open block are ignored (the
 * parse refuses those too).
 */
export function measureHandlebars(source: string): HandlebarsShape {
  if (!source.includes('{{')) return { statements: 0, depth: 0 };
  const lexer = Object.create(parser.lexer) as JisonLexer; // the lexer keeps its state on itself
  lexer.setInput(source, {});
  let statements = 0;
  let depth = 0;
  let deepest = 0;
  const levels: number[] = []; // per open block: the levels it holds (1 + its `{{else x}}` links)
  try {
    for (;;) {
      const raw = lexer.lex();
      const kind = typeof raw === 'string' ? parser.symbols_[raw] : raw; // END_RAW_BLOCK comes as a name
      if (kind === undefined || kind === lexer.EOF || kind === END) break; // 'INVALID': a syntax error
      if (STATEMENT.has(kind)) statements += 1;
      if (OPENS_BLOCK.has(kind)) {
        levels.push(1);
        depth += 1;
      } else if (kind === CHAIN && levels.length > 0) {
        levels[levels.length - 1]! += 1;
        depth += 1;
      } else if (CLOSES_BLOCK.has(kind) && levels.length > 0) {
        depth -= levels.pop()!;
      }
      if (depth > deepest) deepest = depth;
    }
  } catch {
    // a lexical error: the counts so far are a lower bound, and the parse names the error
  }
  return { statements, depth: deepest };
}

/**
 * Refuse sources whose Handlebars is over the limits, before Handlebars parses them: `sources` are the
 * template (includes inlined) and the texts parsed with it (project partials, template-form helpers),
 * whose statements add up against `limits.maxExpressions` (TEMPLATE_MAX_EXPRESSIONS), as
 * `checkHandlebars` counts them; each nests its blocks at most `MAX_BLOCK_DEPTH` deep.
 * @throws TemplateError 400 `template_too_complex` with `limit` `TEMPLATE_MAX_EXPRESSIONS` or
 *   `MAX_BLOCK_DEPTH`, `max` and `found`.
 */
export function refuseComplexHandlebars(sources: readonly string[], limits?: Pick<TemplateLimits, 'maxExpressions'>): void {
  let statements = 0;
  let depth = 0;
  for (const source of sources) {
    const shape = measureHandlebars(source);
    statements += shape.statements;
    depth = Math.max(depth, shape.depth);
  }
  if (limits) checkLimit('maxExpressions', limits, statements);
  if (depth > MAX_BLOCK_DEPTH) {
    throw new TemplateError(
      'template_too_complex',
      `The template nests Handlebars blocks ${depth} deep (each {{else if …}} of a chain counts as a level); the limit is ${MAX_BLOCK_DEPTH} (MAX_BLOCK_DEPTH).`,
      [{ message: `Handlebars blocks nested ${depth} deep` }],
      { limit: 'MAX_BLOCK_DEPTH', max: MAX_BLOCK_DEPTH, found: depth },
    );
  }
}

/**
 * Parsing a Handlebars template with the parser `Handlebars.compile` uses, turning a syntax error into a
 * short message and a line instead of an exception.
 */
import Handlebars from 'handlebars';

/**
 * Result of `parseHandlebars`: the AST, or a short error. `line` is 1-based, `null` when
 * Handlebars' error names no line.
 */
export type HandlebarsParseResult = { ok: true; program: hbs.AST.Program } | { ok: false; message: string; line: number | null };

const MESSAGE_LINES = 4;
const MESSAGE_LINE_MAX = 120;

/**
 * Parses `source` with `Handlebars.parse` (the parser `Handlebars.compile` uses). Never throws:
 * a syntax error becomes `{ ok: false, message, line }`, where `message` is the first lines of
 * Handlebars' own message ("Parse error on line 3:", the excerpt, the caret, "Expecting …, got
 * 'CLOSE'") with over-long lines shortened in the middle, and `line` comes from "Parse error on
 * line N" / "Lexical error on line N" or, for mismatched blocks ("if doesn't match each - 2:3"),
 * from Handlebars' `Exception.lineNumber`.
 */
export function parseHandlebars(source: string): HandlebarsParseResult {
  try {
    return { ok: true, program: Handlebars.parse(source) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, message: shortenMessage(text), line: errorLine(error, text) };
  }
}

function errorLine(error: unknown, message: string): number | null {
  const match = /(?:Parse|Lexical) error on line (\d+)/.exec(message);
  if (match) return Number(match[1]);
  const lineNumber = (error as { lineNumber?: unknown } | null)?.lineNumber;
  return typeof lineNumber === 'number' ? lineNumber : null;
}

function shortenMessage(message: string): string {
  return message.split('\n').slice(0, MESSAGE_LINES).map(shortenLine).join('\n');
}

/** Jison lists every token it expected; three of them and the one it got are enough. */
function shortenLine(line: string): string {
  if (line.length <= MESSAGE_LINE_MAX) return line;
  const expecting = /^Expecting (.*), got (.*)$/.exec(line);
  if (expecting) {
    const tokens = expecting[1]!.split(', ');
    return `Expecting ${tokens.slice(0, 3).join(', ')}, … (${tokens.length} in all), got ${expecting[2]}`;
  }
  return `${line.slice(0, MESSAGE_LINE_MAX - 1)}…`;
}

/**
 * Every statement of a program, nested block programs and inverses included (not partials' bodies:
 * those are other templates), in no particular order; walked without recursion.
 */
export function* allStatements(program: hbs.AST.Program): Generator<hbs.AST.Statement> {
  const programs: hbs.AST.Program[] = [program];
  while (programs.length > 0) {
    for (const statement of programs.pop()!.body) {
      yield statement;
      const block = statement as Partial<hbs.AST.BlockStatement>;
      if (block.program) programs.push(block.program);
      if (block.inverse) programs.push(block.inverse);
    }
  }
}

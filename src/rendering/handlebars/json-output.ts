/**
 * A second compilation of a template whose output is already escaped as the inside of a JSON string:
 * the static HTML (the bulk of an email) is escaped once, when the template is compiled, and only the
 * values a render inserts are escaped per request. The JSON render envelope is then written around it
 * instead of `JSON.stringify`-ing the whole HTML on every render (measured: that stringify halves the
 * throughput of a same-bytes server, notes/performance.md).
 *
 * Handlebars appends three kinds of pieces: template content (escaped here at compile time), values
 * (`{{x}}`, `{{{x}}}`, helper results: escaped at render time through `escapeJsonText`), and the output
 * of nested programs (block helpers: already escaped, since their programs are compiled the same way,
 * so passed through). Partials are not supported in this mode — Handlebars indents a standalone
 * partial by splitting its output on newlines, which this output no longer has — so templates that use
 * them keep the plain path (`supportsJsonOutput`).
 */
import Handlebars from 'handlebars';
import { allStatements } from './parse.js';

/** Name by which compiled code reaches `escapeJsonText`. */
export const JSON_ESCAPE = '__letterpressEscapeJson';

/** `text` escaped as JSON escapes a string's contents (ECMA-262 JSON.stringify, RFC 8259 §7), without the quotes. */
export function escapeJsonText(text: unknown): string {
  const json = JSON.stringify(typeof text === 'string' ? text : '' + (text as string));
  return json.slice(1, -1);
}

type Opcode = { opcode: string; args: unknown[] };
interface CompilerInstance {
  opcodes: Opcode[];
  BlockStatement(block: unknown): unknown;
}
interface CompilerClass {
  new (): CompilerInstance;
}
interface JavaScriptCompilerInstance {
  appendToBuffer(source: unknown, location?: unknown, explicit?: boolean): unknown;
  appendContent(content: string): void;
  append(...args: unknown[]): void;
  appendEscaped(): void;
}
export interface JavaScriptCompilerClass {
  new (): JavaScriptCompilerInstance;
}

const BaseCompiler = (Handlebars as unknown as { Compiler: CompilerClass }).Compiler;

/** Marks the `append` that ends a block statement: what it appends is a nested program's output. */
export class JsonOutputCompiler extends BaseCompiler {
  override BlockStatement(block: unknown): unknown {
    const result = super.BlockStatement(block);
    const last = this.opcodes[this.opcodes.length - 1];
    if (last?.opcode === 'append') last.args = ['program-output'];
    return result;
  }
}
(JsonOutputCompiler.prototype as unknown as { compiler: unknown }).compiler = JsonOutputCompiler;

/**
 * Turn a code generator (`base`, already metered) into one that writes JSON-escaped output. Child
 * programs are compiled by `this.compiler`, so it points at the result.
 */
export function jsonOutputCompiler(base: JavaScriptCompilerClass): JavaScriptCompilerClass {
  class JsonJavaScriptCompiler extends base {
    /** Set while appending a value: the next buffer append escapes it. */
    private escapeNext = false;

    override appendContent(content: string): void {
      super.appendContent(escapeJsonText(content));
    }

    override append(kind?: unknown): void {
      this.escapeNext = kind !== 'program-output';
      super.append();
      this.escapeNext = false;
    }

    override appendEscaped(): void {
      this.escapeNext = true;
      super.appendEscaped();
      this.escapeNext = false;
    }

    override appendToBuffer(source: unknown, location?: unknown, explicit?: boolean): unknown {
      // The value's own append comes first; the pending content flushed after it is already escaped.
      if (!this.escapeNext) return super.appendToBuffer(source, location, explicit);
      this.escapeNext = false;
      return super.appendToBuffer([`${JSON_ESCAPE}(`, source, ')'], location, explicit);
    }
  }
  (JsonJavaScriptCompiler.prototype as unknown as { compiler: unknown }).compiler = JsonJavaScriptCompiler;
  return JsonJavaScriptCompiler;
}

/** Whether a template can be compiled for JSON output: it uses no partials (see the module comment). */
export function supportsJsonOutput(program: hbs.AST.Program): boolean {
  for (const statement of allStatements(program)) {
    if (statement.type === 'PartialStatement' || statement.type === 'PartialBlockStatement') return false;
  }
  return true;
}

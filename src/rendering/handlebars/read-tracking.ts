/**
 * Compile-time instrumentation that lets a render report the variables it read and the caller did not
 * send (missing-reads.ts). Two hooks into Handlebars 4.7's two compilers (`lib/handlebars/compiler/`):
 *
 * - the AST compiler (compiler.js) marks each path expression that is a *read* — printed, iterated,
 *   made the context, passed to a helper or a partial — with an extra opcode after its lookup. A path
 *   only tested is not marked: `{{#if x}}`, `{{#unless x}}`, a section `{{#x}}…{{/x}}`, `{{#each x}}` or
 *   `{{#with x}}` with an `{{else}}`, the values `{{default x y "…"}}` falls back from, the arguments of
 *   `and` / `or` / `not`. A missing value
 *   there is expected: the template says what to render without it. (`"strict": true` is static and
 *   broader: it requires every path read other than by `#if`/`#unless`/a section, inferred-schema.ts.)
 *   A helper's own name is not a read either;
 * - the code generator (javascript-compiler.js) turns that opcode into a check of the looked-up value:
 *   `((stack1 = <lookup>) !== undefined ? stack1 : __letterpressMissingRead(<base>, ["a","b"]))`, where
 *   `<base>` is the object the lookup started from (`depth0`, `depths[1]`, a block param, `@root`).
 *   `@data` other than `@root` (`@index`, `@key`, …) is not a variable and is not checked.
 *
 * The check costs one comparison per evaluated path when the value is there; the call, the array and
 * the naming happen only for a missing one. Renders outside `MissingReads.run` record nothing.
 */
import { MISSING_READ } from './missing-reads.js';

/** The opcode the AST compiler emits after a read's lookup (handled by the code generator below). */
const CHECK_READ = 'letterpressCheckRead';

type PathNode = { type: string; parts: string[] };
type SexprNode = { path: PathNode; params: unknown[] };

interface AstCompiler {
  options: { knownHelpers: Record<string, boolean> };
  opcode(name: string, ...args: unknown[]): void;
  BlockStatement(block: unknown): unknown;
  simpleSexpr(sexpr: unknown): unknown;
  ambiguousSexpr(sexpr: unknown, program?: unknown, inverse?: unknown): unknown;
  helperSexpr(sexpr: unknown, program?: unknown, inverse?: unknown): unknown;
  pushParam(value: unknown): unknown;
  PathExpression(path: unknown): unknown;
}
type AstCompilerClass = new () => AstCompiler;

/**
 * `Base` (Handlebars' `Compiler`, or a subclass) marking reads with the check opcode. Child programs are
 * compiled by `this.compiler`, so it points at the result.
 */
export function readTrackingCompiler<C extends AstCompilerClass>(Base: C): C {
  class ReadTrackingCompiler extends (Base as AstCompilerClass) {
    /** Set right before a path expression is compiled: whether it is a read to check. */
    private checkNext = false;
    /** The block statement being compiled: its own path, when not a helper call, is a section (a test). */
    private section: unknown = undefined;
    /** The arguments of the helper call being compiled that are tests (`#if`, `#unless`, `default`). */
    private tests: readonly unknown[] = [];

    override BlockStatement(block: unknown): unknown {
      const outer = this.section;
      this.section = block;
      try {
        return super.BlockStatement(block);
      } finally {
        this.section = outer;
      }
    }

    override simpleSexpr(sexpr: unknown): unknown {
      this.checkNext = sexpr !== this.section;
      return super.simpleSexpr(sexpr);
    }

    override ambiguousSexpr(sexpr: unknown, program?: unknown, inverse?: unknown): unknown {
      this.checkNext = sexpr !== this.section;
      return super.ambiguousSexpr(sexpr, program, inverse);
    }

    override helperSexpr(sexpr: unknown, program?: unknown, inverse?: unknown): unknown {
      const { path, params } = sexpr as SexprNode;
      const name = path.parts[0] ?? '';
      const outer = this.tests;
      this.tests = testedArguments(name, params, this.options.knownHelpers[name] === true, inverse !== undefined && inverse !== null);
      try {
        return super.helperSexpr(sexpr, program, inverse);
      } finally {
        this.tests = outer;
      }
    }

    override pushParam(value: unknown): unknown {
      if ((value as PathNode | null)?.type === 'PathExpression') this.checkNext = !this.tests.includes(value);
      return super.pushParam(value);
    }

    override PathExpression(path: unknown): unknown {
      const check = this.checkNext;
      this.checkNext = false;
      const result = super.PathExpression(path);
      // No first part: `{{.}}` / `{{this}}`, the context itself (no lookup to check).
      if (check && (path as PathNode).parts[0]) this.opcode(CHECK_READ);
      return result;
    }
  }
  (ReadTrackingCompiler.prototype as unknown as { compiler: unknown }).compiler = ReadTrackingCompiler;
  return ReadTrackingCompiler as unknown as C;
}

/**
 * The arguments of a helper call that only test their value, so that a missing one is expected: the
 * condition of the built-in `#if` / `#unless`; the list or object of `#each` / `#with` when the block has
 * an `{{else}}` (the template says what to render without it); every argument but the last of the
 * library's `default` (`{{default nickname "friend"}}`: the first that is not null, undefined or "", else
 * the last); every argument of the library's truth tests `and`, `or`, `not` (`{{#if (or vip staff)}}`).
 */
function testedArguments(name: string, params: readonly unknown[], builtIn: boolean, hasElse: boolean): readonly unknown[] {
  if ((name === 'if' || name === 'unless') && builtIn) return params.slice(0, 1);
  if ((name === 'each' || name === 'with') && builtIn && hasElse) return params.slice(0, 1);
  if (name === 'default') return params.slice(0, -1);
  if (name === 'and' || name === 'or' || name === 'not') return params;
  return [];
}

/** The lookup a check opcode is about: the base expression and the segments read on it. */
interface LastRead {
  base: string;
  path: readonly string[];
}

interface CodeGenerator {
  lastContext: number;
  contextName(context: number): string;
  quotedString(text: string): string;
  replaceStack(callback: (current: unknown) => unknown[]): void;
  lookupOnContext(parts: string[], falsy: boolean, strict: boolean, scoped: boolean): void;
  lookupBlockParam(blockParamId: [number, number], parts: string[]): void;
  lookupData(depth: number, parts: string[], strict: boolean): void;
}
type CodeGeneratorClass = new () => CodeGenerator;

/**
 * `Base` (Handlebars' `JavaScriptCompiler`, or a subclass) generating the check for the opcode above.
 * The caller sets `prototype.compiler` of its final class (child programs are compiled by it).
 */
export function readTrackingCodeGenerator<C extends CodeGeneratorClass>(Base: C): C {
  class ReadTrackingCodeGenerator extends (Base as CodeGeneratorClass) {
    /** The lookup just generated (the check opcode always comes right after one). */
    private lastRead: LastRead | null = null;

    override lookupOnContext(parts: string[], falsy: boolean, strict: boolean, scoped: boolean): void {
      super.lookupOnContext(parts, falsy, strict, scoped);
      this.lastRead = { base: this.contextName(this.lastContext), path: parts };
    }

    override lookupBlockParam(blockParamId: [number, number], parts: string[]): void {
      super.lookupBlockParam(blockParamId, parts);
      this.lastRead = { base: `blockParams[${Number(blockParamId[0])}][${Number(blockParamId[1])}]`, path: parts.slice(1) };
    }

    override lookupData(depth: number, parts: string[], strict: boolean): void {
      super.lookupData(depth, parts, strict);
      const data = depth ? `container.data(data, ${Number(depth)})` : 'data';
      // `@root.a.b` reads `a.b` of the root context; other `@data` is Handlebars' own, not a variable.
      this.lastRead = parts[0] === 'root' ? { base: `(${data} && ${data}.root)`, path: parts.slice(1) } : null;
    }

    /** The check opcode: the value on the stack, or (when `undefined`) the report of its read. */
    letterpressCheckRead(): void {
      const read = this.lastRead;
      this.lastRead = null;
      if (read === null || read.path.length === 0) return;
      const segments = `[${read.path.map((part) => this.quotedString(part)).join(',')}]`;
      this.replaceStack((current) => [' !== undefined ? ', current, ` : ${MISSING_READ}(`, read.base, ', ', segments, ')']);
    }
  }
  return ReadTrackingCodeGenerator as unknown as C;
}

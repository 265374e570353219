/**
 * Where a helper call is in a template's sources: a render only knows a call's location in the program
 * that made it (Handlebars hands helpers `options.loc`), not which program — the template, a project
 * partial or a template-form helper — nor, for a static template, the line in the MJML the client sent
 * rather than in the compiled HTML. Pure; never throws.
 */
import { partialFile, type SourceFile } from './guards.js';

/** A program the render may run, with the text it was parsed from. */
export interface ProgramSource {
  /** '' for the template, `partials/<name>`, `helpers/<name>`. */
  file: string;
  program: hbs.AST.Program;
  text: string;
  /** The program is the compiled HTML of a static template: its lines are not the file's. */
  compiled?: boolean;
}

/** A call found: the helper name written, and where (1-based line and column, in the client's file). */
export interface CallSite {
  name: string;
  file?: string;
  line?: number;
  column?: number;
}

interface Located {
  file: string;
  name: string;
  text: string;
  compiled: boolean;
}

type Node = { type?: string; [key: string]: unknown };

/** Helper calls of each program by `line:column`, with their source text. */
export class CallSites {
  private readonly sites = new Map<string, Located[]>();

  /** @param files the template's files as sent, to find a compiled program's call in. */
  constructor(
    sources: readonly ProgramSource[],
    private readonly files: readonly SourceFile[] = [],
  ) {
    for (const source of sources) this.collect(source);
  }

  /** The call at `loc` of a helper in `names` (the library helper that refused, and any declared helper), or null. */
  find(loc: hbs.AST.SourceLocation | undefined, names: ReadonlySet<string>): CallSite | null {
    if (!loc) return null;
    const found = (this.sites.get(`${loc.start.line}:${loc.start.column}`) ?? []).filter((site) => names.has(site.name));
    const site = found.find((candidate) => candidate.file === '') ?? found[0];
    if (!site) return null;
    if (!site.compiled) return { name: site.name, file: site.file, line: loc.start.line, column: loc.start.column + 1 };
    for (const file of this.files) {
      const at = file.text.indexOf(site.text);
      if (at >= 0) {
        const before = file.text.slice(0, at);
        const line = before.split('\n').length;
        return { name: site.name, file: file.file, line, column: at - before.lastIndexOf('\n') };
      }
    }
    return { name: site.name };
  }

  private collect(source: ProgramSource): void {
    const lineStarts = [0];
    for (let i = source.text.indexOf('\n'); i !== -1; i = source.text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const offset = (position: hbs.AST.Position) => (lineStarts[position.line - 1] ?? 0) + position.column;
    const visit = (node: unknown, depth: number): void => {
      if (depth > 10_000 || node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child, depth + 1);
        return;
      }
      const n = node as Node;
      const path = n['path'] as { type?: string; parts?: string[]; original?: string } | undefined;
      const loc = n['loc'] as hbs.AST.SourceLocation | undefined;
      if (
        (n.type === 'MustacheStatement' || n.type === 'BlockStatement' || n.type === 'SubExpression') &&
        path?.type === 'PathExpression' &&
        loc
      ) {
        const key = `${loc.start.line}:${loc.start.column}`;
        const text = source.text.slice(offset(loc.start), offset(loc.end));
        const list = this.sites.get(key) ?? [];
        list.push({ file: source.file, name: path.original ?? '', text, compiled: source.compiled ?? false });
        this.sites.set(key, list);
      }
      for (const field of ['body', 'program', 'inverse', 'params', 'hash', 'pairs', 'value', 'name']) {
        if (Object.hasOwn(n, field)) visit(n[field], depth + 1);
      }
    };
    visit(source.program, 0);
  }
}

/** The sources of a template's partials, for `CallSites`. */
export function partialSources(texts: Readonly<Record<string, string>>, programs: ReadonlyMap<string, hbs.AST.Program>): ProgramSource[] {
  return [...programs].map(([name, program]) => ({ file: partialFile(name), program, text: texts[name] ?? '' }));
}

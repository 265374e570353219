/**
 * Project partials (`"partials": { "<name>": "<source>" }` on create and save): the rules on their names and
 * number, which partials a program calls, and the calls that would recurse (a cycle, self-calls included),
 * found statically at save. Pure: no I/O.
 */
import { allStatements } from './parse.js';

/** A partial's name: 1–64 of `A-Z a-z 0-9 _ . -`, not starting with `.` or `-`. */
export const PARTIAL_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/** Most partials one revision may have. */
export const MAX_PARTIALS = 50;

/** Parsed project partials, by name. */
export type PartialPrograms = ReadonlyMap<string, hbs.AST.Program>;

/**
 * The names a program calls by `{{> name}}` or `{{#> name}}…{{/name}}`, in source order, unique: inline
 * partials' bodies included, dynamic partials and `@partial-block` left out, and names the program defines
 * itself with `{{#*inline "name"}}` left out (those shadow a project partial of the same name).
 */
export function partialCalls(program: hbs.AST.Program): string[] {
  const inline = new Set<string>();
  const called: Array<{ name: string; line: number; column: number }> = [];
  for (const statement of allStatements(program)) {
    const type = statement.type;
    if (type === 'DecoratorBlock') {
      const block = statement as unknown as { path: hbs.AST.PathExpression; params: hbs.AST.Expression[] };
      const first = block.params[0];
      if (block.path.original === 'inline' && first?.type === 'StringLiteral') inline.add((first as hbs.AST.StringLiteral).value);
      continue;
    }
    if (type !== 'PartialStatement' && type !== 'PartialBlockStatement') continue;
    const partial = statement as hbs.AST.PartialStatement;
    const name = partial.name as hbs.AST.Expression;
    if (name.type === 'SubExpression') continue;
    const text =
      name.type === 'PathExpression' ? (name as hbs.AST.PathExpression).original : String((name as hbs.AST.StringLiteral).original);
    if (text === '@partial-block') continue;
    called.push({ name: text, line: partial.loc?.start.line ?? 0, column: partial.loc?.start.column ?? 0 });
  }
  called.sort((a, b) => a.line - b.line || a.column - b.column);
  return [...new Set(called.map((c) => c.name).filter((name) => !inline.has(name)))];
}

/**
 * A chain of project partials that calls itself, as the names along it with the first repeated at the end
 * (`['a', 'b', 'a']`; a self-call is `['a', 'a']`), or null when there is none. Partials are visited in
 * name order and calls in source order, so the answer is stable. Whether the call sits in a branch that
 * never runs is not considered: Handlebars partials are templates, and a chain that can recurse is refused.
 */
export function findPartialCycle(partials: PartialPrograms): string[] | null {
  const edges = new Map<string, string[]>();
  for (const [name, program] of partials)
    edges.set(
      name,
      partialCalls(program).filter((callee) => partials.has(callee)),
    );
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (name: string): string[] | null => {
    if (onPath.has(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    path.push(name);
    onPath.add(name);
    for (const callee of edges.get(name) ?? []) {
      const cycle = visit(callee);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(name);
    done.add(name);
    return null;
  };
  for (const name of [...partials.keys()].sort()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

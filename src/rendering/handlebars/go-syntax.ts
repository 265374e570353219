/**
 * Spotting Go `text/template` actions (Mattermost's templates use them) in a template that is meant
 * for Handlebars. Handlebars either rejects them (`{{.Props.X}}` is a parse error) or, worse, accepts
 * them with another meaning (`{{if .Props.X}}` parses as the path `if.Props.X`, `{{end}}` as a
 * variable named `end`), so they must be found by text, before parsing.
 *
 * Rules from the Go `text/template` documentation (actions, trim markers, variables, comments) and
 * the Handlebars 4 lexer (what is valid Handlebars and must NOT be reported: `{{.}}`, `{{./x}}`,
 * `{{../x}}`, `{{this.x}}`, `{{~x~}}`, `{{else if x}}` chaining).
 */

/** One Go action: where its `{{` starts (1-based line and column) and its text (at most 80 chars). */
export interface GoTemplateFinding {
  line: number;
  column: number;
  snippet: string;
}

const SNIPPET_MAX = 80;

/**
 * Finds the Go template actions in `source` that Handlebars cannot run:
 * - a leading-dot field path: `{{.Props.SiteURL}}`, `{{ .Title }}`, `{{printf "%s" .Name}}`
 *   (but not `{{.}}`, `{{./x}}`, `{{../x}}`, which are valid Handlebars);
 * - `{{end}}`; `{{if …}}`, `{{range …}}`, `{{with …}}` without the `#`; `{{else range …}}`;
 *   `{{else if …}}` / `{{else with …}}` only when the condition is Go-style (dot field or `$var`),
 *   because `{{else if x}}` is Handlebars' own chained-block syntax;
 * - `{{template "x"}}`, `{{define "x"}}`, `{{block "x" .}}`;
 * - trim markers `{{- …}}` / `{{… -}}` (dash plus whitespace; Handlebars uses `~`);
 * - variable declarations and assignments `{{$x := …}}`, `{{$x = …}}`;
 * - Go comments `{{/* … *\/}}`.
 * Handlebars comments, escaped `\{{…}}` and the contents of raw blocks `{{{{raw}}}}…{{{{/raw}}}}`
 * are skipped: Handlebars never interprets them. Each action is reported once, in source order.
 * Pure; never throws.
 */
export function findGoTemplateSyntax(source: string): GoTemplateFinding[] {
  const findings: GoTemplateFinding[] = [];
  const lineStarts = computeLineStarts(source);
  let cursor = 0;
  for (;;) {
    const open = source.indexOf('{{', cursor);
    if (open < 0) break;
    if (isEscaped(source, open)) {
      cursor = open + 2;
      continue;
    }
    const action = readAction(source, open);
    if (!action) break; // an unclosed `{{`: nothing more to classify
    if (isGoAction(action.inner)) {
      findings.push({ ...position(lineStarts, open), snippet: shorten(source.slice(open, action.end)) });
    }
    cursor = action.rawBlockName === undefined ? action.end : skipRawBlock(source, action);
  }
  return findings;
}

interface Action {
  /** Text between the opening and closing braces. */
  inner: string;
  /** Index just past the closing braces. */
  end: number;
  /** Set when the action opens a Handlebars raw block (`{{{{name}}}}`). */
  rawBlockName?: string;
}

function readAction(source: string, open: number): Action | null {
  // Handlebars comments may contain `}}`: `{{!-- … --}}` ends only at `--}}`.
  if (source.startsWith('{{!--', open)) {
    const close = source.indexOf('--}}', open + 5);
    return close < 0 ? null : { inner: '!', end: close + 4 };
  }
  let braces = 2;
  while (braces < 4 && source[open + braces] === '{') braces++;
  const close = source.indexOf('}}', open + braces);
  if (close < 0) return null;
  let end = close + 2;
  while (end - close < braces && source[end] === '}') end++;
  const inner = source.slice(open + braces, close);
  const rawName = braces === 4 && !inner.startsWith('/') ? inner.trim().split(/\s/)[0] : undefined;
  return rawName ? { inner, end, rawBlockName: rawName } : { inner, end };
}

function skipRawBlock(source: string, action: Action): number {
  const closeTag = `{{{{/${action.rawBlockName}}}}}`;
  const close = source.indexOf(closeTag, action.end);
  return close < 0 ? source.length : close + closeTag.length;
}

/** Handlebars renders `\{{x}}` literally (but `\\{{x}}` is a backslash plus a live mustache). */
function isEscaped(source: string, open: number): boolean {
  return source[open - 1] === '\\' && source[open - 2] !== '\\';
}

const DOT_FIELD = /(^|[\s(|,=])\.[A-Za-z_]/; // `.Name` as a token of its own, not `this.x` or `./x`
const GO_VARIABLE_ASSIGNMENT = /\$[A-Za-z_]\w*\s*(,\s*\$[A-Za-z_]\w*\s*)?:?=(?!=)/;
const GO_VARIABLE = /(^|[\s(|,])\$[A-Za-z_]?\w*/;

function isGoAction(inner: string): boolean {
  if (inner.startsWith('!')) return false; // Handlebars comment
  if (/^-\s/.test(inner) || /\s-$/.test(inner)) return true; // Go trim markers
  const body = stripStringLiterals(inner).trim();
  if (body.startsWith('/*')) return true;
  if (body === 'end') return true;
  if (/^(if|range|with)\s/.test(body)) return true;
  if (/^else\s+range\s/.test(body)) return true;
  if (/^else\s+(if|with)\s/.test(body) && GO_VARIABLE.test(body.replace(/^else\s+\w+/, ''))) return true;
  if (/^(template|define|block)\s+["`]/.test(inner.trim())) return true;
  return DOT_FIELD.test(body) || GO_VARIABLE_ASSIGNMENT.test(body);
}

/** Keeps the quotes but drops what is inside, so text like `"see .Net"` is not taken for code. */
function stripStringLiterals(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, (literal) => literal[0]! + literal[0]!);
}

function computeLineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}

function position(lineStarts: number[], index: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= index) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: index - lineStarts[low]! + 1 };
}

function shorten(text: string): string {
  return text.length <= SNIPPET_MAX ? text : `${text.slice(0, SNIPPET_MAX - 1)}…`;
}

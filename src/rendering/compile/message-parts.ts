/**
 * The parts of an email besides its HTML, compiled once per revision in the compile workers: the
 * `subject` and `preheader` Handlebars templates of `metadata`, and a plain-text template derived from the
 * published HTML — the HTML turned to text with its Handlebars expressions still in it (`{{name}}`,
 * `{{#each}}`, a link as `{{label}} [{{url}}]`), so a render fills in the text as cheaply as the HTML
 * instead of converting HTML per email. All three render with HTML escaping off: a subject is a header,
 * the text is text. Lines are not wrapped (`TEXT_PART_WORDWRAP`, the rule of every text part; a wrap here
 * could also split an expression); blank-line runs are collapsed after rendering.
 */
import { analyzeTemplate, parseHandlebars } from '../handlebars/analysis.js';
import type { HandlebarsEnvironment } from '../handlebars/environment.js';
import type { DataRead } from '../handlebars/walker.js';
import { TEXT_PART_WORDWRAP, toPlainText } from '../email/plain-text.js';

/** `metadata.subject` and `metadata.preheader` as stored (Handlebars sources; absent when not set). */
export interface MessagePartSources {
  subject?: string;
  preheader?: string;
  /** `metadata.headers`: header name → Handlebars template of its value. */
  headers?: Record<string, string>;
}

/** Template code for each part (`loadTemplate` makes it a function); null when absent or not derivable. */
export interface MessagePartSpecs {
  subject: string | null;
  preheader: string | null;
  /** Null when the derived text template does not parse: the render then converts its HTML instead. */
  text: string | null;
  /** Template code of each declared header's value, by name; absent when none are declared. */
  headers?: Record<string, string>;
  /** What the subject and preheader read (the HTML's reads are the revision's own). */
  reads: DataRead[];
}

/** Compile the parts. Never throws: a part that does not parse (data written before it was checked) is null. */
export function compileMessageParts(
  env: HandlebarsEnvironment,
  publishedHtml: string,
  sources: MessagePartSources,
  options: { text?: boolean } = {},
): MessagePartSpecs {
  const reads: DataRead[] = [];
  const part = (source: string | undefined, collect: boolean): string | null => {
    if (source === undefined) return null;
    const parsed = parseHandlebars(source);
    if (!parsed.ok) return null;
    if (collect) reads.push(...analyzeTemplate(parsed.program).dataReads.map((read) => ({ path: [...read.path], use: read.use })));
    return env.precompile(parsed.program, { noEscape: true }) as unknown as string;
  };
  let textSource: string | undefined;
  try {
    textSource = options.text === false ? undefined : toPlainText(publishedHtml, { wordwrap: TEXT_PART_WORDWRAP });
  } catch {
    textSource = undefined;
  }
  const headers: Record<string, string> = {};
  for (const [name, source] of Object.entries(sources.headers ?? {})) {
    const spec = part(source, true);
    if (spec !== null) headers[name] = spec;
  }
  return {
    subject: part(sources.subject, true),
    preheader: part(sources.preheader, true),
    text: part(textSource, false),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    reads,
  };
}

/** A rendered text part tidied: no runs of blank lines (left by blocks that rendered nothing), trimmed. */
export function tidyText(text: string): string {
  return text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

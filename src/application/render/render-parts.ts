/**
 * The parts of a rendered email besides its HTML: `subject` and `preheader` (Handlebars templates in
 * `metadata`; null when absent), the plain-text alternative, and warnings about the HTML. Each revision's
 * parts are compiled once with it (rendering/compile/message-parts.ts), so a render only runs them.
 */
import {
  RenderLimitError,
  type RenderLimits,
  renderWithin,
  type CompiledTemplate,
  type LoadedHelpers,
  tidyText,
  parseHandlebars,
  analyzeTemplate,
  type DataRead,
  TEXT_PART_WORDWRAP,
  toPlainText,
  emailWarnings,
  clippingWarning,
  type EmailWarning,
  headerText,
  findImagesWithoutAlt,
  imageAltRenderWarnings,
  type ImageSource,
  type MissingVariablesWarning,
  declaredHeaders,
  type UrlFinding,
  neutralisedUrlWarning,
  missingVariableWarnings,
  headerTemplateProblems,
  renderHeaders,
  type LocaleMessages,
} from '../../rendering/index.js';

export type { EmailWarning } from '../../rendering/index.js';

/** A render's warnings: about its HTML, and about the variables it read and was not sent. */
export type RenderWarning = EmailWarning | MissingVariablesWarning;

/** A revision's compiled parts (null where absent or not derivable). */
export interface CompiledParts {
  subject: CompiledTemplate | null;
  preheader: CompiledTemplate | null;
  text: CompiledTemplate | null;
  /** `metadata.headers`' value templates by header name; absent when the revision declares none. */
  headers?: Record<string, CompiledTemplate>;
}

/** What a render adds to its HTML. */
export interface MessageParts {
  subject: string | null;
  preheader: string | null;
  text: string | null;
  warnings: RenderWarning[];
  /** The declared headers rendered (`metadata.headers`), by name; absent when the revision declares none. */
  headers?: Record<string, string>;
}

/** `metadata.subject` / `metadata.preheader` when they are strings, and `metadata.headers` when declared. */
export function partSources(metadata: Record<string, unknown>): { subject?: string; preheader?: string; headers?: Record<string, string> } {
  const { subject, preheader } = metadata;
  const headers = declaredHeaders(metadata);
  return {
    ...(typeof subject === 'string' ? { subject } : {}),
    ...(typeof preheader === 'string' ? { preheader } : {}),
    ...(headers ? { headers } : {}),
  };
}

/**
 * What `metadata.subject` and `metadata.preheader` read (analysis.ts `dataReads`), on the caller's thread
 * (each is at most 1,000 characters): they are parts of the template wherever its variables are listed,
 * inferred or required. A part that is absent or does not parse reads nothing. Never throws.
 */
export function messagePartReads(metadata: Record<string, unknown>): DataRead[] {
  const reads: DataRead[] = [];
  const { headers, ...parts } = partSources(metadata);
  for (const source of [...Object.values(parts), ...Object.values(headers ?? {})]) {
    const parsed = parseHandlebars(source);
    if (parsed.ok) reads.push(...analyzeTemplate(parsed.program).dataReads);
  }
  return reads;
}

/** What a part renders with: the budget, the locale, the revision's declared helpers, the locale's messages (`{{t}}`). */
export interface PartOptions {
  limits: RenderLimits;
  locale?: string;
  helpers?: LoadedHelpers;
  messages?: LocaleMessages;
}

/** The parts of one render as their templates gave them, before the warnings are put in order (`partWarnings`). */
export interface RenderedParts {
  subject: string | null;
  preheader: string | null;
  /** Null when the answer does not carry the text part (it was not computed) or for format mjml. */
  text: string | null;
  headers?: Record<string, string>;
  /** What the subject and preheader needed changed to be header values (email/header-text.ts): subject's first. */
  headerWarnings: EmailWarning[];
}

/**
 * Render the subject, the text part (only when `text` is `'render'`) and the declared headers with the
 * render's variables and limits, in that order (the first that throws decides the error).
 * @param preheader the preheader as `renderPreheader` rendered it for the HTML (null when not set).
 * @param html the rendered HTML, or a function that renders it: what the text part is converted from when
 *   the revision has no text template (its derived template did not parse, or a dynamic revision).
 * @param text `'render'`: compute the text part; `'skip'`: the answer leaves it out (`text` null, never run).
 * @throws RenderLimitError past a limit; Error from Handlebars (the caller turns it into `RenderError`).
 */
export function renderParts(
  parts: CompiledParts,
  variables: Record<string, unknown>,
  options: PartOptions,
  preheader: string | null,
  html: () => string,
  text: 'render' | 'skip',
): RenderedParts {
  const run = (template: CompiledTemplate | null) => runPart(template, variables, options);
  const plain = text === 'skip' ? null : parts.text ? tidyText(run(parts.text)!) : toPlainText(html(), { wordwrap: TEXT_PART_WORDWRAP });
  // As rendered, byte for byte — a subject or preheader ending in a space (or a no-break space that pads a
  // preheader) is the sender's choice; the mailer, not us, folds and encodes the header — except what a
  // header cannot hold (control characters, a subject past 998 bytes): email/header-text.ts.
  const headerWarnings: EmailWarning[] = [];
  const safePreheader = asHeader(preheader, 'preheader', headerWarnings); // each goes first: the subject's ahead
  const subject = asHeader(run(parts.subject), 'subject', headerWarnings);
  const headers = parts.headers ? renderHeaders(parts.headers, run) : undefined;
  return { subject, preheader: safePreheader, text: plain, headerWarnings, ...(headers ? { headers } : {}) };
}

/**
 * A render's warnings, in the order answers list them: `unsafe_url_neutralised` (the URLs the HTML render
 * replaced, `findings`), the header warnings, `gmail_clipping` (from the HTML's UTF-8 byte count alone:
 * parsing the HTML again for it cost 700-900 µs of a 1.5 ms render at 10 × size, issue 24), the revision's
 * own warnings (`staticWarnings`: images, literal links), then one `missing_variable` per path read and not sent.
 * A fresh array. Never throws.
 */
export function partWarnings(
  headerWarnings: readonly EmailWarning[],
  htmlBytes: number,
  staticWarnings: readonly EmailWarning[],
  findings: readonly UrlFinding[],
  missingPaths: readonly string[],
): RenderWarning[] {
  const clipping = clippingWarning(htmlBytes);
  return [
    ...(findings.length > 0 ? [neutralisedUrlWarning(findings)] : []),
    ...headerWarnings,
    ...(clipping ? [clipping] : []),
    ...staticWarnings,
    ...(missingPaths.length > 0 ? missingVariableWarnings(missingPaths) : []),
  ];
}

function asHeader(text: string | null, field: 'subject' | 'preheader', warnings: EmailWarning[]): string | null {
  if (text === null) return null;
  const safe = headerText(text, field);
  warnings.unshift(...safe.warnings);
  return safe.text;
}

/**
 * The revision's `metadata.preheader` rendered with the render's variables (null when not set): placed in
 * the HTML (email/preheader.ts) and returned as the render's `preheader`, so it is rendered once.
 * @throws as renderParts.
 */
export function renderPreheader(parts: CompiledParts, variables: Record<string, unknown>, options: PartOptions): string | null {
  return runPart(parts.preheader, variables, options);
}

function runPart(template: CompiledTemplate | null, variables: Record<string, unknown>, options: PartOptions): string | null {
  return template
    ? renderWithin(template, variables, options.limits, {
        ...(options.locale ? { locale: options.locale } : {}),
        ...(options.helpers ? { helpers: options.helpers } : {}),
        ...(options.messages ? { messages: options.messages } : {}),
      })
    : null;
}

/**
 * The warnings a revision earns whatever the variables: `image_without_alt` read from its MJML and
 * partial sources (email/image-alt.ts: in the compiled HTML every `mj-image` has `alt=""`), and the
 * links of its published HTML (`publishedHtml` null: a dynamic revision, whose HTML exists per render).
 */
export function revisionWarnings(publishedHtml: string | null, sources: readonly ImageSource[]): EmailWarning[] {
  return [...imageAltRenderWarnings(findImagesWithoutAlt(sources)), ...(publishedHtml === null ? [] : linkWarnings(publishedHtml))];
}

/** `javascript_link` and `insecure_link` of an HTML (email/warnings.ts). */
export function linkWarnings(html: string): EmailWarning[] {
  return emailWarnings(html).filter((warning) => warning.code === 'javascript_link' || warning.code === 'insecure_link');
}

const WARNING_ORDER: readonly EmailWarning['code'][] = [
  'header_control_characters',
  'header_truncated',
  'unsafe_url_neutralised',
  'gmail_clipping',
  'image_without_alt',
  'javascript_link',
  'insecure_link',
];

/** Warnings in the order renders list them (`WARNING_ORDER`), keeping the order within one code. */
export function inWarningOrder(warnings: readonly EmailWarning[]): EmailWarning[] {
  return [...warnings].sort((a, b) => WARNING_ORDER.indexOf(a.code) - WARNING_ORDER.indexOf(b.code));
}

export { RenderLimitError };

/** Longest `metadata.subject`, characters: a header line may hold 998 (RFC 5322 §2.1.1). */
export const MAX_SUBJECT_LENGTH = 998;
/** Longest `metadata.preheader`, characters (inboxes show about 100; this only bounds the work). */
export const MAX_PREHEADER_LENGTH = 1000;

/**
 * What is wrong with `metadata.subject` / `metadata.preheader` as Handlebars templates (small: parsed on
 * the caller's thread): not a string, too long, or not parseable; and with `metadata.headers` (email/headers:
 * a name that is not an RFC 5322 field name, a value with CR or LF, a value that does not parse). Empty when
 * all are fine or absent.
 */
export function messagePartProblems(metadata: Record<string, unknown>): Array<{ pointer: string; message: string }> {
  const problems: Array<{ pointer: string; message: string }> = [];
  for (const [field, max] of [
    ['subject', MAX_SUBJECT_LENGTH],
    ['preheader', MAX_PREHEADER_LENGTH],
  ] as const) {
    const value = metadata[field];
    if (value === undefined || value === null) continue;
    const pointer = `/metadata/${field}`;
    if (typeof value !== 'string') problems.push({ pointer, message: `metadata.${field} must be a string (a Handlebars template).` });
    else if (value.length > max) problems.push({ pointer, message: `metadata.${field} is ${value.length} characters; at most ${max}.` });
    else {
      const parsed = parseHandlebars(value);
      if (!parsed.ok)
        problems.push({ pointer, message: `metadata.${field} is not a valid Handlebars template: ${parsed.message.split('\n')[0]}` });
    }
  }
  problems.push(...headerTemplateProblems(metadata));
  return problems;
}

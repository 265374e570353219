/**
 * `metadata.headers`: extra message headers a template declares (name → Handlebars template of the value),
 * rendered with the variables into each render's `headers`; and the policy's one-click unsubscribe rule
 * for marketing templates (RFC 8058, over RFC 2369's List-Unsubscribe).
 */
import { parseHandlebars } from '../handlebars/analysis.js';
import type { PolicyFinding } from './findings.js';
import { escapePointer } from '../variables/validator.js';

/** RFC 5322 §2.2 (and §3.6.8): a field name is one or more printable US-ASCII characters other than the colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
/** Most headers a template may declare. */
export const MAX_HEADERS = 50;
/** Longest header value template, characters (a header line holds 998 characters: RFC 5322 §2.1.1). */
export const MAX_HEADER_VALUE_LENGTH = 998;

/**
 * What is wrong with `metadata.headers` (absent: nothing): not an object of strings, too many, a name that
 * is not an RFC 5322 field name, a value holding CR or LF (a header injection) or too long. Handlebars
 * parse errors are the caller's to add. Pure; never throws.
 */
export function headerProblems(headers: unknown): Array<{ pointer: string; message: string }> {
  if (headers === undefined || headers === null) return [];
  if (typeof headers !== 'object' || Array.isArray(headers)) {
    return [
      { pointer: '/metadata/headers', message: 'metadata.headers must be an object of header name → value (a Handlebars template).' },
    ];
  }
  const entries = Object.entries(headers as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) {
    return [{ pointer: '/metadata/headers', message: `metadata.headers declares ${entries.length} headers; at most ${MAX_HEADERS}.` }];
  }
  const problems: Array<{ pointer: string; message: string }> = [];
  for (const [name, value] of entries) {
    const pointer = `/metadata/headers/${escapePointer(name)}`;
    if (!FIELD_NAME.test(name)) {
      problems.push({
        pointer,
        message: `metadata.headers: '${name}' is not a header name (RFC 5322 §2.2: printable US-ASCII, no space or colon), e.g. 'List-Unsubscribe'.`,
      });
    } else if (typeof value !== 'string') {
      problems.push({
        pointer,
        message: `metadata.headers['${name}'] must be a string (a Handlebars template), got ${value === null ? 'null' : typeof value}.`,
      });
    } else if (/[\r\n]/.test(value)) {
      problems.push({
        pointer,
        message: `metadata.headers['${name}'] holds a line break (CR or LF), which would start another header: write the value on one line; the mailer folds long lines.`,
      });
    } else if (value.length > MAX_HEADER_VALUE_LENGTH) {
      problems.push({ pointer, message: `metadata.headers['${name}'] is ${value.length} characters; at most ${MAX_HEADER_VALUE_LENGTH}.` });
    }
  }
  return problems;
}

/**
 * `headerProblems`, then each declared value that does not parse as Handlebars (small: parsed on the
 * caller's thread). Pure; never throws.
 */
export function headerTemplateProblems(metadata: Record<string, unknown>): Array<{ pointer: string; message: string }> {
  const problems = headerProblems(metadata['headers']);
  if (problems.length > 0) return problems;
  for (const [name, value] of Object.entries(declaredHeaders(metadata) ?? {})) {
    const parsed = parseHandlebars(value);
    if (!parsed.ok) {
      const message = `metadata.headers['${name}'] is not a valid Handlebars template: ${parsed.message.split('\n')[0]}`;
      problems.push({ pointer: `/metadata/headers/${escapePointer(name)}`, message });
    }
  }
  return problems;
}

/**
 * The declared headers rendered by `run`, by name. A line break a *variable* put in a value becomes a space:
 * the value is one header line (the save refused CR/LF written in the template; the data must not add one).
 */
export function renderHeaders<T>(headers: Record<string, T>, run: (template: T) => string | null): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, template]) => [name, (run(template) ?? '').replace(/[\r\n]+/g, ' ')]));
}

/** `metadata.headers` as name → value when it is an object of strings; null otherwise (absent, or data written before it was checked). */
export function declaredHeaders(metadata: Record<string, unknown>): Record<string, string> | null {
  const headers = metadata['headers'];
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return null;
  const entries = Object.entries(headers as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** RFC 8058 §3.1: the List-Unsubscribe-Post header's one key/value pair. */
export const ONE_CLICK = 'List-Unsubscribe=One-Click';

/**
 * `marketing_unsubscribe`: a template whose `metadata.category` is `marketing` declares `List-Unsubscribe`
 * (RFC 2369: `<https://…>`, which RFC 8058 §3.1 requires to hold an HTTPS URI) and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058 §3.1) in `metadata.headers`. Names compare
 * case-insensitively (RFC 5322 §1.2.2).
 */
export function checkMarketingUnsubscribe(metadata: Record<string, unknown>): PolicyFinding[] {
  if (metadata['category'] !== 'marketing') return [];
  const headers = declaredHeaders(metadata) ?? {};
  const named = (wanted: string) => Object.entries(headers).find(([name]) => name.toLowerCase() === wanted.toLowerCase());
  const findings: PolicyFinding[] = [];
  const unsubscribe = named('List-Unsubscribe');
  const post = named('List-Unsubscribe-Post');
  const base = { rule: 'marketing_unsubscribe' as const, severity: 'violation' as const };
  if (!unsubscribe || unsubscribe[1].trim() === '') {
    findings.push({
      ...base,
      pointer: unsubscribe ? `/metadata/headers/${escapePointer(unsubscribe[0])}` : '/metadata/headers',
      message:
        'A marketing template (metadata.category "marketing") must declare List-Unsubscribe in metadata.headers (RFC 2369, RFC 8058), ' +
        'e.g. "List-Unsubscribe": "<https://example.com/unsubscribe/{{subscriber.token}}>".',
    });
  } else if (!/<\s*(https:|\{\{)/i.test(unsubscribe[1])) {
    findings.push({
      ...base,
      pointer: `/metadata/headers/${escapePointer(unsubscribe[0])}`,
      message: `List-Unsubscribe is "${unsubscribe[1]}": one-click unsubscribe needs an HTTPS URI in angle brackets (RFC 8058 §3.1), e.g. "<https://example.com/unsubscribe/{{token}}>".`,
    });
  }
  if (!post || post[1].trim() !== ONE_CLICK) {
    findings.push({
      ...base,
      pointer: post ? `/metadata/headers/${escapePointer(post[0])}` : '/metadata/headers',
      message: `A marketing template must declare "List-Unsubscribe-Post": "${ONE_CLICK}" in metadata.headers (RFC 8058 §3.1)${post ? `, got "${post[1]}"` : ''}.`,
    });
  }
  return findings;
}

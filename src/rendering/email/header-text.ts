/**
 * A rendered subject or preheader as a mailer will put it in a header: nothing a variable holds may end
 * the header line or start another (`"\r\nBcc: evil@example.com"`), and the subject fits the line RFC 5322
 * allows. Applied at render time, to the text with the variables in it (the save-time checks see only the
 * template).
 *
 * - Control characters are replaced, never refused: CR, LF and every other C0 control but TAB, DEL, the C1
 *   controls (U+0080–U+009F) and U+2028/U+2029 (line and paragraph separators, which some mailers turn into
 *   line breaks). Each run of them becomes one space, so `"Hi\r\nthere"` reads `"Hi there"`. TAB stays: it is
 *   white space a header may hold (RFC 5322 §2.2, WSP).
 * - The subject is cut at `MAX_SUBJECT_BYTES` UTF-8 bytes (RFC 5322 §2.1.1: a line is at most 998
 *   characters, and a mailer's encoding only lengthens it), on a code point boundary; the preheader at
 *   `MAX_PREHEADER_RENDERED` characters (inboxes show about 100; this bounds the answer).
 * Each change is a warning in the render's answer (`header_control_characters`, `header_truncated`).
 */

/** Longest rendered subject, in UTF-8 bytes (RFC 5322 §2.1.1). */
export const MAX_SUBJECT_BYTES = 998;
/** Longest rendered preheader, in characters (UTF-16 code units). */
export const MAX_PREHEADER_RENDERED = 1000;

/** What `headerText` changed, as a render warning. */
export interface HeaderTextWarning {
  code: 'header_control_characters' | 'header_truncated';
  /** The part changed. */
  field: 'subject' | 'preheader';
  message: string;
  /** `header_control_characters`: how many characters were replaced; `header_truncated`: the length found (bytes for the subject, characters for the preheader). */
  count: number;
}

// C0 but TAB, DEL, C1, LINE SEPARATOR, PARAGRAPH SEPARATOR; one run at a time.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RUN = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * The rendered `field` made safe for a header, and what was changed. Pure.
 * @param text the subject or preheader as Handlebars rendered it.
 */
export function headerText(text: string, field: 'subject' | 'preheader'): { text: string; warnings: HeaderTextWarning[] } {
  const warnings: HeaderTextWarning[] = [];
  let replaced = 0;
  let safe = text.replace(CONTROL_RUN, (run) => {
    replaced += run.length;
    return ' ';
  });
  if (replaced > 0) {
    warnings.push({
      code: 'header_control_characters',
      field,
      count: replaced,
      message: `The rendered ${field} held ${replaced} control character${replaced > 1 ? 's' : ''} (a line break, for instance, from a variable); each run was replaced by one space, so nothing can start another header. Remove them from the variables to choose the text yourself.`,
    });
  }
  const found = field === 'subject' ? Buffer.byteLength(safe, 'utf8') : safe.length;
  const max = field === 'subject' ? MAX_SUBJECT_BYTES : MAX_PREHEADER_RENDERED;
  if (found > max) {
    safe = field === 'subject' ? cutUtf8(safe, max) : cutCodeUnits(safe, max);
    const unit = field === 'subject' ? 'bytes (UTF-8)' : 'characters';
    warnings.push({
      code: 'header_truncated',
      field,
      count: found,
      message: `The rendered ${field} is ${found} ${unit}; it was cut to ${max}${field === 'subject' ? ' (RFC 5322 §2.1.1: a header line holds at most 998)' : ''}. Shorten the template or the variables it prints.`,
    });
  }
  return { text: safe, warnings };
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a code point. */
function cutUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/** The first `max` UTF-16 code units of `text`, one fewer when that would split a surrogate pair. */
function cutCodeUnits(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * Which URLs an email may carry in its URL attributes: the policy that `href="{{url}}"` rendered with
 * `javascript:alert(1)` is held to (neutralised at render, handlebars/safe-url.ts) and that literal
 * URLs in a template are checked against at save.
 *
 * A deny-list of the schemes that run script, not an allow-list: OWASP's Cross Site Scripting Prevention
 * Cheat Sheet ("Output Encoding for HTML Attribute/URL Contexts": "do not allow `javascript:` … validate
 * the URL scheme") names `javascript:`, and its XSS Filter Evasion Cheat Sheet shows `vbscript:` (old IE
 * and Outlook's IE engine) and `data:` documents (`data:text/html`, `data:image/svg+xml`) carrying script.
 * Emails legitimately link to many other schemes (`https:`, `mailto:`, `tel:`, `sms:`, app deep links such
 * as `myapp://`, `cid:` for embedded images), which an allow-list would break; none of them runs script
 * in the page that holds the link.
 *
 * How a browser reads the scheme (WHATWG URL Standard, "basic URL parser": leading and trailing C0 controls
 * and spaces are stripped, ASCII tab and newline removed anywhere, the scheme is ASCII letters then letters,
 * digits, `+`, `-`, `.` up to `:`, compared lower-cased) after the HTML tokenizer decoded character
 * references in the attribute (WHATWG HTML §13.2.5.72: `&#106;avascript:`, `javascript&colon;`,
 * `java&Tab;script:`): the same steps are taken here, so every spelling a browser runs is refused.
 */
import { decodeHTMLAttribute } from 'entities';

/**
 * The attributes whose value a browser or mail client loads or navigates to as a URL, as written in HTML
 * (lower case): links and form targets (`href`, `action`, `formaction`, SVG's `xlink:href`), and loaded
 * resources (`src`, `background` on `<body>`/`<table>`/`<td>` — common in email —, `poster` on `<video>`,
 * `data` on `<object>`). Not `srcset` (its candidates are image URLs, never run as script) nor `style`
 * (`url(javascript:…)` in CSS runs in no current browser).
 */
export const URL_ATTRIBUTES: readonly string[] = Object.freeze([
  'action',
  'background',
  'data',
  'formaction',
  'href',
  'poster',
  'src',
  'xlink:href',
]);

const URL_ATTRIBUTE_SET: ReadonlySet<string> = new Set(URL_ATTRIBUTES);

/** Whether `name` (lower case) is one of `URL_ATTRIBUTES`. */
export const isUrlAttribute = (name: string): boolean => URL_ATTRIBUTE_SET.has(name);

/**
 * The schemes refused. `data:` is refused except raster images (`DATA_IMAGE`): a `data:` document
 * (`text/html`, `image/svg+xml`, `application/xhtml+xml`, …) can carry script when it is navigated to or
 * framed. An SVG is harmless inside `<img>`, but Gmail and Outlook do not show SVG images at all, so
 * refusing it everywhere costs an email nothing and keeps the rule independent of the element.
 */
export const UNSAFE_SCHEMES: readonly string[] = Object.freeze(['javascript', 'vbscript', 'data']);

/** `data:` URLs that are allowed: PNG, GIF, JPEG and WebP images (they cannot run script anywhere). */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp)[;,]/;

/** A URL's verdict: safe, or refused with its scheme (lower case) — never the rest of the URL, which may hold customer data. */
export type UrlVerdict = { safe: true } | { safe: false; scheme: string };

const SAFE: UrlVerdict = Object.freeze({ safe: true });

/**
 * The scheme a browser would read from `value` (lower case), or null for a relative URL (`/path`,
 * `page.html`, `#top`, `//host/x`, `?q`) or an empty one. `value` is the attribute value as written in
 * the HTML (character references not yet decoded), unless `decoded`.
 */
export function urlScheme(value: string, decoded = false): string | null {
  // Only what comes before the first `/` or `?` can hold the scheme, and no character reference contains
  // either: decoding just that part reads the same scheme (a long query string is not decoded per render).
  const head = schemeRegion(value);
  const text = !decoded && head.includes('&') ? decodeHTMLAttribute(head) : head;
  const scan = scanScheme(text);
  return scan.kind === 'scheme' ? scan.scheme.toLowerCase() : null; // relative, or no ':' to end a scheme
}

/**
 * How the WHATWG URL parser's scheme state reads the start of `text`: leading C0 controls and spaces
 * stripped, tabs and newlines skipped anywhere, then ASCII letters followed by letters, digits, `+`, `-`
 * or `.` up to a `:`. `scheme`: a complete scheme (as written, not lower-cased); `relative`: a character
 * no scheme holds came first (`code` is its char code), so the URL is relative; `unfinished`: the text
 * ended inside what could still be a scheme (`begun`, possibly empty).
 */
type SchemeScan = { kind: 'scheme'; scheme: string } | { kind: 'relative'; code: number } | { kind: 'unfinished'; begun: string };

function scanScheme(text: string): SchemeScan {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start += 1;
  let scheme = '';
  for (let i = start; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c === 0x3a) return scheme.length > 0 ? { kind: 'scheme', scheme } : { kind: 'relative', code: c }; // ':'
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    const other = (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e; // digit + - .
    if (!letter && !(other && scheme.length > 0)) return { kind: 'relative', code: c };
    scheme += text[i];
  }
  return { kind: 'unfinished', begun: scheme };
}

/** `value` up to its first `/` or `?` (all of it when it has neither). */
function schemeRegion(value: string): string {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0x2f || c === 0x3f) return value.slice(0, i);
  }
  return value;
}

/**
 * Whether `value` may stay in a URL attribute (`URL_ATTRIBUTES`): refused when its scheme is
 * `javascript:`, `vbscript:` or a `data:` URL other than a PNG, GIF, JPEG or WebP image; relative URLs
 * and every other scheme are safe. `value` as written in HTML (entities decoded here), unless `decoded`.
 */
export function classifyUrl(value: string, decoded = false): UrlVerdict {
  const scheme = urlScheme(value, decoded);
  if (scheme === null || !UNSAFE_SCHEMES.includes(scheme)) return SAFE;
  if (scheme === 'data' && DATA_IMAGE.test(normalised(decoded || !value.includes('&') ? value : decodeHTMLAttribute(value)))) return SAFE;
  return { safe: false, scheme };
}

/** The URL as the URL parser reads it, lower-cased: for the `data:` media type test. */
function normalised(url: string): string {
  // eslint-disable-next-line no-control-regex -- the URL parser strips leading C0 controls and spaces; so must we
  const trimmed = url.replace(/^[\u0000-\u0020]+/, '');
  return trimmed.replace(/[\t\n\r]/g, '').toLowerCase();
}

/**
 * What a refused URL is replaced with: `about:invalid`, which loads and navigates nowhere (WHATWG Fetch,
 * "scheme fetch": `about:` URLs other than `about:blank` and `about:srcdoc` are a network error) — unlike
 * `#` or an empty value, which resolve to the page itself (an `<img src="#">` requests the page again).
 * The same value Google Closure's URL sanitizer uses (`about:invalid#zClosurez`).
 */
export const NEUTRAL_URL = 'about:invalid';

/**
 * A static URL prefix (the attribute value written before its first Handlebars expression, as in the
 * HTML) decides the scheme whatever the expression outputs: it already holds `scheme:` with a safe scheme,
 * a character no scheme has before any `:` (`/`, `?`, `#`, …), or the start of a scheme no refused scheme
 * begins with (`https{{x}}`). Then the attribute needs no check at render; otherwise (`{{url}}`,
 * `java{{x}}`, `data:{{x}}`, white space that an expression's `~` could strip) it does.
 */
export function prefixDecides(prefix: string): boolean {
  const text = prefix.includes('&') ? decodeHTMLAttribute(prefix) : prefix;
  const scan = scanScheme(text);
  if (scan.kind === 'scheme') return !UNSAFE_SCHEMES.includes(scan.scheme.toLowerCase());
  // Relative, unless it is white space an expression's `~` could strip, or a leading ':' (left to the
  // render-time check, as it always was: nothing is gained by deciding that rare case here).
  if (scan.kind === 'relative') return scan.code > 0x20 && scan.code !== 0x3a;
  // The scheme is not finished: the expression may complete it, into a refused one only if it starts like one.
  const begun = scan.begun.toLowerCase();
  return begun.length > 0 && !UNSAFE_SCHEMES.some((unsafe) => unsafe.startsWith(begun));
}

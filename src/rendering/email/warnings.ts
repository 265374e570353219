/**
 * Advice about a rendered email's HTML that does not stop it from being sent: it will be clipped by
 * Gmail, images lack alt text, links are script URLs or plain `http:`.
 *
 * The HTML is read with htmlparser2's tokenizer (htmlparser2 is a direct dependency; html-to-text and
 * MJML's XML parser use it too), tag by tag without building a tree (`forEachStartTag`): attribute values
 * come decoded (`javascript&colon;`, `&#58;`, `&#x3A;`, `&Tab;` are seen as the browser sees them),
 * comments are not markup, so the content of MSO conditional comments (`<!--[if mso]>…<![endif]-->`,
 * seen only by Outlook) is not checked, and `<script>`/`<style>` text is not mistaken for tags.
 * Every element counts, hidden or not (a hidden image or link is still in the message).
 */
import { Tokenizer } from 'htmlparser2';

/** `unsafe_url_neutralised` comes from the render's URL check (email/url-warnings.ts), not from `emailWarnings`. */
export type EmailWarningCode =
  | 'gmail_clipping'
  | 'image_without_alt'
  | 'javascript_link'
  | 'insecure_link'
  | 'unsafe_url_neutralised'
  | 'header_control_characters'
  | 'header_truncated';

export interface EmailWarning {
  code: EmailWarningCode;
  message: string;
  /** How many elements the warning is about (not for `gmail_clipping`). */
  count?: number;
  /** UTF-8 size of the HTML (`gmail_clipping` only). */
  sizeBytes?: number;
  /** The part a `header_control_characters` / `header_truncated` warning is about (email/header-text.ts). */
  field?: 'subject' | 'preheader';
  /** Up to `MAX_EXAMPLES` distinct offending values (image `src`, link `href`), each at most `MAX_EXAMPLE_LENGTH` characters. */
  examples?: string[];
}

/**
 * Gmail clips a message whose HTML is larger than about 102 KB, showing the rest only behind
 * "[Message clipped] View entire message" (which also hides footers, unsubscribe links and open-tracking
 * pixels). Google does not document the figure; 102 KB is the threshold email senders and vendors
 * publish from their own tests (e.g. Spam Resource, "What is Gmail clipping and what to do about it",
 * 2022, https://www.spamresource.com/2022/01/what-is-gmail-clipping-and-what-to-do.html, which found
 * "everybody in the world advertises 102KB", measured about 105 KB itself and noted that the transfer
 * encoding counts). We take 102 × 1024 bytes of the HTML as UTF-8, before any quoted-printable or base64
 * encoding the mailer adds (which only makes the message bigger): an email just under it can still be
 * clipped.
 */
export const GMAIL_CLIPPING_BYTES = 102 * 1024;

export const MAX_EXAMPLES = 3;
export const MAX_EXAMPLE_LENGTH = 80;

/**
 * A URL as the browser's URL parser reads it: leading and trailing C0 controls and spaces removed, tabs
 * and newlines anywhere removed (WHATWG URL standard, "basic URL parser"), lower-cased for the scheme test.
 */
const normaliseUrl = (url: string): string =>
  url
    // eslint-disable-next-line no-control-regex -- the URL parser strips C0 controls and spaces at both ends; so must we
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '')
    .toLowerCase();

/** `javascript:`, `vbscript:` or `data:text/html…` (entities already decoded, as the parser gives them). */
export function isScriptUrl(url: string): boolean {
  const normalised = normaliseUrl(url);
  return /^(?:javascript|vbscript):/.test(normalised) || /^data:[\s]*text\/html/.test(normalised);
}

/** Plain `http:` (not `https:`, `mailto:`, `tel:`, relative, `//host` or `#…`). */
export function isInsecureUrl(url: string): boolean {
  return normaliseUrl(url).startsWith('http:');
}

/**
 * Calls `visit` for every start tag in `html` with its lower-cased name and attributes (names
 * lower-cased, values entity-decoded, the first of duplicate attributes kept, as browsers do).
 *
 * This drives htmlparser2's `Tokenizer` directly rather than its `Parser`: the warnings need no tree, and
 * `Parser` 9 keeps its open-element stack with `Array#unshift`, which makes deeply nested or unclosed
 * markup quadratic (2 MiB of nested `<div>`s: ≈ 23 s; this scan: ≈ 60 ms, and ≈ 5 ms for a 512 kB MJML
 * email, ≈ 1 ms for 15 kB). The tokenizer still handles comments, `<script>`/`<style>`/`<title>`/
 * `<textarea>` contents and entities as the parser does.
 */
function forEachStartTag(html: string, visit: (name: string, attribs: ReadonlyMap<string, string>) => void): void {
  let name = '';
  let attribs = new Map<string, string>();
  let attribName = '';
  let attribValue = '';
  const emit = () => {
    if (name) visit(name, attribs);
    name = '';
  };
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        name = html.slice(start, end).toLowerCase();
        attribs = new Map();
      },
      onattribname(start, end) {
        attribName = html.slice(start, end).toLowerCase();
        attribValue = '';
      },
      onattribdata(start, end) {
        attribValue += html.slice(start, end);
      },
      onattribentity(codepoint) {
        attribValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (!attribs.has(attribName)) attribs.set(attribName, attribValue);
      },
      onopentagend: emit,
      onselfclosingtag: emit,
      oncdata() {},
      onclosetag() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

const truncate = (value: string): string => (value.length <= MAX_EXAMPLE_LENGTH ? value : `${value.slice(0, MAX_EXAMPLE_LENGTH - 1)}…`);

class Finding {
  count = 0;
  readonly examples: string[] = [];

  add(example: string): void {
    this.count += 1;
    const shown = truncate(example);
    if (this.examples.length < MAX_EXAMPLES && !this.examples.includes(shown)) this.examples.push(shown);
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The `gmail_clipping` warning for HTML of `sizeBytes` UTF-8 bytes, or null at or under `GMAIL_CLIPPING_BYTES`:
 * the byte count is all it needs (a render over the budget need not parse its HTML again to say so).
 */
export function clippingWarning(sizeBytes: number): EmailWarning | null {
  if (sizeBytes <= GMAIL_CLIPPING_BYTES) return null;
  return {
    code: 'gmail_clipping',
    message:
      `The HTML is ${sizeBytes.toLocaleString('en-US')} bytes; Gmail clips messages whose HTML is over about 102 KB ` +
      `(${GMAIL_CLIPPING_BYTES.toLocaleString('en-US')} bytes) and hides the rest behind "View entire message".`,
    sizeBytes,
  };
}

/**
 * Warnings for an email's HTML, at most one per code, in the order of `EmailWarningCode`:
 * - `gmail_clipping`: the HTML is over `GMAIL_CLIPPING_BYTES` (UTF-8); `sizeBytes` is its size.
 * - `image_without_alt`: `<img>` with no `alt` attribute (`alt=""` is fine: it marks a decorative image);
 *   examples are the `src` values (or `<img>` when there is none). Renders of MJML templates do not use
 *   this one: MJML writes `alt=""` for every `mj-image`, so they read it from the source (image-alt.ts).
 * - `javascript_link`: an `href` (on any element) that is `javascript:`, `vbscript:` or
 *   `data:text/html`, in any case, after leading white space, control characters, tabs and newlines, and
 *   with the colon written as an entity.
 * - `insecure_link`: an `href` that is plain `http:`.
 * `count` is how many elements; `examples` up to three distinct values, each cut to 80 characters.
 */
export function emailWarnings(html: string): EmailWarning[] {
  const warnings: EmailWarning[] = [];

  const clipping = clippingWarning(Buffer.byteLength(html, 'utf8'));
  if (clipping) warnings.push(clipping);

  const imagesWithoutAlt = new Finding();
  const scriptLinks = new Finding();
  const insecureLinks = new Finding();
  forEachStartTag(html, (name, attribs) => {
    if (name === 'img' && !attribs.has('alt')) imagesWithoutAlt.add(attribs.get('src') ?? '<img>');
    const href = attribs.get('href');
    if (href === undefined) return;
    if (isScriptUrl(href)) scriptLinks.add(href.trim());
    else if (isInsecureUrl(href)) insecureLinks.add(href.trim());
  });

  if (imagesWithoutAlt.count > 0) {
    warnings.push({
      code: 'image_without_alt',
      message: `${plural(imagesWithoutAlt.count, 'image has', 'images have')} no alt attribute: give each one alt text, or alt="" if it is decorative.`,
      count: imagesWithoutAlt.count,
      examples: imagesWithoutAlt.examples,
    });
  }
  if (scriptLinks.count > 0) {
    warnings.push({
      code: 'javascript_link',
      message: `${plural(scriptLinks.count, 'link uses', 'links use')} a script URL (javascript:, vbscript: or data:text/html); email clients block or remove them.`,
      count: scriptLinks.count,
      examples: scriptLinks.examples,
    });
  }
  if (insecureLinks.count > 0) {
    warnings.push({
      code: 'insecure_link',
      message: `${plural(insecureLinks.count, 'link uses', 'links use')} plain http:; use https: so the link is not sent in the clear and is not flagged by mail clients.`,
      count: insecureLinks.count,
      examples: insecureLinks.examples,
    });
  }
  return warnings;
}

/**
 * Render-time neutralisation of script URLs (email/url-policy.ts) at the cost of the URL attributes that
 * need it, not of a parse of every rendered email.
 *
 * When a revision is loaded (compile workers), its HTML is scanned once for URL attributes whose value a
 * render can make dangerous: a Handlebars expression not preceded by a static prefix that settles the
 * scheme (`href="{{url}}"`, `src="{{cdn}}/x.png"`, `href="java{{x}}"` — but not `https://x/{{path}}` or
 * `/p/{{id}}`), and literal script URLs. Only those values are wrapped in an internal block helper,
 * `{{#letterpress-safe-url "href"}}…{{/letterpress-safe-url}}`, in the source that is compiled (the stored
 * HTML is unchanged): at render the helper classifies the value its block rendered, passes it through
 * unchanged when safe, and otherwise returns `about:invalid` and records a finding for the render's
 * warnings. Safe URLs render byte for byte as before.
 *
 * The helper's name has a `-`, which declared helper names cannot (declared-helpers.ts `HELPER_NAME`), and
 * `checkHandlebars` refuses calls of helpers it does not know, so a template can neither call nor shadow it.
 *
 * When the wrapped source does not parse (a Handlebars block that opens inside an attribute value and
 * closes outside it), the revision falls back to `neutraliseHtml` on every rendered email (`scan`).
 * Dynamic (Handlebars-first) revisions use `neutraliseHtml` on each compiled HTML, which is cached.
 */
import { RenderScope } from './render-scope.js';
import { Tokenizer } from 'htmlparser2';
import { decodeHTMLAttribute } from 'entities';
import { NEUTRAL_URL, classifyUrl, isUrlAttribute, prefixDecides } from '../email/url-policy.js';
import { parseHandlebars } from './parse.js';

/**
 * The internal block helpers (both registered in every environment by `createHandlebars`): one for the
 * HTML form of a template, one for its JSON-escaped form (json-output.ts). The form a template was compiled
 * for picks the name, because a compiled template runs in whichever environment loads it.
 */
export const SAFE_URL_HELPER = 'letterpress-safe-url';
export const SAFE_URL_JSON_HELPER = 'letterpress-safe-url-json';

/** A URL a render replaced: which attribute and which scheme. `value` stays in the process (text-part scrub); never report it. */
export interface UrlFinding {
  attribute: string;
  scheme: string;
  /** The values as rendered (HTML form) and decoded: what the text part may hold. Internal only. */
  values: readonly string[];
}

const sink = new RenderScope<UrlFinding[]>();

/**
 * Run a render and collect what the safe-URL helper neutralised during it (renders are synchronous, so
 * one collector is active at a time per thread; a nested call keeps its own).
 */
export function collectUrlFindings<T>(render: () => T): { value: T; findings: UrlFinding[] } {
  const findings: UrlFinding[] = [];
  return { value: sink.within(findings, render), findings };
}

interface BlockOptions {
  fn: (context: unknown) => string;
}

/** What a call that is not ours does instead (a template's own `{{letterpress-safe-url}}` reads a variable of that name). */
export type BareCall = (self: unknown, options: never) => unknown;

/**
 * The block helper for templates compiled to write `output` (`json`: its block output is already escaped as
 * a JSON string's contents, json-output.ts, and is unescaped to be classified). Outside `collectUrlFindings`
 * it still neutralises; it only records nothing.
 */
export function safeUrlHelper(output: 'html' | 'json', bare: BareCall): (this: unknown, ...args: unknown[]) => unknown {
  return function (this: unknown, ...args: unknown[]): unknown {
    // Ours are always blocks with one argument, the attribute's name.
    if (args.length !== 2 || typeof (args[1] as Partial<BlockOptions> | null)?.fn !== 'function')
      return bare(this, args[args.length - 1] as never);
    const [attribute, options] = args as [unknown, BlockOptions];
    const rendered = options.fn(this);
    const html = output === 'json' && rendered.includes('\\') ? unescapeJson(rendered) : rendered;
    const verdict = classifyUrl(html);
    if (verdict.safe) return rendered;
    sink.current?.push({ attribute: String(attribute), scheme: verdict.scheme, values: [html, decodeHTMLAttribute(html)] });
    return NEUTRAL_URL;
  };
}

/** JSON string contents unescaped; a refused URL if they are not valid JSON string contents (our compiler never writes such). */
function unescapeJson(escaped: string): string {
  try {
    return JSON.parse(`"${escaped}"`) as string;
  } catch {
    return 'javascript:'; // refuse rather than guess
  }
}

/** A URL attribute of some HTML: its lower-case name and the raw value's offsets (`[start, end)`). */
interface UrlAttributeSite {
  attribute: string;
  start: number;
  end: number;
}

/**
 * Every URL attribute (`URL_ATTRIBUTES`) of `html`'s start tags, with its raw value's span, in document
 * order. Values are not decoded; comments (MSO conditional comments included), `<script>`/`<style>` text
 * are not markup. A name written after a Handlebars tag (`{{#if x}}href="…"`, read by the HTML tokenizer as
 * one name `x}}href`) counts by what follows the last `}}`.
 */
function urlAttributes(html: string): UrlAttributeSite[] {
  const sites: UrlAttributeSite[] = [];
  let name = '';
  let start = -1;
  let end = -1;
  const noop = () => {};
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onattribname(from, to) {
        const raw = html.slice(from, to).toLowerCase();
        const close = raw.lastIndexOf('}}');
        name = close === -1 ? raw : raw.slice(close + 2);
        start = -1;
      },
      onattribdata(from, to) {
        if (start === -1) start = from;
        end = to;
      },
      onattribend() {
        if (start !== -1 && isUrlAttribute(name)) sites.push({ attribute: name, start, end });
        start = -1;
      },
      onattribentity: noop,
      onopentagname: noop,
      onopentagend: noop,
      onselfclosingtag: noop,
      oncdata: noop,
      onclosetag: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return sites;
}

/** Whether a template's raw attribute value needs the render-time check (see the module comment). */
function needsCheck(value: string): boolean {
  const expression = value.indexOf('{{');
  if (expression === -1) return !classifyUrl(value).safe;
  return !prefixDecides(value.slice(0, expression));
}

/**
 * A template source (published HTML, or a partial's or helper's HTML) with its URL attributes that need
 * it wrapped in the safe-URL helper: `{ source, wrapped }` (`wrapped` how many; the source is `html`
 * itself when 0), or null when the wrapped source does not parse (the caller then scans rendered output).
 */
export function wrapUrlAttributes(
  html: string,
  output: 'html' | 'json' = 'html',
): { source: string; program: hbs.AST.Program | null; wrapped: number } | null {
  const helper = output === 'json' ? SAFE_URL_JSON_HELPER : SAFE_URL_HELPER;
  const sites = urlAttributes(html).filter((site) => needsCheck(html.slice(site.start, site.end)));
  if (sites.length === 0) return { source: html, program: null, wrapped: 0 };
  let source = '';
  let at = 0;
  for (const site of sites) {
    source += `${html.slice(at, site.start)}{{#${helper} "${site.attribute}"}}${html.slice(site.start, site.end)}{{/${helper}}}`;
    at = site.end;
  }
  source += html.slice(at);
  const parsed = parseHandlebars(source);
  return parsed.ok ? { source, program: parsed.program, wrapped: sites.length } : null;
}

/**
 * Rendered HTML with every refused URL (`classifyUrl`) in a URL attribute replaced by `about:invalid`,
 * and what was replaced. One tokenizer pass (190–340 µs for the 11–14 kB corpus emails on a loaded 2-core
 * machine, 4–7 × their render: docs/performance.md "Performance"); the HTML is
 * returned as is when nothing is refused.
 */
export function neutraliseHtml(html: string): { html: string; findings: UrlFinding[] } {
  const findings: UrlFinding[] = [];
  let out = '';
  let at = 0;
  for (const site of urlAttributes(html)) {
    const value = html.slice(site.start, site.end);
    const verdict = classifyUrl(value);
    if (verdict.safe) continue;
    findings.push({ attribute: site.attribute, scheme: verdict.scheme, values: [value, decodeHTMLAttribute(value)] });
    out += html.slice(at, site.start) + NEUTRAL_URL;
    at = site.end;
  }
  return findings.length === 0 ? { html, findings } : { html: out + html.slice(at), findings };
}

/**
 * A rendered plain-text part with the URLs the HTML render refused replaced too: the text is derived from
 * the same template (message-parts.ts), so `label [{{url}}]` prints the value the HTML held.
 */
export function scrubText(text: string, findings: readonly UrlFinding[]): string {
  let result = text;
  for (const finding of findings) {
    for (const value of finding.values) if (value.trim().length > 0) result = result.split(value).join(NEUTRAL_URL);
  }
  return result;
}

/**
 * Script URLs written literally in a template's compiled HTML (the save warning `unsafe_url`): a URL
 * attribute with no expression whose value is refused, or whose static prefix already has a refused scheme
 * (`javascript:{{code}}`; not `data:`, which an expression may complete into an allowed image).
 */
export function literalUnsafeUrls(html: string): Array<{ attribute: string; scheme: string }> {
  const found: Array<{ attribute: string; scheme: string }> = [];
  for (const site of urlAttributes(html)) {
    const value = html.slice(site.start, site.end);
    const expression = value.indexOf('{{');
    const verdict = classifyUrl(expression === -1 ? value : value.slice(0, expression));
    if (!verdict.safe && (expression === -1 || verdict.scheme !== 'data'))
      found.push({ attribute: site.attribute, scheme: verdict.scheme });
  }
  return found;
}

/**
 * Closing tags that do not close what was opened, in MJML markup, as `mjml-parser-xml` (htmlparser2,
 * HTML mode) would silently recover from them. Measured with mjml 5.4.1 / htmlparser2 9.1:
 *
 * - A closing tag that matches no open element (`</mj-txt>`) is ignored by htmlparser2: no event at all.
 * - A closing tag that matches an *outer* open element (`<mj-text>Hi</mj-column>`) closes every element
 *   inside it first, as "implied" closes. For an ending tag (mj-text, mj-button, mj-raw, …) mjml-parser-xml
 *   then takes its content up to the last `</mj-text` before that point: none, so the content is lost.
 * - At the end of the input every element still open is closed as "implied" (same loss for ending tags).
 * - Text before the root element and after it closes, and any element opened after it, are dropped (an
 *   element opened there even replaces the root).
 * - `</MJ-TEXT>` closes `<mj-text>` for htmlparser2, but mjml-parser-xml cuts the content at the exact text
 *   `</mj-text`: none, so the content is lost.
 *
 * HTML inside ending tags is not judged: MJML keeps that content verbatim whatever its tags, and the
 * inbox's HTML parser recovers from `<p>` without `</p>`, `<br>`, stray `</span>` and the like. Only the
 * ending tag's own closing counts there.
 */
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';
import { Positions } from '../handlebars/parse-errors/positions.js';
import { ENDING_TAGS } from './runtime.js';

/** One place where the markup does not close what it opened (docs/markup-checks.md "Markup checks"). */
export interface TagMismatch {
  /**
   * `mismatched_tag`: a closing tag that does not match the open element; `unclosed_tag`: an element still
   * open at the end of the file; `dropped_content`: text before the root element, text or elements after it.
   */
  code: 'mismatched_tag' | 'unclosed_tag' | 'dropped_content';
  /** 1-based line of what was found (of the opening tag for `unclosed_tag`). */
  line: number;
  /** What was found there: `</mj-txt>`, `end of file`, `<mj-text>`, `text "…"`. */
  found: string;
  /** What would have been right there: `</mj-text>`, `end of file`. */
  expected: string;
  /** What was found, what was expected and what MJML does with it, without the line (see `describeMismatch`). */
  detail: string;
  /**
   * Nothing is lost: an element that is not an ending tag, left open where the parser's implied close
   * changes nothing (`<mj-image src="a.png">` as the last thing in its column; `</mjml>` missing at the
   * end of the file). Reported as a warning whatever the validation (mismatches.ts).
   */
  lossless?: true;
}

/**
 * A mismatch as one sentence for a problem or warning `message`, e.g. `line 3 of partials/a.mjml: found
 * </mj-txt>, expected </mj-text> to close <mj-text> from line 2; MJML would drop everything inside that
 * <mj-text>.` `where` names the file ('' = the template sent) or another source of the markup.
 */
export function describeMismatch(mismatch: TagMismatch, where = ''): string {
  return `line ${mismatch.line}${where ? ` of ${where}` : ''}: ${mismatch.detail}.`;
}

/** `{{! … }}` and `{{!-- … --}}`: they render nothing wherever they stand. */
const HANDLEBARS_COMMENT = /\{\{~?!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}/g;

const AFTER_ROOT = ' after the root element closed';

/** At most this many mismatches are reported per file: the first one usually explains the rest. */
export const MAX_TAG_MISMATCHES = 20;

interface OpenElement {
  name: string;
  /** Offset of its `<`. */
  start: number;
  /** A closing tag named like an MJML tag inside this ending tag that closed nothing (`</mj-txt>`). */
  strayInside?: { name: string; start: number };
  /** A stray closing tag was already reported while this element was the innermost open one. */
  strayReported?: boolean;
  /** Elements opened inside it (outside ending tags): an implied close that swallowed none loses nothing. */
  children: number;
}

/**
 * Follows the events of one htmlparser2 pass over a document and records `TagMismatch`es. Feed it every
 * `onopentag`, `onclosetag` and `ontext` with `parser.startIndex`, and the closing tags the parser ignored
 * (`BalanceParser` finds those). Offsets at or past `contentEnd` belong to a wrapper our code added
 * around an include fragment (`<mjml><mj-body>…</mj-body></mjml>`): reached there means end of file.
 */
export class TagBalance {
  private readonly stack: OpenElement[] = [];
  private inEndingTag = 0; // nesting depth inside ending tags, counted as mjml-parser-xml counts it
  private rootClosed = false;
  private lastImpliedBy = -1;
  private readonly positions: Positions;
  readonly mismatches: TagMismatch[] = [];

  constructor(
    private readonly markup: string,
    private readonly contentEnd = markup.length,
  ) {
    this.positions = new Positions(markup);
  }

  opened(name: string, start: number): void {
    if (this.inEndingTag > 0) {
      if (ENDING_TAGS.has(name)) this.inEndingTag += 1;
      return;
    }
    if (this.stack.length === 0 && this.rootClosed && start < this.contentEnd) {
      this.report('dropped_content', start, `<${name}>`, 'end of file', `; MJML would drop <${name}> and all it holds`, AFTER_ROOT);
    }
    if (ENDING_TAGS.has(name)) this.inEndingTag = 1;
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.children += 1;
    this.stack.push({ name, start, children: 0 });
  }

  closed(name: string, implied: boolean, start: number): void {
    if (this.inEndingTag > 0 && ENDING_TAGS.has(name)) this.inEndingTag -= 1;
    if (this.inEndingTag > 0) return;
    const element = this.stack.pop();
    if (element === undefined) return;
    if (this.stack.length === 0) this.rootClosed = true;
    if (!implied && ENDING_TAGS.has(element.name) && !this.markup.startsWith(`</${element.name}`, start)) {
      // htmlparser2 matches `</MJ-TEXT>` case-insensitively; mjml-parser-xml cuts the content at `</mj-text` exactly.
      this.report(
        'mismatched_tag',
        start,
        `</${this.tagNameAt(start)}>`,
        `</${element.name}>`,
        ` spelt exactly so: MJML looks for that spelling and would drop everything inside that <${element.name}>`,
      );
      return;
    }
    // A self-closing tag (`<mj-image />`) arrives as an implied close at its own opening tag.
    if (!implied || start === element.start || element.strayReported) return;
    if (start === this.lastImpliedBy) return; // one report per closing tag: the innermost element it closed
    const atEnd = !(start < this.contentEnd && this.markup.startsWith('</', start));
    // The parser's implied close lands where the element's own close would have: nothing moves or is lost.
    const lossless = !ENDING_TAGS.has(element.name) && !element.strayInside && (atEnd || element.children === 0);
    // An empty element left open before `</mj-section>` says nothing about the `</mj-column>` that tag also skips.
    if (!lossless || atEnd) this.lastImpliedBy = start;
    const expected = `</${element.name}>`;
    const context = ` to close <${element.name}> from line ${this.lineOf(element.start)}`;
    const loss = ENDING_TAGS.has(element.name)
      ? `MJML would drop everything inside that <${element.name}>`
      : `MJML would close <${element.name}> there without a word`;
    if (element.strayInside) {
      this.report('mismatched_tag', element.strayInside.start, `</${element.strayInside.name}>`, expected, `${context}; ${loss}`);
    } else if (lossless) {
      const closedBy = atEnd ? 'at the end of the file' : `by </${this.tagNameAt(start)}>`;
      const found = atEnd ? 'end of file' : `</${this.tagNameAt(start)}>`;
      const fix = element.children === 0 ? `write <${element.name} … /> or close it` : 'close it';
      this.report(
        'unclosed_tag',
        element.start,
        found,
        expected,
        `: <${element.name}> is never closed; MJML closes it ${closedBy} and nothing is lost, but ${fix} yourself so that nothing written after it can end up inside it`,
        '',
        true,
      );
    } else if (!atEnd) {
      this.report('mismatched_tag', start, `</${this.tagNameAt(start)}>`, expected, `${context} first; ${loss}`);
    } else {
      this.report(
        'unclosed_tag',
        element.start,
        'end of file',
        expected,
        `: <${element.name}> is never closed; ${loss.replace(' there', ' at the end')}`,
      );
    }
  }

  /** A closing tag htmlparser2 ignored because no open element has its name; `nameStart`: offset of its name. */
  ignoredClose(name: string, nameStart: number): void {
    const start = this.markup.lastIndexOf('</', nameStart);
    if (start >= this.contentEnd) return;
    if (this.inEndingTag > 0) {
      // HTML inside an ending tag stays verbatim; only a closing tag spelt like MJML's can explain a loss.
      const ending = this.outermostEndingTag();
      if (ending && !ending.strayInside && name.startsWith('mj')) ending.strayInside = { name, start };
      return;
    }
    const top = this.stack[this.stack.length - 1];
    if (top) top.strayReported = true;
    if (top)
      this.report(
        'mismatched_tag',
        start,
        `</${name}>`,
        `</${top.name}>`,
        ` to close <${top.name}> from line ${this.lineOf(top.start)}; MJML would ignore this closing tag`,
      );
    else this.report('mismatched_tag', start, `</${name}>`, 'end of file', '; it closes nothing and MJML would ignore it');
  }

  /** Text outside every element: before the root (expected its opening tag) or after it (expected the end). */
  text(text: string, start: number): void {
    if (this.stack.length > 0 || start >= this.contentEnd) return;
    if (text.replace(HANDLEBARS_COMMENT, '').trim() === '') return; // nothing a reader would miss
    const flat = text.trim().replace(/\s+/g, ' ');
    const found = `text "${flat.length > 40 ? `${flat.slice(0, 37)}...` : flat}"`;
    const at = start + (text.length - text.trimStart().length);
    if (this.rootClosed) this.report('dropped_content', at, found, 'end of file', '; MJML would drop it', AFTER_ROOT);
    else this.report('dropped_content', at, found, '<mjml>', '; MJML would drop it', ' before the root element');
  }

  /** `rest` continues "found X, expected Y" (starting with its own separator); `where` follows X. */
  private report(code: TagMismatch['code'], at: number, found: string, expected: string, rest: string, where = '', lossless = false): void {
    if (this.mismatches.length >= MAX_TAG_MISMATCHES) return;
    this.mismatches.push({
      code,
      line: this.lineOf(at),
      found,
      expected,
      detail: `found ${found}${where}, expected ${expected}${rest}`,
      ...(lossless ? { lossless: true as const } : {}),
    });
  }

  private outermostEndingTag(): OpenElement | undefined {
    const top = this.stack[this.stack.length - 1];
    return top && ENDING_TAGS.has(top.name) ? top : undefined;
  }

  /** The name of the closing tag at `start` as written (`</MJ-Text >` → `MJ-Text`). */
  private tagNameAt(start: number): string {
    return /^<\/\s*([^\s/>]+)/.exec(this.markup.slice(start, start + 200))?.[1] ?? '';
  }

  private lineOf(offset: number): number {
    return this.positions.of(offset).line;
  }
}

/**
 * htmlparser2's `Parser`, which also reports the closing tags it ignores (no open element of that name;
 * not `</p>` or `</br>`, which it turns into elements). One `write` of the whole document: offsets are
 * offsets into it.
 */
export class BalanceParser extends Parser {
  private readonly closes: { events: number };

  constructor(
    handler: Partial<Handler>,
    options: ParserOptions,
    private readonly onIgnoredClose: (name: string, nameStart: number) => void,
  ) {
    const closes = { events: 0 };
    const onclosetag = handler.onclosetag;
    super(
      {
        ...handler,
        onclosetag: (name, isImplied) => {
          closes.events += 1;
          onclosetag?.(name, isImplied);
        },
      },
      options,
    );
    this.closes = closes;
  }

  /** @internal htmlparser2's tokenizer callback: `start`..`endIndex` is the tag name of `</name>`. */
  override onclosetag(start: number, endIndex: number): void {
    const before = this.closes.events;
    super.onclosetag(start, endIndex);
    if (this.closes.events === before) this.onIgnoredClose(this.slice(start, endIndex).toLowerCase(), start);
  }

  private slice(start: number, end: number): string {
    return (this as unknown as { getSlice(start: number, end: number): string }).getSlice(start, end);
  }
}

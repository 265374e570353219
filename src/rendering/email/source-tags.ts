/**
 * Start tags of a template source (MJML with Handlebars in it, or HTML), with their offsets: what the
 * source-level email checks (image-alt.ts) scan, without building a tree.
 */
import { Tokenizer } from 'htmlparser2';

/** A start tag: lower-cased name, attributes, and the offset of its `<` in the text. */
export interface SourceTag {
  name: string;
  attribs: Map<string, string>;
  /** Handlebars between attributes: what the tag has depends on the data. */
  templated: boolean;
  start: number;
  selfClosing: boolean;
}

/** Handlebars comments blanked (newlines kept, so lines and offsets stay): `{{!-- <img> --}}` is not markup. */
export const blankHandlebarsComments = (text: string): string =>
  text.replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, (comment) => comment.replace(/[^\n]/g, ' '));

/**
 * Every start tag of `text`, in order (`open`), and every end tag name (`close`), through htmlparser2's
 * tokenizer in HTML mode: names lower-cased, attribute values entity-decoded, the first of duplicate
 * attributes kept; comments and the text of `<script>`/`<style>`/`<title>`/`<textarea>` are not tags.
 * Never throws (the tokenizer accepts any text).
 */
export function scanTags(text: string, open: (tag: SourceTag) => void, close: (name: string) => void): void {
  let tag: SourceTag | null = null;
  let attribName = '';
  let attribValue = '';
  const emit = (selfClosing: boolean) => {
    if (tag) open({ ...tag, selfClosing });
    tag = null;
  };
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = { name: text.slice(start, end).toLowerCase(), attribs: new Map(), templated: false, start: start - 1, selfClosing: false };
      },
      onattribname(start, end) {
        attribName = text.slice(start, end).toLowerCase();
        attribValue = '';
        if (tag && /[{}]/.test(attribName)) tag.templated = true;
      },
      onattribdata(start, end) {
        attribValue += text.slice(start, end);
      },
      onattribentity(codepoint) {
        attribValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (tag && !tag.attribs.has(attribName)) tag.attribs.set(attribName, attribValue);
      },
      onopentagend: () => emit(false),
      onselfclosingtag: () => emit(true),
      onclosetag(start, end) {
        close(text.slice(start, end).toLowerCase());
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(text);
  tokenizer.end();
}

/** Offsets where each line of `text` starts (after each `\n`). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line of `offset`, given `lineStarts` of its text. */
export function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/**
 * What the scan of a template deals in: a `Tag` (one `{{…}}` as written, classified by the part it
 * plays in a block), a `Problem` (the kinds of mistake the scan and the problem finder report), and
 * `innerOf`, a tag's text between its braces. Shared by `tag-scanner.ts`, `problem-finder.ts`,
 * `sentences.ts` and `liquid-hints.ts`.
 */

/** Comments and raw blocks' content yield no tag. */
export type TagKind = 'open' | 'close' | 'else' | 'elseChain' | 'plain';

export interface Tag {
  kind: TagKind;
  start: number;
  end: number;
  text: string;
  /** Of an open or close tag: the block's name as written (`each`, `inline`, `layout`); '' if none. */
  name: string;
  /** `{{` = 2, `{{{` = 3. */
  openBraces: number;
  /** `}}` = 2, `}}}` = 3, `}}}}` = 4. */
  closeBraces: number;
  /** A string or `[…]` segment in it is never closed. */
  broken: boolean;
  /** Blocks that take no `{{else}}`. */
  noElse?: 'partial block' | 'decorator block';
  /** A raw block's close `{{{{/name}}}}`. */
  raw?: boolean;
}

export type Problem =
  | { kind: 'unclosedBlock'; open: Tag }
  | { kind: 'unclosedRaw'; open: Tag; name: string }
  | { kind: 'unclosedComment'; start: number; long: boolean }
  | { kind: 'unclosedMustache'; start: number; end: number; braces: number }
  | { kind: 'mismatch'; open: Tag; close: Tag; outer: Tag | undefined }
  | { kind: 'strayClose'; close: Tag }
  | { kind: 'strayElse'; tag: Tag }
  | { kind: 'secondElse'; tag: Tag; previous: Tag; block: Tag }
  | { kind: 'elseInBlock'; tag: Tag; block: Tag }
  | { kind: 'braces'; tag: Tag }
  | { kind: 'empty'; tag: Tag }
  | { kind: 'expression'; tag: Tag; error: string | null };

export type ScanItem = { tag: Tag } | { problem: Problem };

/** Text between the braces (and `~`) of a tag. */
export function innerOf(tag: Tag): string {
  return tag.text.replace(/^\{\{~?/, '').replace(/(?:\}~\}\}|~?\}+)$/, '');
}

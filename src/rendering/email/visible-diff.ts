/**
 * What a recipient would see change between two renders of an email (issue 22, item 3): the visible text,
 * the links (by `href`), the images (`src`, `alt`), the subject, the preheader, the plain-text part, and the
 * HTML's size against Gmail's clipping budget. Markup and whitespace are not compared (visible-content.ts):
 * re-indented MJML gives no change but, at most, a size change, which is not a visible one unless it crosses
 * the clipping budget.
 */
import { diffArrays } from 'diff';
import { collapseWhitespace, visibleContent, type VisibleImage, type VisibleLink } from './visible-content.js';
import { GMAIL_CLIPPING_BYTES } from './warnings.js';

/** One render, as compared: its HTML and its message parts (null when the template has none). */
export interface RenderedEmail {
  html: string;
  subject: string | null;
  preheader: string | null;
  /** The plain-text part. */
  text: string | null;
}

/** How a link or image changed: `changed` pairs a removed one with an added one (same text or `alt`, or same `src`). */
export type ChangeType = 'added' | 'removed' | 'changed';

/**
 * One change, field names as the API sends them (POST /projects/:id/diff):
 * - `text`: a run of visible text blocks; `before`/`after` the blocks joined by a newline (absent when added/removed);
 * - `link`: `change`, `before`/`after` `{ href, text }`;
 * - `image`: `change`, `before`/`after` `{ src, alt }`;
 * - `subject`, `preheader`, `text_part`: `before`/`after` strings or null;
 * - `size`: `before`/`after` UTF-8 bytes of the HTML, `delta` (bytes), `budget` (GMAIL_CLIPPING_BYTES) and
 *   `clipped` (whether the `after` HTML is past the budget).
 */
export type VisibleChange =
  | { kind: 'text'; before?: string; after?: string }
  | { kind: 'link'; change: ChangeType; before?: VisibleLink; after?: VisibleLink }
  | { kind: 'image'; change: ChangeType; before?: VisibleImage; after?: VisibleImage }
  | { kind: 'subject' | 'preheader' | 'text_part'; before: string | null; after: string | null }
  | { kind: 'size'; before: number; after: number; delta: number; budget: number; clipped: boolean };

export interface VisibleDiff {
  /**
   * Whether a recipient would see a difference: any change but `size`, or a `size` change that crosses the
   * clipping budget (one render clipped, the other not).
   */
  visibleChange: boolean;
  /** In this order: subject, preheader, text, links, images, text part, size. */
  changes: VisibleChange[];
}

/** Compares two renders as a recipient sees them. Pure; never throws. */
export function visibleDiff(before: RenderedEmail, after: RenderedEmail, budget = GMAIL_CLIPPING_BYTES): VisibleDiff {
  const changes: VisibleChange[] = [];
  for (const kind of ['subject', 'preheader'] as const) {
    if (normalised(before[kind]) !== normalised(after[kind])) changes.push({ kind, before: before[kind], after: after[kind] });
  }
  const a = visibleContent(before.html);
  const b = visibleContent(after.html);
  changes.push(...textChanges(a.blocks, b.blocks));
  changes.push(...pairChanges('link', a.links, b.links, (l) => l.href, [(l) => l.text]));
  changes.push(
    ...pairChanges('image', a.images, b.images, (i) => `${i.src}\u0000${i.alt ?? '\u0001'}`, [(i) => i.src, (i) => i.alt ?? '']),
  );
  if (normalised(before.text) !== normalised(after.text)) changes.push({ kind: 'text_part', before: before.text, after: after.text });
  const sizes = [Buffer.byteLength(before.html, 'utf8'), Buffer.byteLength(after.html, 'utf8')] as const;
  let clippingFlips = false;
  if (sizes[0] !== sizes[1]) {
    const clipped = sizes[1] > budget;
    clippingFlips = clipped !== sizes[0] > budget;
    changes.push({ kind: 'size', before: sizes[0], after: sizes[1], delta: sizes[1] - sizes[0], budget, clipped });
  }
  return { visibleChange: clippingFlips || changes.some((change) => change.kind !== 'size'), changes };
}

/** Null stays null; a string is compared with its whitespace collapsed. */
function normalised(value: string | null): string | null {
  return value === null ? null : collapseWhitespace(value);
}

/** Runs of added/removed text blocks (an LCS diff of the blocks); a removal followed by an addition is one change. */
function textChanges(before: string[], after: string[]): VisibleChange[] {
  const changes: VisibleChange[] = [];
  let pending: { kind: 'text'; before?: string; after?: string } | null = null;
  for (const part of diffArrays(before, after)) {
    if (!part.added && !part.removed) {
      if (pending) changes.push(pending);
      pending = null;
      continue;
    }
    pending ??= { kind: 'text' };
    if (part.removed) pending.before = [pending.before, ...part.value].filter((v) => v !== undefined).join('\n');
    else pending.after = [pending.after, ...part.value].filter((v) => v !== undefined).join('\n');
  }
  if (pending) changes.push(pending);
  return changes;
}

/**
 * Added, removed and changed items: items with the same `key` on both sides (as many times) are unchanged;
 * of the rest, a removed and an added one that agree on one of `pairBy` (tried in order) are one `changed`,
 * in document order; the others are `removed` or `added`.
 */
function pairChanges<K extends 'link' | 'image', T extends VisibleLink | VisibleImage>(
  kind: K,
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
  pairBy: ReadonlyArray<(item: T) => string>,
): VisibleChange[] {
  const removed = without(before, after, key);
  const added = without(after, before, key);
  const changes: VisibleChange[] = [];
  for (const by of pairBy) {
    for (let i = 0; i < removed.length; i += 1) {
      const j = added.findIndex((item) => by(item) === by(removed[i]!));
      if (j < 0) continue;
      changes.push({ kind, change: 'changed', before: removed[i], after: added[j] } as VisibleChange);
      removed.splice(i, 1);
      added.splice(j, 1);
      i -= 1;
    }
  }
  for (const item of removed) changes.push({ kind, change: 'removed', before: item } as VisibleChange);
  for (const item of added) changes.push({ kind, change: 'added', after: item } as VisibleChange);
  return changes;
}

/** The items of `items` not matched (by key, counting repeats) by one in `other`, in order. */
function without<T>(items: readonly T[], other: readonly T[], key: (item: T) => string): T[] {
  const counts = new Map<string, number>();
  for (const item of other) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return items.filter((item) => {
    const left = counts.get(key(item)) ?? 0;
    if (left === 0) return true;
    counts.set(key(item), left - 1);
    return false;
  });
}

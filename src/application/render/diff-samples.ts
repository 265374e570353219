/**
 * The payloads a recipient-visible diff renders with when the caller sends no `variables` (docs/diff.md
 * "Sample data"): the distinct shapes the publish gate recorded for the template (any API key, within its
 * window), the most-seen first, each made a payload of placeholders (`sampleOfShape`); and how the diffs of
 * several payloads unite into one answer. Pure.
 */
import { sampleOfShape, type ShapeType, type VisibleChange, type VisibleDiff } from '../../rendering/index.js';
import type { Finding } from '../../domain/errors.js';
import { shapeIdentity, type RecordedShape } from './variable-shape-store.js';

/** Recorded shapes rendered by one diff at most: each costs two renders. */
export const MAX_DIFF_SAMPLES = 5;

/** One recorded shape a diff renders with: its paths and types (never a value) and how often it was sent. */
export interface ShapeSample {
  /** 1-based, in the order picked: the number `samples` of a change names. */
  sample: number;
  paths: Array<[string, ShapeType[]]>;
  /** Renders that sent this shape within the window, over every key. */
  seen: number;
  /** RFC 3339: the last of them. */
  lastSeen: string;
  /** Each revision that refused the payload (its variables check, a helper, a render limit): the sample shows no change. */
  refused?: SampleRefusal[];
}

/** A revision's refusal of a sample's payload, as its render answered it. */
export interface SampleRefusal {
  revision: number;
  /** `invalid_variables`, `render_failed` or `render_limit_exceeded`. */
  code: string;
  message: string;
  /** The refusal's located findings (the 400's `errors[]`), when it has some. */
  errors?: readonly Finding[];
}

/** A change and the samples that showed it (1-based numbers of `ShapeSample.sample`). */
export type SampledChange = VisibleChange & { samples: number[] };

/**
 * The distinct shapes of `recorded` (one template, by key), united over keys (counts added, the last
 * `last_seen` kept; `strict` ignored: it changes no payload), the most-seen first, then the most recently
 * seen; at most `max` of them. `distinct`: how many there were in all.
 */
export function pickShapes(
  recorded: ReadonlyArray<{ shapes: readonly RecordedShape[] }>,
  max = MAX_DIFF_SAMPLES,
): { picked: ShapeSample[]; distinct: number } {
  const byPaths = new Map<string, Omit<ShapeSample, 'sample'>>();
  for (const { shapes } of recorded) {
    for (const shape of shapes) {
      const identity = shapeIdentity({ paths: shape.paths });
      const known = byPaths.get(identity);
      if (!known) byPaths.set(identity, { paths: shape.paths, seen: shape.count, lastSeen: shape.last_seen });
      else {
        known.seen += shape.count;
        if (shape.last_seen > known.lastSeen) known.lastSeen = shape.last_seen;
      }
    }
  }
  const ordered = [...byPaths.values()].sort((a, b) => b.seen - a.seen || (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
  return { picked: ordered.slice(0, max).map((shape, index) => ({ sample: index + 1, ...shape })), distinct: byPaths.size };
}

/** The payload a sample renders with: its paths, a placeholder of each type (`sampleOfShape`); a fresh object per call. */
export function payloadOf(sample: Pick<ShapeSample, 'paths'>): Record<string, unknown> {
  return sampleOfShape({ paths: sample.paths });
}

const KIND_ORDER: ReadonlyArray<VisibleChange['kind']> = ['subject', 'preheader', 'text', 'link', 'image', 'text_part', 'size'];

/**
 * The diffs of several samples as one: each distinct change once (equal members, equal change), naming the
 * samples that showed it, in `visibleDiff`'s kind order (then the order first seen). Of the `size` changes,
 * only the one with the largest `after` is kept — the payload closest to Gmail's clipping budget.
 * `visibleChange`: any sample's.
 */
export function uniteDiffs(diffs: ReadonlyArray<{ sample: number; diff: VisibleDiff }>): {
  visibleChange: boolean;
  changes: SampledChange[];
} {
  const byChange = new Map<string, SampledChange>();
  for (const { sample, diff } of diffs) {
    for (const change of diff.changes) {
      const id = JSON.stringify(change);
      const known = byChange.get(id);
      if (!known) byChange.set(id, { ...change, samples: [sample] });
      else if (!known.samples.includes(sample)) known.samples.push(sample);
    }
  }
  const all = [...byChange.values()];
  const sizes = all.filter((change) => change.kind === 'size');
  const largest = sizes.reduce<SampledChange | undefined>(
    (best, change) => (best === undefined || (change as { after: number }).after > (best as { after: number }).after ? change : best),
    undefined,
  );
  const changes = all
    .filter((change) => change.kind !== 'size' || change === largest)
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)); // a stable sort: first seen first within a kind
  return { visibleChange: diffs.some(({ diff }) => diff.visibleChange), changes };
}

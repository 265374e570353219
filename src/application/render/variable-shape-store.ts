/**
 * Where recorded variable shapes are kept (docs/publishing.md "Publish gate"): one document per template and
 * API key in the read-model store's collection `variable-shapes` (partition: the workspace; key:
 * `<template>/<key id>`), so every engine's read-model store holds them with no adapter of their own. No
 * projection owns the collection: rebuilds and resets never touch it. A document holds at most `maxShapes`
 * distinct shapes seen within the window; storage is bounded by templates × keys rendering them × that.
 *
 * Several instances merge into one document: read it, merge, write with the next `seq` (the read-model
 * revision), read back to see whose write won; the loser merges again onto the winner's (a compare-and-set
 * over a store that only guarantees "a newer revision wins").
 */
import { randomUUID } from 'node:crypto';
import type { ShapeType } from '../../rendering/index.js';
import type { ReadModelStore } from '../ports/index.js';

/** The read-model collection of recorded shapes (no projection has this name). */
export const VARIABLE_SHAPES_COLLECTION = 'variable-shapes';

/** One distinct shape a key sent: its paths and types, how often, when first and last (RFC 3339). No value. */
export interface RecordedShape {
  paths: Array<[string, ShapeType[]]>;
  /** A bound cut the walk short (shapes.ts). */
  truncated?: true;
  /** Sent with `"strict": true`: every path the template reads must be there. */
  strict?: true;
  count: number;
  first_seen: string;
  last_seen: string;
}

/** The stored document of one template and key. */
export interface ShapesDocument {
  template: string;
  key_id: string;
  /** Write counter: the document's read-model revision. */
  seq: number;
  /** Who wrote `seq` (an instance and its write): tells a writer whether its write won. */
  writer: string;
  shapes: RecordedShape[];
}

/** Where a key's shapes of one template go. */
export interface ShapesLocation {
  workspace: string;
  template: string;
  keyId: string;
}

/** Identity of a recorded shape: equal paths, types and strictness are one shape. */
export function shapeIdentity(shape: Pick<RecordedShape, 'paths' | 'strict'>): string {
  return `${shape.strict ? '!' : ''}${shape.paths.map(([path, types]) => `${path}:${types.join('|')}`).join(',')}`;
}

/** Bounds of the stored shapes. */
export interface ShapeStoreOptions {
  /** Shapes older than this (by `last_seen`) are dropped, ms. */
  windowMs: number;
  /** Distinct shapes kept per template and key (the most recently seen). */
  maxShapes: number;
  /** Keys of one template read by a publish check. */
  maxKeys: number;
}

const WRITE_ATTEMPTS = 3;

export class VariableShapeStore {
  readonly #instance = randomUUID();
  #writes = 0;

  constructor(
    private readonly readModels: Pick<ReadModelStore, 'get' | 'list' | 'commit'>,
    private readonly options: ShapeStoreOptions,
  ) {}

  /**
   * Merge `shapes` into the stored document of `at` (counts added, first and last seen widened; shapes
   * past the window dropped; the most recent `maxShapes` kept). @returns false when other writers won
   * every attempt (the caller keeps the shapes for its next flush). @throws what the store throws.
   */
  async merge(at: ShapesLocation, shapes: RecordedShape[], now: number): Promise<boolean> {
    const location = { partition: at.workspace, key: `${at.template}/${at.keyId}` };
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const stored = await this.readModels.get<ShapesDocument>(VARIABLE_SHAPES_COLLECTION, location);
      const seq = (stored?.seq ?? 0) + 1;
      const writer = `${this.#instance}:${(this.#writes += 1)}`;
      const merged = this.#bounded(mergeShapes(stored?.shapes ?? [], shapes), now);
      const doc: ShapesDocument = { template: at.template, key_id: at.keyId, seq, writer, shapes: merged };
      await this.readModels.commit([{ collection: VARIABLE_SHAPES_COLLECTION, ...location, doc, revision: seq }], []);
      const after = await this.readModels.get<ShapesDocument>(VARIABLE_SHAPES_COLLECTION, location);
      if (after?.writer === writer) return true;
    }
    return false;
  }

  /**
   * The shapes of template `template` seen within the window, by key id (keys without any left out; at
   * most `maxKeys` keys). Documents with nothing left in the window are removed on the way.
   */
  async forTemplate(workspace: string, template: string, now: number): Promise<Array<{ keyId: string; shapes: RecordedShape[] }>> {
    const prefix = `${template}/`;
    const page = await this.readModels.list<ShapesDocument>(VARIABLE_SHAPES_COLLECTION, {
      partition: workspace,
      after: prefix,
      limit: this.options.maxKeys,
    });
    const found: Array<{ keyId: string; shapes: RecordedShape[] }> = [];
    const expired: Array<{ key: string; seq: number }> = [];
    for (const { key, doc } of page) {
      if (!key.startsWith(prefix)) break; // keys sort in byte order: this template's are contiguous
      const shapes = this.#inWindow(doc.shapes, now);
      if (shapes.length > 0) found.push({ keyId: doc.key_id, shapes });
      else expired.push({ key, seq: doc.seq });
    }
    if (expired.length > 0) {
      const removals = expired.map(({ key, seq }) => ({
        collection: VARIABLE_SHAPES_COLLECTION,
        partition: workspace,
        key,
        doc: null,
        revision: seq + 1,
      }));
      await this.readModels.commit(removals, []);
    }
    return found;
  }

  #inWindow(shapes: RecordedShape[], now: number): RecordedShape[] {
    const since = now - this.options.windowMs;
    return shapes.filter((shape) => Date.parse(shape.last_seen) >= since);
  }

  #bounded(shapes: RecordedShape[], now: number): RecordedShape[] {
    const recent = this.#inWindow(shapes, now).sort((a, b) => (a.last_seen < b.last_seen ? 1 : a.last_seen > b.last_seen ? -1 : 0));
    return recent.slice(0, this.options.maxShapes);
  }
}

/** `incoming` merged into `stored`: one entry per identity, counts added, first/last seen widened. */
export function mergeShapes(stored: readonly RecordedShape[], incoming: readonly RecordedShape[]): RecordedShape[] {
  const byIdentity = new Map(stored.map((shape) => [shapeIdentity(shape), { ...shape }]));
  for (const shape of incoming) {
    const identity = shapeIdentity(shape);
    const known = byIdentity.get(identity);
    if (!known) byIdentity.set(identity, { ...shape });
    else {
      known.count += shape.count;
      if (shape.first_seen < known.first_seen) known.first_seen = shape.first_seen;
      if (shape.last_seen > known.last_seen) known.last_seen = shape.last_seen;
    }
  }
  return [...byIdentity.values()];
}

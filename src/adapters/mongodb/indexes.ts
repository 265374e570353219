/**
 * Indexes under versioned names, so that a release can change an index without blocking start-up (review
 * finding M7). `createIndexes` is idempotent only for an identical index: the same name with another key
 * fails with 86 IndexKeySpecsConflict, the same key or name with other options with 85 IndexOptionsConflict
 * (MongoDB manual, "createIndexes", Behavior; server `index_catalog_impl.cpp`). So each definition carries a
 * version, bumped whenever its key or options change, and is named `<base>` (version 1, the names every
 * existing database already has) or `<base>_v<version>`. Opening the database:
 * 1. leaves the index alone when a newer version of it exists (a newer release made it; rolling back must
 *    not flip it back and forth);
 * 2. creates this version's index; on 85/86 (ours changed without a new version, or an older version holds
 *    the same key with other options) drops the conflicting older or same-version ones and creates it again;
 * 3. drops the older versions (the drop-old step).
 * Between a drop in step 2 and the create, for an instant, the collection has no such index: for a unique
 * index, two writers could store a duplicate then, and the create fails with E11000 and says so.
 */
import type { Collection, Document, IndexDescriptionInfo } from 'mongodb';

/** One index as this release wants it. `version`: bump it with any change of `key` or `options`. */
export interface IndexDefinition {
  base: string;
  version: number;
  key: Record<string, 1 | -1>;
  options?: { unique?: boolean; expireAfterSeconds?: number; sparse?: boolean };
}

const INDEX_CONFLICT = new Set([85, 86]); // IndexOptionsConflict, IndexKeySpecsConflict
const INDEX_NOT_FOUND = 27;

/** The physical name of a definition: `<base>` for version 1, `<base>_v<n>` after. */
export function indexName(definition: Pick<IndexDefinition, 'base' | 'version'>): string {
  return definition.version === 1 ? definition.base : `${definition.base}_v${definition.version}`;
}

/** The version an existing index name stands for under `base`; null when it is not one of `base`'s. */
export function versionOf(name: string, base: string): number | null {
  if (name === base) return 1;
  const match = /^(.*)_v(\d+)$/.exec(name);
  return match && match[1] === base ? Number(match[2]) : null;
}

/**
 * Bring `collection`'s indexes to `definitions` (steps in the module comment).
 * @returns the names of the indexes it created (not those that were there already).
 * @throws Error naming the index and the conflicting one when MongoDB still refuses it after the drop-old
 *   step (an index not made by this service holds the same key: drop it by hand); driver errors otherwise.
 */
export async function ensureIndexes(collection: Collection<Document>, definitions: readonly IndexDefinition[]): Promise<string[]> {
  const created: string[] = [];
  for (const definition of definitions) {
    const name = indexName(definition);
    const existing = (await collection.listIndexes().toArray()) as IndexDescriptionInfo[];
    const sameBase = existing.flatMap((index) => {
      const version = index.name === undefined ? null : versionOf(index.name, definition.base);
      return version === null ? [] : [{ name: index.name!, version }];
    });
    if (sameBase.some((index) => index.version > definition.version)) continue; // step 1
    if (!sameBase.some((index) => index.name === name)) created.push(name);
    const spec = { key: definition.key, name, ...definition.options };
    try {
      await collection.createIndexes([spec]);
    } catch (error) {
      if (!INDEX_CONFLICT.has((error as { code?: number }).code ?? 0)) throw error;
      for (const old of sameBase) await dropIfThere(collection, old.name); // step 2: ours or older, never newer (step 1)
      await collection.createIndexes([spec]).catch((again: unknown) => {
        throw new Error(
          `MongoDB refuses index '${name}' ${JSON.stringify(definition.key)} on '${collection.collectionName}' (${(again as Error).message}); another index holds that key: drop it (db.${collection.collectionName}.dropIndex(name)) and start again.`,
          { cause: again },
        );
      });
      if (!created.includes(name)) created.push(name);
    }
    for (const old of sameBase) if (old.version < definition.version) await dropIfThere(collection, old.name); // step 3
  }
  return created;
}

/** Drop index `name`; another instance starting at the same time may have dropped it first (27 IndexNotFound). */
async function dropIfThere(collection: Collection<Document>, name: string): Promise<void> {
  await collection.dropIndex(name).catch((error: unknown) => {
    if ((error as { code?: number }).code !== INDEX_NOT_FOUND) throw error;
  });
}

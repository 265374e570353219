/**
 * Memory per cached template (issue 24, item 3): how much a fresh Letterpress process's RSS grows per
 * small template stored and rendered once. RSS, not heap: it is what a deployment pays for.
 *
 * Minimal version written by the bench helper; the memory helper writes the same export
 * (`measureMemoryPerTemplate`) — merge keeps one.
 */
import { call, createProject, removeData, startLetterpress, variant } from './letterpress.js';
import { stop, usageOf } from './processes.js';
import { renderPath } from './render-scenarios.js';

export interface MemoryOptions {
  /** Templates to store and render once (each a distinct revision of `mjml`, so a distinct cache entry). */
  count: number;
  /** The small template: its MJML and its `mj-include` files. */
  mjml: string;
  includes: Record<string, string>;
  /** Variables for the one render of each. */
  variables: Record<string, unknown>;
}

export interface MemoryResult {
  templates: number;
  /** RSS (bytes) after a few warm-up templates, and after all `count` more were stored and rendered. */
  rssBeforeBytes: number;
  rssAfterBytes: number;
  /** (after − before) ÷ count, bytes. */
  bytesPerTemplate: number;
}

const settle = () => new Promise((r) => setTimeout(r, 1000));

/**
 * Starts its own service (the store of `--store`), stores and renders 50 templates (so lazy modules,
 * the compile pool and the JIT are loaded), reads RSS, stores and renders `count` more, waits 1 s,
 * reads RSS again. The service is stopped and its data removed. @throws when a save or render fails.
 */
export async function measureMemoryPerTemplate(options: MemoryOptions): Promise<MemoryResult> {
  const service = await startLetterpress('letterpress (memory)');
  try {
    const add = async (n: number) => {
      const id = `bench-memory-${n}`;
      if ((await createProject(service.url, id, variant(options.mjml, n), options.includes)) === null)
        throw new Error(`memory: could not create ${id}`);
      const rendered = await call(service.url, 'POST', renderPath(id), { variables: options.variables });
      if (rendered.status !== 200) throw new Error(`memory: rendering ${id} answered ${rendered.status}`);
    };
    const warm = 50;
    for (let n = 0; n < warm; n++) await add(n);
    await settle();
    const before = await usageOf(service.url);
    for (let n = warm; n < warm + options.count; n++) await add(n);
    await settle();
    const after = await usageOf(service.url);
    if (!before || !after) throw new Error('memory: the service did not report its RSS');
    return {
      templates: options.count,
      rssBeforeBytes: before.rssBytes,
      rssAfterBytes: after.rssBytes,
      bytesPerTemplate: (after.rssBytes - before.rssBytes) / options.count,
    };
  } finally {
    await stop(service.process);
    await removeData(service);
  }
}

/**
 * "Nothing was lost", checked two ways after a crash or a load run: over HTTP, every acknowledged save is
 * there at its revision with the content it was acknowledged for (a per-save marker in its metadata); in
 * the store, every project stream is whole (revisions 0…n, no gap) and every read model equals the fold of
 * the streams (`verifyAgainstStreams`, the check `npm run rebuild-projections` runs).
 */
import { allProjections } from '../../projections/index.js';
import { verifyAgainstStreams } from '../../src/application/projector/index.js';
import { PROJECT_STREAM_PREFIX } from '../../src/domain/project.js';
import { openStores } from '../../src/wiring.js';
import { TEST_KEY } from './fixtures.js';

/** A save the server answered 2xx for: the project, the revision it gave, and the marker sent in metadata. */
export interface Acknowledged {
  projectId: string;
  revision: number;
  marker: string;
}

/** What `checkAcknowledged` found: acknowledged saves, how many were there as acknowledged, and what was not. */
export interface AcknowledgedCheck {
  acknowledged: number;
  found: number;
  /** `id@revision: why` for each save missing or different. */
  lost: string[];
}

/**
 * GET `/v1/projects/:id?revision=N` for each acknowledged save, `concurrency` at a time; the revision
 * must be there with `metadata.marker` equal to what was sent.
 */
export async function checkAcknowledged(
  url: string,
  acks: readonly Acknowledged[],
  key = TEST_KEY,
  concurrency = 16,
): Promise<AcknowledgedCheck> {
  const lost: string[] = [];
  let found = 0;
  let next = 0;
  const worker = async () => {
    while (next < acks.length) {
      const ack = acks[next++]!;
      const res = await fetch(`${url}/v1/projects/${ack.projectId}?revision=${ack.revision}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const body = (await res.json().catch(() => null)) as { revision?: number; metadata?: { marker?: unknown } } | null;
      if (res.status !== 200) lost.push(`${ack.projectId}@${ack.revision}: ${res.status}`);
      else if (body?.revision !== ack.revision || body.metadata?.marker !== ack.marker)
        lost.push(`${ack.projectId}@${ack.revision}: marker ${String(body?.metadata?.marker)}, acknowledged ${ack.marker}`);
      else found += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { acknowledged: acks.length, found, lost };
}

/** What `checkStore` found in the store itself. */
export interface StoreCheck {
  streams: number;
  events: number;
  /** Streams whose revisions are not exactly 0, 1, …, n-1 in order. */
  gaps: string[];
  /** Read-model documents that differ from the fold of their stream (`collection/partition/key`). */
  mismatches: string[];
  documents: number;
}

/**
 * Open the store (no server must be writing to it: stop it first, after its projector caught up) and check
 * every project stream for gaps and every read model against the fold of the streams.
 */
export async function checkStore(config: { dataDir: string; store?: 'sqlite' | 'postgres'; databaseUrl?: string }): Promise<StoreCheck> {
  const stores = await openStores({ dataDir: config.dataDir, store: config.store ?? 'sqlite', databaseUrl: config.databaseUrl });
  try {
    const revisions = new Map<string, number[]>();
    let events = 0;
    for (let after: string | null = null; ;) {
      const page = await stores.eventStore.readAll({ after, maxCount: 1000, streamPrefix: PROJECT_STREAM_PREFIX });
      if (page.length === 0) break;
      for (const event of page) revisions.set(event.streamId, [...(revisions.get(event.streamId) ?? []), event.revision]);
      events += page.length;
      after = page[page.length - 1]!.position;
    }
    const gaps = [...revisions].filter(([, rs]) => rs.some((r, i) => r !== i)).map(([stream, rs]) => `${stream}: ${rs.join(',')}`);
    const verification = await verifyAgainstStreams(stores, allProjections);
    // Nothing writes now: a document skipped as written past the checkpoints means read models behind the streams.
    const behind =
      verification.skipped > 0
        ? [`${verification.skipped} documents not compared: their streams are past the read models' checkpoints`]
        : [];
    return {
      streams: revisions.size,
      events,
      gaps,
      mismatches: [...verification.mismatches, ...behind],
      documents: verification.documents,
    };
  } finally {
    await stores.close();
  }
}

/** Poll `/v1/health` until the projector says it is caught up (read models hold every event). @throws after `timeoutMs`. */
export async function waitCaughtUp(url: string, key = TEST_KEY, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/v1/health`, { headers: { Authorization: `Bearer ${key}` } }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { projector?: { caught_up?: boolean } } | null;
    if (res?.status === 200 && body?.projector?.caught_up === true) return;
    if (Date.now() > deadline) throw new Error(`the projector did not catch up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The mixed workload of `npm run load`: `connections` loops, each sending one request at a time (closed
 * loop, so a latency is one request's own, from send to last body byte, ms) until `durationMs` is over.
 */
import type { Acknowledged } from './support/durability.js';
import { mjmlPage } from './support/fixtures.js';

export type Kind = 'render-cached' | 'render-varied' | 'save' | 'read' | 'list' | 'key-invalid' | 'key-revoked';

/** Share of each kind in the mix (weights), and the statuses it may get; any other is an error. */
const MIX: ReadonlyArray<{ kind: Kind; weight: number; expected: readonly number[] }> = [
  { kind: 'render-cached', weight: 30, expected: [200] },
  { kind: 'render-varied', weight: 15, expected: [200] },
  // 412: another connection saved the project since this one last saw it (If-Match did its job).
  { kind: 'save', weight: 15, expected: [200, 412] },
  { kind: 'read', weight: 20, expected: [200] },
  { kind: 'list', weight: 10, expected: [200] },
  { kind: 'key-invalid', weight: 5, expected: [401] },
  { kind: 'key-revoked', weight: 5, expected: [401] },
];
const TOTAL_WEIGHT = MIX.reduce((sum, m) => sum + m.weight, 0);

export interface WorkloadOptions {
  url: string;
  key: string;
  revokedKey: string;
  projects: number;
  connections: number;
  durationMs: number;
  /** Acknowledged saves are appended here (with the creates the caller put in). */
  acks: Acknowledged[];
}

export interface WorkloadResult {
  stats: Map<Kind, { latencies: number[]; statuses: Map<number, number> }>;
  elapsedMs: number;
  /** `kind status detail` of each answer its kind should never get (a 5xx among them). */
  unexpected: string[];
}

/** Run the mix until `durationMs` has passed; every request of it is counted. */
export async function runWorkload(o: WorkloadOptions): Promise<WorkloadResult> {
  const stats = new Map(MIX.map((m) => [m.kind, { latencies: [] as number[], statuses: new Map<number, number>() }]));
  const unexpected: string[] = [];
  const revisions = new Map<string, number>(Array.from({ length: o.projects }, (_, p) => [`load-${p}`, 0]));
  const auth = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
  let saves = 0;

  const one = async (kind: Kind): Promise<{ status: number; body: string }> => {
    const id = `load-${Math.floor(Math.random() * o.projects)}`;
    let res: Response;
    switch (kind) {
      case 'render-cached':
        res = await fetch(`${o.url}/v1/templates/${id}/render`, {
          method: 'POST',
          headers: auth(o.key),
          body: JSON.stringify({ variables: { name: 'Ada', order: 1042 } }),
        });
        break;
      case 'render-varied':
        res = await fetch(`${o.url}/v1/templates/${id}/render`, {
          method: 'POST',
          headers: auth(o.key),
          body: JSON.stringify({ variables: { name: `N${Math.random()}`, order: Math.floor(Math.random() * 1e6) } }),
        });
        break;
      case 'save': {
        const marker = `save-${++saves}`;
        const known = revisions.get(id)!;
        res = await fetch(`${o.url}/v1/projects/${id}`, {
          method: 'PUT',
          headers: { ...auth(o.key), 'If-Match': `"${known}"` },
          body: JSON.stringify({ mjml: mjmlPage(`Hi {{name}}, order {{order}}; ${marker}.`), metadata: { subject: `Load ${id}`, marker } }),
        });
        const body = await res.text();
        if (res.status === 200) {
          const revision = (JSON.parse(body) as { revision: number }).revision;
          o.acks.push({ projectId: id, revision, marker });
          revisions.set(id, Math.max(revisions.get(id)!, revision));
        } else if (res.status === 412) {
          const current = await fetch(`${o.url}/v1/projects/${id}`, { headers: auth(o.key) }); // not counted: bookkeeping
          revisions.set(id, Math.max(revisions.get(id)!, ((await current.json()) as { revision: number }).revision));
        }
        return { status: res.status, body };
      }
      case 'read':
        res = await fetch(`${o.url}/v1/projects/${id}`, { headers: auth(o.key) });
        break;
      case 'list':
        res = await fetch(`${o.url}/v1/projects?limit=50`, { headers: auth(o.key) });
        break;
      case 'key-invalid':
        res = await fetch(`${o.url}/v1/projects/${id}`, { headers: auth(`lp_NOSUCHKEY0001_${'x'.repeat(43)}`) });
        break;
      case 'key-revoked':
        res = await fetch(`${o.url}/v1/projects/${id}`, { headers: auth(o.revokedKey) });
        break;
    }
    return { status: res.status, body: await res.text() };
  };

  const pick = (): (typeof MIX)[number] => {
    let r = Math.random() * TOTAL_WEIGHT;
    for (const m of MIX) if ((r -= m.weight) < 0) return m;
    return MIX[0]!;
  };

  const started = performance.now();
  const end = started + o.durationMs;
  const loop = async () => {
    while (performance.now() < end) {
      const m = pick();
      const t = performance.now();
      let outcome: { status: number; body: string };
      try {
        outcome = await one(m.kind);
      } catch (error) {
        outcome = { status: 0, body: (error as Error).message };
      }
      const s = stats.get(m.kind)!;
      s.latencies.push(performance.now() - t);
      s.statuses.set(outcome.status, (s.statuses.get(outcome.status) ?? 0) + 1);
      if (!m.expected.includes(outcome.status)) unexpected.push(`${m.kind} ${outcome.status} ${outcome.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: o.connections }, loop));
  return { stats, elapsedMs: performance.now() - started, unexpected };
}

/**
 * The publish gate for the followers of a layout or shared partial (application/write/follower-gate.ts,
 * PublishGate.compare): the follower's composition now and with the candidate compared by the project rule,
 * messages naming the layout revision; and what a breaking change does under each mode (refuse, force, warn).
 */
import { expect } from 'chai';
import { PublishGate, type RecordedShape } from '../../src/application/render/index.js';
import type { VariablesContract } from '../../src/application/render/render-variables.js';
import { followerChanges, judged, overriddenOfChecks, MAX_OVERRIDDEN } from '../../src/application/write/follower-gate.js';
import type { DependentCheck } from '../../src/application/write/index.js';
import type { ProjectView } from '../../src/application/read/index.js';
import { variableShape, type DataRead } from '../../src/rendering/index.js';

const ref = { workspace: 'acme', projectId: 'news' };
const seen = '2026-11-26T10:00:00.000Z';
const strictShape = (variables: Record<string, unknown>): RecordedShape => ({
  ...variableShape(variables),
  strict: true,
  count: 1,
  first_seen: seen,
  last_seen: seen,
});
const reading = (...paths: string[][]): VariablesContract => ({
  reads: paths.map((path): DataRead => ({ path, use: 'value' })),
  declared: undefined,
});
/** Compositions told apart by their published HTML: `now` reads `name`, `next` also `unsubscribe_url`. */
const contracts: Record<string, VariablesContract> = { now: reading(['name']), next: reading(['name'], ['unsubscribe_url']) };
const composed = (html: string) => ({ ast: { tagName: 'mjml' } as never, publishedHtml: html });
const view = { revision: 4 } as unknown as ProjectView;
const subject = "Revision 7 of the layout 'brand'";

function deps(recorded: Array<{ keyId: string; shapes: RecordedShape[] }>) {
  const built: string[] = [];
  const gate = new PublishGate({ recorded: async () => recorded, contractAt: async () => reading() });
  const contractOf = async (v: ProjectView) => {
    built.push(v.publishedHtml);
    return contracts[v.publishedHtml]!;
  };
  return { deps: { gate, contracts: { contractOf } }, built };
}

describe('the publish gate for followers of a layout', () => {
  it('a path the candidate composition newly reads, that strict payloads lack, is newly_required, named after the layout revision', async () => {
    const { deps: d, built } = deps([{ keyId: 'k1', shapes: [strictShape({ name: 'Ada' })] }]);
    const changes = await followerChanges(d, ref, view, async () => composed('now'), composed('next'), subject, 'refuse');
    expect(changes).to.deep.equal([
      {
        path: 'unsubscribe_url',
        change: 'newly_required',
        keyIds: ['k1'],
        message: "Revision 7 of the layout 'brand' requires 'unsubscribe_url', which recent payloads do not send (keys: k1).",
      },
    ]);
    expect(built).to.deep.equal(['now', 'next']);
  });

  it('no recorded shape: no contract is compiled and nothing breaks; no current composition: every problem counts', async () => {
    const none = deps([]);
    expect(await followerChanges(none.deps, ref, view, async () => composed('now'), composed('next'), subject, 'refuse')).to.deep.equal([]);
    expect(none.built).to.deep.equal([]);
    const lost = deps([{ keyId: 'k1', shapes: [strictShape({})] }]);
    const changes = await followerChanges(lost.deps, ref, view, async () => null, composed('now'), subject, 'refuse');
    expect(changes.map((c) => c.path)).to.deep.equal(['name']);
  });

  it('a failing check throws for a publish; for a save (warn) it is logged and finds nothing', async () => {
    const failing = {
      gate: { compare: async () => Promise.reject(new Error('store down')) },
      contracts: { contractOf: async () => reading() },
    };
    const told: object[] = [];
    const logger = { warn: (obj: object) => void told.push(obj) };
    let thrown: unknown;
    await followerChanges(failing, ref, view, async () => null, composed('next'), subject, 'refuse', logger).catch(
      (e: unknown) => (thrown = e),
    );
    expect(String(thrown)).to.contain('store down');
    expect(await followerChanges(failing, ref, view, async () => null, composed('next'), subject, 'warn', logger)).to.deep.equal([]);
    expect(told).to.have.length(1);
    expect(told[0]).to.deep.include({ project: 'news' });
  });

  it('judged: refuse → refused with errors[] as the 409; force → passed with overridden; warn → passed with warnings', () => {
    const passed: DependentCheck = { projectId: 'news', revision: 4, outcome: 'passed' };
    const change = { path: 'unsubscribe_url', change: 'newly_required' as const, keyIds: ['k1'], message: 'm' };
    expect(judged(passed, [], 'refuse', subject)).to.equal(passed);
    const refused = judged(passed, [change], 'refuse', subject);
    expect(refused).to.deep.include({ outcome: 'refused', code: 'breaking_variable_change' });
    expect(refused.errors).to.deep.equal([{ path: 'unsubscribe_url', change: 'newly_required', key_ids: ['k1'], message: 'm' }]);
    expect(refused.message).to.contain(subject).and.contain("'news'").and.contain('"force": true');
    const forced = judged(passed, [change], 'force', subject);
    expect(forced).to.deep.equal({ ...passed, overridden: [{ path: 'unsubscribe_url', change: 'newly_required', key_ids: ['k1'] }] });
    const warned = judged({ ...passed, warnings: [{ code: 'policy' }] }, [change], 'warn', subject);
    expect(warned.outcome).to.equal('passed');
    expect(warned.warnings).to.deep.equal([
      { code: 'policy' },
      { code: 'breaking_variable_change', message: 'm', path: 'unsubscribe_url', change: 'newly_required', key_ids: ['k1'] },
    ]);
  });

  it("the event's overridden names each follower and is bounded", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ path: `p${i}`, change: 'newly_required' as const, key_ids: ['k'] }));
    const checks: DependentCheck[] = [
      { projectId: 'a', revision: 0, outcome: 'passed', overridden: many },
      { projectId: 'b', revision: 0, outcome: 'passed', overridden: many },
      { projectId: 'c', revision: null, outcome: 'pinned' },
    ];
    const overridden = overriddenOfChecks(checks);
    expect(overridden).to.have.length(MAX_OVERRIDDEN);
    expect(overridden[0]).to.deep.equal({ project_id: 'a', path: 'p0', change: 'newly_required', key_ids: ['k'] });
    expect(overridden.at(-1)).to.deep.include({ project_id: 'b', path: 'p39' });
  });
});

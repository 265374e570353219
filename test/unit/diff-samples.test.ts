/**
 * The diff's sample data (diff-samples.ts, diff-revisions.ts): which recorded shapes it renders and in what
 * order, how their diffs unite, and `RevisionDiff` over fakes — variables given, recorded shapes, a refused
 * shape, every shape refused (the schema's sample), an error that is not a refusal.
 */
import { expect } from 'chai';
import {
  InvalidVariablesError,
  RevisionDiff,
  pickShapes,
  uniteDiffs,
  type RecordedShape,
  type RenderOutput,
} from '../../src/application/render/index.js';
import type { ProjectView } from '../../src/application/read/index.js';
import { DomainError } from '../../src/domain/errors.js';
import type { VisibleDiff } from '../../src/rendering/index.js';

const shape = (paths: RecordedShape['paths'], count: number, lastSeen: string): RecordedShape => ({
  paths,
  count,
  first_seen: '2026-11-26T10:00:00.000Z',
  last_seen: lastSeen,
});

describe('diff samples: the recorded shapes picked', () => {
  it('unites a shape over keys, orders by times seen then by last seen, and keeps at most `max`', () => {
    const name: RecordedShape['paths'] = [['name', ['string']]];
    const vip: RecordedShape['paths'] = [
      ['name', ['string']],
      ['vip', ['boolean']],
    ];
    const order: RecordedShape['paths'] = [['order.total', ['number']]];
    const lines: RecordedShape['paths'] = [['order.lines', ['array']]];
    const { picked, distinct } = pickShapes(
      [
        { shapes: [shape(name, 3, '2026-11-26T10:00:00.000Z'), shape(order, 4, '2026-11-26T09:00:00.000Z')] },
        // the same paths from another key (strict: the same payload)
        { shapes: [{ ...shape(name, 2, '2026-11-26T11:00:00.000Z'), strict: true }, shape(vip, 4, '2026-11-26T12:00:00.000Z')] },
        { shapes: [shape(lines, 1, '2026-11-26T13:00:00.000Z')] },
      ],
      3,
    );
    expect(distinct).to.equal(4);
    expect(picked).to.deep.equal([
      { sample: 1, paths: name, seen: 5, lastSeen: '2026-11-26T11:00:00.000Z' },
      { sample: 2, paths: vip, seen: 4, lastSeen: '2026-11-26T12:00:00.000Z' },
      { sample: 3, paths: order, seen: 4, lastSeen: '2026-11-26T09:00:00.000Z' },
    ]);
    expect(pickShapes([])).to.deep.equal({ picked: [], distinct: 0 });
  });
});

describe('diff samples: the diffs united', () => {
  const size = (before: number, after: number) =>
    ({ kind: 'size', before, after, delta: after - before, budget: 104_448, clipped: false }) as const;

  it('lists each change once with the samples that showed it, in kind order, and the largest size change only', () => {
    const first: VisibleDiff = {
      visibleChange: true,
      changes: [{ kind: 'text', before: 'Join', after: 'Join now' }, size(100, 110)],
    };
    const second: VisibleDiff = {
      visibleChange: true,
      changes: [{ kind: 'subject', before: 'A', after: 'B' }, { kind: 'text', before: 'Join', after: 'Join now' }, size(300, 310)],
    };
    const third: VisibleDiff = { visibleChange: false, changes: [size(200, 210)] };
    const united = uniteDiffs([
      { sample: 1, diff: first },
      { sample: 2, diff: second },
      { sample: 3, diff: third },
    ]);
    expect(united).to.deep.equal({
      visibleChange: true,
      changes: [
        { kind: 'subject', before: 'A', after: 'B', samples: [2] },
        { kind: 'text', before: 'Join', after: 'Join now', samples: [1, 2] },
        { ...size(300, 310), samples: [2] },
      ],
    });
  });

  it('is no visible change when no sample shows one', () => {
    expect(uniteDiffs([{ sample: 1, diff: { visibleChange: false, changes: [size(1, 2)] } }]).visibleChange).to.equal(false);
  });
});

describe('RevisionDiff: which payloads it renders', () => {
  const ref = { workspace: 'w', projectId: 'p' };
  /** Revision 0 prints `Hi`, revision 1 `Hello`, each followed by `vip` or `guest`; revision 1 refuses a numeric `name`. */
  const renderer = {
    calls: [] as Array<Record<string, unknown>>,
    async render(_ref: unknown, request: { variables: Record<string, unknown>; revision?: number | 'latest' }): Promise<RenderOutput> {
      this.calls.push(request.variables);
      const { variables, revision } = request;
      if (variables['boom'] !== undefined) throw new DomainError('revision_not_found', 'gone');
      if (revision === 1 && typeof variables['name'] === 'number') {
        throw new InvalidVariablesError([{ pointer: '/variables/name', message: 'must be string', rule: 'type', expected: 'string' }]);
      }
      const greeting = revision === 0 ? 'Hi' : 'Hello';
      const body = `<p>${greeting} ${variables['vip'] === true ? 'vip' : 'guest'}</p>`;
      return { body, escaped: false, parts: { subject: null, preheader: null, text: null, warnings: [] } } as unknown as RenderOutput;
    },
  };
  const queries = {
    getProject: async () => ({ revision: 1 }) as ProjectView,
    publishedAt: async () => ({ publishedRevision: 0, templateRevision: 1 }),
    getProjectAt: async () =>
      ({ publishedHtml: '<p>{{#if vip}}vip{{/if}}</p>', metadata: {}, partials: {}, helpers: {} }) as unknown as ProjectView,
  };
  const recorded = (...shapes: RecordedShape[]) => ({ recorded: async () => [{ shapes }] });
  const textOf = (changes: Array<{ kind: string; after?: unknown }>) => changes.filter((c) => c.kind === 'text').map((c) => c.after);

  beforeEach(() => (renderer.calls = []));

  it('renders the variables given, never a recorded shape', async () => {
    const diffs = new RevisionDiff(renderer, queries, recorded(shape([['name', ['string']]], 1, '2026-11-26T10:00:00.000Z')));
    const out = await diffs.diff(ref, { from: 'published', to: 'latest', variables: { vip: true } });
    expect(out).to.include({ from: 0, to: 1, sampleVariables: false, sampleSource: 'variables' });
    expect(out).to.not.have.property('samples');
    expect(textOf(out.changes)).to.deep.equal(['Hello vip']);
  });

  it('renders each recorded shape, reports one the new revision refuses, and names the samples of each change', async () => {
    const diffs = new RevisionDiff(
      renderer,
      queries,
      recorded(
        shape([['name', ['string']]], 9, '2026-11-26T10:00:00.000Z'),
        shape([['name', ['integer']]], 3, '2026-11-26T10:00:00.000Z'),
        shape([['vip', ['boolean']]], 1, '2026-11-26T10:00:00.000Z'),
      ),
    );
    const out = await diffs.diff(ref, { from: 'published', to: 'latest' });
    expect(out).to.include({ sampleVariables: true, sampleSource: 'recorded_shapes', shapesRecorded: 3, visibleChange: true });
    expect(out.samples!.map((s) => [s.sample, s.seen, s.refused?.map((r) => [r.revision, r.code, r.errors?.[0]?.pointer])])).to.deep.equal([
      [1, 9, undefined],
      [2, 3, [[1, 'invalid_variables', '/variables/name']]],
      [3, 1, undefined],
    ]);
    expect(out.changes.filter((c) => c.kind === 'text')).to.deep.equal([
      { kind: 'text', before: 'Hi guest', after: 'Hello guest', samples: [1] },
      { kind: 'text', before: 'Hi vip', after: 'Hello vip', samples: [3] },
    ]);
    expect(renderer.calls).to.have.length(6); // two renders a shape
  });

  it('falls back to the schema sample when every shape is refused, or none was recorded, and fails on what is no refusal', async () => {
    const refused = await new RevisionDiff(renderer, queries, recorded(shape([['name', ['integer']]], 2, '2026-11-26T10:00:00.000Z'))).diff(
      ref,
      { from: 'published', to: 'latest' },
    );
    expect(refused).to.include({ sampleSource: 'schema', shapesRecorded: 1 });
    expect(refused.samples![0]!.refused).to.have.length(1);
    expect(textOf(refused.changes)).to.deep.equal(['Hello vip']); // the schema's sample: `vip` true

    const none = await new RevisionDiff(renderer, queries, recorded()).diff(ref, { from: 'published', to: 'latest' });
    expect(none).to.include({ sampleSource: 'schema' });
    expect(none).to.not.have.property('samples');
    const off = await new RevisionDiff(renderer, queries).diff(ref, { from: 'published', to: 'latest' });
    expect(off).to.include({ sampleSource: 'schema' });

    let code: unknown;
    try {
      await new RevisionDiff(renderer, queries, recorded(shape([['boom', ['string']]], 1, '2026-11-26T10:00:00.000Z'))).diff(ref, {
        from: 'published',
        to: 'latest',
      });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).to.equal('revision_not_found');
  });
});

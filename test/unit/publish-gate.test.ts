/**
 * The publish gate's comparison (application/render/publish-gate.ts): recorded shapes checked under the
 * published and the candidate revision's contracts; only what is new under the candidate, and only
 * `required` and `type`, is breaking; grouped by path and change with the keys.
 */
import { expect } from 'chai';
import { PublishGate, type RecordedShape } from '../../src/application/render/index.js';
import type { VariablesContract } from '../../src/application/render/render-variables.js';
import { variableShape, type DataRead } from '../../src/rendering/index.js';

const ref = { workspace: 'acme', projectId: 'receipt' };
const seen = '2026-11-26T10:00:00.000Z';
const shape = (variables: Record<string, unknown>, strict = false): RecordedShape => ({
  ...variableShape(variables),
  ...(strict ? { strict: true as const } : {}),
  count: 1,
  first_seen: seen,
  last_seen: seen,
});
const declared = (schema: Record<string, unknown>): VariablesContract => ({ reads: [], declared: schema });
const order = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties: { order: { type: 'object', properties, required } },
});

/** A gate over fixed recordings and contracts by revision. */
function gate(recorded: Array<{ keyId: string; shapes: RecordedShape[] }>, contracts: Record<number, VariablesContract>): PublishGate {
  return new PublishGate({
    recorded: async () => recorded,
    contractAt: async (_ref, revision) => contracts[revision]!,
  });
}

describe('the publish gate: what breaks', () => {
  const withoutTotal = shape({ order: { number: 'A-1' } });

  it('a path newly required that payloads lack: newly_required, with every key that sent such a payload, sorted', async () => {
    const recorded = [
      { keyId: 'k2', shapes: [withoutTotal] },
      { keyId: 'k1', shapes: [shape({ order: { number: 'A-2', total: 3 } }), withoutTotal] },
      { keyId: 'k3', shapes: [shape({ order: { number: 'A-3', total: 4.5 } })] },
    ];
    const changes = await gate(recorded, {
      0: declared(order({ number: { type: 'string' } })),
      1: declared(order({ number: { type: 'string' }, total: { type: 'number' } }, ['total'])),
    }).check(ref, 0, 1);
    expect(changes).to.deep.equal([
      {
        path: 'order.total',
        change: 'newly_required',
        keyIds: ['k1', 'k2'],
        message: "Revision 1 requires 'order.total', which recent payloads do not send (keys: k1, k2).",
      },
    ]);
  });

  it('nothing when the published revision already required it, when the path is optional, or when nothing was recorded', async () => {
    const requiring = declared(order({ total: { type: 'number' } }, ['total']));
    const optional = declared(order({ number: { type: 'string' }, note: { type: 'string' } }));
    const recorded = [{ keyId: 'k1', shapes: [withoutTotal] }];
    expect(await gate(recorded, { 0: requiring, 1: requiring }).check(ref, 0, 1)).to.deep.equal([]);
    expect(await gate(recorded, { 0: declared(order({})), 1: optional }).check(ref, 0, 1)).to.deep.equal([]);
    expect(await gate([], { 0: declared(order({})), 1: requiring }).check(ref, 0, 1)).to.deep.equal([]);
  });

  it('never published: every problem under the candidate counts', async () => {
    const changes = await gate([{ keyId: 'k1', shapes: [withoutTotal] }], {
      1: declared(order({ total: { type: 'number' } }, ['total'])),
    }).check(ref, null, 1);
    expect(changes.map((c) => [c.path, c.change])).to.deep.equal([['order.total', 'newly_required']]);
  });

  it('a narrowed type: type_narrowed naming what is expected and the type sent; a type refused before too is not new', async () => {
    const recorded = [{ keyId: 'k1', shapes: [shape({ order: { number: 'A-1', qty: true } })] }];
    const changes = await gate(recorded, {
      0: declared(order({ number: { type: ['string', 'integer'] }, qty: { type: 'integer' } })),
      1: declared(order({ number: { type: 'integer' }, qty: { type: 'number' } })),
    }).check(ref, 0, 1);
    expect(changes).to.deep.equal([
      {
        path: 'order.number',
        change: 'type_narrowed',
        keyIds: ['k1'],
        expected: 'integer',
        found: 'string',
        message: "Revision 1 takes 'order.number' as integer, and recent payloads send string (keys: k1).",
      },
    ]);
  });

  it('rules about values (enum, format, bounds) are not judged: shapes keep no value', async () => {
    const recorded = [{ keyId: 'k1', shapes: [shape({ order: { email: 'a@b.c', qty: 5 } })] }];
    const changes = await gate(recorded, {
      0: declared(order({ email: { type: 'string' }, qty: { type: 'integer' } })),
      1: declared(order({ email: { type: 'string', format: 'email', enum: ['x'] }, qty: { type: 'integer', maximum: 0 } })),
    }).check(ref, 0, 1);
    expect(changes).to.deep.equal([]);
  });

  it('paths inside lists are named with []; an element lacking a path other elements have counts', async () => {
    const recorded = [{ keyId: 'k1', shapes: [shape({ order: { lines: [{ sku: 'a', qty: 1 }, { sku: 'b' }] } })] }];
    const lines = (required: string[]) =>
      declared(order({ lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } }, required } } }));
    const changes = await gate(recorded, { 0: lines([]), 1: lines(['qty']) }).check(ref, 0, 1);
    expect(changes.map((c) => [c.path, c.change])).to.deep.equal([['order.lines[].qty', 'newly_required']]);
  });

  it('strict renders: a path the candidate newly reads is required of payloads sent with "strict": true only', async () => {
    const reads = (...paths: string[][]): VariablesContract => ({
      reads: paths.map((path): DataRead => ({ path, use: 'value' })),
      declared: undefined,
    });
    const contracts = { 0: reads(['order', 'number']), 1: reads(['order', 'number'], ['order', 'total']) };
    const lax = await gate([{ keyId: 'k1', shapes: [withoutTotal] }], contracts).check(ref, 0, 1);
    expect(lax).to.deep.equal([]);
    const strict = await gate([{ keyId: 'k1', shapes: [shape({ order: { number: 'A-1' } }, true)] }], contracts).check(ref, 0, 1);
    expect(strict.map((c) => [c.path, c.change])).to.deep.equal([['order.total', 'newly_required']]);
  });
});

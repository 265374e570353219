/**
 * The shapes of render variables (rendering/variables/shapes.ts, shape-sample.ts): paths and JSON types,
 * never a value; the walk's bounds; list elements united (with `missing`); keys that are data not entered;
 * payloads made back from a shape.
 */
import { expect } from 'chai';
import { sampleOfShape, shapeKey, shapeSignature, variableShape, DEFAULT_SHAPE_BOUNDS } from '../../src/rendering/index.js';

describe('variable shapes: the walk', () => {
  it('records every path with its JSON type, sorted, and no value', () => {
    const variables = {
      customer: { name: 'SECRET-123', vip: true, age: 98765, score: 4.5, nick: null },
      order: { lines: [{ qty: 1, sku: 'SKU-SECRET' }], tags: [] },
    };
    const shape = variableShape(variables);
    expect(shape.paths).to.deep.equal([
      ['customer', ['object']],
      ['customer.age', ['integer']],
      ['customer.name', ['string']],
      ['customer.nick', ['null']],
      ['customer.score', ['number']],
      ['customer.vip', ['boolean']],
      ['order', ['object']],
      ['order.lines', ['array']],
      ['order.lines[]', ['object']],
      ['order.lines[].qty', ['integer']],
      ['order.lines[].sku', ['string']],
      ['order.tags', ['array']],
    ]);
    expect(shape).to.not.have.property('truncated');
    const text = JSON.stringify(shape);
    for (const value of ['SECRET-123', '98765', '4.5', 'SKU-SECRET']) expect(text).to.not.contain(value);
    expect(variables.customer.name).to.equal('SECRET-123'); // untouched
  });

  it('unites the first elements of a list; a path some elements lack is also `missing`', () => {
    const shape = variableShape({ items: [{ a: 1, b: 'x' }, { a: 'two' }, 7, { a: 1, b: 'x', c: true }] });
    expect(Object.fromEntries(shape.paths)).to.deep.equal({
      items: ['array'],
      'items[]': ['integer', 'object'],
      'items[].a': ['integer', 'missing', 'string'],
      'items[].b': ['missing', 'string'],
    }); // the 4th element is past maxElements (3): `c` is not seen
  });

  it('keeps to its bounds: depth, paths, keys per object; says it was cut short', () => {
    const deep = variableShape({ a: { b: { c: { d: 1 } } } }, { ...DEFAULT_SHAPE_BOUNDS, maxDepth: 2 });
    expect(deep.paths.map(([path]) => path)).to.deep.equal(['a', 'a.b']);
    expect(deep.truncated).to.equal(true);
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const few = variableShape(wide, { ...DEFAULT_SHAPE_BOUNDS, maxPaths: 10 });
    expect(few.paths).to.have.length(10);
    expect(few.truncated).to.equal(true);
    const map = variableShape({ prices: Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`sku${i}`, i])) });
    expect(map.paths).to.deep.equal([['prices', ['object']]]);
  });

  it('does not enter an object whose keys are data (an address, a number): no key is kept as a path', () => {
    const shape = variableShape({ by_email: { 'ada@example.com': { n: 1 } }, by_id: { '12345': 'x' } });
    expect(shape.paths).to.deep.equal([
      ['by_email', ['object']],
      ['by_id', ['object']],
    ]);
    expect(JSON.stringify(shape)).to.not.contain('ada@example.com').and.not.contain('12345');
  });

  it('stays fast on a large payload (bounded work)', () => {
    const big = { list: Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `n${i}` })) };
    const started = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) variableShape(big);
    const perWalkUs = Number(process.hrtime.bigint() - started) / 1000 / 100;
    expect(perWalkUs).to.be.below(500);
  });

  it('equal shapes have equal keys; another type, another key', () => {
    expect(shapeKey(variableShape({ a: 'x', b: [1] }))).to.equal(shapeKey(variableShape({ b: [2, 3], a: 'y' })));
    expect(shapeKey(variableShape({ a: 'x' }))).to.not.equal(shapeKey(variableShape({ a: 1 })));
  });
});

describe('variable shapes: signatures (what the recorder keeps a shape by)', () => {
  /** A seeded payload generator: names, data keys, every JSON type, lists of mixed elements, some deep. */
  function payloads(count: number): Array<Record<string, unknown>> {
    let seed = 7;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), (seed >>> 16) % n);
    const value = (depth: number): unknown => {
      switch (next(depth > 4 ? 6 : 9)) {
        case 0:
          return 'x';
        case 1:
          return next(3);
        case 2:
          return 1.5;
        case 3:
          return next(2) === 0;
        case 4:
          return null;
        case 5:
          return next(2) === 0 ? {} : [];
        case 6:
        case 7:
          return object(depth + 1);
        default:
          return Array.from({ length: next(5) }, () => value(depth + 1));
      }
    };
    const object = (depth: number): Record<string, unknown> => {
      const keys = ['a', 'b', 'c', 'lines', 'qty', next(9) === 0 ? 'ada@example.com' : 'name'];
      return Object.fromEntries(Array.from({ length: next(5) }, () => [keys[next(keys.length)]!, value(depth)]));
    };
    return Array.from({ length: count }, () => object(0));
  }

  it('determines the shape: payloads with one signature have one shape; a cut-short walk has none', () => {
    for (const bounds of [DEFAULT_SHAPE_BOUNDS, { maxDepth: 3, maxPaths: 12, maxElements: 2, maxKeys: 3 }]) {
      const bySignature = new Map<string, string>();
      let signed = 0;
      let cut = 0;
      for (const payload of payloads(3_000)) {
        const shape = variableShape(payload, bounds);
        const signature = shapeSignature(payload, bounds);
        if (shape.truncated) cut += 1;
        if (shape.truncated) expect(signature, JSON.stringify(payload)).to.equal(undefined);
        if (signature === undefined) continue;
        signed += 1;
        const key = JSON.stringify(shape);
        expect(bySignature.get(signature) ?? key, `${signature} ← ${JSON.stringify(payload)}`).to.equal(key);
        bySignature.set(signature, key);
      }
      expect(signed).to.be.above(1_000); // most payloads are signed: the memo is used
      expect(cut).to.be.above(10); // and the bounds were met
    }
  });

  it('tells apart what the shape tells apart (types, lists, keys); key order may differ', () => {
    const sig = (v: Record<string, unknown>) => shapeSignature(v);
    expect(sig({ a: 1 })).to.not.equal(sig({ a: 1.5 }));
    expect(sig({ a: [] })).to.not.equal(sig({ a: {} }));
    expect(sig({ a: [1, 'x'] })).to.not.equal(sig({ a: ['x'] }));
    expect(sig({ a: [1, 2, 3, 'x'] })).to.equal(sig({ a: [4, 5, 6, 7] })); // past maxElements is not seen, as by the walk
    expect(sig({ 'a.b': 1 })).to.equal(undefined); // not a name: the walk does not enter the object
    expect(sig({ a: 'x', b: 1 })).to.not.equal(sig({ b: 1, a: 'x' }));
  });
});

describe('variable shapes: payloads made from a shape', () => {
  it('has the same paths with a placeholder of each type', () => {
    const sample = sampleOfShape(variableShape({ order: { total: 9.5, count: 3, paid: false, note: null, lines: [{ sku: 'S' }] } }));
    expect(sample).to.deep.equal({ order: { total: 1.5, count: 1, paid: true, note: null, lines: [{ sku: 'sample' }] } });
    expect(variableShape(sample).paths).to.deep.equal(
      variableShape({ order: { total: 9.5, count: 3, paid: false, note: null, lines: [{ sku: 'S' }] } }).paths,
    );
  });

  it('gives a list one element per variant: a type each, one without a `missing` path', () => {
    const sample = sampleOfShape(variableShape({ items: [{ a: 1 }, { a: 'two' }, {}] }));
    expect(sample).to.deep.equal({ items: [{ a: 1 }, {}, { a: 'sample' }] });
  });

  it('keeps `__proto__` a key like any other', () => {
    const sample = sampleOfShape({
      paths: [
        ['__proto__', ['object']],
        ['__proto__.x', ['string']],
      ],
    });
    expect(Object.hasOwn(sample, '__proto__')).to.equal(true);
    expect(Object.getPrototypeOf(sample)).to.equal(Object.prototype);
  });
});

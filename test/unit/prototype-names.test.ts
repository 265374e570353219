/**
 * Names of `Object.prototype` members (`__proto__`, `constructor`, `toString`, …) as ordinary names, without
 * a server: the inferred schema, the variables check (own-keys.ts), the sample context, printing
 * (printable.ts) and the CLI's variable paths and canonical JSON. Issue 17, item 5.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { analyzeTemplate, parseHandlebars, buildSampleContext, makePrintable, VariablesValidator } from '../../src/rendering/index.js';
import { inferSchema, schemaPaths } from '../../src/rendering/variables/inferred-schema.js';
import { escapeKey, fromView, toView, unescapeKey } from '../../src/rendering/variables/own-keys.js';
import { canonicalJson } from '../../src/cli/files.js';
import { samplePaths, schemaReads } from '../../src/cli/variable-paths.js';

function analysisOf(source: string) {
  const parsed = parseHandlebars(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return analyzeTemplate(parsed.program);
}

describe('prototype names are ordinary names', () => {
  it('inferSchema: {{zz.__proto__.qq}} gives a property named __proto__ (not a prototype), listed and serialised', () => {
    const schema = inferSchema(analysisOf('{{zz.__proto__.qq}} {{constructor}}').dataReads, { strict: true });
    const zz = schema.properties!['zz']!;
    expect(Object.keys(zz.properties!)).to.deep.equal(['__proto__']);
    expect(Object.getPrototypeOf(zz.properties)).to.equal(null);
    expect(schema.required).to.deep.equal(['constructor', 'zz']);
    expect(schemaPaths(schema)).to.deep.equal(['constructor', 'zz', 'zz.__proto__', 'zz.__proto__.qq']);
    expect(JSON.stringify(schema)).to.include('"zz":{"type":"object","properties":{"__proto__":{"type":"object","properties":{"qq":');
  });

  it('the validator: a missing constructor is missing, a present one is checked, a default fills in (in place)', () => {
    const validator = new VariablesValidator();
    const schema = {
      type: 'object',
      properties: { constructor: { type: 'string', default: 'D' }, toString: { type: 'integer' } },
      required: ['toString'],
    };
    const variables: Record<string, unknown> = {};
    expect(validator.validate(schema, variables).map((p) => [p.pointer, p.rule])).to.deep.equal([['/variables/toString', 'required']]);
    expect(Object.hasOwn(variables, 'constructor') && variables['constructor']).to.equal('D');
    const typed = JSON.parse('{"toString": "7", "constructor": 1}');
    expect(validator.validate(schema, typed).map((p) => [p.pointer, p.rule, p.found])).to.deep.equal([
      ['/variables/constructor', 'type', 'an integer'],
      ['/variables/toString', 'type', 'a string (1 character)'],
    ]);
  });

  it('the validator checks what is under __proto__ (Ajv skips it), with pointers and messages naming __proto__', () => {
    const validator = new VariablesValidator();
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"qq":{"type":"string"}},"required":["qq"]}},"required":["__proto__"]}',
    );
    expect(validator.validate(schema, {}).map((p) => p.pointer)).to.deep.equal(['/variables/__proto__']);
    const wrong = validator.validate(schema, JSON.parse('{"__proto__":{"qq":5}}'));
    expect(wrong.map((p) => [p.pointer, p.rule])).to.deep.equal([['/variables/__proto__/qq', 'type']]);
    expect(wrong[0]!.message).to.equal('/variables/__proto__/qq must be a string, found an integer.');
    const nested = JSON.parse('{"__proto__":{"qq":"ok"}}');
    expect(validator.validate(schema, nested)).to.deep.equal([]);
    expect(Object.getPrototypeOf(nested)).to.equal(Object.prototype);
    expect(Object.keys(nested)).to.deep.equal(['__proto__']);
  });

  it('a schema without such names checks the variables themselves (no copy)', () => {
    const validator = new VariablesValidator();
    const inner = { b: 'x' };
    const variables: Record<string, unknown> = { a: inner };
    expect(validator.validate({ type: 'object', properties: { a: { type: 'object' } } }, variables)).to.deep.equal([]);
    expect(variables['a']).to.equal(inner);
  });

  it('escapeKey is a bijection that never yields __proto__; toView/fromView round-trip any JSON', () => {
    const key = fc.oneof(
      fc.constantFrom('__proto__', '\0__proto__', '\0\0__proto__', 'constructor', '\0', 'a'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        key,
        key,
        (a, b) => unescapeKey(escapeKey(a)) === a && (a === b || escapeKey(a) !== escapeKey(b)) && escapeKey(a) !== '__proto__',
      ),
    );
    const json = fc
      .jsonValue({ maxDepth: 3 })
      .chain((v) =>
        fc.constantFrom(JSON.stringify(v), `{"__proto__":${JSON.stringify(v)},"\\u0000__proto__":1,"toString":[{"__proto__":2}]}`),
      );
    fc.assert(fc.property(json, (text) => JSON.stringify(fromView(toView(JSON.parse(text)))) === JSON.stringify(JSON.parse(text))));
  });

  it('the sample context keeps __proto__ as a key, and its objects print (the save-time check)', () => {
    const sample = buildSampleContext(analysisOf('{{zz.__proto__.qq}} {{a}} {{a.toString.b}}'));
    expect(JSON.stringify(sample)).to.equal('{"a":{"toString":{"b":"a.toString.b"}},"zz":{"__proto__":{"qq":"zz.__proto__.qq"}}}');
    expect(String(sample['a'])).to.equal('[object Object]');
  });

  it('makePrintable: an object with an own toString prints as any object, its keys and JSON unchanged', () => {
    const variables = JSON.parse('{"a":{"toString":"x","valueOf":"y"},"list":[{"toString":1}],"n":{"b":1}}');
    expect(() => String(variables.a)).to.throw(TypeError);
    makePrintable(variables);
    expect([String(variables.a), `${variables.list}`, String(variables.n), Number(variables.a)]).to.deep.equal([
      '[object Object]',
      '[object Object]',
      '[object Object]',
      NaN,
    ]);
    expect(JSON.stringify(variables)).to.equal('{"a":{"toString":"x","valueOf":"y"},"list":[{"toString":1}],"n":{"b":1}}');
    expect(Object.getPrototypeOf(variables.n)).to.equal(Object.prototype);
  });

  it('the CLI: sample paths, schema reads and canonical JSON keep __proto__ and constructor keys', () => {
    const sample = JSON.parse('{"__proto__":{"a":1},"constructor":"x","items":[{"toString":true}]}');
    expect(samplePaths(sample)).to.deep.equal(['__proto__.a', 'constructor', 'items[].toString']);
    const reads = schemaReads(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","properties":{"a":{}}},"constructor":{}}}'),
    );
    expect([...reads.paths].sort()).to.deep.equal(['__proto__', '__proto__.a', 'constructor']);
    expect(canonicalJson(JSON.parse('{"b":{"__proto__":{"z":1,"y":2}},"a":1}'))).to.equal(
      '{\n  "a": 1,\n  "b": {\n    "__proto__": {\n      "y": 2,\n      "z": 1\n    }\n  }\n}\n',
    );
  });
});

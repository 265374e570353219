/**
 * JSON Merge Patch against RFC 7396's own examples, written down from the RFC: every row of Appendix A
 * and the worked example of §3. They are the independent expectations; the function never saw them.
 */
import { expect } from 'chai';
import { mergePatch, MergePatchDepthError } from '../../src/domain/merge-patch.js';

/** RFC 7396 Appendix A, in order: [original, patch, result] as JSON text. */
const APPENDIX_A: Array<[string, string, string]> = [
  ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
  ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
  ['{"a":"b"}', '{"a":null}', '{}'],
  ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
  ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
  ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
  ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
  ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
  ['["a","b"]', '["c","d"]', '["c","d"]'],
  ['{"a":"b"}', '["c"]', '["c"]'],
  ['{"a":"foo"}', 'null', 'null'],
  ['{"a":"foo"}', '"bar"', '"bar"'],
  ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
  ['[1,2]', '{"a":"b","c":null}', '{"a":"b"}'],
  ['{}', '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
];

describe('mergePatch (RFC 7396)', () => {
  for (const [original, patch, result] of APPENDIX_A) {
    it(`Appendix A: ${original} + ${patch} → ${result}`, () => {
      expect(mergePatch(JSON.parse(original), JSON.parse(patch))).to.deep.equal(JSON.parse(result));
    });
  }

  it('§3: the example of a blog entry', () => {
    const target = {
      title: 'Goodbye!',
      author: { givenName: 'John', familyName: 'Doe' },
      tags: ['example', 'sample'],
      content: 'This will be unchanged',
    };
    const patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
    expect(mergePatch(target, patch)).to.deep.equal({
      title: 'Hello!',
      author: { givenName: 'John' },
      tags: ['example'],
      content: 'This will be unchanged',
      phoneNumber: '+01-123-456-7890',
    });
  });

  it('changes neither the target nor the patch', () => {
    const target = { a: { b: 1, c: [1, 2] }, d: 'x' };
    const patch = { a: { b: null, e: { f: 1 } }, d: null };
    const before = JSON.stringify([target, patch]);
    mergePatch(target, patch);
    expect(JSON.stringify([target, patch])).to.equal(before);
  });

  it('keeps __proto__, constructor and prototype as plain members: no prototype is ever set or polluted', () => {
    const target = JSON.parse('{"constructor":{"x":1}}');
    const patch = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1}');
    const merged = mergePatch(target, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).to.equal(Object.prototype);
    expect(Object.keys(merged).sort()).to.deep.equal(['__proto__', 'constructor', 'prototype']);
    expect(JSON.parse(JSON.stringify(merged))).to.deep.equal(
      JSON.parse('{"constructor":{"x":1,"prototype":{"polluted":true}},"__proto__":{"polluted":true},"prototype":1}'),
    );
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
    expect((merged as { polluted?: unknown }).polluted).to.equal(undefined);
  });

  it('refuses a patch nested deeper than its bound, instead of recursing without end', () => {
    let deep: unknown = { leaf: 1 };
    for (let i = 0; i < 20; i++) deep = { a: deep };
    expect(() => mergePatch({}, deep, 10)).to.throw(MergePatchDepthError);
    expect(() => mergePatch({}, deep, 30)).not.to.throw();
  });
});

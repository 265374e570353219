import { expect } from 'chai';
import fc from 'fast-check';
import { contentCodings, parseJson } from '../../src/http/json-body.js';
import { guardJsonBody, inspectJson, MAX_FINDINGS } from '../../src/http/json-guard.js';
import { escapeToken, pointerOf } from '../../src/http/json-pointer.js';
import { locateJsonError } from '../../src/http/json-syntax.js';
import { ProblemError } from '../../src/http/problem.js';

/** Resolve an RFC 6901 pointer against `doc` by the RFC's own rules (§4), as an independent check of escaping. */
function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((value, token) => (value as Record<string, unknown>)[token], doc);
}

const nest = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('JSON pointers (RFC 6901)', () => {
  it('escapes ~ as ~0 and / as ~1, in that order', () => {
    expect(escapeToken('a/b')).to.equal('a~1b');
    expect(escapeToken('m~n')).to.equal('m~0n');
    expect(escapeToken('~1')).to.equal('~01'); // a literal "~1" key must not read back as "/"
    expect(escapeToken('/~')).to.equal('~1~0');
    expect(pointerOf([])).to.equal('');
    expect(pointerOf(['variables', 'a/b', 0, '~'])).to.equal('/variables/a~1b/0/~0');
  });

  it('every pointer built from a path resolves back to the value at that path', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', '/', '~', '0', '1', 'é') }), { minLength: 1, maxLength: 5 }), (keys) => {
        let doc: unknown = 'leaf';
        for (const key of [...keys].reverse()) doc = { [key]: doc };
        expect(resolvePointer(doc, pointerOf(keys))).to.equal('leaf');
      }),
    );
  });
});

describe('inspectJson: depth, reserved keys, unpaired surrogates', () => {
  it('allows 64 levels inside a field and refuses the 65th, naming its pointer', () => {
    expect(inspectJson({ metadata: nest(64) })).to.deep.equal([]); // metadata itself is level 1: 64 objects in all
    const [finding, ...rest] = inspectJson({ metadata: nest(65) });
    expect(rest).to.deep.equal([]);
    expect(finding!.kind).to.equal('too_deep');
    expect(finding!.pointer).to.equal(`/metadata${'/a'.repeat(64)}`);
  });

  it('counts depth per field, arrays included, and honours a configured maxDepth', () => {
    const limits = { maxDepth: 3, variablesMaxDepth: 5 };
    expect(inspectJson({ a: [[[1]]], b: { c: { d: 1 } }, variables: nest(5) }, limits)).to.deep.equal([]);
    const found = inspectJson({ a: [[[[1]]]], b: { c: { d: { e: {} } } }, variables: nest(6) }, limits);
    expect(found.map((f) => [f.pointer, f.limit])).to.deep.equal([
      ['/a/0/0/0', { name: 'JSON_MAX_DEPTH', max: 3 }],
      ['/b/c/d/e', { name: 'JSON_MAX_DEPTH', max: 3 }],
      [`/variables${'/a'.repeat(5)}`, { name: 'VARIABLES_MAX_DEPTH', max: 5 }],
    ]);
  });

  it('leaves the depth of /ast to the template check (TEMPLATE_MAX_DEPTH) but still walks it for keys', () => {
    expect(inspectJson({ ast: nest(10_000) })).to.deep.equal([]);
    const ast = JSON.parse(`{"ast": ${'{"children": ['.repeat(5000)}{"constructor": 1}${']}'.repeat(5000)}}`);
    expect(inspectJson(ast).map((f) => f.kind)).to.deep.equal(['reserved_key']);
  });

  it('walks a million levels without recursion', () => {
    const deep = JSON.parse(`{"variables":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`);
    const [finding] = inspectJson(deep);
    expect(finding!.pointer).to.equal(`/variables${'/0'.repeat(1000)}`);
  });

  it('refuses __proto__, constructor and prototype keys anywhere but in variable names, with escaped pointers', () => {
    const body = JSON.parse(
      '{"metadata": {"a/b": {"__proto__": 1}, "x": {"variables": {"prototype": 1}}}, "partials": {"constructor": "x"}, "prototype": 3}',
    );
    const found = inspectJson(body);
    expect(found.map((f) => [f.kind, f.pointer])).to.deep.equal([
      ['reserved_key', '/metadata/a~1b/__proto__'],
      ['reserved_key', '/metadata/x/variables/prototype'],
      ['reserved_key', '/partials/constructor'],
      ['reserved_key', '/prototype'],
    ]);
    // JSON.parse made __proto__ an own property: the pointer names a real location in the parsed body.
    expect(Object.keys(resolvePointer(body, '/metadata/a~1b') as object)).to.deep.equal(['__proto__']);
  });

  it('accepts them as variable names: in /variables (a render) and /metadata/variables (a declared schema)', () => {
    const body = JSON.parse(
      '{"variables": {"x~": [{"constructor": 2}], "prototype": 3, "__proto__": {"__proto__": {}}}, "metadata": {"variables": {"properties": {"constructor": {}, "__proto__": {}}, "required": ["__proto__"]}}}',
    );
    expect(inspectJson(body)).to.deep.equal([]);
  });

  it('refuses unpaired surrogates in keys and values, high or low, and accepts pairs', () => {
    const body = JSON.parse('{"a": "ok \\ud83d\\ude00", "b": "\\ud800", "c": ["x\\udfff"], "d\\udbff": 1, "e": "\\ude00\\ud83d"}');
    expect(inspectJson(body).map((f) => [f.kind, f.pointer])).to.deep.equal([
      ['unpaired_surrogate', '/b'],
      ['unpaired_surrogate', '/c/0'],
      ['unpaired_surrogate', '/d\udbff'],
      ['unpaired_surrogate', '/e'],
    ]);
    expect(inspectJson('\ud800').map((f) => f.pointer)).to.deep.equal(['']);
  });

  it('reports at most MAX_FINDINGS', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, '\ud800']));
    expect(inspectJson(many)).to.have.length(MAX_FINDINGS);
  });

  it('guardJsonBody: the first finding decides the code; metadata over METADATA_MAX_BYTES is 413', () => {
    const thrown = (body: unknown, limits = { maxDepth: 64, variablesMaxDepth: 64, metadataMaxBytes: 100 }) => {
      try {
        guardJsonBody(body, limits);
      } catch (error) {
        return error as ProblemError;
      }
      return undefined;
    };
    expect(thrown({ metadata: { a: 'x' } })).to.equal(undefined);
    const reserved = thrown(JSON.parse('{"helpers": {"__proto__": {}}, "metadata": {"s": "\\ud800"}}'))!;
    expect([reserved.status, reserved.code, reserved.errors.length]).to.deep.equal([400, 'reserved_key', 2]);
    const big = thrown({ metadata: { s: 'x'.repeat(200) } })!;
    expect([big.status, big.code, big.extra['limit'], big.extra['found']]).to.deep.equal([
      413,
      'field_too_large',
      'METADATA_MAX_BYTES',
      JSON.stringify({ s: 'x'.repeat(200) }).length,
    ]);
  });
});

describe('locateJsonError', () => {
  it('accepts exactly what JSON.parse accepts', () => {
    const fragment = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"a"',
      '"\\u12"',
      '"\\x"',
      '1',
      '-',
      '1.5e3',
      '01',
      'true',
      'nul',
      ' ',
      '\n',
      '"\u0001"',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonError(text) === undefined, JSON.stringify(text)).to.equal(valid);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with V8 where V8 states a position', () => {
    const samples = ['{"a": 1,}', '{"a" 1}', '[1 2]', '{"a": "x', '{"a": "\u0001"}', '{"a": 1} x', '{1: 2}', '{"a": tru}'];
    for (const text of samples) {
      let v8: number | undefined;
      try {
        JSON.parse(text);
      } catch (error) {
        const m = /at position (\d+)/.exec((error as Error).message);
        if (m) v8 = Number(m[1]);
      }
      if (v8 !== undefined) expect(locateJsonError(text)!.position, text).to.equal(v8);
    }
  });

  it('gives 1-based line and column, and survives a million open brackets', () => {
    expect(locateJsonError('{\n  "a": 1,\n  x\n}')).to.include({ position: 14, line: 3, column: 3 });
    expect(locateJsonError('['.repeat(1_000_000))).to.include({ position: 1_000_000 });
  });

  it('parseJson: the problem carries the position and never the text', () => {
    try {
      parseJson('{"token": "sk_live_abc", oops}');
      expect.fail('no error');
    } catch (error) {
      const problem = error as ProblemError;
      expect(problem.code).to.equal('malformed_json');
      expect(problem.extra['position']).to.equal(25);
      expect(problem.message).not.to.match(/sk_live|oops|token/);
    }
    expect(parseJson('  ')).to.deep.equal({});
  });
});

describe('contentCodings (RFC 9110 §8.4.1)', () => {
  it('normalises case, x-gzip and identity, and refuses unknown or stacked codings with 415 and Accept-Encoding', () => {
    expect(contentCodings('')).to.deep.equal([]);
    expect(contentCodings('identity')).to.deep.equal([]);
    expect(contentCodings(' GZIP ')).to.deep.equal(['gzip']);
    expect(contentCodings('x-gzip')).to.deep.equal(['gzip']);
    expect(contentCodings('br')).to.deep.equal(['br']);
    for (const header of ['zstd', 'compress', 'gzip, br', 'deflate,deflate']) {
      try {
        contentCodings(header);
        expect.fail(header);
      } catch (error) {
        const problem = error as ProblemError;
        expect([problem.status, problem.headers['Accept-Encoding']], header).to.deep.equal([415, 'gzip, deflate, br']);
      }
    }
  });
});

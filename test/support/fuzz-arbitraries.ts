/**
 * fast-check arbitraries for the HTTP fuzz suite (test/api/fuzz.test.ts): request bodies as raw text (JSON
 * that JSON.stringify cannot make — lone surrogates, `__proto__` keys, 10,000-deep nesting, 1e999 — is
 * written by hand), MJML + Handlebars fragments, header sets and methods. Each draws from values a careless
 * or hostile client sends; none knows what the server answers.
 */
import fc from 'fast-check';
import { mjmlPage, TEST_KEY } from './server.js';

/** A raw JSON text, as a client could type it. */
export type RawJson = string;

const scalarText: fc.Arbitrary<RawJson> = fc.oneof(
  fc.constantFrom(
    '1e999',
    '-1e999',
    '123456789012345678901234567890',
    '0.000000000000000000000000001e-400',
    '-0',
    '1E+308',
    '9007199254740993',
    '4.9e-324',
  ),
  fc.constantFrom(
    '"\\ud800"',
    '"\\udfff"',
    '"a\\ud83d"',
    '"\\u0000"',
    '"\\u202e"',
    '"\\uFEFF"',
    '"\u{1F600}"',
    '"\u0301"',
    '"\\"{{x}}\\""',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => JSON.stringify(s)),
  fc.constantFrom('true', 'false', 'null', '0', '-1', '3.5'),
);

/** Object keys a hostile client likes. */
const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '',
  '\\ud800',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'a/b',
  '~1',
  '$ref',
  'then',
);

/** A key as JSON text; the `\\ud800` key becomes a real lone surrogate escape. */
const keyText = (key: string): string => (key === '\\ud800' ? '"\\ud800"' : JSON.stringify(key));

/** Raw JSON of a nested value: objects and arrays with hostile keys and scalars. */
const nestedText: fc.Arbitrary<RawJson> = fc.letrec<{ value: RawJson }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarText,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${keyText(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** `[[[…]]]` or `{"a":{"a":…}}` `depth` levels deep (the JSON parser's and the stores' recursion). */
export const deepText = (depth: number, kind: 'array' | 'object'): RawJson =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const deep: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(100, 999, 1000, 1001, 5000, 20_000), fc.constantFrom<'array' | 'object'>('array', 'object'))
  .map(([d, k]) => deepText(d, k));

/** Any JSON value as text, well-formed or hostile. */
export const jsonText: fc.Arbitrary<RawJson> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  nestedText,
  deep,
);

/** Broken JSON: a truncated or mangled document, or not JSON at all. */
export const malformedText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(jsonText, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(1, text.length))),
  fc.constantFrom(
    '{',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    'NaN',
    'undefined',
    '{"a":01}',
    '\u0000',
    '{"secret":"hunter2"',
    '[1,2',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    ' ',
    // A secret typed where a JSON value goes: the parser's message quotes it unless the API leaves it out.
    '{"password": hunter2-s3cr3t-Pa55}',
    '{"card":"4111 1111 1111 1111", oops}',
    '[{"token":"lp_live_0123456789"}, nope-123456]',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const mjmlPieces = [
  '<mjml>',
  '</mjml>',
  '<mj-body>',
  '</mj-body>',
  '<mj-section>',
  '</mj-section>',
  '<mj-column>',
  '</mj-column>',
  '<mj-text>',
  '</mj-text>',
  '<mj-button href="{{url}}">',
  '</mj-button>',
  '<mj-image src="{{img}}" />',
  '<mj-raw>',
  '</mj-raw>',
  '<mj-include path="./x.mjml" />',
  '<mj-include path="../../etc/passwd" />',
  '<mj-head><mj-attributes><mj-all font-family="{{f}}" /></mj-attributes></mj-head>',
  '<mj-style>a{}</mj-style>',
  '<mj-wrapper>',
  '<mj-hero>',
  '<mj-table><tr><td>',
  '<!-- {{x}} -->',
  '<![CDATA[',
  ']]>',
  '&amp;',
  '&#0;',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">',
  '{{x}}',
  '{{{x}}}',
  '{{{x}}',
  '{{#each items}}',
  '{{/each}}',
  '{{#if a}}',
  '{{else}}',
  '{{/if}}',
  '{{#with a}}',
  '{{/with}}',
  '{{#unless a}}',
  '{{/unless}}',
  '{{> header}}',
  '{{> missing}}',
  '{{> (lookup . "p")}}',
  '{{#> layout}}',
  '{{/layout}}',
  '{{#*inline "p"}}',
  '{{/inline}}',
  '{{> @partial-block}}',
  '{{lookup}}',
  '{{lookup a 1 2 3}}',
  '{{log "x" level="error"}}',
  '{{helperMissing}}',
  '{{blockHelperMissing}}',
  '{{eq}}',
  '{{formatDate x "yyyy" tz=1}}',
  '{{x.constructor}}',
  '{{constructor.constructor "return 1"}}',
  '{{__proto__}}',
  '{{@root.x}}',
  '{{../../../x}}',
  '{{this}}',
  '{{@index}}',
  '{{~x~}}',
  '{{!-- c --}}',
  '{{!',
  '{{',
  '}}',
  '{{#each}}',
  '{{#each a as |b c|}}',
  '{{#}}',
  '{{/}}',
  '{{else if}}',
  '\\{{x}}',
  '{{"a"}}',
  '{{1}}',
  '{{true}}',
];

/** An MJML + Handlebars fragment: pieces in any order, with text between, often wrapped in a valid page. */
export const templateText: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.oneof(fc.constantFrom(...mjmlPieces), fc.string({ maxLength: 12 })), { maxLength: 14 }), fc.boolean())
  .map(([pieces, wrap]) => (wrap ? mjmlPage(pieces.join('')) : pieces.join('')));

const anyValue = fc.oneof(jsonText, fc.constant('"x"'), fc.constant('{}'), fc.constant('[]'));
/** A field that has the right type half the time and anything the rest. */
const field = (right: fc.Arbitrary<RawJson>) => fc.oneof(right, anyValue);
const str = (a: fc.Arbitrary<string>) => a.map((s) => JSON.stringify(s));
const objectOf = (entries: fc.Arbitrary<[string, RawJson]>) =>
  fc.array(entries, { maxLength: 3 }).map((e) => `{${e.map(([k, v]) => `${keyText(k)}:${v}`).join(',')}}`);

/** The fields of a template body (create, save, validate, PATCH): right names, values right or wrong. */
const templateFields: Record<string, fc.Arbitrary<RawJson>> = {
  id: field(str(fc.constantFrom('p1', 'p2', 'fresh', '-bad', 'a'.repeat(101), '../x', 'ok.id_1'))),
  mjml: field(str(templateText)),
  ast: field(
    fc.constantFrom(
      '{"tagName":"mjml","children":[]}',
      '{"tagName":"mj-text"}',
      '{"tagName":"mjml","children":[{"tagName":"mj-body","children":"x"}]}',
    ),
  ),
  metadata: field(
    fc.oneof(objectOf(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('subject', 'variables', 'preheader', 'parts')), jsonText)), deep),
  ),
  includes: field(objectOf(fc.tuple(fc.constantFrom('./x.mjml', '', '../a', 'x'), str(templateText)))),
  partials: field(objectOf(fc.tuple(fc.constantFrom('header', 'layout', 'p', '', '-x', '__proto__'), str(templateText)))),
  helpers: field(
    objectOf(
      fc.tuple(
        fc.constantFrom('money', 'eq', '__proto__', '1x', 'lookup'),
        fc.constantFrom('{"use":"money"}', '{"template":"{{a}}","params":["a"]}', '{"use":"nope","hash":{"x":{}}}', '{}'),
      ),
    ),
  ),
  validation: field(str(fc.constantFrom('strict', 'soft', 'STRICT'))),
  render_mode: field(str(fc.constantFrom('static', 'dynamic', 'both'))),
  variables: field(nestedText),
  strict: field(fc.constantFrom('true', 'false')),
};

/** The fields of a render or validate-saved body. */
const renderFields: Record<string, fc.Arbitrary<RawJson>> = {
  variables: field(
    fc.oneof(
      nestedText,
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ items: v, x: v, url: 'javascript:alert(1)' })),
    ),
  ),
  format: field(str(fc.constantFrom('html', 'mjml', 'text'))),
  revision: field(fc.constantFrom('0', '1', '-1', '1.5', '1e300', '99999999999999999999')),
  strict: field(fc.constantFrom('true', 'false')),
  locale: field(str(fc.constantFrom('en-US', 'en-us', 'xx-XXXX-bogus', '', 'a'.repeat(101), 'de'))),
};

/** Key-management style fields (routes other branches add: a body of the right names, values right or wrong). */
const keyFields: Record<string, fc.Arbitrary<RawJson>> = {
  name: field(str(fc.string({ maxLength: 20 }))),
  scopes: field(fc.constantFrom('["projects:read"]', '["keys:admin","projects:write"]', '["nope"]', '[]', '"projects:read"')),
  expires_in: field(str(fc.constantFrom('30d', '12h', '10s', '-1d', '0s', 'never'))),
  overlap: field(str(fc.constantFrom('1h', '0s', 'x'))),
  rate_limit_per_minute: field(fc.constantFrom('1', '0', '-5', '1e9')),
};

/** A JSON object body whose keys are a subset of `fields` (plus, sometimes, one unknown key). */
export function shapedBody(fields: Record<string, fc.Arbitrary<RawJson>>): fc.Arbitrary<RawJson> {
  const names = Object.keys(fields);
  return fc
    .tuple(fc.subarray(names), fc.option(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('variable', 'mjmll')), jsonText), { freq: 4 }))
    .chain(([chosen, extra]) =>
      fc.tuple(...chosen.map((n) => fields[n]!)).map((values) => {
        const entries = chosen.map((n, i) => `${JSON.stringify(n)}:${values[i]}`);
        if (extra) entries.push(`${keyText(extra[0])}:${extra[1]}`);
        return `{${entries.join(',')}}`;
      }),
    );
}

/**
 * A valid body (`base`, JSON text of an object) with one field replaced by a wrong or hostile value: the
 * request gets past the other checks to the one that must refuse it (a 10,000-deep `metadata`, say).
 */
export function oneWrongField(base: Record<string, unknown>, fields: Record<string, fc.Arbitrary<RawJson>>): fc.Arbitrary<RawJson> {
  const hostile = fc.oneof(
    jsonText,
    deep,
    deep.map((d) => `{"a":${d}}`),
    nestedText.map((n) => `{"__proto__":${n},"constructor":{"prototype":{}}}`),
  );
  // The JSON-valued fields (where depth, proto keys and surrogates go in) are drawn three times as often.
  const names = Object.keys(fields).flatMap((n) =>
    ['metadata', 'variables', 'partials', 'helpers', 'includes'].includes(n) ? [n, n, n] : [n],
  );
  return fc.constantFrom(...names).chain((name) =>
    fc.oneof(fields[name]!, hostile).map((value) => {
      const others = Object.entries(base)
        .filter(([k]) => k !== name)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      return `{${[...others, `${JSON.stringify(name)}:${value}`].join(',')}}`;
    }),
  );
}

const validTemplate = { mjml: mjmlPage('Hi {{name}} <a href="{{url}}">x</a>'), metadata: { subject: 'Hi' } };
const validRender = { variables: { name: 'Ada', url: 'https://example.com' } };

/** The body shape a route takes, by its method and path template (the route list comes from the sources). */
export function bodyFor(method: string, template: string): fc.Arbitrary<RawJson> {
  if (/render$|\/validate$/.test(template) && template.includes(':id'))
    return fc.oneof(shapedBody(renderFields), { arbitrary: oneWrongField(validRender, renderFields), weight: 3 });
  if (/projects|validate/.test(template) && ['POST', 'PUT', 'PATCH'].includes(method))
    return fc.oneof(shapedBody(templateFields), { arbitrary: oneWrongField(validTemplate, templateFields), weight: 3 });
  if (/key/.test(template)) return shapedBody(keyFields);
  return shapedBody({ ...renderFields, ...templateFields });
}

/** A body as sent: its text (undefined: no body at all). */
export const anyBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: jsonText, weight: 3 },
  { arbitrary: malformedText, weight: 2 },
  { arbitrary: shapedBody({ ...renderFields, ...templateFields }), weight: 3 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

/** Methods: the routes' own, the ones no route has, WebDAV's and made-up tokens. */
export const method = fc.oneof(
  { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'HEAD',
      'OPTIONS',
      'TRACE',
      'PROPFIND',
      'PROPPATCH',
      'MKCOL',
      'COPY',
      'MOVE',
      'LOCK',
      'UNLOCK',
      'SEARCH',
      'REPORT',
      'PURGE',
      'QUERY',
      'M-SEARCH',
      'LINK',
      'FOO',
    ),
    weight: 3,
  },
);

/** How the body is encoded on the wire: `corrupt-*` sends bytes that are not that encoding. */
export type BodyEncoding =
  'none' | 'gzip' | 'deflate' | 'br' | 'corrupt-gzip' | 'corrupt-deflate' | 'corrupt-br' | 'truncated-gzip' | 'unknown';
export const bodyEncoding = fc.oneof(
  { arbitrary: fc.constant<BodyEncoding>('none'), weight: 6 },
  {
    arbitrary: fc.constantFrom<BodyEncoding>(
      'gzip',
      'deflate',
      'br',
      'corrupt-gzip',
      'corrupt-deflate',
      'corrupt-br',
      'truncated-gzip',
      'unknown',
    ),
    weight: 3,
  },
);

const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });

/** Authorization header(s): valid, absent, malformed, doubled. An array sends the header more than once. */
export const authorization: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { arbitrary: fc.constant(`Bearer ${TEST_KEY}`), weight: 8 },
  {
    arbitrary: fc.constantFrom<string | string[] | undefined>(
      undefined,
      'Bearer',
      'Bearer ',
      'Bearer a b',
      `bearer ${TEST_KEY}`,
      `Bearer  ${TEST_KEY} `,
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearer lp_nope_x',
      `Bearer ${TEST_KEY}x`,
      `Bearer ${'a'.repeat(5000)}`,
      `Bearer ${TEST_KEY}, Bearer ${TEST_KEY}`,
      [`Bearer ${TEST_KEY}`, `Bearer ${TEST_KEY}`],
      [`Bearer ${TEST_KEY}`, 'Bearer junk'],
      'Token abc',
      'Bearer \u00ff\u00fe',
    ),
    weight: 3,
  },
  { arbitrary: headerText.map((t) => `Bearer ${t}`), weight: 1 },
);

/** Other request headers, each present or not. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'Content-Type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json',
      'application/problem+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
      ';;;',
      'application/*',
      '',
    ),
    'If-Match': fc.oneof(
      fc.constantFrom('"0"', '"1"', '*', 'W/"0"', '"99999999999999999999"', '"-1"', ', ,', '"0", "1"', 'junk'),
      headerText,
    ),
    'If-None-Match': fc.oneof(fc.constantFrom('"0"', '*', 'W/"1"', 'junk', ''), headerText),
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'deflate', '*', 'identity;q=0', 'gzip;q=0, br', 'gzip, deflate, br', 'x-bogus'),
    Accept: fc.constantFrom(
      'application/json',
      'text/html',
      '*/*',
      'application/problem+json',
      'text/plain',
      'image/png',
      'text/html;q=0',
      '',
    ),
    'Idempotency-Key': fc.oneof(fc.constantFrom('k1', '', 'a'.repeat(300)), headerText),
    Range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'junk'),
  },
  { requiredKeys: [] },
);

/** Query strings: list paging, revision and time travel, junk and broken percent-encoding. */
export const query = fc.oneof(
  { arbitrary: fc.constant(''), weight: 5 },
  {
    arbitrary: fc.constantFrom(
      '?limit=0',
      '?limit=1',
      '?limit=abc',
      '?limit=1e3',
      '?limit=-1&limit=2',
      '?cursor=%%%',
      '?cursor=Li4v',
      '?cursor=' + 'A'.repeat(300),
      '?revision=0',
      '?revision=-1',
      '?revision=1.5',
      '?revision=99999999999999999999',
      '?revision=0&revision=1',
      '?at=2026-11-23T10:00:00Z',
      '?at=yesterday',
      '?at=0000-00-00T00:00:00Z',
      '?at=2026-11-23T10:00:00Z&revision=0',
      '?%',
      '?a[b][c]=1',
      '?__proto__=1',
    ),
    weight: 3,
  },
);

/**
 * Issue 17, item 5, over HTTP: names of `Object.prototype` members are ordinary variable names. Measured
 * on main: `{{zz.__proto__.qq}}` saved, then every render and `/validate` answered 500 (the inferred schema
 * set a prototype instead of a property, and Ajv refused it); `{{constructor}}` and
 * `{{constructor.constructor}}` answered 400 with `{}` (Ajv found `Object`, inherited), where any other
 * missing path renders; and a caller could not send `{"constructor": "x"}` at all (400 `reserved_key`).
 * The property-based counterpart is prototype-names-property.test.ts.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer, type Response } from '../support/server.js';

describe('Prototype names are ordinary variable names (issue 17, item 5)', function () {
  this.timeout(30_000);
  const api = useTestServer();

  /** Requests with a JSON text body, so that `__proto__` is sent as a key (a JS literal would set a prototype). */
  const post = (path: string, body: string, headers?: Record<string, string>): Promise<Response> =>
    api.server.request('POST', path, { rawBody: body, ...(headers ? { headers } : {}) });
  const create = async (id: string, text: string, extra = '') => {
    const res = await post('/v1/projects', `{"id":"${id}","mjml":${JSON.stringify(mjmlPage(`X[${text}]X`))}${extra}}`);
    expect(res.status, brief(res)).to.equal(201);
  };
  const render = (id: string, variables: string, extra = '') => post(`/v1/templates/${id}/render`, `{"variables":${variables}${extra}}`);
  const brief = (res: Response) => res.text.slice(0, 400);
  const shown = (res: Response) => /X\[(.*?)\]X/.exec(res.json?.html ?? '')?.[1];

  it('{{zz.__proto__.qq}}: renders and validates with {} (was 500), reads an own __proto__ key, and is listed', async () => {
    await create('proto-path', '{{zz.__proto__.qq}}');
    const empty = await render('proto-path', '{}');
    expect([empty.status, shown(empty)], brief(empty)).to.deep.equal([200, '']);
    const sent = await render('proto-path', '{"zz":{"__proto__":{"qq":"QQ-VALUE"}}}');
    expect([sent.status, shown(sent)], brief(sent)).to.deep.equal([200, 'QQ-VALUE']);
    const dry = await post('/v1/validate', `{"mjml":${JSON.stringify(mjmlPage('{{zz.__proto__.qq}}'))},"variables":{}}`);
    expect([dry.status, dry.json.valid], brief(dry)).to.deep.equal([200, true]);
    expect(dry.text).to.include('"properties":{"__proto__":{"type":"object","properties":{"qq":');
    const saved = await post('/v1/templates/proto-path/validate', '{"variables":{}}');
    expect([saved.status, saved.json.valid], brief(saved)).to.deep.equal([200, true]);
    const listed = await api.server.request('GET', '/v1/projects/proto-path/variables');
    expect(listed.status).to.equal(200);
    expect(Object.keys(listed.json.inferred.properties.zz.properties)).to.deep.equal(['__proto__']);
    expect((await api.server.request('GET', '/v1/templates/proto-path')).json.variables).to.deep.equal(['zz.__proto__.qq']);
  });

  it('strict names a missing __proto__ like any missing path; a wrong type under it is refused', async () => {
    const strict = await render('proto-path', '{"zz":{}}', ',"strict":true');
    expect([strict.status, strict.json.code], brief(strict)).to.deep.equal([400, 'invalid_variables']);
    // Strict names the leaf the template reads under the missing object (issue 17 item 2), `__proto__` like any name.
    expect(strict.json.errors.map((e: { pointer: string; rule: string }) => [e.pointer, e.rule])).to.deep.equal([
      ['/variables/zz/__proto__/qq', 'required'],
    ]);
    const wrong = await render('proto-path', '{"zz":{"__proto__":{"qq":{"deep":1}}}}');
    expect([wrong.status, wrong.json.errors?.[0]?.pointer], brief(wrong)).to.deep.equal([400, '/variables/zz/__proto__/qq']);
  });

  it('{{constructor}} and {{constructor.constructor}} render with {} like any missing path (were 400), and render what is sent', async () => {
    await create('ctor', '{{constructor}}|{{constructor.constructor}}');
    const empty = await render('ctor', '{}');
    expect([empty.status, shown(empty)], brief(empty)).to.deep.equal([200, '|']);
    const sent = await render('ctor', '{"constructor":{"constructor":"INNER"}}');
    expect([sent.status, shown(sent)], brief(sent)).to.deep.equal([200, '[object Object]|INNER']); // as {{a}}|{{a.b}} does
    await create('ctor-only', '{{constructor}}');
    const x = await render('ctor-only', '{"constructor":"x"}');
    expect([x.status, shown(x)], brief(x)).to.deep.equal([200, 'x']);
    const html = await render('ctor-only', '{"constructor":"x"}', ',"format":"html"');
    expect(html.status).to.equal(200);
    const raw = await post('/v1/templates/ctor-only/render', '{"variables":{"constructor":"x"}}', { Accept: 'text/html' });
    expect([raw.status, /X\[(.*?)\]X/.exec(raw.text)?.[1]]).to.deep.equal([200, 'x']);
    await create('ctor-deep', '{{constructor.constructor}}');
    const deep = await render('ctor-deep', '{"constructor":{"constructor":"INNER"}}');
    expect([deep.status, shown(deep)], brief(deep)).to.deep.equal([200, 'INNER']);
  });

  it('types are checked on prototype names as on any name: {{#each constructor}} given a number is refused', async () => {
    await create('ctor-each', '{{#each constructor}}{{valueOf}};{{/each}}');
    const bad = await render('ctor-each', '{"constructor":5}');
    expect([bad.status, bad.json.errors?.[0]?.pointer, bad.json.errors?.[0]?.rule], brief(bad)).to.deep.equal([
      400,
      '/variables/constructor',
      'type',
    ]);
    const good = await render('ctor-each', '{"constructor":[{"valueOf":"a"},{"valueOf":"b"}]}');
    expect([good.status, shown(good)], brief(good)).to.deep.equal([200, 'a;b;']);
  });

  it('a declared schema may name them: a default fills in, a type is enforced (also on __proto__, which Ajv skips)', async () => {
    const declared =
      '{"type":"object","properties":{"constructor":{"type":"string","default":"DEFAULT"},"__proto__":{"type":"string"},"toString":{"type":"string"}},"required":["toString"]}';
    await create('declared', '{{constructor}}/{{__proto__}}/{{toString}}', `,"metadata":{"variables":${declared}}`);
    const missing = await render('declared', '{}');
    expect([missing.status, missing.json.errors?.map((e: { pointer: string }) => e.pointer)], brief(missing)).to.deep.equal([
      400,
      ['/variables/toString'],
    ]);
    const filled = await render('declared', '{"toString":"T"}');
    expect([filled.status, shown(filled)], brief(filled)).to.deep.equal([200, 'DEFAULT//T']);
    const wrong = await render('declared', '{"toString":"T","__proto__":5}');
    expect(
      [wrong.status, wrong.json.errors?.map((e: { pointer: string; rule: string }) => [e.pointer, e.rule])],
      brief(wrong),
    ).to.deep.equal([400, [['/variables/__proto__', 'type']]]);
    const all = await render('declared', '{"toString":"T","__proto__":"P","constructor":"C"}');
    expect([all.status, shown(all)], brief(all)).to.deep.equal([200, 'C/P/T']);
    const listed = await api.server.request('GET', '/v1/projects/declared/variables');
    expect(listed.json.differences).to.deep.equal([]);
  });

  it('an object with a toString key prints as any object does; the save-time check does not trip on it', async () => {
    // {{a.toString.b}} makes the sample `a` an object with a `toString` key, printed by {{a}}: was 400 at save.
    await create('print-sample', '{{a}}|{{a.toString.b}}');
    const sent = await render('print-sample', '{"a":{"toString":{"b":"B"}}}');
    expect([sent.status, shown(sent)], brief(sent)).to.deep.equal([200, '[object Object]|B']);
    await create(
      'print-any',
      '{{a}}|{{{a}}}|{{list}}|{{json a}}',
      ',"metadata":{"variables":{"type":"object","properties":{"a":{},"list":{}}}}',
    );
    const res = await render('print-any', '{"a":{"toString":"x","valueOf":"y"},"list":[{"toString":1},"z"]}');
    expect([res.status, shown(res)], brief(res)).to.deep.equal([
      200,
      '[object Object]|[object Object]|[object Object],z|{&quot;toString&quot;:&quot;x&quot;,&quot;valueOf&quot;:&quot;y&quot;}',
    ]);
  });

  it('the subject reads them too', async () => {
    await create('subject', '{{a}}', ',"metadata":{"subject":"Re: {{hasOwnProperty}} {{__defineGetter__.isPrototypeOf}}"}');
    const res = await render('subject', '{"a":"1","hasOwnProperty":"H","__defineGetter__":{"isPrototypeOf":"I"}}');
    expect([res.status, res.json.subject], brief(res)).to.deep.equal([200, 'Re: H I']);
    const none = await render('subject', '{"a":"1"}');
    expect([none.status, none.json.subject.trim()], brief(none)).to.deep.equal([200, 'Re:']);
  });

  it('still refused outside variable names: a partial named constructor, a __proto__ key in other metadata', async () => {
    const partial = await post('/v1/projects', `{"mjml":${JSON.stringify(mjmlPage('x'))},"partials":{"constructor":"x"}}`);
    expect([partial.status, partial.json.code]).to.deep.equal([400, 'reserved_key']);
    const meta = await post('/v1/projects', `{"mjml":${JSON.stringify(mjmlPage('x'))},"metadata":{"__proto__":{"admin":true}}}`);
    expect([meta.status, meta.json.code]).to.deep.equal([400, 'reserved_key']);
  });
});

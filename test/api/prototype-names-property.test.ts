/**
 * Property (fast-check), over HTTP against a real test server: names of `Object.prototype` members
 * (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `__defineGetter__`, …, and `prototype`) are
 * ordinary names everywhere a client chooses one — dotted paths in `{{…}}`, `{{#each}}`, `{{#with}}`,
 * `{{#if}}`, `@root`, `lookup`, block params, the subject, partial names, the declared schema and the
 * variables' keys. For each generated template:
 * 1. no 5xx on save, `POST /validate`, `POST /templates/:id/validate`, render (JSON) and render (text/html);
 * 2. its twin, with every prototype name renamed to an ordinary one (`constructor` → `q_constructor`),
 *    gets the same statuses, the same `valid` and number of problems, and renders the same HTML and subject.
 *
 * Bounded: PROTO_RUNS runs (default 40, about 10 requests each), seed PROTO_SEED (default 20261126),
 * printed with every failure by fast-check (replay: PROTO_SEED=… and the path it prints).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { mjmlPage, useTestServer, type Response } from '../support/server.js';

const SEED = Number(process.env['PROTO_SEED'] ?? 20261126);
const RUNS = Number(process.env['PROTO_RUNS'] ?? 40);

/** Every own property name of `Object.prototype`, and `prototype`. */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
const ORDINARY_NAMES = ['a', 'name', 'items'];

/** Names are written `⟦name⟧` in generated text: `spell` turns them into the name or its ordinary twin. */
const mark = (name: string) => `⟦${name}⟧`;
const spell = (text: string, twin: boolean) =>
  text.replace(/⟦([^⟧]*)⟧/g, (_, name: string) => (twin && PROTOTYPE_NAMES.includes(name) ? `q_${name}` : name));

const name = fc
  .oneof({ weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) }, { weight: 1, arbitrary: fc.constantFrom(...ORDINARY_NAMES) })
  .map(mark);
const path = fc.array(name, { minLength: 1, maxLength: 3 }).map((names) => names.join('.'));
/** Partial names the JSON guard lets through (`__proto__`, `constructor`, `prototype` are refused as partial names, twin or not). */
const partialName = fc.constantFrom(...PROTOTYPE_NAMES.filter((n) => !['__proto__', 'constructor', 'prototype'].includes(n))).map(mark);

const piece = fc.oneof(
  path.map((p) => `{{${p}}}`),
  fc.tuple(path, path).map(([p, q]) => `{{#each ${p}}}<b>{{${q}}}</b>{{/each}}`),
  fc.tuple(path, path).map(([p, q]) => `{{#with ${p}}}<i>{{${q}}}</i>{{/with}}`),
  fc.tuple(path, path).map(([p, q]) => `{{#if ${p}}}<u>{{${q}}}</u>{{else}}-{{/if}}`),
  fc.tuple(path, path).map(([p, q]) => `{{#each ${p} as |it|}}{{it.${q}}}{{/each}}`),
  path.map((p) => `{{@root.${p}}}`),
  fc.tuple(path, name).map(([p, n]) => `{{lookup ${p} "${n}"}}`),
  partialName.map((n) => `{{> ${n}}}`),
  partialName.map((n) => `{{#> ${n}}}fallback{{/${n}}}`),
);

/** A JSON value over the names, as text (objects written by hand: `__proto__` must stay a key). */
const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('"v1"', '"v2"', '7', 'true', 'null'),
    fc.array(tie('value'), { maxLength: 2 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(name, tie('value')), { maxLength: 3 }).map((entries) => `{${entries.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
  ),
})).value;
const randomVariables = fc
  .array(fc.tuple(name, json), { maxLength: 4 })
  .map((entries) => `{${entries.map(([k, v]) => `"${k}":${v}`).join(',')}}`);

/** Variables that fit a body: a string at every path it prints plainly (`{{a.b}}`), as text; none elsewhere. */
function fittingVariables(body: string): string {
  type Tree = Map<string, Tree | string>;
  const root: Tree = new Map();
  for (const [, printed] of body.matchAll(/\{\{(⟦[^{}\s]*)\}\}/g)) {
    const names = printed!.split('.');
    let node: Tree | undefined = root;
    names.forEach((n, i) => {
      if (!node) return;
      const next: Tree | string | undefined = node.get(n);
      if (i === names.length - 1) {
        if (next === undefined) node.set(n, `v${i}`);
      } else if (typeof next === 'string')
        node = undefined; // printed and read into: the first one wins
      else node = next ?? (node.set(n, new Map()), node.get(n) as Tree);
    });
  }
  const text = (node: Tree | string): string =>
    typeof node === 'string' ? JSON.stringify(node) : `{${[...node].map(([k, v]) => `"${k}":${text(v)}`).join(',')}}`;
  return text(root);
}

/** A declared schema (metadata.variables) over the names, as text. */
const schema: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      '{"type":"string"}',
      '{"type":["string","null"],"default":"d"}',
      '{"type":"array"}',
      '{}',
      '{"type":"integer","minimum":1}',
    ),
    fc
      .tuple(fc.array(fc.tuple(name, tie('node')), { maxLength: 3 }), fc.array(name, { maxLength: 2 }))
      .map(
        ([props, required]) =>
          `{"type":"object","properties":{${props.map(([k, v]) => `"${k}":${v}`).join(',')}},"required":[${[...new Set(required)].map((r) => `"${r}"`).join(',')}]}`,
      ),
  ),
})).node;

/** `value` a third of the time, else undefined. */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

const scenario = fc.record({
  body: fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(' ')),
  subject: fc.option(
    path.map((p) => `Re: {{${p}}}`),
    { nil: undefined },
  ),
  declared: sometimes(schema),
  dynamic: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  variables: sometimes(randomVariables),
  strict: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

describe('Prototype names are ordinary names (property, over HTTP)', function () {
  this.timeout(0); // bounded by RUNS
  const api = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  let made = 0;

  /** Every answer of one scenario, spelled plainly or as its twin: status, and what must agree. */
  async function run(s: Scenario, twin: boolean): Promise<Array<{ step: string; status: number; same: unknown; text: string }>> {
    const id = `proto-${++made}`;
    const at = (text: string) => spell(text, twin);
    const metadata = `{${[s.subject ? `"subject":${JSON.stringify(at(s.subject))}` : '', s.declared ? `"variables":${at(s.declared)}` : ''].filter(Boolean).join(',')}}`;
    // Every partial the body calls exists (a missing one is refused at save, twin or not).
    const called = [...new Set([...s.body.matchAll(/\{\{#?> (⟦[^⟧]*⟧)\}\}/g)].map((m) => m[1]!))];
    const partials = `{${called.map((n) => `"${at(n)}":"<p>{{${at(n)}}} {{${at(mark('a'))}}}</p>"`).join(',')}}`;
    const source = `"mjml":${JSON.stringify(at(mjmlPage(s.body)))},"metadata":${metadata},"partials":${partials}${s.dynamic ? ',"render_mode":"dynamic"' : ''}`;
    const vars = at(s.variables ?? fittingVariables(s.body));
    const r = (method: string, url: string, body: string, headers?: Record<string, string>) =>
      api.server.request(method, url, { rawBody: body, ...(headers ? { headers } : {}) });
    const answers: Array<{ step: string; status: number; same: unknown; text: string }> = [];
    const note = (step: string, res: Response, same: unknown) =>
      answers.push({ step, status: res.status, same, text: res.text.slice(0, 600) });
    const report = (res: Response) => (res.status === 200 ? [res.json.valid, res.json.errors?.length] : res.json?.code);
    const validated = await r('POST', '/v1/validate', `{${source},"variables":${vars},"strict":${s.strict}}`);
    note('POST /validate', validated, report(validated));
    const saved = await r('POST', '/v1/projects', `{"id":"${id}",${source}}`);
    note('save', saved, saved.json?.code ?? null);
    if (saved.status !== 201) return answers;
    const dry = await r('POST', `/v1/templates/${id}/validate`, `{"variables":${vars},"strict":${s.strict}}`);
    note('POST /templates/:id/validate', dry, report(dry));
    const rendered = await r('POST', `/v1/templates/${id}/render`, `{"variables":${vars},"strict":${s.strict}}`);
    note('render JSON', rendered, rendered.status === 200 ? [rendered.json.html, rendered.json.subject] : rendered.json?.code);
    const html = await r('POST', `/v1/templates/${id}/render`, `{"variables":${vars},"strict":${s.strict}}`, { Accept: 'text/html' });
    note('render text/html', html, html.status === 200 ? html.text : html.json?.code);
    return answers;
  }

  it('no 5xx anywhere, and a prototype name answers as its ordinary twin does', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const plain = await run(s, false);
        for (const a of plain) expect(a.status, `${a.step} answered ${a.status}: ${a.text}`).to.be.below(500);
        const twin = await run(s, true);
        const differ = plain.flatMap((a, i) => {
          const t = twin[i];
          const same = t !== undefined && a.status === t.status && JSON.stringify(a.same) === JSON.stringify(t.same);
          return same ? [] : [`${a.step}: ${a.status} ${a.text.slice(0, 300)}\n   twin: ${t?.status} ${t?.text.slice(0, 300)}`];
        });
        expect(differ.length === 0 && plain.length === twin.length, `not as its twin:\n${differ.join('\n')}`).to.equal(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/**
 * Handlebars' runtime set-up once per template (rendering/handlebars/runtime-setup.ts): every call after the
 * first renders, and fails, exactly as a template function set up on every call does — `@root`, data frames,
 * partials per call, a revision's helpers (and another helpers object), prototype access, a missing partial.
 */
import { expect } from 'chai';
import { createHandlebars, precompileTemplate, loadTemplate, loadPartial } from '../../src/rendering/handlebars/environment.js';
import { templateSetUpOnce, type TemplateSpec } from '../../src/rendering/handlebars/runtime-setup.js';
import { countOutput, runMetered } from '../../src/rendering/handlebars/budget.js';
import { JSON_ESCAPE, escapeJsonText } from '../../src/rendering/handlebars/json-output.js';
import { MISSING_READ, missingRead } from '../../src/rendering/handlebars/missing-reads.js';

const env = createHandlebars('html');
const LIMITS = { maxBytes: 1_000_000, maxIterations: 100_000 };

/** The spec object of `source` as `loadTemplate` builds it: a fresh one per call (`templateSetUpOnce` wraps its `main`). */
function specOf(source: string): TemplateSpec {
  const code = precompileTemplate(env, source);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own compiler's output, as environment.ts loads it
  return new Function('__letterpressCountOutput', JSON_ESCAPE, MISSING_READ, `return ${code};`)(
    countOutput,
    escapeJsonText,
    missingRead,
  ) as TemplateSpec;
}

/** What `source` renders (or the error it throws) with a template set up on every call, and with one set up once, `times` calls each. */
function both(source: string, calls: Array<[Record<string, unknown>, Record<string, unknown>?]>): { every: string[]; once: string[] } {
  const every = env.template(specOf(source)) as unknown as (c: unknown, o?: unknown) => string;
  const once = templateSetUpOnce(env, specOf(source));
  const run = (fn: (c: unknown, o?: never) => string) =>
    calls.map(([context, options]) => {
      try {
        return runMetered(LIMITS, () => fn(context, options as never));
      } catch (error) {
        return `threw ${(error as Error).message}`;
      }
    });
  return { every: run(every), once: run(once) };
}

describe('Handlebars runtime set-up once per template', () => {
  it('renders @root, data, block params and nested contexts the same on every call', () => {
    const source =
      '{{#each items as |item i|}}{{i}}:{{item.name}}/{{@root.title}}/{{@locale}}/{{../title}};{{/each}}{{#with who}}{{name}}{{/with}}';
    const calls: Array<[Record<string, unknown>, Record<string, unknown>?]> = [];
    for (let n = 0; n < 4; n++)
      calls.push([
        { title: `T${n}`, items: [{ name: `a${n}` }, { name: 'b' }], who: { name: `w${n}` } },
        n % 2 ? { data: { locale: 'de-DE' } } : undefined,
      ]);
    const { every, once } = both(source, calls);
    expect(once).to.deep.equal(every);
    expect(once[1]).to.equal('0:a1/T1/de-DE/T1;1:b/T1/de-DE/T1;w1');
  });

  it('uses each call’s partials, and fails the same on a missing one', () => {
    const greet = loadPartial(env, precompileTemplate(env, 'Hi {{name}}'));
    const bye = loadPartial(env, precompileTemplate(env, 'Bye {{name}}'));
    const { every, once } = both('{{> p}}!{{#*inline "q"}}[{{name}}]{{/inline}}{{> q}}', [
      [{ name: 'Ada' }, { partials: { p: greet } }],
      [{ name: 'Bo' }, { partials: { p: bye } }],
      [{ name: 'Cy' }, { partials: {} }],
      [{ name: 'Di' }, { partials: { p: greet } }],
    ]);
    expect(once).to.deep.equal(every);
    expect(once.slice(0, 2)).to.deep.equal(['Hi Ada![Ada]', 'Bye Bo![Bo]']);
    expect(once[2]).to.match(/^threw The partial p could not be found/);
  });

  it('sets up again for another helpers object, and keeps prototype access refused', () => {
    const shout = (value: unknown) => String(value).toUpperCase();
    const whisper = (value: unknown) => String(value).toLowerCase();
    const { every, once } = both('{{say name}} {{constructor}}{{__proto__}} {{upper name}}', [
      [{ name: 'Ada' }, { helpers: { say: shout } }],
      [{ name: 'Ada' }, { helpers: { say: shout } }],
      [{ name: 'Ada' }, { helpers: { say: whisper } }],
      [{ name: 'Bo' }, { helpers: { say: whisper } }],
      [{ name: 'Cy' }, {}],
    ]);
    expect(once).to.deep.equal(every);
    expect(once.slice(0, 4)).to.deep.equal(['ADA  ADA', 'ADA  ADA', 'ada  ADA', 'bo  BO']);
    expect(once[4]).to.match(/^threw Missing helper: "say"/);
  });

  it('loadTemplate renders the same on the first call and after (library helpers, locale, @root)', () => {
    const template = loadTemplate(env, precompileTemplate(env, '{{upper name}} {{#if ok}}{{@root.name}}{{/if}} {{@locale}}'));
    const outputs = [1, 2, 3].map((n) => runMetered(LIMITS, () => template({ name: `Ada${n}`, ok: true }, { locale: 'de-DE' })));
    expect(outputs).to.deep.equal(['ADA1 Ada1 de-DE', 'ADA2 Ada2 de-DE', 'ADA3 Ada3 de-DE']);
  });
});

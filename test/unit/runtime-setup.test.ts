/**
 * Handlebars' runtime set-up shared by the templates of an environment (rendering/handlebars/runtime-setup.ts):
 * every call renders, and fails, exactly as a template function set up on every call does — `@root`, data
 * frames (with and without a given `root`), partials per call, a revision's helpers (and another helpers
 * object), `lookupProperty` in helpers, prototype access, missing helpers and partials — and leaves in each
 * template's container only the shared set-up.
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

describe('Handlebars runtime set-up shared per environment and helpers object', () => {
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

  it('renders the same with a data frame that has its own root, and with block helpers missing', () => {
    const { every, once } = both('{{@root.name}}|{{@root}}|{{#items}}<{{this}}>{{/items}}{{#who}}{{name}}{{/who}}', [
      [{ name: 'Ada', items: ['a', 'b'], who: { name: 'W' } }, { data: { root: 'given' } }],
      [{ name: 'Bo', items: [], who: false }, { data: { locale: 'de-DE' } }],
      [{ name: 'Cy', items: 'x', who: null }],
    ]);
    expect(once).to.deep.equal(every);
    expect(once[0]).to.equal('|given|<a><b>W');
  });

  it('gives helpers the same lookupProperty (prototype access refused) and fails the same on a missing helper', () => {
    const read = (object: object, name: string, options: { lookupProperty(o: object, n: string): unknown }) =>
      String(options.lookupProperty(object, name) === undefined);
    const helpers = { read };
    const { every, once } = both('{{read who "name"}} {{read who "constructor"}} {{read who "__proto__"}}', [
      [{ who: { name: 'Ada' } }, { helpers }],
      [{ who: { name: 'Bo' } }, { helpers }],
    ]);
    expect(once).to.deep.equal(every);
    expect(once[0]).to.equal('false true true');
    const missing = both('{{helperMissing name}}{{blockHelperMissing name}}', [[{ name: 'x' }, { helpers }], [{ name: 'x' }]]);
    expect(missing.once).to.deep.equal(missing.every);
    expect(missing.once[0]).to.match(/^threw /);
  });

  it('leaves in every template’s container only the set-up shared by the environment and helpers object', () => {
    const containers: Array<Record<string, unknown>> = [];
    const load = (source: string) => {
      const spec = specOf(source);
      const main = spec.main;
      spec.main = function (this: unknown, container, ...rest) {
        containers.push(container as unknown as Record<string, unknown>);
        return main.call(this, container, ...rest);
      };
      return templateSetUpOnce(env, spec);
    };
    const helpers = Object.freeze({ say: (value: unknown) => String(value) });
    const greet = loadPartial(env, precompileTemplate(env, 'Hi {{name}}'));
    const first = load('{{say name}}{{> p}}');
    const second = load('{{#each items}}{{say this}}{{/each}}');
    runMetered(LIMITS, () => first({ name: 'Ada' }, { helpers, partials: { p: greet } }));
    runMetered(LIMITS, () => second({ items: ['a'] }, { helpers }));
    runMetered(LIMITS, () => second({ items: ['b'] }, { helpers }));
    const [a, b, c] = containers as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    expect(containers).to.have.length(3);
    expect(c).to.equal(b);
    for (const field of ['helpers', 'hooks', 'protoAccessControl'] as const) {
      expect(a[field], field).to.be.an('object');
      expect(b[field], field).to.equal(a[field]);
    }
    expect(a['partials']).to.equal(undefined);
    expect(b['partials']).to.equal(undefined);
    expect(b['decorators']).to.equal(undefined); // like Handlebars: no partials, no decorators
    expect(a['decorators']).to.be.an('object');
    expect(() => runMetered(LIMITS, () => second({ items: ['c'] }))).to.throw('Missing helper: "say"');
    expect(b['helpers']).to.not.equal(a['helpers']); // another set-up without the revision's helpers
    expect((b['helpers'] as Record<string, unknown>)['say']).to.equal(undefined);
  });
});

/**
 * Full MJML variants (docs/locales.md "A full MJML variant"): a locale with its own `mjml` renders its own
 * markup (and `de-AT` with it), other locales the template's; its published_sha256 is its own; a strict render
 * reads its keys; a broken variant is refused naming `/locales/de/mjml` and its line; validate takes `locale`.
 */
import { expect } from 'chai';
import { useTestServer } from '../support/server.js';
import { layoutOf } from '../support/layouts.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const MJML = page('MAIN {{t "greeting" name=name}}');
const DE_MJML = page('DEUTSCH {{t "greeting" name=name}}');
const LOCALES = {
  en: { strings: { greeting: 'Hello {name}', footer: 'Bye' } },
  de: { subject: 'Hallo {{name}}', strings: { greeting: 'Hallo {name}' }, mjml: DE_MJML },
  pt: { strings: { greeting: 'Olá {name}' } },
};

describe('full MJML variants of a locale', function () {
  this.timeout(60_000);
  const api = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  const render = (id: string, locale: string, extra: Record<string, unknown> = {}) =>
    api.server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada' }, locale, ...extra } });
  const revisions = async (id: string) => (await api.server.request('GET', `/v1/projects/${id}/revisions?limit=200`)).json.items.length;

  it('renders a locale with its own markup, its prefixes with it, and the others with the template markup', async () => {
    const created = await api.server.request('POST', '/v1/projects', {
      body: { id: 'variants', mjml: MJML, metadata: { subject: 'Hi {{name}}' }, default_locale: 'en', locales: LOCALES },
    });
    expect(created.status, created.text).to.equal(201);
    expect((await api.server.request('GET', '/v1/projects/variants')).json.locales.de.mjml).to.equal(DE_MJML);

    const de = await render('variants', 'de');
    expect([de.status, de.json.locale, de.headers['content-language'], de.json.subject]).to.deep.equal([200, 'de', 'de', 'Hallo Ada']);
    expect(de.json.html).to.contain('DEUTSCH Hallo Ada').and.not.contain('MAIN');
    const deAt = await render('variants', 'de-AT');
    expect([deAt.json.locale, deAt.headers['content-language']]).to.deep.equal(['de', 'de']);
    expect(deAt.json.html).to.contain('DEUTSCH Hallo Ada');
    const ptBr = await render('variants', 'pt-BR');
    expect([ptBr.json.locale, ptBr.headers['content-language']]).to.deep.equal(['pt', 'pt']);
    expect(ptBr.json.html).to.contain('MAIN Olá Ada').and.not.contain('DEUTSCH');
    const fr = await render('variants', 'fr');
    expect([fr.json.locale, fr.headers['content-language']]).to.deep.equal(['en', 'en']);
    expect(fr.json.html).to.contain('MAIN Hello Ada');

    expect(de.json.published_sha256).to.match(/^[0-9a-f]{64}$/);
    expect(de.json.published_sha256).to.not.equal(fr.json.published_sha256);
    expect(ptBr.json.published_sha256).to.equal(fr.json.published_sha256); // same markup, same bytes
    expect((await render('variants', 'de')).json.published_sha256).to.equal(de.json.published_sha256);
    expect((await render('variants', 'de-AT')).json.published_sha256).to.equal(de.json.published_sha256);
  });

  it('checks the strings the variant markup reads, in a strict render and at save', async () => {
    const reads = { ...LOCALES, de: { ...LOCALES.de, mjml: page('{{t "greeting" name=name}} {{t "footer"}}') } };
    const created = await api.server.request('POST', '/v1/projects', {
      body: { id: 'variant-keys', mjml: MJML, default_locale: 'en', locales: reads },
    });
    expect(created.status, created.text).to.equal(201);
    const missing = created.json.warnings.filter((w: { code?: string }) => w.code === 'missing_translation');
    // de's markup reads "footer" (de lacks it); pt uses the main markup, which does not.
    expect(missing.map((w: { pointer: string }) => w.pointer)).to.deep.equal(['/locales/de/strings']);
    expect(missing[0].message).to.contain("'footer'");
    const strict = await render('variant-keys', 'de', { strict: true });
    expect([strict.status, strict.json.code, strict.json.locale, strict.json.keys]).to.deep.equal([
      400,
      'missing_translation',
      'de',
      ['footer'],
    ]);
    expect((await render('variant-keys', 'pt', { strict: true })).status).to.equal(200);
    expect((await render('variant-keys', 'de')).json.html).to.contain('Hallo Ada Bye'); // falls back to en's string

    const variables = await api.server.request('GET', '/v1/projects/variant-keys/variables?locale=de');
    expect(Object.keys(variables.json.inferred.properties).sort()).to.deep.equal(['name']);
  });

  it('refuses a broken variant naming its pointer and line, and appends nothing', async () => {
    expect(
      (await api.server.request('POST', '/v1/projects', { body: { id: 'broken', mjml: MJML, default_locale: 'en', locales: LOCALES } }))
        .status,
    ).to.equal(201);
    const broken = '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text>Hallo\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>';
    const saved = await api.server.request('PUT', '/v1/projects/broken', {
      body: { mjml: MJML, default_locale: 'en', locales: { ...LOCALES, de: { ...LOCALES.de, mjml: broken } } },
    });
    expect(saved.status, saved.text).to.equal(400);
    expect(saved.json.code).to.equal('invalid_mjml');
    expect(saved.json.locale).to.equal('de');
    const findings = saved.json.errors;
    expect(findings, saved.text).to.be.an('array').with.length.greaterThan(0);
    expect(findings[0].pointer).to.equal('/locales/de/mjml');
    expect(findings[0].line).to.be.a('number').and.to.be.greaterThan(1);
    expect(await revisions('broken')).to.equal(1);
    const nonLiteral = await api.server.request('PUT', '/v1/projects/broken', {
      body: { mjml: MJML, default_locale: 'en', locales: { ...LOCALES, de: { ...LOCALES.de, mjml: page('{{t key}}') } } },
    });
    expect([nonLiteral.status, nonLiteral.json.code, nonLiteral.json.locale]).to.deep.equal([400, 'invalid_translation_key', 'de']);
    expect(nonLiteral.json.errors[0].pointer).to.equal('/locales/de/mjml');
    expect(await revisions('broken')).to.equal(1);

    const validated = await api.server.request('POST', '/v1/validate', {
      body: { mjml: MJML, default_locale: 'en', locales: { ...LOCALES, de: { ...LOCALES.de, mjml: broken } } },
    });
    expect([validated.status, validated.json.valid]).to.deep.equal([200, false]);
    expect(validated.json.errors[0].pointer).to.equal('/locales/de/mjml');
  });

  it('refuses a variant mjml on an AST or dynamic template, and a variant mj-include', async () => {
    const ast = { tagName: 'mjml', children: [{ tagName: 'mj-body', children: [] }] };
    const res = await api.server.request('POST', '/v1/projects', { body: { id: 'ast-variant', ast, locales: { de: { mjml: DE_MJML } } } });
    expect([res.status, res.json.code], res.text).to.deep.equal([400, 'locale_markup_unsupported']);
    expect(res.json.detail).to.contain('strings');
    expect(res.json.errors[0].pointer).to.equal('/locales/de/mjml');
    const dynamic = await api.server.request('POST', '/v1/projects', {
      body: { id: 'dynamic-variant', mjml: MJML, render_mode: 'dynamic', locales: { de: { mjml: DE_MJML } } },
    });
    expect([dynamic.status, dynamic.json.code], dynamic.text).to.deep.equal([400, 'locale_markup_unsupported']);
    expect(dynamic.json.detail).to.contain('dynamic');
    // includes belong to the main markup: a variant's mj-include is not found, at its pointer.
    const included = await api.server.request('POST', '/v1/projects', {
      body: {
        id: 'include-variant',
        mjml: MJML,
        includes: { 'header.mjml': '<mj-section><mj-column><mj-text>H</mj-text></mj-column></mj-section>' },
        locales: { de: { mjml: '<mjml><mj-body><mj-include path="./header.mjml" /></mj-body></mjml>' } },
      },
    });
    expect([included.status, included.json.code], included.text).to.deep.equal([400, 'include_not_found']);
    expect(included.json.errors[0].pointer).to.equal('/locales/de/mjml');
  });

  it('validates one locale with `locale`, every variant without', async () => {
    const reads = { ...LOCALES, de: { ...LOCALES.de, mjml: page('{{t "greeting" name=name}} {{t "footer"}} {{city}}') } };
    const body = { mjml: MJML, default_locale: 'en', locales: reads };
    const all = await api.server.request('POST', '/v1/validate', { body });
    expect(all.status, all.text).to.equal(200);
    expect(all.json.warnings.map((w: { pointer?: string }) => w.pointer)).to.include('/locales/de/strings');
    const de = await api.server.request('POST', '/v1/validate', { body: { ...body, locale: 'de-AT' } });
    expect(de.status, de.text).to.equal(200);
    expect(de.json.locale).to.equal('de');
    expect(Object.keys(de.json.variables.inferred.properties).sort()).to.deep.equal(['city', 'name']);
    const pt = await api.server.request('POST', '/v1/validate', { body: { ...body, locale: 'pt-BR' } });
    expect(pt.json.locale).to.equal('pt');
    expect(Object.keys(pt.json.variables.inferred.properties).sort()).to.deep.equal(['name']);
    expect(pt.json.warnings.filter((w: { code?: string }) => w.code === 'missing_translation')).to.deep.equal([]);

    expect((await api.server.request('POST', '/v1/projects', { body: { id: 'validated', ...body } })).status).to.equal(201);
    const saved = await api.server.request('POST', '/v1/templates/validated/validate', {
      body: { locale: 'de', variables: { name: 'Ada', city: 'Bonn' }, strict: true },
    });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.json.locale).to.equal('de');
    expect(saved.json.valid).to.equal(false); // de lacks "footer", which its markup reads
    expect(saved.json.errors.map((e: { code?: string; pointer?: string }) => [e.code, e.pointer])).to.deep.equal([
      ['missing_translation', '/locales/de/strings'],
    ]);
    expect(Object.keys(saved.json.variables.inferred.properties).sort()).to.deep.equal(['city', 'name']);
    // Without a locale: the default's findings, then de's (its own markup), naming it.
    const every = await api.server.request('POST', '/v1/templates/validated/validate', { body: { variables: { name: 'Ada' } } });
    expect(every.status, every.text).to.equal(200);
    const city = every.json.warnings.filter((w: { message: string }) => w.message.includes('city'));
    expect(city.map((w: { pointer?: string; locale?: string }) => [w.pointer, w.locale])).to.deep.equal([['/locales/de/mjml', 'de']]);
  });

  it('composes a variant with the layout and shared partials, across a layout publish, and keeps it through a restore', async () => {
    expect((await api.server.request('POST', '/v1/layouts', { body: { id: 'frame', mjml: layoutOf('v1') } })).status).to.equal(201);
    const sign = await api.server.request('POST', '/v1/partials', {
      body: { id: 'sign', source: '<mj-section><mj-column><mj-text>SIGNED</mj-text></mj-column></mj-section>' },
    });
    expect(sign.status, sign.text).to.equal(201);
    const deMarkup =
      '<mjml><mj-body><mj-section><mj-column><mj-text>DEUTSCH {{t "greeting" name=name}}</mj-text></mj-column></mj-section>{{> shared/sign}}</mj-body></mjml>';
    const body = {
      mjml: MJML,
      layout: { id: 'frame' },
      shared_partials: [{ id: 'sign' }],
      default_locale: 'en',
      locales: { ...LOCALES, de: { ...LOCALES.de, mjml: deMarkup } },
    };
    const created = await api.server.request('POST', '/v1/projects', { body: { id: 'framed', ...body } });
    expect(created.status, created.text).to.equal(201);
    expect((await api.server.request('GET', '/v1/projects/framed')).json.locales.de.mjml).to.equal(deMarkup); // stored as sent
    const de = await render('framed', 'de');
    expect(de.json.html).to.contain('HEADER v1').and.contain('DEUTSCH Hallo Ada').and.contain('SIGNED').and.contain('FOOTER v1');
    expect((await render('framed', 'en')).json.html)
      .to.contain('HEADER v1')
      .and.contain('MAIN Hello Ada');

    expect((await api.server.request('PUT', '/v1/layouts/frame', { body: { mjml: layoutOf('v2') } })).status).to.equal(200);
    const after = await render('framed', 'de');
    expect(after.json.html).to.contain('HEADER v2').and.contain('DEUTSCH Hallo Ada').and.not.contain('HEADER v1');
    expect(after.json.layout_revision).to.equal(1);
    expect(after.json.published_sha256).to.not.equal(de.json.published_sha256);

    // A save that changes the main markup and leaves de's mjml as it was: de may be stale (its strings changed).
    const resaved = await api.server.request('PUT', '/v1/projects/framed', {
      body: {
        ...body,
        mjml: MJML.replace('MAIN', 'PRIMARY'),
        locales: { ...body.locales, de: { ...body.locales.de, strings: { greeting: 'Guten Tag {name}' } } },
      },
    });
    expect(resaved.status, resaved.text).to.equal(200);
    const stale = resaved.json.warnings.filter((w: { code?: string }) => w.code === 'locale_possibly_stale');
    expect(stale.map((w: { pointer: string }) => w.pointer)).to.deep.equal(['/locales/de', '/locales/pt']);
    const diff = (locale: string) =>
      api.server.request('POST', '/v1/projects/framed/diff', { body: { from: 0, to: 1, locale, variables: { name: 'Ada' } } });
    const deDiff = await diff('de');
    expect(deDiff.status, deDiff.text).to.equal(200);
    expect(JSON.stringify(deDiff.json)).to.contain('Guten Tag').and.not.contain('PRIMARY');

    const restored = await api.server.request('POST', '/v1/projects/framed/revisions/0/restore', { body: {} });
    expect(restored.status, restored.text).to.equal(200);
    expect(restored.json.locales.de.mjml).to.equal(deMarkup);
    expect((await render('framed', 'de')).json.html)
      .to.contain('DEUTSCH Hallo Ada')
      .and.contain('SIGNED');
  });
});

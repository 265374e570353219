/**
 * Localized variants over HTTP on every engine (docs/locales.md): a project with `en`, `de` and `pt` renders
 * `pt-BR` as `pt` and `fr` as the default, each answer naming the locale used (body and Content-Language);
 * strict renders fail per locale on a missing string; the refusals name what they found.
 */
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo } from '../support/engines.js';

const MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>{{t "greeting" name=name}} {{t "items" count=count}}</mj-text></mj-column></mj-section></mj-body></mjml>';
const LOCALES = {
  en: { subject: 'Hello {{name}}', strings: { greeting: 'Hello {name}', items: '{count, plural, one {# item} other {# items}}' } },
  de: {
    subject: 'Hallo {{name}}{{#if formal}} (Sie){{/if}}',
    strings: { greeting: 'Hallo {name}', items: '{count, plural, one {# Artikel} other {# Artikel}}' },
  },
  pt: { strings: { greeting: 'Olá {name}' } }, // no "items": a finding at save, a strict render in pt fails
};

async function localizedRoundTrip(server: TestServer, id: string): Promise<void> {
  const created = await server.request('POST', '/v1/projects', {
    body: { id, mjml: MJML, metadata: { subject: 'Hi {{name}}' }, default_locale: 'en', locales: LOCALES },
  });
  expect(created.status, created.text).to.equal(201);
  expect(created.json.default_locale).to.equal('en');
  expect(Object.keys(created.json.locales)).to.deep.equal(['en', 'de', 'pt']);
  const findings = created.json.warnings.filter((w: { code?: string }) => w.code === 'missing_translation');
  expect(findings).to.have.length(1);
  expect(findings[0].message).to.contain('pt').and.contain("'items'");
  const stored = await server.request('GET', `/v1/projects/${id}`);
  expect(stored.json.locales.de.strings.greeting).to.equal('Hallo {name}');

  const render = (locale: string, extra: Record<string, unknown> = {}) =>
    server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada', count: 2 }, locale, ...extra } });
  const de = await render('de-DE');
  expect([de.json.locale, de.headers['content-language'], de.json.subject]).to.deep.equal(['de', 'de', 'Hallo Ada']);
  expect(de.json.html).to.contain('Hallo Ada 2 Artikel');
  const ptBr = await render('pt-br');
  expect([ptBr.json.locale, ptBr.headers['content-language']]).to.deep.equal(['pt', 'pt']);
  expect(ptBr.json.html).to.contain('Olá Ada 2 items'); // "items" falls back to the default locale's string
  expect(ptBr.json.subject).to.equal('Hi Ada'); // pt has no subject of its own: the template's
  const fr = await render('fr');
  expect([fr.json.locale, fr.headers['content-language'], fr.json.subject]).to.deep.equal(['en', 'en', 'Hello Ada']);
  expect(fr.json.html).to.contain('Hello Ada 2 items');
  const one = await server.request('POST', `/v1/templates/${id}/render`, { body: { variables: { name: 'Ada', count: 1 }, locale: 'en' } });
  expect(one.json.html).to.contain('1 item<');

  const strictPt = await render('pt-BR', { strict: true });
  expect([strictPt.status, strictPt.json.code]).to.deep.equal([400, 'missing_translation']);
  expect(strictPt.json.detail).to.contain('pt').and.contain("'items'");
  expect((await render('de', { strict: true })).status).to.equal(200);
  const html = await server.request('POST', `/v1/templates/${id}/render`, {
    body: { variables: { name: 'Ada', count: 2 }, locale: 'de' },
    headers: { Accept: 'text/html' },
  });
  expect([html.status, html.headers['content-language']]).to.deep.equal([200, 'de']);

  // The default's text changes, de's strings do not: de is possibly stale; pt changed too, so it is not.
  const changed = {
    ...LOCALES,
    en: { ...LOCALES.en, strings: { ...LOCALES.en.strings, greeting: 'Welcome {name}' } },
    pt: { strings: { greeting: 'Olá {name}', items: '{count, plural, one {# item} other {# itens}}' } },
  };
  const resaved = await server.request('PUT', `/v1/projects/${id}`, { body: { mjml: MJML, default_locale: 'en', locales: changed } });
  expect(resaved.status, resaved.text).to.equal(200);
  const stale = resaved.json.warnings.filter((w: { code?: string }) => w.code === 'locale_possibly_stale');
  expect(stale.map((w: { pointer: string }) => w.pointer)).to.deep.equal(['/locales/de']);
  expect(stale[0].message).to.contain('de');
  expect((await render('pt', { strict: true })).json.locale).to.equal('pt'); // pt has every string now

  // Variables and the diff per locale: de's subject reads `formal`; the save changed en's text only.
  const variables = async (query: string) =>
    Object.keys((await server.request('GET', `/v1/projects/${id}/variables${query}`)).json.inferred.properties ?? {}).sort();
  expect(await variables('?locale=de-CH')).to.deep.equal(['count', 'formal', 'name']);
  expect(await variables('')).to.deep.equal(['count', 'name']);
  const diff = (locale: string) =>
    server.request('POST', `/v1/projects/${id}/diff`, { body: { from: 0, to: 1, locale, variables: { name: 'Ada', count: 2 } } });
  expect([(await diff('de')).json.visible_change, (await diff('en')).json.visible_change]).to.deep.equal([false, true]);

  // Refusals: a tag that is not BCP 47, an ICU message that does not parse, a key that is not a literal.
  const badTag = await server.request('PUT', `/v1/projects/${id}`, { body: { mjml: MJML, locales: { 'not a tag': {} } } });
  expect([badTag.status, badTag.json.code]).to.deep.equal([400, 'invalid_locale']);
  expect(badTag.json.detail).to.contain('not a tag');
  const badMessage = await server.request('PUT', `/v1/projects/${id}`, {
    body: { mjml: MJML, locales: { de: { strings: { items: '{count, plural, one {# Artikel}' } } } },
  });
  expect([badMessage.status, badMessage.json.code]).to.deep.equal([400, 'invalid_message']);
  expect(badMessage.json.detail).to.contain('de').and.contain("'items'").and.contain('character');
  const nonLiteral = await server.request('PUT', `/v1/projects/${id}`, {
    body: { mjml: MJML.replace('{{t "greeting" name=name}}', '{{t key}}'), locales: LOCALES },
  });
  expect([nonLiteral.status, nonLiteral.json.code]).to.deep.equal([400, 'invalid_translation_key']);
  expect(nonLiteral.json.detail).to.contain('{{t key}}');

  // A full MJML variant (docs/locales.md): de renders its own markup (de-AT too), en and pt the template's;
  // a broken one is refused naming /locales/de/mjml and its line, and appends nothing.
  const deMjml = MJML.replace('<mj-text>', '<mj-text>DE-MARKUP ');
  const withVariant = { ...changed, de: { ...changed.de, mjml: deMjml } };
  const variantSaved = await server.request('PUT', `/v1/projects/${id}`, {
    body: { mjml: MJML, default_locale: 'en', locales: withVariant },
  });
  expect(variantSaved.status, variantSaved.text).to.equal(200);
  expect((await server.request('GET', `/v1/projects/${id}`)).json.locales.de.mjml).to.equal(deMjml);
  const deVariant = await render('de-AT');
  expect([deVariant.json.locale, deVariant.headers['content-language']]).to.deep.equal(['de', 'de']);
  expect(deVariant.json.html).to.contain('DE-MARKUP Hallo Ada');
  const enVariant = await render('en');
  expect(enVariant.json.html).to.contain('Welcome Ada').and.not.contain('DE-MARKUP');
  expect(deVariant.json.published_sha256).to.not.equal(enVariant.json.published_sha256);
  const revisionsBefore = (await server.request('GET', `/v1/projects/${id}/revisions?limit=200`)).json.items.length;
  const brokenVariant = await server.request('PUT', `/v1/projects/${id}`, {
    body: {
      mjml: MJML,
      default_locale: 'en',
      locales: { ...withVariant, de: { ...withVariant.de, mjml: '<mjml>\n<mj-body>\n<mj-text>\n</mjml>' } },
    },
  });
  expect([brokenVariant.status, brokenVariant.json.code]).to.deep.equal([400, 'invalid_mjml']);
  expect(brokenVariant.json.errors[0].pointer).to.equal('/locales/de/mjml');
  expect(brokenVariant.json.errors[0].line).to.be.a('number');
  expect((await server.request('GET', `/v1/projects/${id}/revisions?limit=200`)).json.items.length).to.equal(revisionsBefore);
}

describe('localized variants on every engine', function () {
  this.timeout(60_000);

  it('SQLite', () =>
    withTempDir('letterpress-locales-', async (dir) => {
      const server = await startTestServer({ dataDir: dir });
      try {
        await localizedRoundTrip(server, 'sqlite');
      } finally {
        await server.stop();
      }
    }));

  describeOnPostgres('PostgreSQL', (database) => {
    it('renders each locale and refuses what cannot render', async () => {
      const server = await startTestServer({ env: { STORE: 'postgres', DATABASE_URL: database().url } });
      try {
        await localizedRoundTrip(server, 'pg');
      } finally {
        await server.stop();
        server.cleanup();
      }
    });
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(this, (server) => localizedRoundTrip(server, 'kurrent'));
  });
});

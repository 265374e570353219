/**
 * The publish gate and the send-readiness policy over locale variants, and the composition they use (issue 23,
 * docs/publishing.md, docs/policy.md, docs/layouts.md): a `de` variant whose own markup reads `order.total`,
 * which strict renders did not send, is 409 `breaking_variable_change` and a draft's warning; a `de` variant with
 * an image without alt under a policy requiring alt is 422 `policy_violation` at `/locales/de/mjml…` and a
 * draft's and dry run's warning; a layout-following project's publish is checked against the layout renders use
 * now; `POST /validate` with a layout composes it as a save would and names the revisions used.
 */
import { expect } from 'chai';
import { useTestServer } from '../support/server.js';
import { layoutOf, pageOf } from '../support/layouts.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column>${text}</mj-column></mj-section></mj-body></mjml>`;
const ORDER = page('<mj-text>Order {{order.number}}</mj-text>');
const DE_TOTAL = page('<mj-text>Bestellung {{order.number}}: {{order.total}}</mj-text>');
const WITH_ALT = page('<mj-image src="https://example.com/a.png" alt="A" /><mj-text>Hi {{name}}</mj-text>');
const DE_NO_ALT = page('<mj-image src="https://example.com/a.png" /><mj-text>Hallo {{name}}</mj-text>');
/** `layoutOf(brand)` whose footer links `{{unsubscribe_url}}` (outside any `{{#if}}`: required). */
const unsubscribing = (brand: string) =>
  layoutOf(brand).replace(`FOOTER ${brand}`, `FOOTER ${brand} <a href="{{unsubscribe_url}}">Unsubscribe</a>`);

type Item = { code?: string; message: string; pointer?: string; locale?: string; path?: string; change?: string };

describe('publish gate and policy over locale variants; the composition renders use (embedded SQLite store)', function () {
  this.timeout(60_000);
  const api = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  it('a de variant reading order.total, which strict renders did not send: the draft warns, the publish is 409 naming the path', async () => {
    const created = await api.server.request('POST', '/v1/projects', { body: { id: 'orders', mjml: ORDER, publishing: 'review' } });
    expect(created.status, created.text).to.equal(201);
    expect((await api.server.request('POST', '/v1/projects/orders/publish', { body: {} })).status).to.equal(200);
    for (let i = 0; i < 10; i++) {
      const res = await api.server.request('POST', '/v1/templates/orders/render', {
        body: { variables: { order: { number: `A${i}` } }, strict: true },
      });
      expect(res.status, res.text).to.equal(200);
    }
    // The main markup is unchanged: only the de variant reads order.total.
    const draft = await api.server.request('PUT', '/v1/projects/orders', {
      body: { mjml: ORDER, default_locale: 'en', locales: { en: {}, de: { mjml: DE_TOTAL } } },
    });
    expect(draft.status, draft.text).to.equal(200);
    const warning = (draft.json.warnings as Item[]).find((w) => w.code === 'breaking_variable_change');
    expect(warning, JSON.stringify(draft.json.warnings)).to.not.equal(undefined);
    expect(warning!.message).to.contain('order.total');

    const refused = await api.server.request('POST', '/v1/projects/orders/publish', { body: {} });
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.json.code).to.equal('breaking_variable_change');
    expect(refused.json.errors).to.have.length(1);
    expect(refused.json.errors[0]).to.include({ path: 'order.total', change: 'newly_required' });
    expect((await api.server.request('GET', '/v1/projects/orders')).json).to.include({ published_revision: 0 });
    // Only tested in de (a strict render requires what it reads, not what it only tests): nothing breaks.
    const optional = DE_TOTAL.replace('{{order.total}}', '{{#if order.total}}mit Summe{{/if}}');
    const fixed = await api.server.request('PUT', '/v1/projects/orders', {
      body: { mjml: ORDER, default_locale: 'en', locales: { en: {}, de: { mjml: optional } } },
    });
    expect(fixed.status, fixed.text).to.equal(200);
    expect((fixed.json.warnings as Item[]).filter((w) => w.code === 'breaking_variable_change')).to.deep.equal([]);
    const published = await api.server.request('POST', '/v1/projects/orders/publish', { body: {} });
    expect(published.status, published.text).to.equal(200);
  });

  it("a layout-following project's publish is checked against the layout renders use now, not the one at its save", async () => {
    expect((await api.server.request('POST', '/v1/layouts', { body: { id: 'frame', mjml: layoutOf('g0') } })).status).to.equal(201);
    const created = await api.server.request('POST', '/v1/projects', {
      body: { id: 'member', mjml: pageOf('P'), layout: { id: 'frame' }, publishing: 'review' },
    });
    expect(created.status, created.text).to.equal(201);
    expect((await api.server.request('POST', '/v1/projects/member/publish', { body: {} })).status).to.equal(200);
    for (let i = 0; i < 10; i++) {
      const res = await api.server.request('POST', '/v1/templates/member/render', { body: { variables: { name: 'Ada' }, strict: true } });
      expect(res.status, res.text).to.equal(200);
    }
    // The layout now requires unsubscribe_url (forced past its followers' gate): renders of revision 0 use it.
    const layout = await api.server.request('PUT', '/v1/layouts/frame', { body: { mjml: unsubscribing('g1'), publishing: 'review' } });
    expect(layout.status, layout.text).to.equal(200);
    expect((await api.server.request('POST', '/v1/layouts/frame/publish', { body: { force: true } })).status).to.equal(200);
    // A draft saved now is composed with g1 too; revision 0 was saved with g0. Against what renders use now
    // (both with g1) the draft breaks nothing new; against revision 0's save-time composition it would.
    const draft = await api.server.request('PUT', '/v1/projects/member', { body: { mjml: pageOf('Q'), layout: { id: 'frame' } } });
    expect(draft.status, draft.text).to.equal(200);
    expect((draft.json.warnings as Item[]).filter((w) => w.code === 'breaking_variable_change')).to.deep.equal([]);
    const published = await api.server.request('POST', '/v1/projects/member/publish', { body: {} });
    expect(published.status, published.text).to.equal(200);
    const rendered = await api.server.request('POST', '/v1/templates/member/render', {
      body: { variables: { name: 'Ada', unsubscribe_url: 'https://e.test/u' } },
    });
    expect([rendered.json.layout_revision, String(rendered.json.html).includes('Q Ada')]).to.deep.equal([1, true]);
  });

  it('POST /validate with a layout composes it as a save would and names the revisions used', async () => {
    const res = await api.server.request('POST', '/v1/validate', { body: { mjml: pageOf('V'), layout: { id: 'frame' } } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.include({ valid: true, layout_revision: 1 });
    expect(res.json.shared_partial_revisions).to.deep.equal({});
    // What the layout reads is what the composed template takes.
    expect(Object.keys(res.json.variables.inferred.properties).sort()).to.deep.equal(['name', 'unsubscribe_url']);
    const pinned = await api.server.request('POST', '/v1/validate', { body: { mjml: pageOf('V'), layout: { id: 'frame', revision: 0 } } });
    expect(pinned.json).to.include({ valid: true, layout_revision: 0 });
    expect(Object.keys(pinned.json.variables.inferred.properties)).to.deep.equal(['name']);
    const missing = await api.server.request('POST', '/v1/validate', { body: { mjml: pageOf('V'), layout: { id: 'nowhere' } } });
    expect(missing.status, missing.text).to.equal(200);
    expect(missing.json.valid).to.equal(false);
    expect(missing.json.errors[0]).to.include({ pointer: '/layout', code: 'layout_not_found' });
    const plain = await api.server.request('POST', '/v1/validate', { body: { mjml: ORDER } });
    expect(plain.json).to.not.have.property('layout_revision');
  });

  it('a de variant with an image without alt under a policy requiring alt: draft and dry runs warn, publish and on_save saves are 422 at /locales/de/mjml', async () => {
    expect((await api.server.request('PUT', '/v1/policy', { body: { require: ['alt'] } })).status).to.equal(200);
    const body = { mjml: WITH_ALT, default_locale: 'en', locales: { en: {}, de: { mjml: DE_NO_ALT } } };
    const draft = await api.server.request('POST', '/v1/projects', { body: { id: 'pics', publishing: 'review', ...body } });
    expect(draft.status, draft.text).to.equal(201);
    const inDe = (items: Item[]) => items.filter((w) => w.code === 'policy_violation' && w.locale === 'de');
    const warned = inDe(draft.json.warnings);
    expect(warned, JSON.stringify(draft.json.warnings)).to.have.length(1);
    expect(warned[0]!.pointer).to.match(/^\/locales\/de\/mjml\//);
    expect(warned[0]!.message).to.contain('locales.de.mjml').and.contain('alt');
    // The main markup has its alt: no finding without a locale.
    expect((draft.json.warnings as Item[]).filter((w) => w.code === 'policy_violation' && w.locale === undefined)).to.deep.equal([]);

    const refused = await api.server.request('POST', '/v1/projects/pics/publish', { body: { force: true } });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.json.code).to.equal('policy_violation');
    expect(refused.json.errors).to.have.length(1);
    expect(refused.json.errors[0]).to.include({ locale: 'de', pointer: warned[0]!.pointer });

    const onSave = await api.server.request('POST', '/v1/projects', { body: { id: 'pics-now', ...body } });
    expect(onSave.status, onSave.text).to.equal(422);
    expect(onSave.json.errors[0]).to.include({ locale: 'de', pointer: warned[0]!.pointer });

    const dry = await api.server.request('POST', '/v1/validate', { body });
    expect(inDe(dry.json.warnings)).to.have.length(1);
    const saved = await api.server.request('POST', '/v1/templates/pics/validate', { body: { revision: 'latest' } });
    expect(saved.status, saved.text).to.equal(200);
    expect(inDe(saved.json.warnings).map((w) => w.pointer)).to.deep.equal([warned[0]!.pointer]);
    expect((await api.server.request('PUT', '/v1/policy', { body: {} })).status).to.equal(200);
  });

  it("a layout publish holds each follower's locale variants to the policy: 422 dependents_refused naming /locales/de/mjml", async () => {
    const noAlt = (word: string) => pageOf(word).replace('<mj-text>', '<mj-image src="https://example.com/a.png" /><mj-text>');
    expect((await api.server.request('POST', '/v1/layouts', { body: { id: 'plain', mjml: layoutOf('p0') } })).status).to.equal(201);
    const created = await api.server.request('POST', '/v1/projects', {
      body: {
        id: 'follower',
        mjml: pageOf('F'),
        layout: { id: 'plain' },
        default_locale: 'en',
        locales: { en: {}, de: { mjml: noAlt('D') } },
      },
    });
    expect(created.status, created.text).to.equal(201);
    expect((await api.server.request('PUT', '/v1/policy', { body: { require: ['alt'] } })).status).to.equal(200);
    const draft = await api.server.request('PUT', '/v1/layouts/plain', { body: { mjml: layoutOf('p1'), publishing: 'review' } });
    expect(draft.status, draft.text).to.equal(200);
    const refused = await api.server.request('POST', '/v1/layouts/plain/publish', { body: {} });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.json.code).to.equal('dependents_refused');
    const check = refused.json.dependents[0];
    expect(check).to.include({ project_id: 'follower', outcome: 'refused', code: 'policy_violation' });
    expect(check.errors[0]).to.include({ locale: 'de' });
    expect(check.errors[0].pointer).to.match(/^\/locales\/de\/mjml\//);
    expect((await api.server.request('PUT', '/v1/policy', { body: {} })).status).to.equal(200);
  });
});

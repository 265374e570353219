/**
 * The send-readiness policy on every engine (docs/policy.md): SQLite and PostgreSQL with two instances on one
 * store (a policy set through A holds a publish through B at once, and the other way round), and KurrentDB
 * (its double) with MongoDB read models.
 */
import { expect } from 'chai';
import type { TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo, withTwoInstances } from '../support/engines.js';

const FLEX_RAW =
  '<mjml lang="en"><mj-body><mj-section><mj-column><mj-text>Hi {{name}}</mj-text></mj-column></mj-section>' +
  '<mj-raw><div style="display:flex">One</div></mj-raw></mj-body></mjml>';

/** Policy set through `a`, publishes through `b` (the same instance or another on the same store). */
async function policyRoundTrip(a: TestServer, b: TestServer, id: string): Promise<void> {
  const outlook = await a.request('PUT', '/v1/policy', { body: { clients: ['outlook.windows'], marketing_unsubscribe: true } });
  expect(outlook.status, outlook.text).to.equal(200);
  const created = await a.request('POST', '/v1/projects', { body: { id, mjml: FLEX_RAW, publishing: 'review' } });
  expect(created.status, created.text).to.equal(201);
  const refused = await b.request('POST', `/v1/projects/${id}/publish`, { body: {} });
  expect([refused.status, refused.json.code], refused.text).to.deep.equal([422, 'policy_violation']);
  expect(refused.json.errors[0]).to.include({ pointer: '/ast/children/0/children/1', feature: 'css-display-flex' });

  const gmail = await b.request('PUT', '/v1/policy', { body: { clients: ['gmail.*'], marketing_unsubscribe: true } });
  expect(gmail.json.revision).to.equal(1);
  const published = await a.request('POST', `/v1/projects/${id}/publish`, { body: {} });
  expect(published.status, published.text).to.equal(200);

  // A marketing draft without List-Unsubscribe: 422 through the other instance; fixed, it publishes and renders its headers.
  const marketing = await b.request('PUT', `/v1/projects/${id}`, { body: { mjml: FLEX_RAW, metadata: { category: 'marketing' } } });
  expect(marketing.status, marketing.text).to.equal(200);
  const unsubscribed = await a.request('POST', `/v1/projects/${id}/publish`, { body: {} });
  expect([unsubscribed.status, unsubscribed.json.code]).to.deep.equal([422, 'policy_violation']);
  const headers = { 'List-Unsubscribe': '<https://example.com/u/{{token}}>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  await b.request('PUT', `/v1/projects/${id}`, { body: { mjml: FLEX_RAW, metadata: { category: 'marketing', headers } } });
  const last = await a.request('POST', `/v1/projects/${id}/publish`, { body: {} });
  expect(last.status, last.text).to.equal(200);
  const render = await b.request('POST', `/v1/templates/${id}/render`, {
    body: { variables: { name: 'Ada', token: 't1' }, min_revision: last.json.revision },
  });
  expect(render.json.headers).to.deep.equal({
    'List-Unsubscribe': '<https://example.com/u/t1>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
}

describe('send-readiness policy on every engine', function () {
  this.timeout(60_000);

  it('SQLite, two instances on one file: a policy set through one holds publishes through the other', () =>
    withTempDir('letterpress-policy-', (dir) => withTwoInstances({}, dir, (a, b) => policyRoundTrip(a, b, 'sqlite'))));

  describeOnPostgres('PostgreSQL', (database) => {
    it('two instances on one database: a policy set through one holds publishes through the other', () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, (a, b) => policyRoundTrip(a, b, 'pg')));
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(this, (server) => policyRoundTrip(server, server, 'kurrent'));
  });
});

/**
 * Signed render receipts on every engine (docs/receipts.md): SQLite and PostgreSQL with two instances on one store
 * (the first key raced for by both is one key; a receipt signed through one verifies through the other; a rotation
 * through one is a key the other finds by `kid` at once), and KurrentDB (its double) with MongoDB read models.
 */
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import type { TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';
import { withKurrentMongo, withTwoInstances } from '../support/engines.js';

const MJML = '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

async function receiptRoundTrip(a: TestServer, b: TestServer, id: string): Promise<void> {
  const created = await a.request('POST', '/v1/projects', { body: { id, mjml: MJML } });
  expect(created.status, created.text).to.equal(201);
  const body = { variables: { name: 'Ada' }, min_revision: 0 };
  // Both instances sign their first receipt at once: one key is added, the other instance signs with it.
  const [first, second] = await Promise.all([a, b].map((s) => s.request('POST', `/v1/templates/${id}/render`, { body })));
  for (const res of [first!, second!]) expect(res.status, res.text).to.equal(200);
  expect(decodeProtectedHeader(first!.json.receipt).kid).to.equal(decodeProtectedHeader(second!.json.receipt).kid);
  expect((await a.request('GET', '/v1/.well-known/jwks.json')).json.keys).to.have.length(1);
  const crossed = await b.request('POST', '/v1/receipts/verify', { body: { receipt: first!.json.receipt, html: first!.json.html } });
  expect(crossed.json, crossed.text).to.include({ valid: true, html_matches: true, changed_since: false });

  const rotated = await b.request('POST', '/v1/receipts/keys/rotate');
  expect(rotated.status, rotated.text).to.equal(201);
  const after = await b.request('POST', `/v1/templates/${id}/render`, { body });
  expect(decodeProtectedHeader(after.json.receipt).kid).to.equal(rotated.json.kid);
  // `a` read its keys before the rotation: it finds the new kid in the stream when asked to verify it.
  for (const receipt of [after.json.receipt, first!.json.receipt]) {
    expect((await a.request('POST', '/v1/receipts/verify', { body: { receipt } })).json).to.include({ valid: true });
  }
}

describe('signed render receipts on every engine', function () {
  this.timeout(60_000);

  it('SQLite, two instances on one file', () =>
    withTempDir('letterpress-receipts-', (dir) => withTwoInstances({}, dir, (a, b) => receiptRoundTrip(a, b, 'sqlite'))));

  describeOnPostgres('PostgreSQL', (database) => {
    it('two instances on one database', () =>
      withTwoInstances({ STORE: 'postgres', DATABASE_URL: database().url }, undefined, (a, b) => receiptRoundTrip(a, b, 'pg')));
  });

  it('KurrentDB (its double) with MongoDB read models', async function () {
    await withKurrentMongo(this, (server) => receiptRoundTrip(server, server, 'kurrent'));
  });
});

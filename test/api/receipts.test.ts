/**
 * Signed render receipts over HTTP (issue 25 item 1; docs/receipts.md): every corpus template renders → verifies
 * with its HTML and variables; one flipped byte of the HTML is `html_mismatch`; a receipt of another workspace is
 * `bad_signature`; after a key rotation old receipts still verify by `kid`; the JWKS lets anyone verify offline
 * (jose alone); `text/html` answers carry the receipt in `Letterpress-Receipt`; `receipt: false` leaves it out.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { compactVerify, createLocalJWKSet, CompactSign, decodeProtectedHeader, generateKeyPair } from 'jose';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { buildSampleContext, parseHandlebars } from '../../src/rendering/index.js';
import { corpusTemplates, describeCorpus } from '../support/corpus.js';
import { useTestServer, type TestServer } from '../support/server.js';

const MJML =
  '<mjml><mj-head><mj-title>Order</mj-title></mj-head><mj-body><mj-section><mj-column>' +
  '<mj-text>Hello {{name}}, order {{order.id}} ships.</mj-text></mj-column></mj-section></mj-body></mjml>';
const VARIABLES = { name: 'Ada', order: { id: 'A-1' } };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A key of `workspace` written straight into the server's store, as the operator's `keys` script does. */
async function keyIn(server: TestServer, workspace: string): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    const issued = await new ApiKeys(new SqliteApiKeyStore(db)).issue({
      name: `${workspace}-key`,
      workspace,
      scopes: ['projects:read', 'projects:write', 'templates:render', 'keys:admin'],
      rateLimitPerMinute: null,
    });
    return issued.token;
  } finally {
    db.close();
  }
}

describe('signed render receipts over HTTP (embedded SQLite store)', function () {
  this.timeout(60_000);
  const t = useTestServer();
  const render = (id: string, body: Record<string, unknown>, key?: string, headers?: Record<string, string>) =>
    t.server.request('POST', `/v1/templates/${id}/render`, { body, ...(key ? { key } : {}), ...(headers ? { headers } : {}) });
  const verify = (body: Record<string, unknown>, key?: string) =>
    t.server.request('POST', '/v1/receipts/verify', { body, ...(key ? { key } : {}) });

  before(async () => {
    const created = await t.create({ id: 'order', mjml: MJML, metadata: { subject: 'Order {{order.id}}' } });
    expect(created.status, created.text).to.equal(201);
  });

  it('a JSON render carries a compact JWS whose claims state the answer; verify answers valid with the HTML and variables', async () => {
    const rendered = await render('order', { variables: VARIABLES });
    expect(rendered.status, rendered.text).to.equal(200);
    const { receipt, html, text, subject } = rendered.json;
    expect(receipt).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeProtectedHeader(receipt)).to.include({ alg: 'EdDSA', typ: 'letterpress-receipt+jws' });
    const checked = await verify({ receipt, html, variables: VARIABLES });
    expect(checked.status, checked.text).to.equal(200);
    expect(checked.json).to.include({
      valid: true,
      code: null,
      revision: 0,
      html_matches: true,
      variables_match: true,
      changed_since: false,
    });
    expect(checked.json.claims).to.include({
      workspace: 'default',
      template: 'order',
      revision: 0,
      published_sha256: rendered.json.published_sha256,
      html_sha256: sha256(html),
      text_sha256: sha256(text),
      subject_sha256: sha256(subject),
      locale: null,
    });
    expect(checked.json.claims.mjml_version).to.match(/^\d+\.\d+\.\d+/);
    expect(Date.parse(checked.json.claims.rendered_at)).to.be.closeTo(Date.now(), 60_000);
    // Salted: the digest is not the plain SHA-256 of the variables, so it does not reveal a guessable payload.
    expect(checked.json.claims.variables_sha256).to.not.equal(sha256(JSON.stringify(VARIABLES)));
    const other = await verify({ receipt, variables: { ...VARIABLES, name: 'Eve' } });
    expect(other.json).to.include({ valid: false, code: 'variables_mismatch', variables_match: false });
  });

  it('one flipped byte of the HTML is html_mismatch; a changed receipt is bad_signature; a receipt that is no JWS is 422', async () => {
    const { receipt, html } = (await render('order', { variables: VARIABLES })).json;
    const at = html.indexOf('Hello');
    const flipped = `${html.slice(0, at)}J${html.slice(at + 1)}`;
    const mismatch = await verify({ receipt, html: flipped });
    expect(mismatch.json).to.include({ valid: false, code: 'html_mismatch', html_matches: false, revision: 0 });
    expect(mismatch.json.detail).to.contain('html_sha256');
    const [head, payload, signature] = receipt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, revision: 7 })).toString('base64url');
    const changed = await verify({ receipt: `${head}.${forged}.${signature}` });
    expect(changed.json).to.include({ valid: false, code: 'bad_signature', claims: null });
    const junk = await verify({ receipt: 'not-a-receipt' });
    expect([junk.status, junk.json.code]).to.deep.equal([422, 'invalid_receipt']);
  });

  it("a receipt of another workspace, or signed by another workspace's key, is bad_signature; an unknown kid is unknown_key", async () => {
    const globex = await keyIn(t.server, 'globex');
    expect((await t.server.request('POST', '/v1/projects', { body: { id: 'order', mjml: MJML }, key: globex })).status).to.equal(201);
    const theirs = (await render('order', { variables: VARIABLES }, globex)).json.receipt;
    const mine = (await render('order', { variables: VARIABLES })).json.receipt;
    expect(decodeProtectedHeader(theirs).kid).to.not.equal(decodeProtectedHeader(mine).kid);
    expect((await verify({ receipt: theirs })).json).to.include({ valid: false, code: 'bad_signature' });
    expect((await verify({ receipt: theirs }, globex)).json).to.include({ valid: true });
    // Our claims and kid, signed with a key that is not ours (as another workspace's would be).
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const [, payload] = mine.split('.');
    const header = decodeProtectedHeader(mine);
    const resigned = await new CompactSign(Buffer.from(payload, 'base64url'))
      .setProtectedHeader(header as { alg: string })
      .sign(privateKey);
    expect((await verify({ receipt: resigned })).json).to.include({ valid: false, code: 'bad_signature' });
    const unknownKid = await new CompactSign(Buffer.from(payload, 'base64url'))
      .setProtectedHeader({ ...header, alg: 'EdDSA', kid: 'r0000000000000000' })
      .sign(privateKey);
    expect((await verify({ receipt: unknownKid })).json).to.include({ valid: false, code: 'unknown_key' });
  });

  it('after a key rotation old receipts still verify by kid; the JWKS lists both and verifies offline with jose alone', async () => {
    const before = (await render('order', { variables: VARIABLES })).json.receipt;
    const rotated = await t.server.request('POST', '/v1/receipts/keys/rotate');
    expect(rotated.status, rotated.text).to.equal(201);
    expect(rotated.json).to.include({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' }).and.not.have.property('d');
    const after = (await render('order', { variables: VARIABLES })).json.receipt;
    expect(decodeProtectedHeader(after).kid).to.equal(rotated.json.kid);
    expect(decodeProtectedHeader(before).kid).to.not.equal(rotated.json.kid);
    for (const receipt of [before, after]) expect((await verify({ receipt })).json).to.include({ valid: true });
    const jwks = await t.server.request('GET', '/v1/.well-known/jwks.json');
    expect(jwks.status).to.equal(200);
    const kids = jwks.json.keys.map((k: { kid: string }) => k.kid);
    expect(kids).to.include.members([decodeProtectedHeader(before).kid, rotated.json.kid]);
    for (const key of jwks.json.keys) expect(key).to.not.have.property('d');
    const set = createLocalJWKSet(jwks.json);
    for (const receipt of [before, after]) {
      const { payload } = await compactVerify(receipt, set, { algorithms: ['EdDSA'] });
      expect(JSON.parse(Buffer.from(payload).toString('utf8'))).to.include({ template: 'order', revision: 0 });
    }
    const renderOnly = await t.server.request('POST', '/v1/api-keys', { body: { name: 'sender', scopes: ['templates:render'] } });
    expect(renderOnly.status, renderOnly.text).to.equal(201);
    const refused = await t.server.request('POST', '/v1/receipts/keys/rotate', { key: renderOnly.json.token });
    expect([refused.status, refused.json.code]).to.deep.equal([403, 'insufficient_scope']);
    expect(refused.json.detail).to.contain('keys:admin');
    // Verifying reads the project (projects:read); a sender verifies offline with the JWKS (any key), as above.
    expect((await verify({ receipt: after }, renderOnly.json.token)).status).to.equal(403);
    expect((await t.server.request('GET', '/v1/.well-known/jwks.json', { key: renderOnly.json.token })).status).to.equal(200);
  });

  it('text/html carries it in Letterpress-Receipt; receipt: false leaves it out; a later save makes changed_since true', async () => {
    const html = await render('order', { variables: VARIABLES }, undefined, { Accept: 'text/html' });
    expect(html.status).to.equal(200);
    const receipt = html.headers['letterpress-receipt'] as string;
    expect((await verify({ receipt, html: html.text })).json).to.include({ valid: true, html_matches: true });
    const none = await render('order', { variables: VARIABLES, receipt: false });
    expect(none.json.receipt).to.equal(null);
    const noneHtml = await render('order', { variables: VARIABLES, receipt: false }, undefined, { Accept: 'text/html' });
    expect(noneHtml.headers).to.not.have.property('letterpress-receipt');
    const saved = await t.server.request('PUT', '/v1/projects/order', { body: { mjml: MJML.replace('ships', 'shipped') } });
    expect(saved.status, saved.text).to.equal(200);
    expect((await verify({ receipt, html: html.text })).json).to.include({ valid: true, changed_since: true, revision: 0 });
  });
});

describeCorpus('signed render receipts: every corpus template renders, then verifies', function () {
  this.timeout(180_000);
  const t = useTestServer();

  it('each accepted corpus template: render with fixed variables → verify valid with its HTML and variables', async () => {
    let verified = 0;
    for (const template of corpusTemplates()) {
      const created = await t.server.request('POST', '/v1/projects', {
        body: { id: template.name, mjml: template.source, includes: template.includes, validation: 'soft' },
      });
      if (created.status !== 201) continue; // refused for its own reasons (corpus-api.test.ts checks which)
      const parsed = parseHandlebars(created.json.published_html ?? '');
      const variables = parsed.ok ? buildSampleContext(parsed.program) : {};
      const rendered = await t.server.request('POST', `/v1/templates/${template.name}/render`, { body: { variables } });
      if (rendered.status !== 200) continue;
      const checked = await t.server.request('POST', '/v1/receipts/verify', {
        body: { receipt: rendered.json.receipt, html: rendered.json.html, variables },
      });
      expect(checked.json, template.name).to.include({ valid: true, html_matches: true, variables_match: true });
      verified += 1;
    }
    expect(verified).to.be.at.least(20);
  });
});

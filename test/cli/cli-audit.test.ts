/**
 * `letterpress audit --receipt` (issue 25 item 1; docs/receipts.md): the signature verified offline with a saved
 * key set (no server reachable), the sent HTML compared, the exact HTML reproduced from the stored revision.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../support/cli.js';
import { TEST_KEY, useTestServer } from '../support/server.js';

const MJML = '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

describe('letterpress audit --receipt', function () {
  this.timeout(60_000);
  const t = useTestServer();
  let dir: string;
  let env: Record<string, string>;
  let receipt: string;
  let html: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-audit-'));
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    expect((await t.create({ id: 'hello', mjml: MJML })).status).to.equal(201);
    const rendered = await t.server.request('POST', '/v1/templates/hello/render', { body: { variables: { name: 'Ada' } } });
    ({ receipt, html } = rendered.json);
    writeFileSync(join(dir, 'sent.html'), html);
    writeFileSync(join(dir, 'vars.json'), JSON.stringify({ name: 'Ada' }));
    writeFileSync(join(dir, 'jwks.json'), (await t.server.request('GET', '/v1/.well-known/jwks.json')).text);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('verifies offline with a saved key set and compares the sent HTML; one flipped byte exits 1 with html_mismatch', async () => {
    const offline = { LETTERPRESS_URL: 'http://127.0.0.1:9', LETTERPRESS_API_KEY: TEST_KEY }; // nothing listens there
    const ok = await cli(['audit', '--receipt', receipt, '--jwks', join(dir, 'jwks.json'), '--html', join(dir, 'sent.html')], offline);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout).to.contain('signature: valid').and.contain('default/hello revision 0').and.contain('is the HTML rendered');
    writeFileSync(join(dir, 'flipped.html'), html.replace('Hello', 'Jello'));
    const flipped = await cli(
      ['audit', '--receipt', receipt, '--jwks', join(dir, 'jwks.json'), '--html', join(dir, 'flipped.html')],
      offline,
    );
    expect(flipped.code).to.equal(1);
    expect(flipped.stderr).to.contain('html_mismatch');
    const [head, payload, signature] = receipt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, revision: 9 })).toString('base64url')}.${signature}`;
    const bad = await cli(['audit', '--receipt', forged, '--jwks', join(dir, 'jwks.json')], offline);
    expect([bad.code, bad.stderr.startsWith('bad_signature')]).to.deep.equal([1, true]);
  });

  it('reproduces the exact HTML from the stored revision (even after a later save), fetching the keys with the key', async () => {
    const saved = await t.server.request('PUT', '/v1/projects/hello', { body: { mjml: MJML.replace('Hello', 'Goodbye') } });
    expect(saved.status).to.equal(200);
    writeFileSync(join(dir, 'receipt.txt'), `${receipt}\n`);
    const out = join(dir, 'again.html');
    const run = await cli(['audit', '--receipt', `@${join(dir, 'receipt.txt')}`, '--vars', join(dir, 'vars.json'), '--out', out], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('reproduced: the exact HTML from revision 0');
    expect(readFileSync(out, 'utf8')).to.equal(html);
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ name: 'Eve' }));
    const other = await cli(['audit', '--receipt', receipt, '--vars', join(dir, 'other.json')], env);
    expect([other.code, other.stderr]).to.deep.equal([
      1,
      'not reproduced: these variables render other HTML than the receipt states (other variables, or another locale).\n',
    ]);
    const usage = await cli(['audit', '--receipt', 'nonsense'], env);
    expect(usage.code).to.equal(2);
  });
});

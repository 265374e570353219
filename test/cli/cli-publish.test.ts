/**
 * `letterpress push` and `letterpress publish` against a real server for a project under
 * `"publishing": "review"` (docs/publishing.md): push says it saved a draft, publish moves renders.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEY, useTestServer } from '../support/server.js';
import { cli } from '../support/cli.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe('letterpress publish, and push under review (spawned, against a real server)', function () {
  // Up to eight spawned CLI processes a test, each ~1 s to start on an idle machine and ~7 s at load 12.
  this.timeout(180_000);
  const t = useTestServer();
  let dir: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, env);

  before(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'letterpress-publish-')), 'templates');
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    await t.create({ id: 'news', mjml: page('First {{name}}'), publishing: 'review' });
  });
  after(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('push under review says it saved a draft; publish moves renders to it; --revision publishes an older one', async () => {
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    const template = join(dir, 'news', 'template.mjml');
    writeFileSync(template, readFileSync(template, 'utf8').replace('First', 'Second'));
    const pushed = await run('push', '--dir', dir);
    expect(pushed.code, pushed.stderr).to.equal(0);
    expect(pushed.stderr).to.include(
      'saved a draft of news @ revision 1 (nothing is published yet); publish it with: letterpress publish news',
    );

    const published = await run('publish', 'news');
    expect(published.code, published.stderr).to.equal(0);
    expect(published.stderr).to.include('published news: renders now use revision 1 (project revision 2)');
    const rendered = await run('render', 'news');
    expect(rendered.stdout).to.include('Second');

    const back = await run('publish', 'news', '--revision', '0');
    expect(back.stderr).to.include('renders now use revision 0 (project revision 3)');
    expect((await run('render', 'news')).stdout).to.include('First');
    expect((await run('render', 'news', '--revision', 'latest')).stdout).to.include('Second');
    const again = await run('publish', 'news', '--revision', '0');
    expect(again.stderr).to.include('already published: news renders revision 0');
  });

  it('publish refused by the publish gate prints each breaking path and its keys, exits 1, and suggests --force, which publishes', async () => {
    await t.create({ id: 'receipt', mjml: page('Order {{order.number}}'), publishing: 'review' });
    expect((await run('publish', 'receipt')).code).to.equal(0);
    for (let i = 0; i < 3; i++) {
      const res = await t.server.request('POST', '/v1/templates/receipt/render', { body: { variables: { order: { number: 'A-1' } } } });
      expect(res.status).to.equal(200);
    }
    const schema = {
      type: 'object',
      properties: { order: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] } },
    };
    const saved = await t.server.request('PUT', '/v1/projects/receipt', {
      body: { mjml: page('{{order.total}}'), metadata: { variables: schema } },
    });
    expect(saved.status, saved.text).to.equal(200);
    const refused = await run('publish', 'receipt', '--revision', '2');
    expect(refused.code, refused.stderr).to.equal(1);
    expect(refused.stderr).to.include('not published: recent renders of receipt would fail under this revision:');
    expect(refused.stderr).to.include('  order.total: newly required; keys TESTKEY00001');
    expect(refused.stderr).to.include('letterpress publish receipt --revision 2 --force');
    const forced = await run('publish', 'receipt', '--revision', '2', '--force');
    expect(forced.code, forced.stderr).to.equal(0);
    expect(forced.stderr).to.include(
      'published receipt: renders now use revision 2 (project revision 3) (forced: recorded in the publish event)',
    );
  });

  it('check reads what renders use: the published revision, or the draft of a project never published (said so)', async () => {
    await t.create({ id: 'promo', mjml: page('Hi {{name}}'), publishing: 'review' });
    const unpublished = await run('check', 'promo', '--required-list', 'name');
    expect(unpublished.code, unpublished.stderr).to.equal(0);
    expect(unpublished.stdout).to.include('promo is not published yet: checking its draft (the latest save)');
    expect(unpublished.stdout).to.include('✓ promo');
    expect((await run('publish', 'promo')).code).to.equal(0);
    await t.server.request('PUT', '/v1/projects/promo', { body: { mjml: page('Hi {{first_name}}') } }); // a draft dropping name
    const published = await run('check', 'promo', '--required-list', 'name');
    expect([published.code, published.stdout.includes('not published yet')]).to.deep.equal([0, false]); // renders still take name
    expect((await run('publish', 'promo')).code).to.equal(0);
    const dropped = await run('check', 'promo', '--required-list', 'name');
    expect(dropped.code).to.equal(1);
    expect(dropped.stdout).to.include('✗ promo: no longer takes 1 required variable');
  });

  it('pull after a publish: the project revision is the publish, and the files are the latest save', async () => {
    await t.create({ id: 'digest', mjml: page('Digest {{name}}'), publishing: 'review' });
    expect((await run('publish', 'digest')).code).to.equal(0); // project revision 1 publishes template revision 0
    const into = join(dir, '..', 'after-publish');
    const pulled = await run('pull', '--dir', into);
    expect(pulled.code, pulled.stderr).to.equal(0);
    expect(pulled.stderr).to.include('pulled digest @ revision 1');
    expect(pulled.stderr).to.not.include('digest was deleted on the server');
    expect(readFileSync(join(into, 'digest', 'template.mjml'), 'utf8')).to.include('Digest {{name}}');
  });
});

describe('letterpress publish and push refused by the send-readiness policy (spawned, against a real server)', function () {
  this.timeout(180_000);
  const t = useTestServer(); // a server of its own: the policy is the whole workspace's
  let dir: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, env);
  const FLEX_RAW = '<mj-raw><div style="display:flex"><span>One</span><span>Two</span></div></mj-raw>';
  const flexPage = (text: string) =>
    `<mjml lang="en"><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section>${FLEX_RAW}</mj-body></mjml>`;

  before(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'letterpress-policy-')), 'templates');
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    const policy = await t.server.request('PUT', '/v1/policy', { body: { clients: ['outlook.windows'] } });
    expect(policy.status, policy.text).to.equal(200);
  });
  after(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('publish prints each finding: pointer, message and caniemail feature; exits 1; --force does not pass it', async () => {
    expect((await t.create({ id: 'flex', mjml: flexPage('Hi {{name}}'), publishing: 'review' })).status).to.equal(201);
    const refused = await run('publish', 'flex');
    expect(refused.code, refused.stderr).to.equal(1);
    expect(refused.stderr).to.include("not published: flex: it breaks the workspace's send-readiness policy (GET /policy):\n");
    const finding = refused.stderr.split('\n').find((line) => line.includes('[caniemail: css-display-flex]'));
    expect(finding, refused.stderr).to.match(
      /^ {2}at \/ast\/children\/0\/children\/1: `display:flex` in <mj-raw> is not supported by outlook\.windows/,
    );
    expect(refused.stderr).to.include('or the policy (PUT /policy)');
    expect(refused.stderr).to.not.include('Error'); // no stack, no generic problem dump

    const forced = await run('publish', 'flex', '--revision', '0', '--force');
    expect(forced.code, forced.stderr).to.equal(1);
    expect(forced.stderr).to.include('not published: revision 0 of flex: it breaks').and.include('[caniemail: css-display-flex]');
    expect(forced.stderr).to.include('(--force passes the publish gate, not a policy)');
    expect((await t.server.request('GET', '/v1/projects/flex')).json.published_revision).to.equal(null);
  });

  it('push of a save that publishes (on_save) prints each finding and saves nothing', async () => {
    const plain =
      '<mjml lang="en"><mj-body><mj-section><mj-column><mj-text>Hi {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>';
    expect((await t.create({ id: 'plain', mjml: plain })).status).to.equal(201);
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    writeFileSync(join(dir, 'plain', 'template.mjml'), flexPage('Hi {{name}}'));
    const pushed = await run('push', '--dir', dir, 'plain');
    expect(pushed.code, pushed.stderr).to.equal(1);
    expect(pushed.stderr).to.include(
      "plain was refused (nothing was saved): it breaks the workspace's send-readiness policy (GET /policy):\n",
    );
    expect(pushed.stderr).to.match(
      /^ {2}at \/ast\/children\/0\/children\/1: `display:flex` in <mj-raw> .*\[caniemail: css-display-flex\]$/m,
    );
    expect(pushed.stderr).to.include('save drafts (publishing "review")');
    expect((await t.server.request('GET', '/v1/projects/plain')).json.revision).to.equal(0);
  });
});

/**
 * `letterpress pull`, `push` and `publish` of workspace layouts and shared partials (docs/layouts.md, docs/cli.md
 * "Layouts and shared partials") against a real server: the files under `_layouts/` and `_partials/`, the lock's
 * entries, a project's project.json naming them, the followers' report of a refused save or publish.
 */
import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutOf, pageOf } from '../support/layouts.js';
import { TEST_KEY, useTestServer } from '../support/server.js';
import { cli } from '../support/cli.js';

const FOOTER = '<mj-section><mj-column><mj-text>FOOT one</mj-text></mj-column></mj-section>';
const withFooter = (word: string) => pageOf(word).replace('</mj-body>', '{{> shared/footer}}</mj-body>');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('letterpress pull, push and publish of layouts and shared partials (spawned, against a real server)', function () {
  // Up to ten spawned CLI processes a test, each ~1 s to start on an idle machine and ~7 s at load 12.
  this.timeout(180_000);
  const t = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  let dir: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, env);
  const html = async (id: string) => (await t.render(id, { variables: { name: 'Ann' } })).json.html as string;

  before(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'letterpress-layouts-')), 'templates');
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    const req = t.server.request.bind(t.server);
    expect((await req('POST', '/v1/layouts', { body: { id: 'brand', mjml: layoutOf('b0') } })).status).to.equal(201);
    expect((await req('POST', '/v1/partials', { body: { id: 'footer', source: FOOTER, publishing: 'review' } })).status).to.equal(201);
    expect((await req('POST', '/v1/partials/footer/publish', { body: {} })).status).to.equal(200);
    const created = await t.create({ id: 'receipt', mjml: withFooter('R'), layout: { id: 'brand' }, shared_partials: [{ id: 'footer' }] });
    expect(created.status, created.text).to.equal(201);
  });
  after(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('pull writes a layout, a shared partial and the project that follows them; push sends edits and new ones before the projects', async () => {
    const pulled = await run('pull', '--dir', dir);
    expect(pulled.code, pulled.stderr).to.equal(0);
    expect(readFileSync(join(dir, '_layouts', 'brand', 'layout.mjml'), 'utf8')).to.equal(layoutOf('b0'));
    expect(existsSync(join(dir, '_layouts', 'brand', 'layout.json'))).to.equal(false); // on_save: the default
    expect(readFileSync(join(dir, '_partials', 'footer', 'partial.hbs'), 'utf8')).to.equal(FOOTER);
    expect(readFileSync(join(dir, '_partials', 'footer', 'partial.json'), 'utf8')).to.equal('{\n  "publishing": "review"\n}\n');
    expect(json(join(dir, 'receipt', 'project.json'))).to.deep.equal({ layout: { id: 'brand' }, shared_partials: [{ id: 'footer' }] });
    const lock = json(join(dir, 'letterpress.lock.json')) as { lockfile_version: number; layouts: object; partials: object };
    expect(lock.lockfile_version).to.equal(1);
    expect(lock.layouts).to.have.all.keys('brand');
    expect(lock.partials).to.have.all.keys('footer');
    expect(pulled.stderr).to.include('pulled layout brand @ revision 0').and.include('pulled shared partial footer @ revision 1');

    // A second pull fetches nothing and leaves the files alone.
    const again = await run('pull', '--dir', dir);
    expect(again.stderr).to.include('layouts and shared partials: 0 fetched, 2 unchanged');

    // Edit the layout and the partial, add a new layout and a project that names it (it must exist first).
    const layoutFile = join(dir, '_layouts', 'brand', 'layout.mjml');
    writeFileSync(layoutFile, layoutOf('b1'));
    writeFileSync(join(dir, '_partials', 'footer', 'partial.hbs'), FOOTER.replace('FOOT one', 'FOOT two'));
    mkdirSync(join(dir, '_layouts', 'fresh'), { recursive: true });
    writeFileSync(join(dir, '_layouts', 'fresh', 'layout.mjml'), layoutOf('fresh'));
    mkdirSync(join(dir, 'welcome'));
    writeFileSync(join(dir, 'welcome', 'template.mjml'), pageOf('W'));
    writeFileSync(join(dir, 'welcome', 'project.json'), JSON.stringify({ layout: { id: 'fresh' } }));
    const pushed = await run('push', '--dir', dir);
    expect(pushed.code, pushed.stderr).to.equal(0);
    expect(pushed.stderr).to.include('saved layout brand @ revision 1\n  receipt @ revision 0: passed');
    expect(pushed.stderr).to.include('created layout fresh @ revision 0');
    expect(pushed.stderr).to.include('saved shared partial footer @ revision 2 as a draft');
    expect(pushed.stderr).to.include('publish it with: letterpress publish --partial footer');
    expect(pushed.stderr).to.include('created welcome @ revision 0').and.include('4 pushed, 0 failed, 1 unchanged');
    expect(await html('receipt'))
      .to.include('HEADER b1')
      .and.include('FOOT one'); // the partial's save is a draft
    expect(await html('welcome')).to.include('HEADER fresh');

    const published = await run('publish', '--partial', 'footer');
    expect(published.code, published.stderr).to.equal(0);
    expect(published.stderr).to.include("published the shared partial 'footer': followers render revision 2");
    expect(published.stderr).to.include('  receipt @ revision 0: passed');
    expect(await html('receipt')).to.include('FOOT two');

    // After the push, a pull finds nothing to fetch (the lock took the pushed revisions) but the partial's publish.
    const after = await run('pull', '--dir', dir);
    expect(after.code, after.stderr).to.equal(0);
    expect(after.stderr).to.include('pulled shared partial footer @ revision 3');
    expect(readFileSync(layoutFile, 'utf8')).to.equal(layoutOf('b1'));
  });

  it('a push of a layout change a follower refuses prints the follower and exits 1; publish --layout reports it too, then publishes', async () => {
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    const policy = await t.server.request('PUT', '/v1/policy', { body: { html_max_bytes: 20_000 } });
    expect(policy.status, policy.text).to.equal(200);
    const layoutFile = join(dir, '_layouts', 'brand', 'layout.mjml');
    const big = layoutOf('b2').replace('FOOTER b2', `FOOTER b2 ${'x'.repeat(30_000)}`);
    try {
      writeFileSync(layoutFile, big);
      const refused = await run('push', '--dir', dir);
      expect(refused.code, refused.stderr).to.equal(1);
      expect(refused.stderr).to.include("the layout 'brand' was refused (nothing was saved): a template that follows it would not pass:");
      expect(refused.stderr).to.match(/ {2}receipt @ revision 0: refused \(policy_violation\): .+/);
      expect(refused.stderr).to.include('0 pushed, 1 failed');
      expect(await html('receipt')).to.include('HEADER b1');

      // As a draft it saves; its publish is refused for the same follower.
      writeFileSync(join(dir, '_layouts', 'brand', 'layout.json'), '{ "publishing": "review" }\n');
      const draft = await run('push', '--dir', dir);
      expect(draft.code, draft.stderr).to.equal(0);
      expect(draft.stderr).to.include('saved layout brand @ revision 2 as a draft');
      const publish = await run('publish', '--layout', 'brand');
      expect(publish.code, publish.stderr).to.equal(1);
      expect(publish.stderr).to.include("not published: revision 2 of the layout 'brand': a template that follows it would not pass:");
      expect(publish.stderr).to.match(/ {2}receipt @ revision 0: refused \(policy_violation\)/);
    } finally {
      await t.server.request('PUT', '/v1/policy', { body: {} });
    }
    const published = await run('publish', '--layout', 'brand', '--revision', '2');
    expect(published.code, published.stderr).to.equal(0);
    expect(published.stderr)
      .to.include("published the layout 'brand': followers render revision 2")
      .and.include('  receipt @ revision 0: passed');
    expect(await html('receipt')).to.include('FOOTER b2 xxx');

    const both = await run('publish', 'receipt', '--layout', 'brand');
    expect(both.code).to.equal(2);
    expect(both.stderr).to.include('publish takes one of: a project id');
  });

  it('keeps a layout never pulled or edited on both sides, backs it up before --force, reports a 412 on push, and prunes a deleted one', async () => {
    const req = t.server.request.bind(t.server);
    expect((await req('POST', '/v1/layouts', { body: { id: 'side', mjml: layoutOf('s0') } })).status).to.equal(201);
    const file = join(dir, '_layouts', 'side', 'layout.mjml');
    mkdirSync(join(dir, '_layouts', 'side'), { recursive: true });
    writeFileSync(file, layoutOf('local'));
    const kept = await run('pull', '--dir', dir);
    expect(kept.code, kept.stderr).to.equal(1);
    expect(kept.stderr).to.include(`kept ${join(dir, '_layouts', 'side')}: a layout side exists on the server (revision 0)`);
    expect(readFileSync(file, 'utf8')).to.equal(layoutOf('local'));

    const forced = await run('pull', '--dir', dir, '--force');
    expect(forced.code, forced.stderr).to.equal(0);
    const copy = /backed up the local files of layout side, which had edits never pushed, to (\S+)/.exec(forced.stderr)?.[1];
    expect(copy, forced.stderr).to.be.a('string');
    expect(readFileSync(join(copy!, 'layout.mjml'), 'utf8')).to.equal(layoutOf('local'));
    expect(readFileSync(file, 'utf8')).to.equal(layoutOf('s0'));

    expect((await req('PUT', '/v1/layouts/side', { body: { mjml: layoutOf('s1') } })).status).to.equal(200);
    writeFileSync(file, layoutOf('mine'));
    const conflict = await run('push', '--dir', dir);
    expect(conflict.code, conflict.stderr).to.equal(1);
    expect(conflict.stderr).to.include(
      "conflict: the layout 'side' changed on the server since your pull (you have revision 0). Nothing was overwritten.",
    );
    expect((await req('GET', '/v1/layouts/side')).json.mjml).to.equal(layoutOf('s1'));

    expect((await req('DELETE', '/v1/layouts/side')).status).to.equal(204);
    const edited = await run('pull', '--dir', dir, '--prune');
    expect(edited.stderr).to.include('layout side was deleted on the server; ').and.include('has unpushed edits and is kept');
    expect(existsSync(file)).to.equal(true);
    const pruned = await run('pull', '--dir', dir, '--prune', '--force');
    expect(pruned.code, pruned.stderr).to.equal(0);
    expect(pruned.stderr).to.include(`removed ${join(dir, '_layouts', 'side')}: deleted on the server`);
    expect(existsSync(join(dir, '_layouts', 'side'))).to.equal(false);
    expect((json(join(dir, 'letterpress.lock.json')) as { layouts: object }).layouts).to.not.have.property('side');
  });

  it('pull finds every layout and partial of the workspace through the list routes: one no project names nor the lock records is pulled', async () => {
    const req = t.server.request.bind(t.server);
    expect((await req('POST', '/v1/layouts', { body: { id: 'lonely', mjml: layoutOf('l0'), publishing: 'review' } })).status).to.equal(201);
    expect((await req('POST', '/v1/partials', { body: { id: 'solo', source: FOOTER } })).status).to.equal(201);
    const pulled = await run('pull', '--dir', dir);
    expect(pulled.code, pulled.stderr).to.equal(0);
    expect(pulled.stderr).to.include('pulled layout lonely @ revision 0').and.include('pulled shared partial solo @ revision 0');
    expect(readFileSync(join(dir, '_layouts', 'lonely', 'layout.mjml'), 'utf8')).to.equal(layoutOf('l0'));
    expect(readFileSync(join(dir, '_layouts', 'lonely', 'layout.json'), 'utf8')).to.equal('{\n  "publishing": "review"\n}\n');
    expect(readFileSync(join(dir, '_partials', 'solo', 'partial.hbs'), 'utf8')).to.equal(FOOTER);
    const lock = json(join(dir, 'letterpress.lock.json')) as { layouts: Record<string, { revision: number }>; partials: object };
    expect(lock.layouts['lonely']).to.include({ revision: 0 });
    expect(lock.partials).to.have.property('solo');
  });
});

/**
 * The `letterpress` CLI against a real server: each command spawned as a user runs it (`node --import tsx
 * src/cli/main.ts`), talking to the server over HTTP only. Expected file contents are written out here
 * from what the test POSTed, not taken from the CLI's own code.
 */
import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEY, useTestServer } from '../support/server.js';
import { CLI_LINE, cli, spawned } from '../support/cli.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const WELCOME_TEXT = 'Hi {{customer.first_name}}, order {{order.number}} {{> footer}}';

describe('letterpress CLI (spawned, against a real server)', function () {
  this.timeout(60_000);
  const t = useTestServer();
  let work: string;
  let dir: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, env);
  const file = (...parts: string[]) => readFileSync(join(dir, ...parts), 'utf8');

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'letterpress-cli-'));
    dir = join(work, 'templates');
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    const welcome = await t.create({
      id: 'welcome',
      metadata: { subject: 'Welcome {{customer.first_name}}', name: 'Welcome' },
      mjml: page(WELCOME_TEXT),
      partials: { footer: 'Bye from {{shop.name}}' },
      helpers: { money: { use: 'currency', hash: { code: 'EUR' } } },
    });
    expect(welcome.status).to.equal(201);
    expect((await t.create({ id: 'receipt', metadata: { name: 'Receipt' }, mjml: page('Total {{total}}') })).status).to.equal(201);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('pull writes each project as canonical files and a lock with its revision and updated_at', async () => {
    const res = await run('pull', '--dir', dir);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stderr).to.include('2 fetched, 0 unchanged');
    const template = file('welcome', 'template.mjml');
    expect(template).to.match(/^<mjml>\n/);
    expect(template).to.include(`<mj-text>${WELCOME_TEXT}</mj-text>`);
    expect(file('welcome', 'metadata.json')).to.equal('{\n  "name": "Welcome",\n  "subject": "Welcome {{customer.first_name}}"\n}\n');
    expect(file('welcome', 'partials', 'footer.hbs')).to.equal('Bye from {{shop.name}}');
    expect(file('welcome', 'helpers.json')).to.equal(
      '{\n  "money": {\n    "hash": {\n      "code": "EUR"\n    },\n    "use": "currency"\n  }\n}\n',
    );
    expect(existsSync(join(dir, 'receipt', 'helpers.json'))).to.equal(false);
    expect(existsSync(join(dir, 'receipt', 'partials'))).to.equal(false);
    const ast = JSON.parse(file('welcome', 'ast.json'));
    expect(ast.tagName).to.equal('mjml');
    expect(ast.children[0].children[0].children[0].children[0]).to.deep.equal({
      tagName: 'mj-text',
      attributes: {},
      content: WELCOME_TEXT,
    });
    const server = (await t.server.request('GET', '/v1/projects/welcome')).json;
    const lock = JSON.parse(file('letterpress.lock.json'));
    expect(Object.keys(lock.projects)).to.deep.equal(['receipt', 'welcome']);
    expect(lock.projects.welcome).to.include({ revision: 0, updated_at: server.updated_at });
  });

  it('a second pull fetches nothing (one list request each: projects, layouts, partials)', async () => {
    const res = await run('pull', '--dir', dir);
    expect(res.code).to.equal(0);
    expect(res.stderr).to.include('0 fetched, 2 unchanged, 0 kept with local edits, 0 deleted on the server (3 requests)');
  });

  it('push after editing template.mjml saves a new revision with the edit; the rest is left alone', async () => {
    writeFileSync(
      join(dir, 'welcome', 'template.mjml'),
      file('welcome', 'template.mjml').replace('Hi {{customer.first_name}}', 'Hello {{customer.first_name}}'),
    );
    const res = await run('push', '--dir', dir);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stderr).to.include('saved welcome @ revision 1');
    expect(res.stderr).to.include('1 pushed, 0 failed, 1 unchanged');
    const mjml = (await t.render('welcome', { format: 'mjml' })).json;
    expect(mjml.revision).to.equal(1);
    expect(mjml.mjml).to.include('Hello {{customer.first_name}}, order {{order.number}}');
    expect((await t.server.request('GET', '/v1/projects/welcome')).json.partials).to.deep.equal({ footer: 'Bye from {{shop.name}}' });
    expect((await t.server.request('GET', '/v1/projects/receipt')).json.revision).to.equal(0);
    expect(JSON.parse(file('letterpress.lock.json')).projects.welcome.revision).to.equal(1);
    expect((await run('pull', '--dir', dir)).stderr).to.include('0 fetched, 2 unchanged');
  });

  it('push --dry-run validates and changes nothing; an invalid template fails it', async () => {
    const lockBefore = file('letterpress.lock.json');
    writeFileSync(join(dir, 'receipt', 'template.mjml'), page('Total due {{total}}'));
    const ok = await run('push', '--dir', dir, '--dry-run');
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stderr).to.include('valid: would save receipt');
    writeFileSync(join(dir, 'receipt', 'template.mjml'), page('Total {{#each lines}}{{qty}}'));
    const bad = await run('push', '--dir', dir, '--dry-run');
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.include('receipt is invalid').and.to.include('{{#each lines}}');
    expect((await t.server.request('GET', '/v1/projects/receipt')).json.revision).to.equal(0);
    expect(file('letterpress.lock.json')).to.equal(lockBefore);
    writeFileSync(join(dir, 'receipt', 'template.mjml'), page('Total due {{total}}'));
  });

  it('push --dry-run and check --dir report a closing tag that does not close what it opened (line, found, expected)', async () => {
    const typo =
      '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text>Total {{total}}</mj-txt>\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>\n';
    writeFileSync(join(dir, 'receipt', 'template.mjml'), typo);
    const dry = await run('push', '--dir', dir, '--dry-run');
    expect(dry.code, dry.stderr).to.equal(1);
    expect(dry.stderr).to.include('receipt is invalid:\n  line 5: found </mj-txt>, expected </mj-text>');
    const check = await run('check', '--dir', dir, 'receipt', '--required-list', 'total');
    expect(check.code).to.equal(1);
    expect(check.stdout).to.include('✗ receipt: the template itself is refused: line 5: found </mj-txt>, expected </mj-text>');
    writeFileSync(join(dir, 'receipt', 'template.mjml'), page('Total due {{total}}'));
  });

  it('push after a save on the server reports the conflict, exits 1 and overwrites nothing', async () => {
    const saved = await t.server.request('PUT', '/v1/projects/receipt', {
      body: { metadata: { name: 'Receipt' }, mjml: page('Server total {{total}}') },
      headers: { 'If-Match': '"0"' },
    });
    expect(saved.status).to.equal(200);
    const dry = await run('push', '--dir', dir, '--dry-run');
    expect(dry.code).to.equal(1);
    expect(dry.stderr).to.include('receipt — but it changed on the server since your pull (revision 0 → 1)');
    // The step named is the one that works: a plain pull would keep the project, a push again meet the 412.
    const backups = join(dir, '.letterpress-backup');
    const steps = `To merge: run \`letterpress pull --force --dir ${dir}\` (it first copies your files to ${backups}/<time>/)`;
    expect(dry.stderr).to.include('so the push would be refused (412). ' + steps);
    const res = await run('push', '--dir', dir);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('conflict: receipt changed on the server since your pull (you have revision 0).');
    expect(res.stderr).to.include('Nothing was overwritten.');
    expect(res.stderr).to.include(steps).and.include('bring your edits back into the pulled files, then push again.');
    expect(res.stderr).to.not.include('pull, merge, push again');
    const now = (await t.render('receipt', { format: 'mjml' })).json;
    expect(now.revision).to.equal(1);
    expect(now.mjml).to.include('Server total {{total}}');
    expect(JSON.parse(file('letterpress.lock.json')).projects.receipt.revision).to.equal(0);
    // pull keeps the unpushed edit and names the same step (not "push them first": that push is the 412 above)
    const kept = await run('pull', '--dir', dir);
    expect(kept.code).to.equal(1);
    expect(kept.stderr).to.include('kept receipt: changed on the server since your last pull (revision 0 → 1), and its local files');
    expect(kept.stderr).to.include('that were never pushed, so a push would be refused (412: they were made on revision 0)');
    expect(kept.stderr).to.include(steps).and.not.include('push them first');
    // --force takes the server's version and keeps a copy of what it overwrote, saying where
    const forced = await run('pull', '--dir', dir, '--force');
    expect(forced.code).to.equal(0);
    expect(file('receipt', 'template.mjml')).to.include('Server total {{total}}');
    const copy = /backed up the local files of receipt, which had edits never pushed, to (\S+)/.exec(forced.stderr)?.[1];
    expect(copy, forced.stderr).to.match(new RegExp(`^${backups}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z/receipt$`));
    expect(readFileSync(join(copy!, 'template.mjml'), 'utf8')).to.equal(page('Total due {{total}}'));
    expect(readFileSync(join(copy!, 'metadata.json'), 'utf8')).to.include('Receipt');
    // … and the named steps end in a push that works; the backup folder is not taken for a project
    writeFileSync(join(dir, 'receipt', 'template.mjml'), page('Server total due {{total}}'));
    const merged = await run('push', '--dir', dir);
    expect(merged.code, merged.stderr).to.equal(0);
    expect(merged.stderr).to.include('1 pushed, 0 failed, 1 unchanged');
    expect((await t.render('receipt', { format: 'mjml' })).json.mjml).to.include('Server total due {{total}}');
    // a forced pull with nothing edited locally backs nothing up
    expect((await run('pull', '--dir', dir, '--force')).stderr).to.not.include('backed up');
  });

  it('push creates a new directory with POST, and never clobbers a server project it never pulled', async () => {
    mkdirSync(join(dir, 'fresh', 'includes'), { recursive: true });
    writeFileSync(
      join(dir, 'fresh', 'template.mjml'),
      '<mjml><mj-body><mj-include path="./includes/head.mjml" />' + page('Fresh {{who}}').slice('<mjml><mj-body>'.length),
    );
    writeFileSync(join(dir, 'fresh', 'includes', 'head.mjml'), '<mj-section><mj-column><mj-text>HEAD</mj-text></mj-column></mj-section>');
    writeFileSync(join(dir, 'fresh', 'metadata.json'), '{ "name": "Fresh" }');
    const res = await run('push', '--dir', dir, 'fresh');
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stderr).to.include('created fresh @ revision 0');
    const html = (await t.render('fresh', { variables: { who: 'Ada' } })).json.html as string;
    expect(html).to.include('HEAD').and.to.include('Fresh Ada');
    expect((await t.server.request('GET', '/v1/projects/fresh')).json.metadata).to.deep.equal({ name: 'Fresh' });

    expect((await t.create({ id: 'taken', mjml: page('theirs') })).status).to.equal(201);
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'template.mjml'), page('mine'));
    const clash = await run('push', '--dir', dir, 'taken');
    expect(clash.code).to.equal(1);
    expect(clash.stderr).to.include("a project 'taken' already exists on the server but was never pulled here. Nothing was overwritten. ");
    expect(clash.stderr).to.include('To merge: run `letterpress pull --force');
    expect(clash.stderr).to.not.include('pull it first'); // a plain pull keeps files it never pulled
    const keptTaken = await run('pull', '--dir', dir);
    expect(keptTaken.stderr).to.include('kept taken: a project taken exists on the server (revision 0), and local files that were never');
    expect(keptTaken.stderr).to.include('are in its place, so a push would be refused (409 project_exists)');
    expect((await t.render('taken', { format: 'mjml' })).json.mjml).to.include('theirs');
    rmSync(join(dir, 'taken'), { recursive: true });
  });

  it('render prints what the API renders: the HTML, or the text part', async () => {
    const vars = { customer: { first_name: 'Ada' }, order: { number: '1042' }, shop: { name: 'ACME' } };
    writeFileSync(join(work, 'vars.json'), JSON.stringify(vars));
    const api = (await t.render('welcome', { variables: vars })).json;
    const html = await run('render', 'welcome', '--vars', join(work, 'vars.json'));
    expect(html.code, html.stderr).to.equal(0);
    expect(html.stdout).to.equal(api.html);
    expect(html.stdout).to.include('Hello Ada, order 1042 Bye from ACME');
    const text = await run('render', 'welcome', '--vars', join(work, 'vars.json'), '--text');
    expect(text.stdout).to.equal(api.text);
    const old = await run('render', 'welcome', '--vars', join(work, 'vars.json'), '--revision', '0');
    expect(old.stdout).to.include('Hi Ada, order 1042');
  });

  it('diff shows the changed line of the template and of the published HTML', async () => {
    const res = await run('diff', 'welcome', '0', '1');
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.include('--- a/welcome@0/template.mjml').and.to.include('+++ b/welcome@1/template.mjml');
    expect(res.stdout).to.match(/^-\s*<mj-text>Hi \{\{customer\.first_name\}\}/m);
    expect(res.stdout).to.match(/^\+\s*<mj-text>Hello \{\{customer\.first_name\}\}/m);
    expect(res.stdout).to.include('--- a/welcome@0/published.html');
    expect(res.stdout).to.match(/^\+.*Hello \{\{customer\.first_name\}\}/m);
    expect(res.stdout).to.not.include('metadata.json');
  });

  it('diff --rendered lists what a recipient would see change, with --vars, recorded shapes or sample data', async function () {
    this.timeout(120_000); // eight CLI processes, one after another
    const res = await run('diff', '--rendered', 'welcome', '--from', '0', '--to', '1', '--vars', join(work, 'vars.json'));
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.include('welcome: revision 0 → 1, rendered with your variables: a recipient would see changes\n');
    expect(res.stdout).to.include('  text       "Hi Ada, order 1042 Bye from ACME" → "Hello Ada, order 1042 Bye from ACME"\n');
    expect(res.stdout).to.match(/^ {2}size {7}\d+\.\d KB → \d+\.\d KB \(\+\d+ bytes\), \d+\.\d KB under the 102\.0 KB clipping budget$/m);
    // 'welcome' was rendered (the render test above): the payload of the shape that render sent.
    const sampled = await run('diff', '--rendered', 'welcome', '--from', '0');
    expect(sampled.code, sampled.stderr).to.equal(0);
    expect(sampled.stdout).to.match(
      /^welcome: revision 0 → \d+, rendered with the payloads of 1 recorded variable shape: a recipient would see changes$/m,
    );
    // 'receipt' never was (only as MJML, which records nothing): the schema's sample.
    const schema = await run('diff', '--rendered', 'receipt', '--from', '0');
    expect(schema.code, schema.stderr).to.equal(0);
    expect(schema.stdout).to.match(/^receipt: revision 0 → \d+, rendered with sample data: /m);
    expect((await run('diff', 'welcome', '0', '1', '--from', '0')).code).to.equal(2);
    expect((await run('diff', '--rendered', 'welcome', '0')).code).to.equal(2);
    expect((await run('diff', '--rendered', 'welcome', '--to', 'newest')).code).to.equal(2);
    const missing = await run('diff', '--rendered', 'welcome', '--from', '0', '--to', '99');
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('revision_not_found');
  });

  it('check passes while the template takes the required variables, and fails naming the one it dropped', async () => {
    const sample = join(work, 'sample.json');
    writeFileSync(sample, JSON.stringify({ customer: { first_name: 'Ada' }, order: { number: '1' }, shop: { name: 'ACME' } }));
    const pass = await run('check', 'welcome', '--required', sample);
    expect(pass.code, pass.stdout + pass.stderr).to.equal(0);
    expect(pass.stdout).to.include('✓ welcome');

    const saved = await t.server.request('PUT', '/v1/projects/welcome', {
      body: {
        metadata: { name: 'Welcome' },
        mjml: page('Hello {{customer.firstName}} {{> footer}}'),
        partials: { footer: 'Bye from {{shop.name}}' },
      },
    });
    expect(saved.status).to.equal(200);
    const fail = await run('check', 'welcome', '--required', sample);
    expect(fail.code).to.equal(1);
    expect(fail.stdout).to.include('✗ welcome: no longer takes 2 required variables');
    expect(fail.stdout).to.include('customer.first_name (did you mean customer.firstName?)');
    expect(fail.stdout).to.match(/^ {4}order\.number$/m);
    expect((await run('check', 'welcome', '--required-list', 'shop.name,customer.firstName')).code).to.equal(0);

    // --dir checks the local files (not yet pushed) through POST /validate
    const local = await run('check', '--dir', dir, 'fresh', '--required-list', 'who,whom');
    expect(local.code).to.equal(1);
    expect(local.stdout)
      .to.include('✗ fresh')
      .and.to.match(/^ {4}whom \(did you mean who\?\)$/m);
  });

  it('check and check --dir agree on the same content: what the subject and preheader read counts in both (issue 17)', async () => {
    const metadata = { subject: 'Receipt for {{order.number}}', preheader: 'Hello {{customer.name}}' };
    const mjml = page('Thanks {{customer.first_name}}');
    expect((await t.create({ id: 'parts-only', metadata, mjml })).status).to.equal(201);
    const local = join(work, 'parts');
    mkdirSync(join(local, 'parts-only'), { recursive: true });
    writeFileSync(join(local, 'parts-only', 'template.mjml'), mjml);
    writeFileSync(join(local, 'parts-only', 'metadata.json'), JSON.stringify(metadata));
    for (const required of ['order.number,customer.name,customer.first_name', 'order.number,customer.nickname']) {
      const saved = await run('check', 'parts-only', '--required-list', required);
      const files = await run('check', '--dir', local, 'parts-only', '--required-list', required);
      expect(files.stdout, `--dir and the server disagree on ${required}`).to.equal(saved.stdout);
      expect(files.code).to.equal(saved.code);
    }
    expect((await run('check', '--dir', local, 'parts-only', '--required-list', 'order.number,customer.name')).stdout).to.include(
      '✓ parts-only: takes all 2 required variables',
    );
    const dropped = await run('check', '--dir', local, 'parts-only', '--required-list', 'order.number,customer.nickname');
    expect([dropped.code, dropped.stdout]).to.deep.equal([
      1,
      '✗ parts-only: no longer takes 1 required variable\n    customer.nickname (did you mean customer.name?)\n0 of 1 template passed\n',
    ]);
  });

  it('pull reports a project deleted on the server; --prune removes its files', async () => {
    expect((await t.server.request('DELETE', '/v1/projects/fresh')).status).to.equal(204);
    const kept = await run('pull', '--dir', dir, '--force');
    expect(kept.stderr).to.include('fresh was deleted on the server');
    expect(existsSync(join(dir, 'fresh', 'template.mjml'))).to.equal(true);
    writeFileSync(join(dir, 'fresh', 'metadata.json'), '{ "name": "Fresh, edited" }');
    const pruned = await run('pull', '--dir', dir, '--prune', '--force');
    expect(pruned.code).to.equal(0);
    const copy = /backed up the local files of fresh, which had edits never pushed, to (\S+)/.exec(pruned.stderr)?.[1];
    expect(readFileSync(join(copy!, 'metadata.json'), 'utf8'), pruned.stderr).to.equal('{ "name": "Fresh, edited" }');
    expect(existsSync(join(dir, 'fresh', 'template.mjml'))).to.equal(false);
    expect(existsSync(join(dir, 'fresh', 'includes', 'head.mjml'))).to.equal(true); // not a file pull manages
    expect(JSON.parse(file('letterpress.lock.json')).projects).to.not.have.property('fresh');
  });

  it('keeps a project saved as dynamic dynamic through pull, edit and push (project.json)', async () => {
    // <mjml>-rooted, so the server would read it as static (and refuse {{#each}} between sections) unless told.
    const digest = (title: string) =>
      `<mjml><mj-body>{{#each items}}<mj-section><mj-column><mj-text>${title} {{name}}</mj-text></mj-column></mj-section>{{/each}}</mj-body></mjml>`;
    const created = await t.create({ id: 'digest', render_mode: 'dynamic', mjml: digest('Item') });
    expect([created.status, created.json.render_mode], created.text).to.deep.equal([201, 'dynamic']);
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    expect(file('digest', 'project.json')).to.equal('{\n  "render_mode": "dynamic"\n}\n');
    expect(existsSync(join(dir, 'receipt', 'project.json')), 'a static project needs no project.json').to.equal(false);
    writeFileSync(join(dir, 'digest', 'template.mjml'), digest('Article'));
    const pushed = await run('push', '--dir', dir, 'digest');
    expect(pushed.code, pushed.stderr).to.equal(0);
    const server = (await t.server.request('GET', '/v1/projects/digest')).json;
    expect([server.revision, server.render_mode]).to.deep.equal([1, 'dynamic']);
    const rendered = await t.render('digest', { variables: { items: [{ name: 'one' }, { name: 'two' }] } });
    expect(rendered.json.html).to.include('Article one').and.to.include('Article two');
  });

  it('keys create prints the token alone; list shows the key; revoke stops it', async () => {
    const created = await run('keys', 'create', '--name', 'ci-reader', '--scopes', 'projects:read', '--expires-in', '1d');
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(/^lp_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}\n$/);
    const token = created.stdout.trim();
    const id = token.slice(3, 15);
    expect((await t.server.request('GET', '/v1/projects', { key: token })).status).to.equal(200);
    const list = await run('keys', 'list');
    expect(list.stdout).to.match(new RegExp(`^${id}  ci-reader .*projects:read .*active`, 'm'));
    const revoked = await run('keys', 'revoke', id);
    expect(revoked.code).to.equal(0);
    expect((await t.server.request('GET', '/v1/projects', { key: token })).status).to.equal(401);
    const json = JSON.parse((await run('keys', 'list', '--json')).stdout) as Array<{ id: string; status: string }>;
    expect(json.find((k) => k.id === id)?.status).to.equal('revoked');
    // the revoked key is refused: the server's problem shown readably, exit 3
    const denied = await cli(['keys', 'list'], { ...env, LETTERPRESS_API_KEY: token });
    expect(denied.code).to.equal(3);
    expect(denied.stderr).to.match(/^letterpress: Unauthorized \(401 revoked_api_key\)/);
    expect(denied.stderr).to.not.include('    at ');
    // … also by a push with nothing to send (it used to exit 0 without asking the server)
    const empty = join(work, 'nothing-to-push');
    mkdirSync(empty);
    for (const args of [
      ['push', '--dir', empty],
      ['push', '--dir', empty, '--dry-run'],
    ]) {
      const refused = await cli(args, { ...env, LETTERPRESS_API_KEY: token });
      expect(refused.code, args.join(' ')).to.equal(3);
      expect(refused.stderr).to.match(/^letterpress: Unauthorized \(401 revoked_api_key\)/);
    }
    const fine = await run('push', '--dir', empty);
    expect([fine.code, fine.stderr]).to.deep.equal([0, '0 pushed, 0 failed, 0 unchanged\n']);
  });

  it('keys create without --scopes makes a render-only key and says so; keys list names the default limit with its number', async () => {
    const created = await run('keys', 'create', '--name', 'renderer');
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stderr).to.include('(scopes templates:render;').and.include('rate limit 600/min (default);');
    expect(created.stderr).to.include('No --scopes given: it may only render (templates:render); pass --scopes to grant more.');
    const token = created.stdout.trim();
    expect((await t.server.request('POST', '/v1/templates/welcome/render', { key: token, body: { variables: {} } })).status).to.equal(200);
    expect((await t.server.request('GET', '/v1/api-keys', { key: token })).json.code).to.equal('insufficient_scope');
    expect((await t.server.request('GET', '/v1/projects', { key: token })).json.code).to.equal('insufficient_scope');
    await run('keys', 'create', '--name', 'limited', '--scopes', 'projects:read', '--rate-limit', '90');
    const list = (await run('keys', 'list')).stdout;
    expect(list).to.match(new RegExp(`^${token.slice(3, 15)}  renderer .*  600/min \\(default\\)$`, 'm'));
    expect(list)
      .to.match(/^\S+ {2}limited .* {2}90\/min$/m)
      .and.not.include('default/min');
  });

  it('draws a progress bar on a terminal (a pty from script(1)); one plain line per project when piped', async function () {
    if (!existsSync('/usr/bin/script')) {
      console.log('      (terminal case skipped: no /usr/bin/script, util-linux)');
      this.skip();
    }
    const onTerminal = await spawned('/usr/bin/script', ['-qec', `${CLI_LINE} pull --dir ${join(work, 'on-a-terminal')}`, '/dev/null'], {
      ...env,
      COLUMNS: '100',
    });
    expect(onTerminal.code, onTerminal.stdout).to.equal(0);
    const tty = onTerminal.stdout; // script(1) copies the pty, stdout and stderr alike, to its stdout
    expect(tty).to.match(/pull \[[\u2588\u2591]+\] \d+\/\d+/); // cli-progress' shades_classic bar
    expect(tty).to.not.include('pulled welcome @'); // no per-project lines on a terminal
    expect(tty).to.match(/\d+ fetched, 0 unchanged/);
    const piped = await run('pull', '--dir', join(work, 'piped'));
    expect(piped.stderr).to.match(/^pulled welcome @ revision \d+$/m);
    expect(piped.stderr).to.not.match(/[\u2588\u2591]/);
  });

  it('stops quietly when the reader of its output goes away (diff | head): no EPIPE, no stack trace', async () => {
    // Over 64 KiB of diff (a pipe's buffer), so the CLI is still writing when head has exited.
    const sections = (word: string) =>
      `<mjml><mj-body>${Array.from({ length: 100 }, (_, i) => `<mj-section><mj-column><mj-text>${word} ${i} ${word.repeat(80)} {{name}}</mj-text></mj-column></mj-section>`).join('')}</mj-body></mjml>`;
    expect((await t.create({ id: 'bulky', mjml: sections('Before') })).status).to.equal(201);
    expect((await t.server.request('PUT', '/v1/projects/bulky', { body: { mjml: sections('After') } })).status).to.equal(200);
    const piped = await spawned(
      'bash',
      ['-c', `${CLI_LINE} diff bulky 0 1 | head -c 200 > /dev/null; echo "cli exit \${PIPESTATUS[0]}" >&2`],
      env,
    );
    expect(piped.stderr).to.not.include('EPIPE');
    expect(piped.stderr).to.not.include('    at ');
    expect(piped.stderr.trim()).to.equal('cli exit 0');
    const whole = await run('diff', 'bulky', '0', '1');
    expect(whole.stdout.length, 'the diff really is longer than a pipe buffer').to.be.greaterThan(65_536);
  });

  it('--help works on every command and exits 0', async () => {
    const commands = [
      [],
      ['pull'],
      ['push'],
      ['render'],
      ['diff'],
      ['check'],
      ['keys'],
      ['keys', 'list'],
      ['keys', 'create'],
      ['keys', 'revoke'],
      ['keys', 'rotate'],
    ];
    const runs = await Promise.all(commands.map((c) => run(...c, '--help')));
    runs.forEach((res, i) => {
      expect(res.code, commands[i]!.join(' ')).to.equal(0);
      expect(res.stdout).to.include(`Usage: letterpress ${commands[i]!.join(' ')}`.trim());
    });
    expect(runs[0]!.stdout).to.include('LETTERPRESS_API_KEY').and.to.include('Exit codes');
  });

  it('usage errors exit 2, an unreachable server exits 3 naming the URL, a flag wins over the environment', async () => {
    const unknown = await run('pull', '--nope');
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include("unknown option '--nope'");
    const noKey = await cli(['pull', '--dir', dir], { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: '' });
    expect(noKey.code).to.equal(2);
    expect(noKey.stderr).to.include('no API key');
    const down = await run('render', 'welcome', '--url', 'http://127.0.0.1:9');
    expect(down.code).to.equal(3);
    expect(down.stderr).to.include('cannot reach http://127.0.0.1:9/v1/templates/welcome/render');
    const missing = await run('render', 'nope');
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/Not found \(404 project_not_found\)/);
    expect((await run('diff', 'welcome', 'one', '2')).code).to.equal(2);
  });
});

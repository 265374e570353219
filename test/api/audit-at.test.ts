/**
 * `npm run audit -- <id> --at T` against a real server's data (docs/audit.md): a project that follows a
 * layout and a shared partial and carries a `de` locale is rendered, the layout and the partial are published
 * again, it is rendered again; the audit at each render's instant names the revisions that render used, and
 * `--html` (with `--variables`) gives back the very bytes that render ran (and answered). A project under
 * review: the audit names the published revision, not a draft saved after it. On SQLite, and on PostgreSQL when
 * a server answers at TEST_DATABASE_URL (a database of its own, dropped after).
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../support/server.js';
import { layoutOf } from '../support/layouts.js';
import { describeOnPostgres } from '../support/postgres.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const partialOf = (word: string) => `<mj-section><mj-column><mj-text>SIGNED ${word}</mj-text></mj-column></mj-section>`;
const page =
  '<mjml><mj-body><mj-section><mj-column><mj-text>{{t "hello" name=name}}</mj-text></mj-column></mj-section>' +
  '{{> shared/sig}}</mj-body></mjml>';
const locales = {
  en: { strings: { hello: 'Hello {name}' } },
  de: { subject: 'Hallo {{name}}', strings: { hello: 'Hallo {name}' } },
};

/** The store's variables (none: SQLite under the data directory), for the server and the script alike. */
let storeEnv: () => Record<string, string> = () => ({});

/** `npm run audit -- …` against the server's store: its stdout as bytes. */
async function audit(server: TestServer, ...args: string[]): Promise<Buffer> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', ...args], {
    env: { ...process.env, ...storeEnv(), DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
    encoding: 'buffer',
  });
  return stdout;
}
const auditJson = async (server: TestServer, ...args: string[]) => JSON.parse((await audit(server, ...args, '--json')).toString('utf8'));

/** The current instant, once the clock has moved past it (so the next write occurs after it). */
async function instant(): Promise<string> {
  const at = new Date().toISOString();
  while (new Date().toISOString() <= at) await pause(2);
  return at;
}

describe('npm run audit --at: layouts, shared partials, locales and review', function () {
  this.timeout(180_000);
  describe('SQLite', () => auditSuite(() => ({})));
  describeOnPostgres('PostgreSQL', (database) => auditSuite(() => ({ STORE: 'postgres', DATABASE_URL: database().url })));
});

/** The suite, on the store `env` names (called inside a `describe`: its hooks and tests join it). */
function auditSuite(env: () => Record<string, string>): void {
  let server: TestServer;
  const variables = { name: 'Ada' };
  const renders: Array<{ at: string; sha: string; html: string }> = [];

  before(async () => {
    storeEnv = env;
    server = await startTestServer({ env: env() });
    const layout = await server.request('POST', '/v1/layouts', { body: { id: 'frame', mjml: layoutOf('v1') } });
    expect(layout.status, layout.text).to.equal(201);
    const partial = await server.request('POST', '/v1/partials', { body: { id: 'sig', source: partialOf('one') } });
    expect(partial.status, partial.text).to.equal(201);
    const project = await server.request('POST', '/v1/projects', {
      body: { id: 'letter', mjml: page, layout: { id: 'frame' }, shared_partials: [{ id: 'sig' }], default_locale: 'en', locales },
    });
    expect(project.status, project.text).to.equal(201);
    const render = async () => {
      const res = await server.request('POST', '/v1/templates/letter/render', { body: { variables, locale: 'de-AT' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.json.locale).to.equal('de');
      renders.push({ at: await instant(), sha: res.json.published_sha256, html: res.json.html });
      return res.json;
    };
    expect(await render())
      .to.include({ layout_revision: 0 })
      .and.deep.include({ shared_partial_revisions: { sig: 0 } });
    expect((await server.request('PUT', '/v1/layouts/frame', { body: { mjml: layoutOf('v2') } })).status).to.equal(200);
    expect((await server.request('PUT', '/v1/partials/sig', { body: { source: partialOf('two') } })).status).to.equal(200);
    expect(await render())
      .to.include({ layout_revision: 1 })
      .and.deep.include({ shared_partial_revisions: { sig: 1 } });
    expect(renders[1]!.sha).to.not.equal(renders[0]!.sha);
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('--at the first render names the layout, partial and locale it used and the published_sha256 it answered', async () => {
    const answer = await auditJson(server, 'letter', '--at', renders[0]!.at, '--locale', 'de-AT');
    const mjmlVersion = (await server.request('GET', '/v1/projects/letter')).json.mjml_version;
    expect(answer).to.deep.equal({
      project_id: 'letter',
      workspace: 'default',
      at: renders[0]!.at,
      locale_asked: 'de-AT',
      status: 'rendered',
      detail: null,
      revision: 0,
      saved_at: answer.saved_at,
      mjml_version: mjmlVersion,
      composed: true,
      layout: { id: 'frame', revision: 0, pinned: false },
      shared_partials: [{ id: 'sig', revision: 0, pinned: false }],
      locale: 'de',
      published_sha256: renders[0]!.sha,
      published_bytes: answer.published_bytes,
    });
    expect(answer.published_bytes).to.be.a('number').and.above(0);
    const text = (await audit(server, 'letter', '--at', renders[0]!.at, '--locale', 'de-AT')).toString('utf8');
    expect(text).to.match(/^live at .*: rev +0 /);
    expect(text).to.include('frame rev 0 (published)').and.include('sig rev 0 (published)').and.include('de (asked de-AT)');
    expect(text).to.include(`sha256          ${renders[0]!.sha}`);
  });

  it('--at the first render --html gives the bytes it ran; with --variables the HTML it answered', async () => {
    const html = await audit(server, 'letter', '--at', renders[0]!.at, '--locale', 'de-AT', '--html');
    expect(sha256(html)).to.equal(renders[0]!.sha);
    expect(html.toString('utf8')).to.include('HEADER v1').and.include('SIGNED one');
    const file = join(server.dataDir, 'variables.json');
    writeFileSync(file, JSON.stringify(variables));
    const email = await audit(server, 'letter', '--at', renders[0]!.at, '--locale', 'de-AT', '--html', '--variables', file);
    expect(email.equals(Buffer.from(renders[0]!.html, 'utf8'))).to.equal(true);
    expect(email.toString('utf8')).to.include('Hallo Ada');
  });

  it('--at the second render names the layout and partial revisions published since', async () => {
    const answer = await auditJson(server, 'letter', '--at', renders[1]!.at, '--locale', 'de-AT');
    expect(answer).to.deep.include({
      revision: 0,
      layout: { id: 'frame', revision: 1, pinned: false },
      shared_partials: [{ id: 'sig', revision: 1, pinned: false }],
      locale: 'de',
      published_sha256: renders[1]!.sha,
    });
    const html = await audit(server, 'letter', '--at', renders[1]!.at, '--locale', 'de-AT', '--html');
    expect(sha256(html)).to.equal(renders[1]!.sha);
    expect(html.toString('utf8')).to.include('HEADER v2').and.include('SIGNED two');
  });

  it('without --locale, the default locale; before the project existed, nothing', async () => {
    expect(await auditJson(server, 'letter', '--at', renders[0]!.at)).to.include({ locale: 'en', locale_asked: null });
    const created = (await server.request('GET', '/v1/projects/letter')).json.created_at as string;
    const before = new Date(Date.parse(created) - 1000).toISOString();
    expect(await auditJson(server, 'letter', '--at', before)).to.include({ status: 'not_existing' });
    expect((await audit(server, 'letter', '--at', before)).toString('utf8')).to.include('did not exist yet');
  });

  it('--layout and --partial list the stream: time, kind, published revision, key', async () => {
    const lines = (await audit(server, '--layout', 'frame')).toString('utf8').trim().split('\n');
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/^rev +0 +\S+Z +created +published rev 0 +key TESTKEY00001 +event [0-9a-f-]{36}$/);
    expect(lines[1]).to.match(/^rev +1 +\S+Z +saved +published rev 1 +key TESTKEY00001 /);
    const records = (await audit(server, '--partial', 'sig', '--json'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.map((r) => [r.revision, r.kind, r.draft, r.published_revision, r.key_id])).to.deep.equal([
      [0, 'created', false, 0, 'TESTKEY00001'],
      [1, 'saved', false, 1, 'TESTKEY00001'],
    ]);
  });

  it('under review: --at between a draft save and its publish names the published revision, not the draft', async () => {
    const mjml = (word: string) =>
      `<mjml><mj-body><mj-section><mj-column><mj-text>${word}</mj-text></mj-column></mj-section></mj-body></mjml>`;
    await server.request('POST', '/v1/projects', { body: { id: 'weekly', mjml: mjml('One'), publishing: 'review' } });
    const unpublished = await instant();
    await server.request('POST', '/v1/projects/weekly/publish', { body: {} });
    const first = await server.request('POST', '/v1/templates/weekly/render', { body: { variables: {} } });
    await server.request('PUT', '/v1/projects/weekly', { body: { mjml: mjml('Two') } });
    const draft = await instant();
    expect((await server.request('POST', '/v1/projects/weekly/publish', { body: { revision: 2 } })).status).to.equal(200);
    const second = await server.request('POST', '/v1/templates/weekly/render', { body: { variables: {} } });
    const later = await instant();

    expect(await auditJson(server, 'weekly', '--at', unpublished)).to.include({ status: 'not_published' });
    expect(await auditJson(server, 'weekly', '--at', draft)).to.include({ revision: 0, published_sha256: first.json.published_sha256 });
    expect(await auditJson(server, 'weekly', '--at', later)).to.include({ revision: 2, published_sha256: second.json.published_sha256 });
    expect(sha256(await audit(server, 'weekly', '--at', draft, '--html'))).to.equal(first.json.published_sha256);

    // Deleted since: the past is still audited; after the deletion, nothing rendered.
    expect((await server.request('DELETE', '/v1/projects/weekly')).status).to.equal(204);
    const deleted = await instant();
    expect(await auditJson(server, 'weekly', '--at', later)).to.include({ revision: 2, composed: false });
    expect(sha256(await audit(server, 'weekly', '--at', later, '--html'))).to.equal(second.json.published_sha256);
    expect(await auditJson(server, 'weekly', '--at', deleted)).to.include({ status: 'deleted' });
  });
}

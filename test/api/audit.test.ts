/**
 * Audit and time travel over real HTTP and the audit script: three revisions rendered, then traced back —
 * `published_sha256` against the bytes served, `npm run audit` (`--at`, `--revision N --html`), GET
 * `?at=`, and restoring an old revision as a new one.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run audit -- …` against the server's data directory. */
async function audit(server: TestServer, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

describe('Audit and time travel', function () {
  this.timeout(60_000);
  let server: TestServer;
  const renders: Array<{ sha: string; revision: number; updatedAt: string }> = [];
  const published: string[] = [];

  before(async () => {
    server = await startTestServer();
    expect(
      (await server.request('POST', '/v1/projects', { body: { id: 'traced', metadata: { name: 'v0' }, mjml: page('First {{name}}') } }))
        .status,
    ).to.equal(201);
    await pause(5);
    expect(
      (await server.request('PUT', '/v1/projects/traced', { body: { metadata: { name: 'v1' }, mjml: page('Second {{name}}') } })).status,
    ).to.equal(200);
    await pause(5);
    expect((await server.request('PUT', '/v1/projects/traced', { body: { mjml: page('Third {{name}}') } })).status).to.equal(200);
    for (const revision of [0, 1, 2]) {
      const res = await server.request('POST', '/v1/templates/traced/render', { body: { revision, variables: { name: 'Ada' } } });
      renders.push({ sha: res.json.published_sha256, revision: res.json.revision, updatedAt: res.json.updated_at });
      published.push((await server.request('GET', `/v1/projects/traced?revision=${revision}`)).json.published_html);
    }
  });
  after(async () => {
    await server.stop();
    server.cleanup();
  });

  it('every render names the SHA-256 of the bytes that revision published', () => {
    expect(renders.map((r) => r.sha)).to.deep.equal(published.map(sha256));
    expect(new Set(renders.map((r) => r.sha)).size).to.equal(3);
  });

  it('npm run audit lists each revision with its event, the key that saved it and that SHA-256', async () => {
    const lines = (await audit(server, 'traced')).trim().split('\n');
    expect(lines).to.have.length(3);
    lines.forEach((line, revision) => {
      expect(line).to.match(new RegExp(`^rev +${revision} +${renders[revision]!.updatedAt} `));
      expect(line)
        .to.include('key TESTKEY00001')
        .and.include(`sha256 ${renders[revision]!.sha}`)
        .and.match(/event [0-9a-f-]{36}/);
    });
  });

  it('npm run audit --at names the revision live at an instant; --revision N --html prints its exact bytes', async () => {
    expect(await audit(server, 'traced', '--at', renders[1]!.updatedAt)).to.match(/^live at .*: rev +1 /);
    const before = new Date(Date.parse(renders[0]!.updatedAt) - 1000).toISOString();
    expect(await audit(server, 'traced', '--at', before)).to.include('did not exist yet');
    expect(await audit(server, 'traced', '--revision', '1', '--html')).to.equal(published[1]);
  });

  it('GET ?at= serves the project as it was then', async () => {
    const between = new Date(Date.parse(renders[1]!.updatedAt) + 1).toISOString();
    const then = await server.request('GET', `/v1/projects/traced?at=${encodeURIComponent(between)}`);
    expect([then.status, then.json.revision, then.json.metadata, then.json.published_html]).to.deep.equal([
      200,
      1,
      { name: 'v1' },
      published[1],
    ]);
    const early = await server.request('GET', `/v1/projects/traced?at=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect([early.status, early.json.code]).to.deep.equal([404, 'revision_not_found']);
    expect((await server.request('GET', '/v1/projects/traced?at=yesterday')).json.code).to.equal('invalid_request');
    expect((await server.request('GET', `/v1/projects/traced?at=${encodeURIComponent(between)}&revision=1`)).status).to.equal(400);
  });

  it('restores an old revision as a new one: the same published bytes and metadata, a new revision', async () => {
    const stale = await server.request('POST', '/v1/projects/traced/revisions/0/restore', { headers: { 'If-Match': '"1"' } });
    expect([stale.status, stale.json.code]).to.deep.equal([412, 'revision_mismatch']);
    const restored = await server.request('POST', '/v1/projects/traced/revisions/0/restore', { headers: { 'If-Match': '"2"' } });
    expect([restored.status, restored.json.revision, restored.json.metadata]).to.deep.equal([200, 3, { name: 'v0' }]);
    expect(restored.json.published_html).to.equal(published[0]);
    const render = await server.request('POST', '/v1/templates/traced/render', { body: { variables: { name: 'Ada' } } });
    expect([render.json.revision, render.json.published_sha256]).to.deep.equal([3, renders[0]!.sha]);
    // The history shows it as a restore of revision 0, not as a save.
    const history = (await server.request('GET', '/v1/projects/traced/revisions')).json.items as Array<Record<string, unknown>>;
    expect(history.map((i) => [i['revision'], i['event'], i['restored_from']])).to.deep.equal([
      [0, 'created', undefined],
      [1, 'saved', undefined],
      [2, 'saved', undefined],
      [3, 'restored', 0],
    ]);
    const audited = (await audit(server, 'traced')).trim().split('\n');
    expect(audited[3]).to.match(/^rev +3 .* ProjectSaved .* {2}restore of rev 0$/);
    expect(audited.slice(0, 3).join('\n')).to.not.include('restore of');
    expect((await server.request('POST', '/v1/projects/traced/revisions/9/restore')).json.code).to.equal('revision_not_found');
    expect((await server.request('POST', '/v1/projects/nothing/revisions/0/restore')).json.code).to.equal('project_not_found');
  });

  it('names what a publish made the published revision, and a render names the revision it used (review mode)', async () => {
    const mjml = (word: string) =>
      `<mjml><mj-body><mj-section><mj-column><mj-text>${word} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;
    await server.request('POST', '/v1/projects', { body: { id: 'gated', mjml: mjml('One'), publishing: 'review' } });
    await server.request('POST', '/v1/projects/gated/publish', { body: {} });
    await server.request('PUT', '/v1/projects/gated', { body: { mjml: mjml('Two') } });
    const render = await server.request('POST', '/v1/templates/gated/render', { body: { variables: { name: 'Ada' } } });
    const audited = (await audit(server, 'gated')).trim().split('\n');
    expect(audited[1]).to.match(/^rev +1 .* ProjectPublished .* {2}publishes rev 0$/);
    expect(render.json.revision).to.equal(0);
    expect(audited[0]).to.include(`sha256 ${render.json.published_sha256}`);
    expect(audited[2]).to.not.include(render.json.published_sha256);

    // A publish forced past the publish gate: the audit names what it overrode.
    const schema = { type: 'object', properties: { name: { type: 'string' }, total: { type: 'number' } }, required: ['total'] };
    await server.request('PUT', '/v1/projects/gated', { body: { mjml: mjml('Three'), metadata: { variables: schema } } });
    expect((await server.request('POST', '/v1/projects/gated/publish', { body: {} })).json.code).to.equal('breaking_variable_change');
    expect((await server.request('POST', '/v1/projects/gated/publish', { body: { force: true } })).status).to.equal(200);
    const forced = (await audit(server, 'gated')).trim().split('\n');
    expect(forced[4]).to.match(
      /^rev +4 .* ProjectPublished .* {2}publishes rev 3 {2}forced past total \(newly_required; keys TESTKEY00001\)$/,
    );
  });
});

/**
 * The CLI's pure parts for workspace layouts and shared partials: project.json's `layout` / `shared_partials`,
 * the `_layouts/` and `_partials/` files, the lock's `layouts` / `partials` (and a lock written before them),
 * the followers' report, and pull's layouts part against a fake server (list routes, or a server without them).
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LetterpressClient } from '../../src/cli/client.js';
import { pullShared } from '../../src/cli/commands/pull-shared.js';
import { dependentsReport, forceCommand } from '../../src/cli/dependents.js';
import { ApiError, UsageError } from '../../src/cli/errors.js';
import { contentHash, projectIds, readProject, writeProject } from '../../src/cli/files.js';
import { readLock, writeLock } from '../../src/cli/lock.js';
import { readShared, removeShared, sharedHash, sharedIds, writeShared } from '../../src/cli/shared-files.js';

describe('CLI: layouts and shared partials as files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-cli-shared-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const content = { mjml: '<mjml></mjml>', ast: {}, metadata: {}, partials: {}, helpers: {}, renderMode: 'static' as const };

  it("keeps a project's layout and shared partials in project.json and sends them back; none: no project.json", () => {
    const projectDir = join(dir, 'receipt');
    writeProject(projectDir, { ...content, layout: { id: 'brand' }, sharedPartials: [{ id: 'footer', revision: 3 }] });
    expect(readFileSync(join(projectDir, 'project.json'), 'utf8')).to.equal(
      '{\n  "layout": {\n    "id": "brand"\n  },\n  "shared_partials": [\n    {\n      "id": "footer",\n      "revision": 3\n    }\n  ]\n}\n',
    );
    const body = readProject(projectDir);
    expect(body.layout).to.deep.equal({ id: 'brand' });
    expect(body.shared_partials).to.deep.equal([{ id: 'footer', revision: 3 }]);
    const hash = contentHash(body);
    writeProject(projectDir, content);
    expect(existsSync(join(projectDir, 'project.json'))).to.equal(false);
    expect(contentHash(readProject(projectDir)), 'dropping the layout is an edit').to.not.equal(hash);
  });

  it('refuses a project.json layout without a string id, or a revision that is not a whole number, naming the member', () => {
    const projectDir = join(dir, 'receipt');
    writeProject(projectDir, content);
    writeFileSync(join(projectDir, 'project.json'), JSON.stringify({ layout: 'brand' }));
    expect(() => readProject(projectDir)).to.throw(
      UsageError,
      /project\.json: "layout" must be an object with a string "id".*found "brand"/,
    );
    writeFileSync(join(projectDir, 'project.json'), JSON.stringify({ shared_partials: [{ id: 'f', revision: 'x' }] }));
    expect(() => readProject(projectDir)).to.throw(UsageError, /"shared_partials"\[0\]: "revision" must be a whole number/);
    writeFileSync(join(projectDir, 'project.json'), JSON.stringify({ shared_partials: { id: 'f' } }));
    expect(() => readProject(projectDir)).to.throw(UsageError, /"shared_partials" must be an array/);
  });

  it('writes a layout and a partial under _layouts/ and _partials/, publishing only when review; never a project directory', () => {
    writeShared(dir, 'layout', 'brand', '<mjml>L</mjml>', 'on_save');
    writeShared(dir, 'partial', 'footer', 'F\n', 'review');
    expect(readFileSync(join(dir, '_layouts', 'brand', 'layout.mjml'), 'utf8')).to.equal('<mjml>L</mjml>');
    expect(existsSync(join(dir, '_layouts', 'brand', 'layout.json'))).to.equal(false);
    expect(readFileSync(join(dir, '_partials', 'footer', 'partial.json'), 'utf8')).to.equal('{\n  "publishing": "review"\n}\n');
    expect(readShared(dir, 'layout', 'brand')).to.deep.equal({ mjml: '<mjml>L</mjml>', publishing: 'on_save' });
    expect(readShared(dir, 'partial', 'footer')).to.deep.equal({ source: 'F\n', publishing: 'review' });
    expect(sharedIds(dir, 'layout')).to.deep.equal(['brand']);
    expect(projectIds(dir)).to.deep.equal([]);
    expect(sharedHash({ publishing: 'review', source: 'F\n' })).to.equal(sharedHash(readShared(dir, 'partial', 'footer')!));
    writeShared(dir, 'partial', 'footer', 'F\n', 'on_save');
    expect(existsSync(join(dir, '_partials', 'footer', 'partial.json'))).to.equal(false);
    writeFileSync(join(dir, '_layouts', 'brand', 'layout.json'), '{ "publishing": "sometimes" }');
    expect(() => readShared(dir, 'layout', 'brand')).to.throw(
      UsageError,
      /layout\.json: "publishing" must be "on_save" or "review", found "sometimes"/,
    );
    removeShared(dir, 'layout', 'brand');
    expect(existsSync(join(dir, '_layouts', 'brand'))).to.equal(false);
  });

  it('reads a lock written before layouts existed as having none, and writes layouts and partials only when there are some', () => {
    const entry = { revision: 1, updated_at: '2026-11-26T10:00:00.000Z', sha256: 'a'.repeat(64) };
    writeFileSync(join(dir, 'letterpress.lock.json'), JSON.stringify({ lockfile_version: 1, projects: { news: entry } }));
    const lock = readLock(dir);
    expect(lock).to.deep.equal({ lockfile_version: 1, projects: { news: entry } });
    writeLock(dir, { ...lock, layouts: {}, partials: { footer: entry } });
    const written = JSON.parse(readFileSync(join(dir, 'letterpress.lock.json'), 'utf8')) as Record<string, unknown>;
    expect(written).to.have.all.keys('lockfile_version', 'projects', 'partials');
    expect(readLock(dir).partials).to.deep.equal({ footer: entry });
    writeFileSync(join(dir, 'letterpress.lock.json'), JSON.stringify({ lockfile_version: 1, projects: {}, layouts: [] }));
    expect(() => readLock(dir)).to.throw(UsageError, /"layouts" must be an object of entries by id/);
  });
});

describe("CLI: a layout's followers report", () => {
  it('prints each follower, a refusal with its code, message and findings, and the --force command for a variables refusal', () => {
    const report = dependentsReport(
      [
        { project_id: 'receipt', revision: 4, outcome: 'passed' },
        { project_id: 'legacy', revision: null, outcome: 'pinned' },
        {
          project_id: 'newsletter',
          revision: 0,
          outcome: 'refused',
          code: 'breaking_variable_change',
          message: 'would refuse what callers sent',
          errors: [{ path: 'unsubscribe_url', message: 'newly required', key_ids: ['TESTKEY00001'] }],
        },
      ],
      forceCommand('layout', 'brand', 2),
    );
    expect(report.split('\n')).to.deep.equal([
      '  receipt @ revision 4: passed',
      '  legacy: pinned to a revision: unaffected',
      '  newsletter @ revision 0: refused (breaking_variable_change): would refuse what callers sent',
      '    at unsubscribe_url: newly required [keys: TESTKEY00001]',
      'make each path optional (or keep its type), or publish anyway: letterpress publish --layout brand --revision 2 --force',
      '',
    ]);
    const policy = dependentsReport([{ project_id: 'a', revision: 1, outcome: 'refused', code: 'policy_violation', errors: [] }], 'x');
    expect(policy, 'no --force line for a policy refusal').to.not.include('publish anyway');
  });
});

describe("CLI: pull's layouts and partials against a fake server", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-cli-pull-shared-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const content = { mjml: '<mjml></mjml>', ast: {}, metadata: {}, partials: {}, helpers: {}, renderMode: 'static' as const };

  /** A server holding layout `brand` (and `lonely`, which nothing names): with the list routes, or without them (405). */
  function fakeServer(withLists: boolean): { client: LetterpressClient; asked: string[] } {
    const asked: string[] = [];
    const layouts: Record<string, object> = {
      brand: { id: 'brand', revision: 2, updated_at: '2026-11-26T18:40:00.000Z', mjml: '<mjml>b</mjml>', publishing: 'on_save' },
      lonely: { id: 'lonely', revision: 0, updated_at: '2026-11-26T18:40:00.000Z', mjml: '<mjml>l</mjml>', publishing: 'on_save' },
    };
    const refuse = (status: number, path: string) => new ApiError(status, { title: 'refused' }, 'GET', path);
    const client = {
      async all(path: string) {
        asked.push(`list ${path}`);
        if (!withLists) throw refuse(405, path);
        if (path !== '/layouts') return [];
        return Object.values(layouts).map((item) => {
          const { mjml: _source, ...summary } = item as Record<string, unknown>;
          return summary;
        });
      },
      async get(path: string) {
        asked.push(`get ${path}`);
        const id = path.split('/')[2]!;
        if (path.startsWith('/layouts/') && layouts[id]) return { status: 200, headers: new Headers(), body: layouts[id] };
        throw refuse(404, path);
      },
    };
    return { client: client as unknown as LetterpressClient, asked };
  }

  it('pull lists the layouts and GETs the ones it writes; against a server without the list routes it GETs the ids it knows', async () => {
    const projectDir = join(dir, 'receipt');
    writeProject(projectDir, { ...content, layout: { id: 'brand' } });
    const pull = async (withLists: boolean) => {
      const server = fakeServer(withLists);
      const lock = { lockfile_version: 1, projects: {} };
      const write = process.stderr.write;
      const printed: string[] = [];
      process.stderr.write = (chunk: string) => printed.push(chunk) > 0; // keep the test's output clean
      try {
        const result = await pullShared(server.client, dir, lock, { backupFolder: join(dir, '.backup') }, () => undefined);
        return { ...server, lock, result, printed };
      } finally {
        process.stderr.write = write;
      }
    };
    const listed = await pull(true);
    expect(listed.asked).to.deep.equal(['list /layouts', 'get /layouts/brand', 'get /layouts/lonely', 'list /partials']);
    expect(readShared(dir, 'layout', 'lonely')).to.deep.include({ mjml: '<mjml>l</mjml>' });
    expect(listed.result).to.include({ fetched: 2 });
    expect(listed.printed).to.deep.equal(['pulled layout brand @ revision 2\n', 'pulled layout lonely @ revision 0\n']);

    removeShared(dir, 'layout', 'brand');
    removeShared(dir, 'layout', 'lonely');
    const older = await pull(false);
    expect(older.asked).to.deep.equal(['list /layouts', 'get /layouts/brand', 'list /partials']);
    expect(older.result).to.include({ fetched: 1 });
    expect(readShared(dir, 'layout', 'brand')).to.deep.include({ mjml: '<mjml>b</mjml>' });
    expect(readShared(dir, 'layout', 'lonely')).to.equal(null);
  });
});

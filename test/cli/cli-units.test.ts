/**
 * The CLI's pure parts: canonical file formatting, the project files round trip, the lock's pull plan, and
 * the variable paths `check` compares.
 */
import { expect } from 'chai';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LetterpressClient } from '../../src/cli/client.js';
import { ApiError, formatProblem, UsageError } from '../../src/cli/errors.js';
import { rateLimitText, serviceDefaultLimit } from '../../src/cli/commands/keys.js';
import { backupFolder, backupProject, mergeSteps } from '../../src/cli/backup.js';
import { canonicalJson, contentHash, readProject, writeProject } from '../../src/cli/files.js';
import { planPull, readLock, writeLock, type LockFile } from '../../src/cli/lock.js';
import { missingVariables, samplePaths, schemaReads } from '../../src/cli/variable-paths.js';

describe('CLI: canonical files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-cli-unit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes JSON with keys sorted at every depth, arrays in their order, 2 spaces and a final newline', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).to.equal(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  it('writes a project and reads back the body push sends; the hash ignores key order', () => {
    const projectDir = join(dir, 'welcome');
    writeProject(projectDir, {
      mjml: '<mjml><mj-body></mj-body></mjml>\n',
      ast: { tagName: 'mjml', children: [], attributes: {} },
      metadata: { subject: 'Hi', name: 'Welcome' },
      partials: { footer: 'Bye {{name}}' },
      helpers: { money: { use: 'currency', hash: { code: 'EUR' } } },
      renderMode: 'static',
    });
    expect(existsSync(join(projectDir, 'project.json')), 'static is the default: no project.json').to.equal(false);
    expect(readFileSync(join(projectDir, 'partials/footer.hbs'), 'utf8')).to.equal('Bye {{name}}'); // bytes kept: no newline added
    expect(readFileSync(join(projectDir, 'metadata.json'), 'utf8')).to.equal('{\n  "name": "Welcome",\n  "subject": "Hi"\n}\n');
    expect(readFileSync(join(projectDir, 'ast.json'), 'utf8')).to.equal(
      '{\n  "attributes": {},\n  "children": [],\n  "tagName": "mjml"\n}\n',
    );
    const body = readProject(projectDir);
    expect(body).to.deep.equal({
      mjml: '<mjml><mj-body></mj-body></mjml>\n',
      metadata: { name: 'Welcome', subject: 'Hi' },
      partials: { footer: 'Bye {{name}}' },
      helpers: { money: { hash: { code: 'EUR' }, use: 'currency' } },
    });
    const reordered = { helpers: body.helpers, partials: body.partials, metadata: { subject: 'Hi', name: 'Welcome' }, mjml: body.mjml! };
    expect(contentHash(reordered)).to.equal(contentHash(body));
    expect(contentHash({ ...body, mjml: '<mjml></mjml>\n' })).to.not.equal(contentHash(body));
  });

  it('a later write removes partials and helpers the project no longer has; includes/ files travel as includes', () => {
    const projectDir = join(dir, 'p');
    writeProject(projectDir, {
      mjml: 'm',
      ast: {},
      metadata: {},
      partials: { a: 'A', b: 'B' },
      helpers: { h: { template: 'x' } },
      renderMode: 'dynamic',
    });
    expect(readProject(projectDir).render_mode).to.equal('dynamic');
    writeProject(projectDir, { mjml: 'm', ast: {}, metadata: {}, partials: { b: 'B2' }, helpers: {}, renderMode: 'static' });
    expect(existsSync(join(projectDir, 'project.json')), 'gone once the project is static again').to.equal(false);
    expect(existsSync(join(projectDir, 'partials/a.hbs'))).to.equal(false);
    expect(existsSync(join(projectDir, 'helpers.json'))).to.equal(false);
    mkdirSync(join(projectDir, 'includes/parts'), { recursive: true });
    writeFileSync(join(projectDir, 'includes/parts/head.mjml'), '<mj-section></mj-section>');
    expect(readProject(projectDir)).to.deep.equal({
      mjml: 'm',
      metadata: {},
      partials: { b: 'B2' },
      helpers: {},
      includes: { 'includes/parts/head.mjml': '<mj-section></mj-section>' },
    });
  });

  it('reads project.json: "dynamic" is sent as render_mode, "static" sends nothing, anything else is a usage error', () => {
    const projectDir = join(dir, 'modes');
    writeProject(projectDir, { mjml: 'm', ast: {}, metadata: {}, partials: {}, helpers: {}, renderMode: 'static' });
    writeFileSync(join(projectDir, 'project.json'), '{ "render_mode": "dynamic" }');
    expect(readProject(projectDir)).to.deep.equal({ mjml: 'm', metadata: {}, partials: {}, helpers: {}, render_mode: 'dynamic' });
    writeFileSync(join(projectDir, 'project.json'), '{ "render_mode": "static" }');
    expect(readProject(projectDir)).to.not.have.property('render_mode');
    writeFileSync(join(projectDir, 'project.json'), '{ "render_mode": "fast" }');
    expect(() => readProject(projectDir)).to.throw(/project\.json: "render_mode" must be "static" or "dynamic"/);
  });

  it('sends ast.json only when there is no template.mjml', () => {
    const projectDir = join(dir, 'a');
    mkdirSync(projectDir);
    writeFileSync(join(projectDir, 'ast.json'), '{"tagName":"mjml","attributes":{},"children":[]}');
    expect(readProject(projectDir)).to.deep.equal({
      ast: { tagName: 'mjml', attributes: {}, children: [] },
      metadata: {},
      partials: {},
      helpers: {},
    });
  });
});

describe('CLI: lock file and pull plan', () => {
  const lock: LockFile = {
    lockfile_version: 1,
    projects: {
      same: { revision: 2, updated_at: '2026-01-01T00:00:00.000Z', sha256: 'h-same' },
      moved: { revision: 1, updated_at: '2026-01-01T00:00:00.000Z', sha256: 'h-moved' },
      edited: { revision: 1, updated_at: '2026-01-01T00:00:00.000Z', sha256: 'h-old' },
      gone: { revision: 4, updated_at: '2026-01-01T00:00:00.000Z', sha256: 'h-gone' },
      missing: { revision: 0, updated_at: '2026-01-01T00:00:00.000Z', sha256: 'h-missing' },
    },
  };
  const listed = [
    { id: 'same', revision: 2, updated_at: '2026-01-01T00:00:00.000Z' },
    { id: 'moved', revision: 2, updated_at: '2026-01-02T00:00:00.000Z' },
    { id: 'edited', revision: 3, updated_at: '2026-01-02T00:00:00.000Z' },
    { id: 'missing', revision: 0, updated_at: '2026-01-01T00:00:00.000Z' },
    { id: 'new', revision: 0, updated_at: '2026-01-03T00:00:00.000Z' },
  ];
  const hashes: Record<string, string | null> = {
    same: 'h-same',
    moved: 'h-moved',
    edited: 'h-local-edit',
    gone: 'h-gone',
    missing: null,
    new: null,
  };

  it('fetches what moved or is absent locally, skips the unchanged, keeps unpushed edits, reports deletions', () => {
    const plan = planPull(listed, lock, (id) => hashes[id] ?? null);
    expect(plan).to.deep.equal({ fetch: ['missing', 'moved', 'new'], unchanged: ['same'], localEdits: ['edited'], deleted: ['gone'] });
  });

  it('--force fetches edited projects too', () => {
    expect(planPull(listed, lock, (id) => hashes[id] ?? null, true).fetch).to.deep.equal(['edited', 'missing', 'moved', 'new']);
  });

  it('a local directory the lock does not know is never overwritten', () => {
    const plan = planPull([{ id: 'mine', revision: 0, updated_at: 'x' }], { lockfile_version: 1, projects: {} }, () => 'h');
    expect(plan.localEdits).to.deep.equal(['mine']);
  });

  it('round-trips through the file, ids sorted; refuses a file of another version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'letterpress-cli-lock-'));
    try {
      expect(readLock(dir)).to.deep.equal({ lockfile_version: 1, projects: {} });
      writeLock(dir, { lockfile_version: 1, projects: { b: lock.projects['same']!, a: lock.projects['moved']! } });
      const text = readFileSync(join(dir, 'letterpress.lock.json'), 'utf8');
      expect(text.indexOf('"a"')).to.be.lessThan(text.indexOf('"b"'));
      expect(readLock(dir).projects['b']).to.deep.equal(lock.projects['same']);
      writeFileSync(join(dir, 'letterpress.lock.json'), '{"lockfile_version":9,"projects":{}}');
      expect(() => readLock(dir)).to.throw(/not a lock file of version 1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CLI: variable paths', () => {
  it('lists every leaf path of a sample, lists merged under []', () => {
    expect(
      samplePaths({ customer: { first_name: 'Ada', tags: [] }, order: { lines: [{ qty: 1 }, { qty: 2, sku: 'x' }], meta: {} }, vip: null }),
    ).to.deep.equal(['customer.first_name', 'customer.tags', 'order.lines[].qty', 'order.lines[].sku', 'order.meta', 'vip']);
  });

  it('reads the paths of an inferred schema, and which are taken whole', () => {
    const schema = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { name: { type: ['string', 'number'] } } },
        order: {
          type: 'object',
          properties: { lines: { type: ['array', 'object'], items: { type: 'object', properties: { qty: { type: 'string' } } } } },
        },
        total: {},
      },
    };
    const reads = schemaReads(schema);
    expect([...reads.paths].sort()).to.deep.equal([
      'customer',
      'customer.name',
      'order',
      'order.lines',
      'order.lines[]',
      'order.lines[].qty',
      'total',
    ]);
    expect([...reads.whole]).to.deep.equal(['total']);
    expect(
      missingVariables(['customer.name', 'order.lines[].qty', 'total.amount', 'customer.nmae', 'shipping.address.city'], reads),
    ).to.deep.equal([{ path: 'customer.nmae', suggestion: 'customer.name' }, { path: 'shipping.address.city' }]);
  });
});

describe('CLI: server URL and problem reports', () => {
  it('adds /v1 to a bare server URL and keeps a /v1 or /api/v1 one', () => {
    const base = (url: string) => new LetterpressClient({ url, apiKey: 'k' }).base;
    expect(base('http://127.0.0.1:3000')).to.equal('http://127.0.0.1:3000/v1');
    expect(base('https://mail.example/letterpress/')).to.equal('https://mail.example/letterpress/v1');
    expect(base('http://h:1/api/v1/')).to.equal('http://h:1/api/v1');
    expect(() => base('127.0.0.1:3000')).to.throw(UsageError);
    expect(() => base('not a url')).to.throw(UsageError, /is not a URL/);
  });

  it('shows a problem as title, status, code, detail, then each pointer or line, then the request id', () => {
    const error = new ApiError(
      400,
      {
        title: 'Bad request',
        detail: 'The template does not compile.',
        code: 'invalid_handlebars',
        request_id: 'r-1',
        errors: [
          { pointer: '/mjml', message: 'unclosed {{#each}}' },
          { file: 'footer', line: 3, message: 'bad' },
          { line: 7, message: 'odd' },
        ],
      },
      'POST',
      'http://h/v1/projects',
    );
    expect(formatProblem(error)).to.equal(
      [
        'Bad request (400 invalid_handlebars): The template does not compile.',
        '  at /mjml: unclosed {{#each}}',
        '  at footer:3: bad',
        '  at line 7: odd',
        '  (POST http://h/v1/projects, request id r-1)',
      ].join('\n'),
    );
  });
});

describe('CLI: rate limits as keys list shows them', () => {
  const answer = (policy: string | null) => ({ headers: new Headers(policy === null ? {} : { 'RateLimit-Policy': policy }) });

  it('reads the service default from the RateLimit-Policy of an answer to a key under it', () => {
    expect(serviceDefaultLimit(answer('"default";q=600;w=60'))).to.equal(600);
    expect(serviceDefaultLimit(answer('"key";q=120;w=60')), 'a key with its own limit says nothing of the default').to.equal(undefined);
    expect(serviceDefaultLimit(answer(null))).to.equal(undefined);
  });

  it("shows a key's own limit, or the default with its number and the word default", () => {
    expect(rateLimitText(120, 600)).to.equal('120/min');
    expect(rateLimitText(null, 600)).to.equal('600/min (default)');
    expect(rateLimitText(null, undefined)).to.equal('the service default (RATE_LIMIT_PER_MINUTE)');
  });
});

describe('CLI: backups before pull --force overwrites', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'letterpress-cli-backup-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies a project directory, partials included, into one folder per pull named by its time', () => {
    mkdirSync(join(dir, 'welcome', 'partials'), { recursive: true });
    writeFileSync(join(dir, 'welcome', 'template.mjml'), 'mine');
    writeFileSync(join(dir, 'welcome', 'partials', 'footer.hbs'), 'bye');
    const folder = backupFolder(dir, new Date('2026-11-26T15:20:03.123Z'));
    expect(folder).to.equal(join(dir, '.letterpress-backup', '2026-11-26T15-20-03-123Z'));
    expect(backupProject(dir, 'welcome', folder)).to.equal(join(folder, 'welcome'));
    expect(readFileSync(join(folder, 'welcome', 'partials', 'footer.hbs'), 'utf8')).to.equal('bye');
    expect(backupProject(dir, 'absent', folder)).to.equal(null);
  });

  it('names the step that merges: pull --force with the directory, then push', () => {
    expect(mergeSteps('tpl')).to.equal(
      `run \`letterpress pull --force --dir tpl\` (it first copies your files to ${join('tpl', '.letterpress-backup')}/<time>/), ` +
        'bring your edits back into the pulled files, then push',
    );
  });
});

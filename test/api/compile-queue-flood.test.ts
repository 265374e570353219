/**
 * Fault: the compile queue flooded from a render-only key (issue 19, items 1 and 6). Before, Piscina's
 * `maxQueue` counted none of our jobs and the save-time sample of 19 nested `{{#each}}` took the whole
 * 5 s deadline: 12 such /v1/validate requests all queued (no 503) and a valid one waited 92.7 s. Now the
 * queue is ours, bounded in all and per key, served round-robin between keys, and the sample is bounded.
 * One compile thread and a queue of 4 (a share of 1 per key) keep it cheap.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { ApiKeys } from '../../src/application/keys/index.js';
import { SQLITE_FILE } from '../../src/wiring.js';
import { startTestServer, type Response, type TestServer } from '../support/server.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
/** The issue's request: 19 nested `{{#each a}}`, about 1.2 KB. */
const NESTED = page(`${'{{#each a}}'.repeat(19)}${'{{x}} padding text '.repeat(40)}${'{{/each}}'.repeat(19)}`);
const VALID = page('Hello {{name}}!');
/** MJML needs far longer than a 1 s deadline for this one: each job holds the thread until it is stopped. */
const SLOW = `<mjml><mj-body>${'<mj-section><mj-column><mj-text>{{name}} text</mj-text><mj-button href="{{url}}">Go</mj-button></mj-column></mj-section>'.repeat(6000)}</mj-body></mjml>`;

async function renderOnlyKey(server: TestServer): Promise<string> {
  const db = openDatabase(join(server.dataDir, SQLITE_FILE));
  try {
    return (await new ApiKeys(new SqliteApiKeyStore(db)).issue({ name: 'flood', workspace: 'default', scopes: ['templates:render'] }))
      .token;
  } finally {
    db.close();
  }
}

interface Timed {
  res: Response;
  /** ms from the flood's start to the answer. */
  at: number;
}

/** `count` concurrent POST /v1/validate of `mjml` with `key`, each with when it was answered. */
function flood(server: TestServer, key: string, mjml: string, count: number, t0: number): Promise<Timed[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      server.request('POST', '/v1/validate', { key, body: { mjml } }).then((res) => ({ res, at: performance.now() - t0 })),
    ),
  );
}

function expectQueueFull(res: Response): void {
  expect(res.status, res.text).to.equal(503);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.json.code).to.equal('compile_queue_full');
  expect(Number(res.headers['retry-after'])).to.be.at.least(1);
  expect(res.json.limit).to.be.oneOf(['COMPILE_QUEUE_PER_KEY_MAX', 'COMPILE_QUEUE_MAX']);
  expect(res.json.detail).to.match(/retry/i);
}

describe('Fault: the compile queue flooded from a render-only key', function () {
  this.timeout(60_000);

  it('12 nested-{{#each}} dry runs: each answered (200 or 503 compile_queue_full), and another key is served in under 5 s', async () => {
    const server = await startTestServer({ env: { COMPILE_THREADS: '1', COMPILE_QUEUE_MAX: '4' } });
    try {
      const key = await renderOnlyKey(server);
      const t0 = performance.now();
      const flooding = flood(server, key, NESTED, 12, t0);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the flood is in: running, waiting or refused
      const sent = performance.now();
      const valid = await server.request('POST', '/v1/validate', { body: { mjml: VALID } });
      const waited = performance.now() - sent;
      expect(valid.status, valid.text).to.equal(200);
      expect(waited, 'the valid request waited (ms)').to.be.below(5000);
      const answers = await flooding;
      for (const { res } of answers) {
        if (res.status !== 200) expectQueueFull(res);
        else expect(res.json.valid, res.text).to.equal(true); // proven on a bounded sample, not refused
      }
      expect(answers.filter(({ res }) => res.status === 503).length, 'refused at once').to.be.at.least(1);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('past its share, a key is refused at once, before the jobs it got in finish; another key gets the next thread', async () => {
    const server = await startTestServer({
      env: {
        COMPILE_THREADS: '1',
        COMPILE_QUEUE_MAX: '4',
        COMPILE_TIMEOUT_MS: '1000',
        TEMPLATE_MAX_SOURCE_BYTES: String(8 * 1024 * 1024),
        TEMPLATE_MAX_NODES: '1000000',
        TEMPLATE_MAX_EXPRESSIONS: '1000000',
        TEMPLATE_MAX_HTML_BYTES: String(64 * 1024 * 1024),
        BODY_LIMIT_KB: '8192',
      },
    });
    try {
      const key = await renderOnlyKey(server);
      const t0 = performance.now();
      const flooding = flood(server, key, SLOW, 6, t0); // one runs, one waits (its share), four are refused
      await new Promise((resolve) => setTimeout(resolve, 300));
      const valid = await server.request('POST', '/v1/validate', { body: { mjml: VALID } });
      const validAt = performance.now() - t0;
      expect(valid.status, valid.text).to.equal(200);
      const answers = await flooding;
      const refused = answers.filter(({ res }) => res.status === 503);
      const ran = answers.filter(({ res }) => res.status !== 503);
      expect(refused.length, answers.map(({ res }) => res.status).join(' ')).to.equal(4);
      for (const { res } of refused) {
        expectQueueFull(res);
        expect(res.json.limit).to.equal('COMPILE_QUEUE_PER_KEY_MAX');
        expect(res.json.max).to.equal(1);
      }
      for (const { res } of ran) expect(res.json.errors?.[0]?.code ?? res.json.code, res.text).to.equal('mjml_compile_timeout');
      expect(Math.max(...refused.map((a) => a.at)), 'refusals came before any admitted job finished').to.be.below(
        Math.min(...ran.map((a) => a.at)),
      );
      // The thread freed by the first job went to the other key, not to the flood's waiting job (each
      // stopped job costs its deadline and a thread restart, seconds here: an order, not a time, is asserted).
      expect(validAt, 'the other key was served before the waiting flood job').to.be.below(Math.max(...ran.map((a) => a.at)));
      expect((await server.request('GET', '/v1/health')).status).to.equal(200);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });
});

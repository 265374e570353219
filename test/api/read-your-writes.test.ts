import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { withTempDir, createTestDatabase } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

async function rounds(a: TestServer, b: TestServer, n: number) {
  expect((await a.request('POST', '/v1/projects', { body: { id: 'ryw', mjml: page('Round 0 {{x}}') } })).status).to.equal(201);
  let stale = 0;
  let maxLag = 0;
  const t0 = Date.now();
  for (let i = 1; i <= n; i++) {
    const saved = await a.request('PUT', '/v1/projects/ryw', { body: { mjml: page(`Round ${i} {{x}}`) } });
    const answered = performance.now();
    const written = saved.json.revision;
    let r = await b.request('POST', '/v1/templates/ryw/render', { body: { variables: { x: '!' } } });
    if (r.json.revision < written) {
      stale++;
      while (r.json.revision < written) r = await b.request('POST', '/v1/templates/ryw/render', { body: { variables: { x: '!' } } });
      maxLag = Math.max(maxLag, performance.now() - answered);
    }
  }
  return { stale, maxLag, ms: Date.now() - t0 };
}

describe('baseline', function () {
  this.timeout(600_000);
  it('sqlite', () =>
    withTempDir('ryw-', async (dir) => {
      const a = await startTestServer({ dataDir: dir });
      const b = await startTestServer({ dataDir: dir });
      try {
        console.log(await rounds(a, b, 200));
      } finally {
        await b.stop();
        await a.stop();
      }
    }));

  it('pg', async () => {
    const db = (await createTestDatabase())!;
    const env = { STORE: 'postgres', DATABASE_URL: db.url };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env });
    try {
      console.log(await rounds(a, b, 200));
    } finally {
      await b.stop();
      await a.stop();
      await db.drop();
    }
  });
});

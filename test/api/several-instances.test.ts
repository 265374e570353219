/**
 * API processes with `PROJECTOR=off` and the projector on its own (`npm run projector`), on one SQLite
 * file and on one PostgreSQL database: a write answers once the stored read models have it, so a GET
 * through any instance right after shows it; renders follow `$all` within the follow interval.
 */
import { expect } from 'chai';
import { startProjector } from '../../src/projector-process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeOnPostgres, withTempDir } from '../support/postgres.js';

const page = (text: string) => `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two API instances and one projector on the store `env` names; everything stopped by `stop`. */
async function topology(env: Record<string, string>, dataDir: string) {
  const projector = await startProjector({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const a = await startTestServer({ dataDir, env: { ...env, PROJECTOR: 'off' } });
  const b = await startTestServer({ dataDir, env: { ...env, PROJECTOR: 'off' } });
  return {
    a,
    b,
    async stop(): Promise<void> {
      await a.stop();
      await b.stop();
      await projector.stop();
    },
  };
}

async function writeThroughAReadThroughB(a: TestServer, b: TestServer): Promise<void> {
  expect((await a.request('POST', '/v1/projects', { body: { id: 'p', mjml: page('One {{x}}') } })).status).to.equal(201);
  const gotB = await b.request('GET', '/v1/projects/p');
  expect([gotB.status, gotB.json.revision]).to.deep.equal([200, 0]);
  expect((await a.request('PUT', '/v1/projects/p', { body: { mjml: page('Two {{x}}') } })).status).to.equal(200);
  expect((await b.request('GET', '/v1/projects/p')).json.revision, 'GET through B as soon as A answered').to.equal(1);
  const renderedA = await a.request('POST', '/v1/templates/p/render', { body: { variables: { x: '!' } } });
  expect([renderedA.json.revision, renderedA.json.html.includes('Two !')], 'a render through the writing instance').to.deep.equal([
    1,
    true,
  ]);
  await pause(400); // B's revision follower hears of it by NOTIFY (PostgreSQL) or its next poll (SQLite, 50 ms)
  const renderedB = await b.request('POST', '/v1/templates/p/render', { body: { variables: { x: '!' } } });
  expect([renderedB.json.revision, renderedB.json.html.includes('Two !')]).to.deep.equal([1, true]);
  const health = await a.request('GET', '/v1/health');
  expect([health.json.projector.mode, health.json.projector.caught_up]).to.deep.equal(['off', true]);
}

describe('Several instances with the projector on its own', function () {
  this.timeout(60_000);

  it('on one SQLite file', () =>
    withTempDir('letterpress-instances-', async (dir) => {
      const running = await topology({}, dir);
      try {
        await writeThroughAReadThroughB(running.a, running.b);
      } finally {
        await running.stop();
      }
    }));

  describeOnPostgres('on one PostgreSQL database', (database) => {
    it('two API instances and a projector', () =>
      withTempDir('letterpress-instances-', async (dir) => {
        const running = await topology({ STORE: 'postgres', DATABASE_URL: database().url }, dir);
        try {
          await writeThroughAReadThroughB(running.a, running.b);
        } finally {
          await running.stop();
        }
      }));
  });
});

/**
 * A generated client, as a user makes one: openapi-typescript's types of the served document
 * (test/support/openapi-types.ts, written by `npm run openapi:types`; the first test fails when that file is
 * not current) and an openapi-fetch client over them. `tsc --noEmit` type-checks this file, so every call
 * below, its body and what is read from its answer are checked against the document, without a cast: a JSON
 * client (`application/json` and `application/problem+json`) reads a render as `Rendered`, an HTML client
 * reads it as a string, and a dry run's `variables` is `Variables | null`.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import type { components, paths } from '../support/openapi-types.js';
import { mjmlPage, TEST_KEY, useTestServer } from '../support/server.js';

/** The media types a JSON client reads: answers and problems. */
type Json = `${string}/${string}json`;

/** `value`, or a failure naming `what` when the client got none. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what}: no data`);
  return value;
}

describe('OpenAPI document: a generated openapi-typescript + openapi-fetch client', function () {
  this.timeout(60_000);
  const t = useTestServer();
  const clients = () => {
    const init = { baseUrl: `${t.server.url}/v1`, headers: { Authorization: `Bearer ${TEST_KEY}` } };
    return { api: createClient<paths, Json>(init), html: createClient<paths, 'text/html'>(init) };
  };

  it('is generated from the document this code serves (test/support/openapi-types.ts is current)', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/lint/typescript-6.mjs', '--import', 'tsx', 'scripts/openapi-types.ts', '--check'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).to.equal(0);
  });

  it('round-trips a project: create, read, patch (merge patch), render as JSON and as HTML, dry runs, problems, delete', async () => {
    const { api, html } = clients();
    const id = 'typed';
    const created = await api.POST('/projects', {
      body: { id, mjml: mjmlPage('Hello {{name}}'), metadata: { name: 'Typed', subject: 'Hi {{name}}' } },
    });
    const project: components['schemas']['ProjectWrite'] = must(created.data, 'create');
    expect([created.response.status, project.id, project.revision, project.unchanged]).to.deep.equal([201, id, 0, false]);
    const etag = must(created.response.headers.get('ETag') ?? undefined, 'ETag');

    const read = must((await api.GET('/projects/{id}', { params: { path: { id } } })).data, 'get');
    expect(read.metadata).to.deep.equal({ name: 'Typed', subject: 'Hi {{name}}' });

    const patched = await api.PATCH('/projects/{id}', {
      params: { path: { id }, header: { 'If-Match': etag } },
      body: { metadata: { subject: 'Hello {{name}}' } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect(must(patched.data, 'patch').revision).to.equal(1);

    const rendered = must(
      (await api.POST('/templates/{id}/render', { params: { path: { id } }, body: { variables: { name: 'Ada' } } })).data,
      'render',
    );
    const subject: string | null | undefined = rendered.subject; // a Rendered, not Rendered | string
    expect([subject, rendered.format, rendered.html?.includes('Hello Ada')]).to.deep.equal(['Hello Ada', 'html', true]);

    const page = await html.POST('/templates/{id}/render', {
      params: { path: { id } },
      body: { variables: { name: 'Ada' } },
      headers: { Accept: 'text/html' },
      parseAs: 'text',
    });
    const markup: string = must(page.data, 'render as HTML');
    expect([page.response.headers.get('X-Missing-Variables'), markup.includes('Hello Ada')]).to.deep.equal(['0', true]);

    const ok = must(
      (await api.POST('/validate', { body: { mjml: mjmlPage('Hi {{name}}'), variables: { name: 'Ada' } } })).data,
      'validate',
    );
    expect([ok.valid, ok.variables?.differences]).to.deep.equal([true, []]);
    const broken = must(
      (await api.POST('/validate', { body: { mjml: '<mjml><mj-body><mj-text>x</mj-txt></mj-body></mjml>' } })).data,
      'validate',
    );
    const variables: components['schemas']['Variables'] | null = broken.variables;
    expect([broken.valid, variables, broken.errors[0]?.code]).to.deep.equal([false, null, 'invalid_mjml']);

    const missing = await api.GET('/projects/{id}', { params: { path: { id: 'no-such' } } });
    const problem: components['schemas']['Problem'] = must(missing.error, 'problem');
    expect([missing.response.status, problem.code, problem.status]).to.deep.equal([404, 'project_not_found', 404]);

    const deleted = await api.DELETE('/projects/{id}', { params: { path: { id } } });
    expect(deleted.response.status).to.equal(204);
  });

  it('manages keys: issue, list, rotate, revoke', async () => {
    const { api } = clients();
    const issued = must(
      (await api.POST('/api-keys', { body: { name: 'typed', scopes: ['templates:render'], expires_in: '1d' } })).data,
      'issue',
    );
    const token: string = issued.token;
    expect(token).to.match(/^lp_/);
    const listed = must((await api.GET('/api-keys', { params: { query: { limit: 10 } } })).data, 'list');
    expect(listed.items.map((key) => key.id)).to.include(issued.id);
    const rotated = must(
      (await api.POST('/api-keys/{id}/rotate', { params: { path: { id: issued.id } }, body: { overlap: '1h' } })).data,
      'rotate',
    );
    expect(rotated.previous?.id).to.equal(issued.id);
    expect((await api.DELETE('/api-keys/{id}', { params: { path: { id: rotated.id } } })).response.status).to.equal(204);
  });
});

import { startTestServer } from './test/support/server.ts';
const s = await startTestServer({ env: { LOG_LEVEL: 'error', TEMPLATE_MAX_DEPTH: process.argv[2] ?? '64' } });
for (const n of [60, 70, 500, 999, 1001]) {
  const ast = `{"tagName":"mjml","children":[{"tagName":"mj-body","children":[${'{"tagName": "mj-wrapper", "children": ['.repeat(n)}{"tagName": "mj-text", "content": "x"}${']}'.repeat(n)}]}]}`;
  const r = await s.request('POST', '/v1/projects', { rawBody: `{"ast": ${ast}}` });
  console.log(n, r.status, r.json?.code, r.json?.limit);
}
const nest = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
await s.request('POST', '/v1/projects', { body: { id: 'p', mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>{{a.a.a}}</mj-text></mj-column></mj-section></mj-body></mjml>' } });
for (const n of [900, 1000]) for (const path of ['/v1/templates/p/render', '/v1/templates/p/validate', '/v1/validate']) {
  const body = path === '/v1/validate' ? `{"mjml":"<mjml><mj-body></mj-body></mjml>","variables":${nest(n)}}` : `{"variables":${nest(n)}}`;
  const r = await s.request('POST', path, { rawBody: body });
  console.log('vars', n, path, r.status, r.json?.code);
}
await s.stop(); s.cleanup();

/**
 * Requests the fuzz suite (test/api/fuzz.test.ts) found answered with a 500, kept as plain examples once
 * fixed, so that each stays fixed whatever seed the suite runs with.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

describe('Fuzz finds, fixed', () => {
  const api = useTestServer();

  // The variables check looked `constructor` up through the prototype chain (Object itself), then could not
  // describe a function: TypeError → 500 on validate and on a render.
  it('a template reading {{x.constructor}}, given x = {}: a variables problem at /variables/x/constructor, not a 500', async () => {
    const mjml = mjmlPage('{{x.constructor}}');
    const validated = await api.server.request('POST', '/v1/validate', { body: { mjml, variables: { x: {} } } });
    expect(validated.status, validated.text).to.equal(200);
    expect(JSON.stringify(validated.json)).to.include('/variables/x/constructor');
    expect((await api.create({ id: 'ctor', mjml })).status).to.equal(201);
    const rendered = await api.render('ctor', { variables: { x: {} } });
    expect([rendered.status, rendered.json.code]).to.deep.equal([400, 'invalid_variables']);
    expect(rendered.json.errors.map((e: { pointer: string }) => e.pointer)).to.include('/variables/x/constructor');
  });
});

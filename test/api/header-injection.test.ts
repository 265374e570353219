/**
 * Issue 19, item 4, over HTTP: a variable holding `"\r\nBcc: evil@example.com"` never comes back as a line
 * break in `subject` or `preheader`, and a subject a variable makes longer than 998 bytes is cut; each change
 * is a warning in the render's answer.
 */
import { expect } from 'chai';
import { mjmlPage, useTestServer } from '../support/server.js';

describe('rendered subject and preheader as mail headers (over HTTP)', function () {
  this.timeout(30_000);
  const api = useTestServer();
  const render = (id: string, variables: Record<string, unknown>) =>
    api.server.request('POST', `/v1/templates/${id}/render`, { body: { variables } });

  it('a line break from a variable becomes a space in subject and preheader, with one warning each', async () => {
    const created = await api.create({
      id: 'inject',
      mjml: mjmlPage('Hi {{name}}'),
      metadata: { subject: 'Receipt for {{name}}', preheader: 'Thanks, {{name}}' },
    });
    expect(created.status, created.text).to.equal(201);
    const res = await render('inject', { name: 'Ada\r\nBcc: evil@example.com' });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.subject).to.equal('Receipt for Ada Bcc: evil@example.com');
    expect(res.json.preheader).to.equal('Thanks, Ada Bcc: evil@example.com');
    expect(res.json.warnings.map((w: { code: string; field?: string }) => `${w.code}:${w.field}`)).to.deep.equal([
      'header_control_characters:subject',
      'header_control_characters:preheader',
    ]);
    const clean = await render('inject', { name: 'Ada' });
    expect([clean.json.subject, clean.json.warnings]).to.deep.equal(['Receipt for Ada', []]);
  });

  it('a subject longer than 998 bytes with its variables is cut there, with a header_truncated warning', async () => {
    await api.create({ id: 'long', mjml: mjmlPage('Hi'), metadata: { subject: 'Order {{note}}' } });
    const res = await render('long', { note: 'x'.repeat(5000) });
    expect(res.status, res.text).to.equal(200);
    expect(Buffer.byteLength(res.json.subject, 'utf8')).to.equal(998);
    expect(res.json.warnings.find((w: { code: string }) => w.code === 'header_truncated')).to.include({ field: 'subject', count: 5006 });
  });
});

/**
 * POST /projects/:id/diff over HTTP (issue 22, item 3): what a recipient would see change between two
 * revisions, both rendered with the same variables (given, or sample data).
 */
import { expect } from 'chai';
import { useTestServer } from '../support/server.js';

const TEMPLATE = `<mjml>
<mj-body>
<mj-section>
<mj-column>
<mj-text>Hello {{name}}, your order {{order.number}} shipped.</mj-text>
<mj-button href="https://shop.test/orders/{{order.number}}">Track it</mj-button>
<mj-image src="https://cdn.test/logo.png" alt="Shop logo" />
</mj-column>
</mj-section>
</mj-body>
</mjml>`;

const metadata = { name: 'Shipped', subject: 'Order {{order.number}} shipped' };

describe('POST /projects/:id/diff', function () {
  this.timeout(30_000);
  const t = useTestServer();
  let n = 0;

  /** A project saved with TEMPLATE, then once more with `next` (and `meta`): revisions 0 and 1. */
  async function twoRevisions(next: string, meta: Record<string, unknown> = metadata): Promise<string> {
    const id = `diff-${(n += 1)}`;
    const created = await t.server.request('POST', '/v1/projects', { body: { id, mjml: TEMPLATE, metadata } });
    expect(created.status, created.text).to.equal(201);
    const saved = await t.server.request('PUT', `/v1/projects/${id}`, { body: { mjml: next, metadata: meta } });
    expect(saved.status, saved.text).to.equal(200);
    return id;
  }

  const diff = (id: string, body: unknown) => t.server.request('POST', `/v1/projects/${id}/diff`, { body });

  it('under review, compares the published revision with the newest draft, never a publish event', async () => {
    const id = `diff-review-${(n += 1)}`;
    const variables = { name: 'Ada', order: { number: 7 } };
    expect(
      (await t.server.request('POST', '/v1/projects', { body: { id, mjml: TEMPLATE, metadata, publishing: 'review' } })).status,
    ).to.equal(201);
    const unpublished = await diff(id, { from: 'published', to: 'latest', variables });
    expect([unpublished.status, unpublished.json.code], unpublished.text).to.deep.equal([404, 'not_published']);
    expect((await t.server.request('POST', `/v1/projects/${id}/publish`)).status).to.equal(200); // stream revision 1 publishes 0
    const draft = await t.server.request('PUT', `/v1/projects/${id}`, {
      body: { mjml: TEMPLATE.replace('Hello', 'Welcome back'), metadata },
    });
    expect(draft.json.revision).to.equal(2);
    const res = await diff(id, { from: 'published', to: 'latest', variables });
    expect(res.status, res.text).to.equal(200);
    expect([res.json.from, res.json.to, res.json.visible_change]).to.deep.equal([0, 2, true]);
    expect(res.json.changes.some((c: { kind: string }) => c.kind === 'text')).to.equal(true);
  });

  it('reports a changed button URL as exactly one changed link', async () => {
    const id = await twoRevisions(TEMPLATE.replace('https://shop.test/orders/', 'https://shop.test/o/'));
    const res = await diff(id, { from: 0, to: 'latest', variables: { name: 'Ada', order: { number: 7 } } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.include({ from: 0, to: 1, visible_change: true, sample_variables: false });
    // The plain-text part shows the URL too: a change of its own kind.
    expect(res.json.changes.map((c: { kind: string }) => c.kind).filter((kind: string) => kind !== 'size')).to.deep.equal([
      'link',
      'text_part',
    ]);
    expect(res.json.changes.filter((c: { kind: string }) => c.kind === 'link')).to.deep.equal([
      {
        kind: 'link',
        change: 'changed',
        before: { href: 'https://shop.test/orders/7', text: 'Track it' },
        after: { href: 'https://shop.test/o/7', text: 'Track it' },
      },
    ]);
  });

  it('finds no visible change when the MJML is only re-indented (sample data, published → latest by default)', async () => {
    // Whitespace inside the text too, so the save is a new revision (indentation between tags alone leaves the AST as it was).
    const reindented = TEMPLATE.replace(/\n</g, '\n      <').replace('Hello {{name}}, your', '\n          Hello {{name}},\n          your');
    const id = await twoRevisions(reindented);
    const res = await diff(id, { from: 0 });
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.include({ from: 0, to: 1, visible_change: false, sample_variables: true });
    expect(res.json.changes.filter((c: { kind: string }) => c.kind !== 'size')).to.deep.equal([]);
  });

  it('reports a 20 KB block as a size change against the clipping budget, and the new text', async () => {
    const block = `<mj-text>${'Lorem ipsum dolor sit amet. '.repeat(732)}</mj-text>`;
    const id = await twoRevisions(TEMPLATE.replace('</mj-column>', `${block}</mj-column>`));
    const res = await diff(id, { from: 0, to: 1 });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.visible_change).to.equal(true);
    const size = res.json.changes.find((c: { kind: string }) => c.kind === 'size');
    expect(size).to.include({ kind: 'size', budget: 102 * 1024, clipped: false });
    expect(size.after - size.before)
      .to.equal(size.delta)
      .and.to.be.greaterThan(20_000);
    expect(res.json.changes.filter((c: { kind: string }) => c.kind === 'text')).to.have.length(1);
  });

  it('reports a subject change', async () => {
    const id = await twoRevisions(TEMPLATE, { ...metadata, subject: 'Your order {{order.number}} is on its way' });
    const res = await diff(id, { from: 0, to: 1, variables: { name: 'Ada', order: { number: 7 } } });
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.deep.include({
      visible_change: true,
      changes: [{ kind: 'subject', before: 'Order 7 shipped', after: 'Your order 7 is on its way' }],
    });
  });

  it('answers 404 revision_not_found for a revision the project does not have, and 400 for a bad body', async () => {
    const id = await twoRevisions(TEMPLATE);
    const missing = await diff(id, { from: 0, to: 9 });
    expect([missing.status, missing.json.code], missing.text).to.deep.equal([404, 'revision_not_found']);
    const bad = await diff(id, { from: 'draft' });
    expect([bad.status, bad.json.code], bad.text).to.deep.equal([400, 'invalid_request']);
    const variables = await diff(id, { variables: [1] });
    expect([variables.status, variables.json.code], variables.text).to.deep.equal([400, 'invalid_variables']);
    const project = await t.server.request('POST', '/v1/projects/nope/diff', { body: {} });
    expect([project.status, project.json.code], project.text).to.deep.equal([404, 'project_not_found']);
  });
});

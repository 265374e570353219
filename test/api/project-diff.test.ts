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

  /** A review project whose published revision 0 greets non-VIPs in an `{{else}}` the schema's sample (`vip: true`) never reaches. */
  const VIP_PAGE = (otherwise: string) =>
    `<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}.</mj-text>` +
    `<mj-text>{{#if vip}}Thanks for being a VIP.{{else}}${otherwise}{{/if}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

  async function publishedVipPage(id: string, draftMetadata: Record<string, unknown> = {}): Promise<void> {
    const created = await t.server.request('POST', '/v1/projects', {
      body: { id, mjml: VIP_PAGE('Join our VIP club.'), publishing: 'review' },
    });
    expect(created.status, created.text).to.equal(201);
    expect((await t.server.request('POST', `/v1/projects/${id}/publish`, { body: {} })).status).to.equal(200);
    const draft = await t.server.request('PUT', `/v1/projects/${id}`, {
      body: { mjml: VIP_PAGE('Join our VIP club: 10% off your next order.'), metadata: draftMetadata },
    });
    expect(draft.status, draft.text).to.equal(200);
  }

  /** `times` renders of the published revision (recorded by the publish gate) with `variables`. */
  async function traffic(id: string, times: number, variables: (i: number) => Record<string, unknown>): Promise<void> {
    for (let i = 0; i < times; i++) {
      const res = await t.server.request('POST', `/v1/templates/${id}/render`, { body: { variables: variables(i) } });
      expect(res.status, res.text).to.equal(200);
    }
  }

  it('without variables, renders the shapes recent renders sent: a change inside a branch only real payloads reach', async () => {
    const id = `diff-shapes-${(n += 1)}`;
    await publishedVipPage(id);
    // No render yet: the schema's sample, whose `vip` is true, never shows the {{else}}.
    const before = await diff(id, {});
    expect(before.status, before.text).to.equal(200);
    expect(before.json).to.include({ sample_variables: true, sample_source: 'schema', visible_change: false });
    expect(before.json).to.not.have.property('samples');

    await traffic(id, 20, (i) => ({ name: `Ada ${i}` })); // never a `vip`
    const res = await diff(id, {});
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.include({ from: 0, to: 2, sample_variables: true, sample_source: 'recorded_shapes', shapes_recorded: 1 });
    expect(res.json.visible_change).to.equal(true);
    expect(res.json.samples).to.have.length(1);
    expect(res.json.samples[0]).to.deep.include({ sample: 1, paths: { name: ['string'] }, seen: 20 });
    expect(JSON.stringify(res.json)).to.not.contain('Ada'); // a shape keeps no value
    const text = res.json.changes.filter((c: { kind: string }) => c.kind === 'text');
    expect(text).to.deep.equal([
      { kind: 'text', before: 'Join our VIP club.', after: 'Join our VIP club: 10% off your next order.', samples: [1] },
    ]);
    // Variables given: those, and no recorded shape.
    const given = await diff(id, { variables: { name: 'Ada', vip: true } });
    expect(given.json).to.include({ sample_variables: false, sample_source: 'variables', visible_change: false });
    expect(given.json).to.not.have.property('samples');
  });

  it('reports a recorded shape a revision refuses (not a 500) and compares the others; every one refused falls back to the schema', async () => {
    const id = `diff-refused-${(n += 1)}`;
    // The draft declares `name` a string: payloads sending it as a number are refused by the draft alone.
    await publishedVipPage(id, { variables: { type: 'object', properties: { name: { type: 'string' } } } });
    await traffic(id, 3, (i) => ({ name: i }));
    await traffic(id, 5, (i) => ({ name: `Ada ${i}` }));
    const res = await diff(id, {});
    expect(res.status, res.text).to.equal(200);
    expect(res.json).to.include({ sample_source: 'recorded_shapes', shapes_recorded: 2, visible_change: true });
    const [seenMost, refused] = res.json.samples;
    expect(seenMost).to.deep.include({ sample: 1, paths: { name: ['string'] }, seen: 5 });
    expect(seenMost).to.not.have.property('refused');
    expect(refused).to.deep.include({ sample: 2, paths: { name: ['integer'] }, seen: 3 });
    expect(refused.refused).to.have.length(1);
    expect(refused.refused[0]).to.include({ revision: 2, code: 'invalid_variables' });
    expect(refused.refused[0].errors[0].pointer).to.equal('/variables/name');
    expect(res.json.changes.filter((c: { kind: string }) => c.kind === 'text').map((c: { samples: number[] }) => c.samples)).to.deep.equal([
      [1],
    ]);

    const only = `diff-refused-${(n += 1)}`;
    await publishedVipPage(only, { variables: { type: 'object', properties: { name: { type: 'string' } } } });
    await traffic(only, 2, (i) => ({ name: i }));
    const fallback = await diff(only, {});
    expect(fallback.status, fallback.text).to.equal(200);
    expect(fallback.json).to.include({ sample_source: 'schema', shapes_recorded: 1, visible_change: false });
    expect(fallback.json.samples[0].refused[0]).to.include({ revision: 2, code: 'invalid_variables' });
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

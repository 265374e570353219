/**
 * The Saleor templates share a header, a footer and a head style through `mj-include` (./shared/*.mjml).
 * Saved with those files as shared partials (`{{> shared/<id>}}` where the include stood: docs/layouts.md),
 * each renders the same bytes as its include form, and a publish of the footer changes every one of them.
 */
import { expect } from 'chai';
import { corpusTemplates, SALEOR_HELPERS as helpers, describeCorpus } from '../support/corpus.js';
import { useTestServer } from '../support/server.js';

const SHARED = ['header', 'footer', 'styles'] as const;
const includeTag = (id: string) => new RegExp(`<mj-include\\s+path="\\./shared/${id}\\.mjml"\\s*/>`, 'g');
const address = (first: string) => ({
  first_name: first,
  last_name: 'Lovelace',
  street_address_1: '12 Analytical St',
  postal_code: 'N1 9GU',
  city: 'London',
  country: 'GB',
});
const orderVariables = {
  site_name: 'Tea Shop',
  order: {
    order_details_url: 'https://shop.example/orders/1042',
    billing_address: address('Ada'),
    shipping_address: address('Byron'),
    currency: 'USD',
    display_gross_prices: true,
    subtotal_net_amount: 20,
    subtotal_gross_amount: 24.6,
    shipping_price_net_amount: 5,
    shipping_price_gross_amount: 6.15,
    tax_amount: 5.75,
    total_net_amount: 25,
    total_gross_amount: 30.75,
    lines: [
      {
        variant_name: 'Loose leaf, 100 g',
        product_name: 'Assam Breakfast',
        quantity: 3,
        unit_price_net_amount: 6.5,
        unit_price_gross_amount: 8.2,
        total_net_amount: 19.5,
        total_gross_amount: 24.6,
      },
    ],
  },
};
const variables = { ...orderVariables, confirm_url: 'https://shop.example/c?a=1&b=2', order: { ...orderVariables.order, number: '1042' } };

describeCorpus('corpus: Saleor shared header/footer/styles as shared partials', function () {
  this.timeout(120_000);
  const api = useTestServer();
  const saleor = () => corpusTemplates().filter((t) => t.name.startsWith('saleor-') && includeTag('footer').test(t.source));

  it('every Saleor template using ./shared/*.mjml renders the same bytes with them as shared partials', async () => {
    const templates = saleor();
    expect(templates.length).to.be.greaterThan(10);
    const first = templates[0]!;
    for (const id of SHARED) {
      const source = first.includes[`shared/${id}.mjml`]!;
      const res = await api.server.request('POST', '/v1/partials', { body: { id, source } });
      expect(res.status, res.text).to.equal(201);
    }
    for (const t of templates) {
      const used = SHARED.filter((id) => includeTag(id).test(t.source));
      const own = Object.fromEntries(Object.entries(t.includes).filter(([path]) => !path.startsWith('shared/')));
      const asPartials = used.reduce((markup, id) => markup.replace(includeTag(id), `{{> shared/${id}}}`), t.source);
      const common = { validation: 'soft', helpers };
      const included = await api.server.request('POST', '/v1/projects', {
        body: { id: `${t.name}-inc`, mjml: t.source, includes: t.includes, ...common },
      });
      expect(included.status, `${t.name}: ${included.text}`).to.equal(201);
      const shared = await api.server.request('POST', '/v1/projects', {
        body: {
          id: `${t.name}-shared`,
          mjml: asPartials,
          ...(Object.keys(own).length > 0 ? { includes: own } : {}),
          shared_partials: used.map((id) => ({ id })),
          ...common,
        },
      });
      expect(shared.status, `${t.name}: ${shared.text}`).to.equal(201);
      const [a, b] = await Promise.all(
        [`${t.name}-inc`, `${t.name}-shared`].map((id) =>
          api.server.request('POST', `/v1/templates/${id}/render`, { body: { variables } }),
        ),
      );
      expect(a!.status, a!.text).to.equal(200);
      expect(b!.status, b!.text).to.equal(200);
      expect(b!.json.html, t.name).to.equal(a!.json.html);
      expect(b!.json.published_sha256, t.name).to.equal(a!.json.published_sha256);
      expect(b!.json.shared_partial_revisions).to.deep.equal(Object.fromEntries(used.map((id) => [id, 0])));
    }
  });

  it('one publish of the shared footer changes every template that follows it', async () => {
    const templates = saleor();
    const footer = templates[0]!.includes['shared/footer.mjml']!;
    const saved = await api.server.request('PUT', '/v1/partials/footer', { body: { source: footer.replace('Sincerely', 'Warmly') } });
    expect(saved.status, saved.text).to.equal(200);
    for (const t of templates) {
      const res = await api.server.request('POST', `/v1/templates/${t.name}-shared/render`, { body: { variables } });
      expect(res.json.shared_partial_revisions.footer, t.name).to.equal(1);
      expect(res.json.html, t.name).to.contain('Warmly, Tea Shop').and.not.contain('Sincerely');
    }
  });
});

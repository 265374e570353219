/**
 * Saleor's two order templates call helpers their application registers in code (`price`,
 * `format_address`). Declared here as the target asks (helper declarations written in the test),
 * they are created and render with every value the data gives them visible in the output.
 */
import { expect } from 'chai';
import { corpusTemplates, SALEOR_HELPERS as helpers, describeCorpus } from '../support/corpus.js';
import { useTestServer } from '../support/server.js';

const address = (first: string) => ({
  first_name: first,
  last_name: 'Lovelace',
  street_address_1: '12 Analytical St',
  postal_code: 'N1 9GU',
  city: 'London',
  country: 'GB',
});
const variables = {
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

describeCorpus('corpus: Saleor order templates with their helpers declared', function () {
  this.timeout(60_000);
  const api = useTestServer();

  for (const name of ['saleor-confirmed_order', 'saleor-staff_confirm_order']) {
    it(`${name}: created with price and format_address declared, renders every value it is given`, async () => {
      const t = corpusTemplates().find((template) => template.name === name)!;
      const created = await api.server.request('POST', '/v1/projects', {
        body: { id: name, mjml: t.source, includes: t.includes, validation: 'soft', helpers },
      });
      expect(created.status, created.text).to.equal(201);
      const rendered = await api.server.request('POST', `/v1/templates/${name}/render`, { body: { variables } });
      expect(rendered.status, rendered.text).to.equal(200);
      const html: string = rendered.json.html;
      for (const shown of [
        '$24.60',
        '$6.15',
        '$5.75',
        '$30.75',
        '$8.20',
        'Assam Breakfast',
        'Loose leaf, 100 g',
        'Ada Lovelace<br>12 Analytical St<br>N1 9GU London<br>GB',
        'Byron Lovelace',
      ]) {
        expect(html, shown).to.include(shown);
      }
      expect(html).to.include('https://shop.example/orders/1042');
      expect(html).not.to.include('{{');
    });
  }
});

import { expect } from 'chai';
import { publishedRevision, sampleVariables } from '../../src/application/render/index.js';
import type { ProjectView } from '../../src/application/read/index.js';

const view = (publishedHtml: string, metadata: Record<string, unknown> = {}, partials: Record<string, string> = {}): ProjectView =>
  ({ publishedHtml, metadata, partials, helpers: {} }) as unknown as ProjectView;

describe('RevisionDiff helpers', () => {
  it('samples what either revision reads: body, partials, subject and preheader', () => {
    const sample = sampleVariables([
      view('<p>{{name}}</p>{{> footer}}', { subject: 'Order {{order.number}}' }, { footer: '{{shop.name}}' }),
      view('<p>{{name}}</p>{{#each items}}{{title}}{{/each}}', { preheader: '{{teaser}}' }),
    ]);
    expect(sample).to.deep.equal({
      name: 'name',
      order: { number: 'order.number' },
      shop: { name: 'shop.name' },
      items: [{ title: 'items[0].title' }, { title: 'items[1].title' }],
      teaser: 'teaser',
    });
  });

  it('types the sample by the declared schema of the newer revision that has one', () => {
    const declared = { type: 'object', properties: { total: { type: 'number' } } };
    const sample = sampleVariables([view('{{total}}'), view('{{total}}', { variables: declared })]);
    expect(sample['total']).to.be.a('number');
  });

  it('"published" is the current revision while every save publishes', () => {
    expect(publishedRevision({ revision: 4 })).to.equal(4);
  });
});

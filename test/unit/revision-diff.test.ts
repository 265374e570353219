import { expect } from 'chai';
import { diffRevisions, sampleVariables } from '../../src/application/render/index.js';
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

  it('"published" is the revision renders use, "latest" the newest save (never a publish event)', async () => {
    const ref = { workspace: 'w', projectId: 'p' };
    // review: saves 0 and 2 are drafts, the publish at stream revision 3 published 0
    const queries = { publishedAt: async () => ({ publishedRevision: 0, templateRevision: 2 }) };
    expect(await diffRevisions(queries, ref, { revision: 3 }, { from: 'published', to: 'latest' })).to.deep.equal({ from: 0, to: 2 });
    expect(await diffRevisions(queries, ref, { revision: 3 }, { from: 1, to: 2 })).to.deep.equal({ from: 1, to: 2 });
    const never = { publishedAt: async () => ({ publishedRevision: null, templateRevision: 0 }) };
    let code: unknown;
    try {
      await diffRevisions(never, ref, { revision: 0 }, { from: 'published', to: 'latest' });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).to.equal('not_published');
  });
});

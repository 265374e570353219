/**
 * The render pipeline renders the text part only when the answer carries it (issue 24): a JSON answer by
 * default; never with `includeText: false`, never for the `text` encoding (`Accept: text/html`). Observed on a
 * real revision (compiled in the compile pool) whose compiled text template is wrapped to count its runs:
 * the wrapper renders exactly what the template renders.
 */
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { compilePath } from '../../src/wiring.js';
import { CompilePool, type CompiledTemplate } from '../../src/rendering/index.js';
import { TemplateRenderer, type RenderRequest, type RevisionLoader } from '../../src/application/render/index.js';
import { publishedTemplateView } from '../../src/domain/published-template.js';
import type { ProjectQueries, ProjectView } from '../../src/application/read/index.js';

const MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}, <a href="{{url}}">your order</a>.</mj-text></mj-column></mj-section></mj-body></mjml>';

describe('Render pipeline: the text part only when the answer carries it', function () {
  this.timeout(60_000);
  let pool: CompilePool;
  let renderer: TemplateRenderer;
  let view: ProjectView;
  let textRuns = 0;
  const ref = { workspace: 'default', projectId: 'text-part' };
  const request = (extra: Partial<RenderRequest>): RenderRequest => ({
    variables: { name: 'Ada', url: 'https://shop.example/o/1' },
    format: 'html',
    revision: 1,
    view,
    ...extra,
  });

  before(async () => {
    const config = loadConfig({ STORE: 'sqlite' });
    pool = new CompilePool({ timeoutMs: config.compileTimeoutMs, maxQueue: config.compileQueueMax, threads: 1 });
    const { templates, loader } = compilePath(config, pool);
    const prepared = await templates.prepare({ mjml: MJML }, 'soft');
    const now = new Date().toISOString();
    view = {
      ...ref,
      revision: 1,
      createdAt: now,
      updatedAt: now,
      metadata: { subject: 'Order for {{name}}' },
      publishing: { mode: 'on_save', publishedRevision: 1, publishedAt: now, unpublishedChanges: false },
      ...publishedTemplateView(prepared.template),
    };
    // The real loader; its compiled text template counted as it runs.
    const counting: RevisionLoader = {
      load: async (...args) => {
        const loaded = await loader.load(...args);
        const text = loaded.parts?.text;
        if (!loaded.parts || !text) return loaded;
        const counted: CompiledTemplate = (context, options) => {
          textRuns += 1;
          return text(context, options);
        };
        return { ...loaded, parts: { ...loaded.parts, text: counted } };
      },
      variables: (...args) => loader.variables(...args),
      compileMjml: (mjml) => loader.compileMjml(mjml),
    };
    const queries = { getProjectAt: async () => view } as unknown as ProjectQueries;
    renderer = new TemplateRenderer(queries, counting, { maxBytes: 1 << 24, limits: config.renderLimits }, { current: async () => 1 });
  });

  after(() => pool.close());

  it('renders it for a JSON answer by default, and not with includeText: false; all else the same', async () => {
    await renderer.render(ref, request({ encoding: 'json' })); // compiled: both renders below are cache hits
    const before = textRuns;
    const full = await renderer.render(ref, request({ encoding: 'json' }));
    expect(textRuns).to.equal(before + 1);
    expect(full.parts.text).to.equal('Hello Ada, your order [https://shop.example/o/1].');
    const without = await renderer.render(ref, request({ encoding: 'json', includeText: false }));
    expect(textRuns).to.equal(before + 1);
    expect(without.parts.text).to.equal(null);
    expect({ ...without, parts: { ...without.parts, text: full.parts.text } }).to.deep.equal(full);
  });

  it('never renders it for the text encoding (Accept: text/html)', async () => {
    const before = textRuns;
    const html = await renderer.render(ref, request({ encoding: 'text' }));
    expect(html.body).to.include('Hello Ada');
    expect(html.parts.text).to.equal(null);
    expect(textRuns).to.equal(before);
  });
});

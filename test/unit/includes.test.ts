import { expect } from 'chai';
import { includeFilesFrom, normalizeIncludePath, parseWithIncludes } from '../../src/rendering/mjml/includes.js';
import { toMjmlAst } from '../../src/rendering/mjml/markup.js';
import { TemplateError } from '../../src/rendering/index.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as TemplateError).code;
  }
  return 'no error';
};

describe('in-memory mj-include', () => {
  it('normalises keys: ./a.mjml and a.mjml are one key; nested paths resolve from the including file', () => {
    expect(normalizeIncludePath('./a.mjml')).to.equal('a.mjml');
    expect(normalizeIncludePath('./style.css', 'partials')).to.equal('partials/style.css');
    expect(normalizeIncludePath('../shared/x.mjml', 'partials')).to.equal('shared/x.mjml');
    for (const bad of ['/etc/passwd', '../x.mjml', '%2e%2e/x', 'C:\\x', 'a\u0000b'])
      expect(codeOf(() => normalizeIncludePath(bad))).to.equal('invalid_include_path');
  });

  it('splices body fragments in place, merges head fragments into mj-head, appends css as mj-style', () => {
    const files = includeFilesFrom({
      'parts/row.mjml': '<mj-section><mj-column><mj-include path="./cell.mjml" /></mj-column></mj-section>',
      'parts/cell.mjml': '<mj-text>cell {{x}}</mj-text>',
      'head.mjml': '<mjml><mj-head><mj-title>T</mj-title></mj-head><mj-body></mj-body></mjml>',
      'a.css': '.a { color: red; }',
    });
    const { tree } = parseWithIncludes(
      '<mjml><mj-head><mj-preview>P</mj-preview></mj-head><mj-body><mj-include path="parts/row.mjml" /><mj-include path="head.mjml" /><mj-include path="a.css" type="css" css-inline="inline" /></mj-body></mjml>',
      files,
    );
    expect(toMjmlAst(tree)).to.deep.equal({
      tagName: 'mjml',
      attributes: {},
      children: [
        {
          tagName: 'mj-head',
          attributes: {},
          children: [
            { tagName: 'mj-preview', attributes: {}, content: 'P' },
            { tagName: 'mj-title', attributes: {}, content: 'T' },
            { tagName: 'mj-style', attributes: { inline: 'inline' }, content: '.a { color: red; }' },
          ],
        },
        {
          tagName: 'mj-body',
          attributes: {},
          children: [
            {
              tagName: 'mj-section',
              attributes: {},
              children: [
                { tagName: 'mj-column', attributes: {}, children: [{ tagName: 'mj-text', attributes: {}, content: 'cell {{x}}' }] },
              ],
            },
          ],
        },
      ],
    });
  });

  it('refuses a missing include and a cycle, naming the files', () => {
    expect(codeOf(() => parseWithIncludes('<mjml><mj-body><mj-include path="x.mjml" /></mj-body></mjml>', includeFilesFrom({})))).to.equal(
      'include_not_found',
    );
    const cyclic = includeFilesFrom({ 'a.mjml': '<mj-include path="b.mjml" />', 'b.mjml': '<mj-include path="a.mjml" />' });
    try {
      parseWithIncludes('<mjml><mj-body><mj-include path="a.mjml" /></mj-body></mjml>', cyclic);
      expect.fail('expected include_cycle');
    } catch (error) {
      expect((error as TemplateError).code).to.equal('include_cycle');
      expect((error as TemplateError).message).to.include('a.mjml → b.mjml → a.mjml');
    }
  });

  it('reports the file and line of nodes from included files', () => {
    const { tree } = parseWithIncludes(
      '<mjml><mj-body>\n<mj-include path="f.mjml" /></mj-body></mjml>',
      includeFilesFrom({ 'f.mjml': '\n\n<mj-section></mj-section>' }),
    );
    const section = tree.children![0]!.children![0]!;
    expect([section.tagName, section.file, section.line]).to.deep.equal(['mj-section', 'f.mjml', 3]);
  });
});

import { expect } from 'chai';
import type { MjmlNode } from '../../src/domain/mjml-ast.js';
import { createRequire } from 'node:module';
import { findStructuralText } from '../../src/rendering/mjml/ast-checks.js';
import { includeFilesFrom, parseWithIncludes } from '../../src/rendering/mjml/includes.js';
import { toMjmlAst, toMjmlMarkup } from '../../src/rendering/mjml/markup.js';
import { mjml2html, parseMjmlMarkup } from '../../src/rendering/mjml/runtime.js';
import { corpusTemplates, describeCorpus } from '../support/corpus.js';

const require = createRequire(import.meta.url);
const parseFromDisk = require('mjml-parser-xml');
const { components } = require('mjml-core');
/** carousel and navbar put random hex ids in their output */
/** mjml-parser-xml trims the content of ending tags, so markup cannot carry its outer whitespace. */
const trimContent = (node: MjmlNode): MjmlNode => {
  const out: MjmlNode = { ...node };
  if (out.content !== undefined) out.content = out.content.trim();
  if (out.children) out.children = out.children.map(trimContent);
  return out;
};
const normaliseIds = (html: string) => html.replace(/\b[0-9a-f]{16}\b/g, 'ID');

describeCorpus('corpus: MJML import with in-memory includes', () => {
  for (const t of corpusTemplates()) {
    if (!t.source.trimStart().startsWith('<mjml')) continue; // Handlebars-first programs have no MJML tree
    it(`${t.name}: same tree and HTML as mjml reading includes from disk`, async () => {
      const disk = parseFromDisk(t.source, { keepComments: true, components, filePath: t.file, ignoreIncludes: false });
      const { tree } = parseWithIncludes(t.source, includeFilesFrom(t.includes));
      expect(toMjmlAst(tree)).to.deep.equal(toMjmlAst(disk));
      const ours = await mjml2html(tree, { validationLevel: 'soft' });
      const reference = await mjml2html(t.source, { filePath: t.file, ignoreIncludes: false, validationLevel: 'soft' });
      expect(normaliseIds(ours.html)).to.equal(normaliseIds(reference.html));
    });
    it(`${t.name}: AST → MJML → AST round trip (up to MJML's trimming of ending-tag content)`, () => {
      const { tree } = parseWithIncludes(t.source, includeFilesFrom(t.includes));
      for (const stray of findStructuralText(tree)) delete stray.node.content; // never stored: refused or dropped on import
      const ast = toMjmlAst(tree);
      expect(toMjmlAst(parseMjmlMarkup(toMjmlMarkup(ast), ''))).to.deep.equal(trimContent(ast));
    });
  }
});

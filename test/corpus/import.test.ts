import { expect } from 'chai';
import { createRequire } from 'node:module';
import { includeFilesFrom, parseWithIncludes } from '../../src/rendering/includes.js';
import { toMjmlAst, toMjmlMarkup } from '../../src/rendering/mjml-markup.js';
import { mjml2html, parseMjmlMarkup } from '../../src/rendering/mjml-runtime.js';
import { corpusTemplates } from '../support/corpus.js';

const require = createRequire(import.meta.url);
const parseFromDisk = require('mjml-parser-xml');
const { components } = require('mjml-core');
/** carousel and navbar put random hex ids in their output */
const normaliseIds = (html: string) => html.replace(/\b[0-9a-f]{16}\b/g, 'ID');

describe('corpus: MJML import with in-memory includes', () => {
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
    it(`${t.name}: AST → MJML → AST round trip`, () => {
      const ast = toMjmlAst(parseWithIncludes(t.source, includeFilesFrom(t.includes)).tree);
      expect(toMjmlAst(parseMjmlMarkup(toMjmlMarkup(ast), ''))).to.deep.equal(ast);
    });
  }
});

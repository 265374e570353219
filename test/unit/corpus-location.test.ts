/**
 * Where the suites that need the real-template corpus look for it (test/support/corpus.ts): LETTERPRESS_CORPUS
 * first, then ../shared/corpus; without it, one line saying how to get it. A fresh clone has no corpus, so
 * `npm test` must skip those suites rather than fail (issue 20, item 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { SHARED_CORPUS_DIR, corpusAbsentLine, corpusDir, holdsCorpus } from '../support/corpus.js';

describe('corpus location', () => {
  it('is LETTERPRESS_CORPUS when set, resolved against the working directory', () => {
    expect(corpusDir({ LETTERPRESS_CORPUS: '/somewhere/corpus' })).to.equal('/somewhere/corpus');
    expect(corpusDir({ LETTERPRESS_CORPUS: 'rel/corpus' })).to.equal(resolve('rel/corpus'));
  });

  it('is ../shared/corpus beside the checkout when LETTERPRESS_CORPUS is unset or blank', () => {
    expect(SHARED_CORPUS_DIR).to.equal(resolve(import.meta.dirname, '../../../shared/corpus'));
    expect(corpusDir({})).to.equal(SHARED_CORPUS_DIR);
    expect(corpusDir({ LETTERPRESS_CORPUS: '  ' })).to.equal(SHARED_CORPUS_DIR);
  });

  it('is found by its MANIFEST.md, and an empty directory is not a corpus', () => {
    const empty = mkdtempSync(join(tmpdir(), 'lp-no-corpus-'));
    try {
      expect(holdsCorpus(empty)).to.equal(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('when absent, says in one line where it looked and how to get it', () => {
    const line = corpusAbsentLine('/x/corpus', { LETTERPRESS_CORPUS: '/x/corpus' });
    expect(line).to.not.include('\n');
    expect(line).to.include('LETTERPRESS_CORPUS=/x/corpus');
    expect(line).to.include('npm run corpus:fetch');
    expect(line).to.include('docs/testing.md');
    expect(corpusAbsentLine('/y/shared/corpus', {})).to.include('at /y/shared/corpus;');
  });
});

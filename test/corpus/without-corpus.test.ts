/**
 * A fresh clone has no corpus beside it: a suite that needs it must pass with one pending line saying where
 * it looked and how to get it, not fail at load time (issue 20, item 3). Spawns mocha, so it lives here
 * rather than in the unit tier.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';

describe('corpus suites without the corpus', () => {
  it('a corpus suite run without the corpus passes with one pending line naming LETTERPRESS_CORPUS', function () {
    this.timeout(60_000);
    const nowhere = mkdtempSync(join(tmpdir(), 'lp-no-corpus-'));
    try {
      const run = spawnSync(process.execPath, ['node_modules/mocha/bin/mocha.js', 'test/corpus/variables.test.ts'], {
        env: { ...process.env, LETTERPRESS_CORPUS: nowhere },
        encoding: 'utf8',
        timeout: 50_000,
      });
      expect(run.status, run.stderr + run.stdout).to.equal(0);
      expect(run.stdout).to.match(/0 passing[\s\S]*1 pending/);
      expect(run.stdout).to.include(`no template corpus (MANIFEST.md) at LETTERPRESS_CORPUS=${nowhere}`);
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});

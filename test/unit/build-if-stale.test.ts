/**
 * `npm start`'s prestart builds only when dist/ is older than a compiled input (scripts/build-if-stale.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { buildIfStale, buildState, STAMP, writeStamp } from '../../scripts/build-if-stale.js';

const HOUR = 3_600_000;

describe('build-if-stale: prestart skips tsc when dist/ is current', function () {
  this.timeout(60_000);
  let root: string;
  const file = (path: string, text: string, mtimeMs = Date.now() - 2 * HOUR) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), mtimeMs / 1000, mtimeMs / 1000);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'letterpress-build-'));
    file('tsconfig.json', JSON.stringify({ include: ['src', 'test'] }));
    file('src/a.ts', 'export const a = 1;\n');
    file('test/b.test.ts', '');
    file('node_modules/typescript/package.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no stamp (never built, or the last build failed)', () => {
    expect(buildState(root)).to.deep.include({ current: false });
    expect(buildState(root).reason).to.include(STAMP);
  });

  it('is current when no input is newer than the stamp', () => {
    mkdirSync(join(root, 'dist'));
    writeStamp(root, Date.now() - HOUR);
    expect(buildState(root)).to.deep.include({ current: true });
  });

  for (const [changed, path] of [
    ['a source file', 'src/a.ts'],
    ['a test file (tsconfig includes it)', 'test/b.test.ts'],
    ['tsconfig.json', 'tsconfig.json'],
    ['the compiler (another version may emit differently)', 'node_modules/typescript/package.json'],
    ['a new JSON file under an included folder', 'src/data.json'],
  ] as const) {
    it(`builds again when ${changed} changed after the build began, and names it`, () => {
      mkdirSync(join(root, 'dist'));
      writeStamp(root, Date.now() - HOUR);
      file(path, '{}', Date.now() - HOUR + 1000);
      expect(buildState(root)).to.deep.equal({ current: false, reason: `${path} changed since the last build` });
    });
  }

  it('ignores what tsc does not compile: other file types, dot folders, folders outside include', () => {
    mkdirSync(join(root, 'dist'));
    writeStamp(root, Date.now() - HOUR);
    file('src/template.mjml', '<mjml/>', Date.now());
    file('src/.cache/x.ts', '', Date.now());
    file('docs/x.ts', '', Date.now());
    expect(buildState(root)).to.deep.include({ current: true });
  });

  it('stamps only a build that succeeded, dated when it began', () => {
    const lines: string[] = [];
    file('package.json', JSON.stringify({ scripts: { build: 'node -e "process.exit(2)"' } }));
    expect(buildIfStale(root, (line) => lines.push(line))).to.equal(2);
    expect(buildState(root).current).to.equal(false);

    file('package.json', JSON.stringify({ scripts: { build: `node -e "require('fs').mkdirSync('dist')"` } }));
    const before = Date.now();
    expect(buildIfStale(root, (line) => lines.push(line))).to.equal(0);
    expect(buildState(root).current).to.equal(true);
    expect(buildIfStale(root, (line) => lines.push(line))).to.equal(0);
    expect(lines.at(-1)).to.match(/^dist\/ is current .*; not rebuilding/);
    // Dated at the build's start, not its end: a file saved during the build makes the next start build again.
    const stamped = statSync(join(root, STAMP)).mtimeMs;
    expect(stamped).to.be.within(before - 1, Date.now()); // utimes may round down a fraction of a ms
    expect(readFileSync(join(root, STAMP), 'utf8')).to.match(/^\d{4}-.*Z\n$/);
    file('src/a.ts', 'export const a = 2;\n', stamped + 5);
    expect(buildState(root).current).to.equal(false);
  });
});

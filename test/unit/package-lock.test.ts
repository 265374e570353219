/**
 * package-lock.json agrees with package.json, so `npm install` on a fresh clone has nothing to rewrite
 * (issue 20, item 3). The root entry of the lockfile (`packages[""]`, lockfile v3, see
 * https://docs.npmjs.com/cli/v11/configuring-npm/package-lock-json) repeats the manifest's dependency
 * ranges: a dependency added to package.json without running `npm install` shows here.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';

type Manifest = Record<string, unknown>;
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Manifest;

/** The fields npm copies from package.json into the lockfile's root entry. */
const ROOT_FIELDS = [
  'name',
  'version',
  'license',
  'bin',
  'engines',
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
];

describe('package-lock.json', () => {
  const manifest = read('package.json');
  const lock = read('package-lock.json');

  it('is a lockfile v3 for this package', () => {
    expect(lock.lockfileVersion).to.equal(3);
    expect(lock.name).to.equal(manifest.name);
    expect(lock.version).to.equal(manifest.version);
  });

  it('has a root entry that repeats package.json (run `npm install` after editing dependencies)', () => {
    const root = (lock.packages as Record<string, Manifest>)[''] ?? {};
    const pick = (from: Manifest) => Object.fromEntries(ROOT_FIELDS.filter((f) => from[f] !== undefined).map((f) => [f, from[f]]));
    expect(pick(root)).to.deep.equal(pick(manifest));
  });

  it('has an entry for every direct dependency', () => {
    const packages = lock.packages as Record<string, Manifest>;
    const direct = Object.keys({ ...(manifest.dependencies as object), ...(manifest.devDependencies as object) });
    expect(direct.filter((name) => !packages[`node_modules/${name}`])).to.deep.equal([]);
  });

  it('names the npm that writes it: npm 10 and 11 write different lockfiles from the same tree', () => {
    // npm 10 drops npm 11's `libc` fields and flags the optional children of a devOptional package `dev`,
    // so a fresh `npm install` with npm 10 rewrites this file. devEngines makes npm >= 10.9 say so (a warning:
    // refusing would stop `npm install && npm start` on Node 22; docs/testing.md).
    expect(manifest.devEngines).to.deep.equal({ packageManager: { name: 'npm', version: '>=11.0.0', onFail: 'warn' } });
  });
});

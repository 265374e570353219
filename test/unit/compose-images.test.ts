/**
 * Issue 18, K8: the compose stack runs the servers it names, not whatever a registry serves today. Every
 * image in docker-compose.yml carries an explicit tag that is not `latest`, KurrentDB's comes from its LTS
 * channel (`kurrent-lts`, not `kurrent-latest`), and docs/operations.md says who KURRENTDB_URL must authenticate as.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const images = [...readFileSync(join(root, 'docker-compose.yml'), 'utf8').matchAll(/^\s*image:\s*["']?([^\s"'#]+)/gm)].map((m) => m[1]!);

describe('docker-compose.yml images (K8)', () => {
  it('names each image with an explicit tag other than latest', () => {
    expect(images.length).to.be.greaterThan(0);
    for (const image of images) {
      const tag = /:([^/:]+)$/.exec(image)?.[1];
      expect(tag, `${image} has no tag`).to.be.a('string');
      expect(tag, image).not.to.equal('latest');
      expect(image, image).not.to.match(/-latest\//);
    }
  });

  it('takes KurrentDB from its LTS channel at a full version, and docs/operations.md names the $all permissions', () => {
    const kurrent = images.find((image) => image.includes('kurrentdb'));
    expect(kurrent).to.match(/\/kurrent-lts\/kurrentdb:\d+\.\d+\.\d+$/);
    const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    expect(operations).to.match(/`KURRENTDB_URL` must be allowed to read `\$all`/);
  });
});

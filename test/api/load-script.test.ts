/**
 * Smoke test of `npm run load` (scripts/load.ts): a 2-second run over 5 projects finishes with exit code 0
 * and its report (per-kind rows, the acknowledged-versus-found line, the store check). The full run is not
 * in CI; this keeps the script from rotting.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

describe('npm run load (smoke: 2 s, 5 projects)', function () {
  this.timeout(180_000);

  it('runs the mix, finds every acknowledged save and exits 0', async () => {
    const cwd = fileURLToPath(new URL('../../', import.meta.url));
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/load.ts', '--duration', '2s', '--projects', '5', '--connections', '4'],
        { cwd, env: { ...process.env, COMPILE_THREADS: '1' } },
        (_error, out, err) => resolve({ code: child.exitCode, stdout: out, stderr: err }),
      );
    });
    expect(code, `stdout:\n${stdout}\nstderr:\n${stderr}`).to.equal(0);
    for (const kind of ['render-cached', 'render-varied', 'save', 'read', 'list', 'key-invalid', 'key-revoked'])
      expect(stdout).to.match(new RegExp(`^${kind} `, 'm'));
    const [, acknowledged, found] =
      /Acknowledged saves \(creates included\): (\d+); found at their revision with their content: (\d+)\./.exec(stdout) ?? [];
    expect(Number(acknowledged)).to.be.at.least(5);
    expect(found).to.equal(acknowledged);
    expect(stdout).to.match(/no gap: true; \d+ read-model documents, equal to the fold: true\./);
  });
});

/**
 * Spectral and Redocly lint, run in process on an OpenAPI document (no network: the rulesets are the
 * packages' own, the document is passed as a string). The rulesets are scripts/lint/spectral-ruleset.ts
 * and scripts/lint/redocly.yaml. Used by test/api/openapi-lint.test.ts and scripts/openapi-lint.ts.
 */
import { fileURLToPath } from 'node:url';
import { Spectral } from '@stoplight/spectral-core';
import { createConfig, lintFromString, loadConfig } from '@redocly/openapi-core';
import { ruleset } from '../lint/spectral-ruleset.js';

/** One finding of either tool. */
export interface LintFinding {
  tool: 'spectral' | 'redocly';
  severity: 'error' | 'warn' | 'info' | 'hint';
  rule: string;
  message: string;
  path: string;
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'] as const;

/** Spectral's findings on `doc` with `spectral:oas` + OWASP as scripts/lint/spectral-ruleset.ts configures them (`bare`: every rule on). */
export async function spectralLint(doc: object, bare = false): Promise<LintFinding[]> {
  const spectral = new Spectral();
  spectral.setRuleset((bare ? { extends: ruleset.extends } : ruleset) as unknown as Parameters<Spectral['setRuleset']>[0]);
  const results = await spectral.run(JSON.stringify(doc, null, 1));
  return results.map((r) => ({
    tool: 'spectral',
    severity: SPECTRAL_SEVERITY[r.severity] ?? 'error',
    rule: String(r.code),
    message: r.message,
    path: r.path.join('.'),
  }));
}

/** Redocly's findings on `doc`: the recommended ruleset as scripts/lint/redocly.yaml configures it (`bare`: the ruleset alone). */
export async function redoclyLint(doc: object, bare = false): Promise<LintFinding[]> {
  const configPath = fileURLToPath(new URL('../lint/redocly.yaml', import.meta.url));
  const config = bare ? await createConfig({ extends: ['recommended'] }) : await loadConfig({ configPath });
  const problems = await lintFromString({ source: JSON.stringify(doc, null, 1), absoluteRef: '/openapi.json', config });
  return problems.map((p) => ({
    tool: 'redocly',
    severity: p.severity === 'error' ? 'error' : 'warn',
    rule: p.ruleId,
    message: p.message,
    path: p.location[0]?.pointer ?? '',
  }));
}

/** Counts by tool and severity, e.g. `{ spectral: { error: 1, warn: 30 }, redocly: { … } }`. */
export function countFindings(findings: LintFinding[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const f of findings) {
    const byTool = (out[f.tool] ??= {});
    byTool[f.severity] = (byTool[f.severity] ?? 0) + 1;
  }
  return out;
}

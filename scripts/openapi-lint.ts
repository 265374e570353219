/**
 * `npm run openapi:lint [file.json]`: Spectral (`spectral:oas` + OWASP, scripts/lint/spectral-ruleset.ts) and
 * Redocly (recommended, scripts/lint/redocly.yaml) on the OpenAPI document this code serves, or on a saved
 * one; prints the counts by tool and severity, then each finding. Exit 1 when either finds an error.
 * `--bare` lints with every rule on (no rule turned off): the counts the rulesets' own defaults give.
 */
import { readFileSync } from 'node:fs';
import { openApiDocument } from '../src/http/openapi-document.js';
import { countFindings, redoclyLint, spectralLint } from './support/openapi-lint.js';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error; // piped into head: stop quietly
});
const args = process.argv.slice(2);
const bare = args.includes('--bare');
const file = args.find((arg) => !arg.startsWith('--'));
const doc = file ? (JSON.parse(readFileSync(file, 'utf8')) as object) : openApiDocument(['/v1', '/api/v1']);
const findings = [...(await spectralLint(doc, bare)), ...(await redoclyLint(doc, bare))];
console.log(JSON.stringify(countFindings(findings)));
const byRule = new Map<string, number>();
for (const f of findings) byRule.set(`${f.tool} ${f.severity} ${f.rule}`, (byRule.get(`${f.tool} ${f.severity} ${f.rule}`) ?? 0) + 1);
for (const [rule, count] of [...byRule].sort()) console.log(`${String(count).padStart(6)}  ${rule}`);
for (const f of findings) if (f.severity === 'error') console.log(`${f.tool} ${f.rule} ${f.path}: ${f.message}`);
process.exitCode = findings.some((f) => f.severity === 'error') ? 1 : 0;

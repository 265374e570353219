/**
 * The served OpenAPI document as the tools users point at it see it: Spectral (`spectral:oas` + the OWASP
 * API Security ruleset, scripts/lint/spectral-ruleset.ts) and Redocly lint (recommended,
 * scripts/lint/redocly.yaml) find no error; every operation has an operationId (camelCase, unique), a
 * summary, a description and examples; every pattern is portable (ECMAScript with and without `u`, Python's
 * `re`). Both linters run in process, offline (scripts/support/openapi-lint.ts).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { redoclyLint, spectralLint, type LintFinding } from '../../scripts/support/openapi-lint.js';
import { useTestServer } from '../support/server.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<{ $ref?: string; in?: string; example?: unknown }>;
  requestBody?: { content: Record<string, { examples?: object }> };
  responses: Record<string, { content?: Record<string, { examples?: object }> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation | unknown[]>>;
  components: { parameters: Record<string, { in: string; example?: unknown }> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A finding as one line for a failure message. */
const line = (f: LintFinding) => `${f.tool} ${f.rule} at ${f.path}: ${f.message}`;

describe('OpenAPI document: what Spectral, Redocly and code generators see', function () {
  this.timeout(120_000);
  const t = useTestServer();
  let doc: Doc;
  const operations: Array<[string, Operation]> = [];

  before(async () => {
    doc = (await t.server.request('GET', '/v1/openapi.json', { key: null })).json as Doc;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) if (item[method]) operations.push([`${method.toUpperCase()} ${path}`, item[method] as Operation]);
    }
  });

  it('Spectral (spectral:oas + OWASP) finds no error', async () => {
    const errors = (await spectralLint(doc)).filter((f) => f.severity === 'error');
    expect(errors.map(line)).to.deep.equal([]);
  });

  it('Redocly lint (recommended) finds no error', async () => {
    const errors = (await redoclyLint(doc)).filter((f) => f.severity === 'error');
    expect(errors.map(line)).to.deep.equal([]);
  });

  it('has 47 operations, each with a unique camelCase operationId, a summary, a description and examples', () => {
    expect(operations.length).to.equal(47);
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id ?? ''))).to.deep.equal([]);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const [name, op] of operations) {
      expect(op.summary, `${name} summary`).to.be.a('string').and.not.equal('');
      expect(op.description, `${name} description`).to.be.a('string').and.not.equal('');
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        expect(media.examples, `${name} request ${type} example`).to.not.equal(undefined);
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {}))
          expect(media.examples, `${name} ${status} ${type} example`).to.not.equal(undefined);
      }
    }
  });

  it('lists every operationId in docs/api.md, with its method and path', () => {
    const guide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const listed = [...guide.matchAll(/`([a-z][A-Za-z]+)` \| ([A-Z]+) `([^`]+)`/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
    const served = operations.map(([name, op]) => `${op.operationId} ${name}`).sort();
    expect(listed).to.deep.equal(served);
  });

  it('gives every path parameter an example, and media type keys without parameters', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const shared = (item['parameters'] ?? []) as Array<{ $ref?: string }>;
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = shared.map((p) => doc.components.parameters[p.$ref!.split('/').pop()!]!).filter((p) => p.in === 'path');
      expect(declared.length, path).to.equal(names.length);
      for (const parameter of declared) expect(parameter.example, path).to.not.equal(undefined);
    }
    const types = JSON.stringify(doc).match(/"[a-z]+\/[a-z0-9.+-]+;[^"]*":/g) ?? [];
    expect(types).to.deep.equal([]);
  });

  it('has only portable patterns: ECMAScript with and without the u flag, and Python re', function () {
    const patterns = [...new Set(collectPatterns(doc))];
    expect(patterns.length).to.be.at.least(5);
    for (const pattern of patterns) {
      expect(() => new RegExp(pattern), pattern).to.not.throw();
      expect(() => new RegExp(pattern, 'u'), pattern).to.not.throw();
    }
    const python = spawnSync('python3', ['-c', 'import json, re, sys\nfor p in json.load(sys.stdin): re.compile(p)\nprint("ok")'], {
      input: JSON.stringify(patterns),
      encoding: 'utf8',
    });
    if (python.error) {
      // no Python on this machine: the ECMAScript check above still ran
      console.log(`      (Python re check skipped: python3 could not be run: ${python.error.message})`);
      this.skip();
    }
    expect(python.stdout.trim(), python.stderr).to.equal('ok');
  });
});

/** Every `pattern` string in the document. */
function collectPatterns(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(collectPatterns);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'pattern' && typeof value === 'string' ? [value] : collectPatterns(value),
  );
}

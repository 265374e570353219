/**
 * The status table (src/http/problem-statuses.ts) is the only place a coded error gets its HTTP status: every
 * code any coded error can carry has a rule, the table holds no code nothing throws, every `CodedError`
 * subclass in src/ is walked here (so a new one cannot ship unmapped), an unknown code is an opaque 500, and
 * docs/errors.md gives each code the table's status.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { KEY_MANAGEMENT_CODES, KeyManagementError } from '../../src/application/keys/api-key-admin.js';
import { AUTH_FAILURES, AuthError } from '../../src/application/keys/api-keys.js';
import { DependencyUnavailableError } from '../../src/application/ports/errors.js';
import { RenderError } from '../../src/application/render/render-template.js';
import { RevisionNotYetVisibleError } from '../../src/application/render/render-revisions.js';
import { InvalidVariablesError } from '../../src/application/render/render-variables.js';
import { BreakingVariableChangeError } from '../../src/application/render/publish-gate.js';
import { CodedError, DOMAIN_ERROR_CODES, DomainError } from '../../src/domain/errors.js';
import { toProblem } from '../../src/http/problem.js';
import { PROBLEM_RULES, problemRule } from '../../src/http/problem-statuses.js';
import { CompileQueueFullError, RenderLimitError } from '../../src/rendering/index.js';
import { TEMPLATE_ERROR_CODES, TemplateError } from '../../src/rendering/template-error.js';
import { PolicyViolationError } from '../../src/application/policy/index.js';

/** One instance of every code of every coded error class, by class name. */
const THROWN: Record<string, CodedError[]> = {
  DomainError: DOMAIN_ERROR_CODES.map((code) => new DomainError(code, `a ${code}`)),
  TemplateError: TEMPLATE_ERROR_CODES.map((code) => new TemplateError(code, `a ${code}`)),
  AuthError: AUTH_FAILURES.map((code) => new AuthError(code, `a ${code}`)),
  KeyManagementError: KEY_MANAGEMENT_CODES.map((code) => new KeyManagementError(code, `a ${code}`)),
  RenderError: [new RenderError('Handlebars threw')],
  InvalidVariablesError: [new InvalidVariablesError([{ pointer: '/variables/name', rule: 'type', message: 'must be a string' }])],
  RenderLimitError: [new RenderLimitError('RENDER_MAX_BYTES', 1000)],
  RevisionNotYetVisibleError: [new RevisionNotYetVisibleError('p', 3, 2, 500)],
  BreakingVariableChangeError: [
    new BreakingVariableChangeError('p', 2, [{ path: 'order.total', change: 'newly_required', keyIds: ['k1'], message: 'required' }]),
  ],
  CompileQueueFullError: [new CompileQueueFullError(8, 2)],
  DependencyUnavailableError: [new DependencyUnavailableError('postgres', 'connect ECONNREFUSED')],
  PolicyViolationError: [new PolicyViolationError('breaks the policy', [], [])],
};
const thrown = Object.values(THROWN).flat();

/** Names of the classes in src/ declared `extends CodedError`. */
function codedErrorClasses(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codedErrorClasses(path);
    if (!entry.name.endsWith('.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/class (\w+) extends CodedError\b/g)].map((match) => match[1]!);
  });
}

/** docs/errors.md's table: each row's statuses and codes (`| 400 | \`a\`, \`b\` | when |`). */
function documentedRows(): { statuses: number[]; codes: string[] }[] {
  return readFileSync('docs/errors.md', 'utf8')
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length >= 4 && /^\d{3}\b/.test(cells[1]!))
    .map((cells) => ({
      statuses: (cells[1]!.match(/\d{3}/g) ?? []).map(Number),
      codes: [...cells[2]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!),
    }));
}

describe('problem status table', () => {
  it('walks every CodedError subclass in src/', () => {
    expect(codedErrorClasses().sort()).to.deep.equal(Object.keys(THROWN).sort());
  });

  it('has a rule for every code a coded error can carry, and no other', () => {
    const unmapped = thrown.filter((error) => problemRule(error.code) === undefined).map((error) => error.code);
    expect(unmapped, 'codes without a status').to.deep.equal([]);
    expect(Object.keys(PROBLEM_RULES).sort()).to.deep.equal([...new Set(thrown.map((error) => error.code))].sort());
  });

  it('answers each coded error with its code, its status and the rule headers', () => {
    for (const error of thrown) {
      const problem = toProblem(error);
      const rule = PROBLEM_RULES[error.code as keyof typeof PROBLEM_RULES];
      expect([problem.code, problem.status], error.code).to.deep.equal([error.code, rule.status]);
      expect(Object.keys(problem.headers), error.code).to.include.members(Object.keys(rule.headers ?? {}));
    }
  });

  it('keeps the answers that carry more than a code: findings, extra members, detail, Retry-After', () => {
    const [queue] = THROWN['CompileQueueFullError']!;
    const full = toProblem(queue);
    expect([full.headers, full.extra]).to.deep.equal([{ 'Retry-After': '2' }, { queued: 8, limit: 'COMPILE_QUEUE_MAX', max: 8 }]);
    const [unavailable] = THROWN['DependencyUnavailableError']!;
    const down = toProblem(unavailable);
    expect([down.message, down.headers]).to.deep.equal(['postgres is unavailable; retry later.', { 'Retry-After': '5' }]);
    const [notVisible] = THROWN['RevisionNotYetVisibleError']!;
    expect(toProblem(notVisible).extra).to.deep.equal({ found_revision: 2, min_revision: 3, waited_ms: 500 });
    const field = toProblem(new KeyManagementError('expiry_in_past', 'The expiry is in the past.', 'expires_at'));
    expect(field.errors).to.deep.equal([{ pointer: '/expires_at', message: 'The expiry is in the past.' }]);
    const missing = toProblem(new AuthError('missing_api_key', 'No key.'));
    expect(missing.headers).to.deep.equal({ 'WWW-Authenticate': 'Bearer realm="letterpress"' });
  });

  it('answers a coded error whose code the table does not know as an opaque 500', () => {
    class Unmapped extends CodedError<'not_in_the_table'> {
      readonly code = 'not_in_the_table';
    }
    const problem = toProblem(new Unmapped('secret internals'));
    expect([problem.status, problem.code]).to.deep.equal([500, 'internal_error']);
    expect(problem.message).not.to.include('secret');
  });

  it('agrees with docs/errors.md: every code documented, each with the status of the table', () => {
    const rows = documentedRows();
    for (const [code, rule] of Object.entries(PROBLEM_RULES)) {
      const statuses = rows.filter((row) => row.codes.includes(code)).flatMap((row) => row.statuses);
      expect(statuses, `docs/errors.md rows of ${code}`).to.have.length.above(0);
      expect([...new Set(statuses)], `docs/errors.md status of ${code}`).to.deep.equal([rule.status]);
    }
  });
});

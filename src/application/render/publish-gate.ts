/**
 * The publish gate (issue 22, item 2; docs/publishing.md "Publish gate"): would the payloads callers sent
 * recently still render under the revision about to be published? Each recorded shape becomes a payload of
 * placeholders (shape-sample.ts) checked, as a render checks it (`VariablesPolicy`), under the published
 * revision's contract and under the candidate's; a `required` or `type` problem the candidate has and the
 * published revision has not is a breaking change. Rules about values (`enum`, `format`, bounds) are not
 * judged: shapes keep no value.
 */
import { CodedError, type ErrorReport } from '../../domain/errors.js';
import type { ProjectRef } from '../../domain/project.js';
import { sampleOfShape } from '../../rendering/index.js';
import { InvalidVariablesError, VariablesPolicy, type VariablesContract, type VariableProblem } from './render-variables.js';
import type { RecordedShape } from './variable-shape-store.js';

/** What a breaking change does to the payloads that meet it. */
export type BreakingChangeKind = 'newly_required' | 'type_narrowed';

/** One path the candidate revision breaks, and the API keys whose recent payloads it breaks. */
export interface BreakingChange {
  /** `order.total`, `order.lines[].qty`: the notation of GET …/variables. */
  path: string;
  change: BreakingChangeKind;
  /** The API key ids, sorted. */
  keyIds: string[];
  /** The types the candidate takes there (`type_narrowed`). */
  expected?: unknown;
  /** The type the payloads send there (`type_narrowed`). */
  found?: string;
  message: string;
}

/** A publish would make recent payloads fail: 409 `breaking_variable_change`, each change an `errors[]` item. */
export class BreakingVariableChangeError extends CodedError<'breaking_variable_change'> {
  override readonly name = 'BreakingVariableChangeError';
  readonly code = 'breaking_variable_change';
  constructor(
    readonly projectId: string,
    readonly revision: number,
    readonly changes: BreakingChange[],
  ) {
    const paths = changes.map((change) => `${change.path} (${change.change.replace('_', ' ')})`).join(', ');
    super(
      `Publishing revision ${revision} of '${projectId}' would refuse what callers sent recently: ${paths}. ` +
        'Make the path optional (or keep its type), or publish anyway with "force": true.',
    );
  }

  override report(): ErrorReport {
    return {
      findings: this.changes.map((change) => ({
        path: change.path,
        change: change.change,
        key_ids: change.keyIds,
        ...(change.expected !== undefined ? { expected: change.expected } : {}),
        ...(change.found !== undefined ? { found: change.found } : {}),
        message: change.message,
      })),
      extra: { revision: this.revision },
    };
  }
}

/** Where the gate finds recorded shapes and revisions' contracts. */
export interface PublishGateSources {
  recorded(ref: ProjectRef): Promise<Array<{ keyId: string; shapes: RecordedShape[] }>>;
  contractAt(ref: ProjectRef, revision: number): Promise<VariablesContract>;
}

const JUDGED = new Set(['required', 'type']);

export class PublishGate {
  constructor(
    private readonly sources: PublishGateSources,
    private readonly policy = new VariablesPolicy(),
  ) {}

  /**
   * The breaking changes of publishing `candidate` when `published` is (null: nothing is, so every problem
   * counts), sorted by path; empty when no shape was recorded. @throws what the sources throw.
   */
  check(ref: ProjectRef, published: number | null, candidate: number): Promise<BreakingChange[]> {
    return this.compare(
      ref,
      async () => (published === null ? null : this.sources.contractAt(ref, published)),
      () => this.sources.contractAt(ref, candidate),
      `Revision ${candidate}`,
    );
  }

  /**
   * The rule of `check` over two contracts of template `ref`: the one renders use now (`before`; null: every
   * problem counts) and the one they would use (`after`) — a project revision's, or (a layout or shared
   * partial publish, docs/layouts.md) a follower's published revision composed with the current and with the
   * candidate layout or partial revision. The contracts are built only when shapes were recorded. `subject`
   * opens each message (`Revision 3`, `Revision 3 of the layout 'brand'`).
   * @returns the breaking changes sorted by path. @throws what the sources and the contract builders throw.
   */
  async compare(
    ref: ProjectRef,
    before: () => Promise<VariablesContract | null>,
    after: () => Promise<VariablesContract>,
    subject: string,
  ): Promise<BreakingChange[]> {
    const recorded = await this.sources.recorded(ref);
    if (recorded.length === 0) return [];
    const old = await before();
    const candidate = await after();
    const found = new Map<string, BreakingChange>();
    for (const { keyId, shapes } of recorded) {
      for (const shape of shapes) {
        const sample = sampleOfShape(shape);
        const strict = shape.strict === true;
        const known = new Set(old ? this.#problems(old, sample, strict).map(problemId) : []);
        for (const problem of this.#problems(candidate, sample, strict)) {
          if (known.has(problemId(problem))) continue;
          const change = toChange(problem, sample, subject);
          const id = `${change.path} ${change.change}`;
          const seen = found.get(id);
          if (!seen) found.set(id, { ...change, keyIds: [keyId] });
          else if (!seen.keyIds.includes(keyId)) seen.keyIds.push(keyId);
        }
      }
    }
    return [...found.values()]
      .map((change) => ({ ...change, keyIds: change.keyIds.sort(), message: `${change.message} (keys: ${change.keyIds.join(', ')}).` }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.change < b.change ? -1 : 1));
  }

  /** The `required` and `type` problems a render of `sample` meets under `contract`. */
  #problems(contract: VariablesContract, sample: Record<string, unknown>, strict: boolean): VariableProblem[] {
    try {
      this.policy.check(contract, structuredClone(sample), strict);
      return [];
    } catch (error) {
      if (!(error instanceof InvalidVariablesError)) throw error;
      return error.problems.filter((problem) => JUDGED.has(problem.rule));
    }
  }
}

const problemId = (problem: VariableProblem): string => `${problem.pointer} ${problem.rule}`;

function toChange(problem: VariableProblem, sample: Record<string, unknown>, subject: string): Omit<BreakingChange, 'keyIds'> {
  const { path, value } = locate(problem.pointer, sample);
  if (problem.rule === 'required')
    return { path, change: 'newly_required', message: `${subject} requires '${path}', which recent payloads do not send` };
  const expected = problem.expected;
  const takes = Array.isArray(expected) ? expected.join(' or ') : String(expected);
  const found = jsonType(value);
  return {
    path,
    change: 'type_narrowed',
    expected,
    found,
    message: `${subject} takes '${path}' as ${takes}, and recent payloads send ${found}`,
  };
}

/** The JSON type of a sample's placeholder (never a description of the value: it is a placeholder). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * `/variables/order/lines/0/qty` → `order.lines[].qty` (a list index is `[]`, read from the sample itself)
 * and the sample's value there.
 */
export function locate(pointer: string, sample: Record<string, unknown>): { path: string; value: unknown } {
  const segments = pointer
    .split('/')
    .slice(2)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = sample;
  let path = '';
  for (const segment of segments) {
    if (Array.isArray(node)) {
      path += '[]';
      node = node[Number(segment)];
    } else {
      path += path === '' ? segment : `.${segment}`;
      node =
        node !== null && typeof node === 'object' && Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return { path, value: node };
}

/**
 * The variables contract of a render: a template's declared schema (`metadata.variables`, JSON Schema
 * 2020-12) is enforced when there is one; without one, the types inferred from what the template reads
 * (a list where it iterates, an object where it reads fields, a printable value where it prints); with
 * `strict`, also every path it reads other than only as a test. Every problem is reported at once.
 */
import {
  makePrintable,
  type DataRead,
  schemaDifferences,
  inferSchema,
  type JsonSchema,
  comparePointers,
  escapePointer,
  VariablesValidator,
  type VariableProblem,
} from '../../rendering/index.js';
import { messagePartReads } from './render-parts.js';
import { CodedError, type ErrorReport } from '../../domain/errors.js';

export { InvalidSchemaError, type VariableProblem } from '../../rendering/index.js';

/** The variables of a render break the template's contract; nothing was rendered (400 `invalid_variables`). */
export class InvalidVariablesError extends CodedError<'invalid_variables'> {
  override readonly name = 'InvalidVariablesError';
  readonly code = 'invalid_variables';
  constructor(readonly problems: VariableProblem[]) {
    const first = problems[0]!;
    super(
      problems.length === 1
        ? `The variables do not fit this template: ${first.message}`
        : `The variables do not fit this template: ${problems.length} problems, the first: ${first.message}`,
    );
  }

  override report(): ErrorReport {
    return { findings: this.problems };
  }
}

/** What a revision's contract is made of; the inferred schemas are computed on first use and kept. */
export interface VariablesContract {
  reads: readonly DataRead[];
  /** `metadata.variables`, when the revision declares it. */
  declared: JsonSchema | undefined;
  inferred?: JsonSchema;
  inferredStrict?: JsonSchema;
}

/** The declared schema in a revision's metadata, if any (checked at save; a non-object is ignored). */
export function declaredSchema(metadata: Record<string, unknown>): JsonSchema | undefined {
  const declared = metadata['variables'];
  return declared !== null && typeof declared === 'object' && !Array.isArray(declared) ? (declared as JsonSchema) : undefined;
}

export class VariablesPolicy {
  constructor(private readonly validator = new VariablesValidator()) {}

  /**
   * Check (and fill in declared defaults of) `variables` for a render; its objects are made printable
   * (printable.ts).
   * @throws InvalidVariablesError listing every problem.
   */
  check(contract: VariablesContract, variables: Record<string, unknown>, strict: boolean): void {
    makePrintable(variables); // an object with a `toString` key prints as any object does (printable.ts)
    const problems: VariableProblem[] = [];
    if (contract.declared) problems.push(...this.validator.validate(contract.declared, variables));
    else problems.push(...this.validator.validate((contract.inferred ??= inferSchema(contract.reads)), variables));
    if (strict) {
      const seen = new Set(problems.map((p) => `${p.pointer} ${p.rule}`));
      const schema = (contract.inferredStrict ??= inferSchema(contract.reads, { strict: true }));
      for (const problem of this.validator.validate(schema, variables)) {
        // Strict adds what is missing; types are the declaration's to decide when there is one.
        if (problem.rule !== 'required' && contract.declared) continue;
        for (const one of problem.rule === 'required' ? missingLeaves(schema, problem.pointer) : [problem]) {
          if (!seen.has(`${one.pointer} ${one.rule}`)) problems.push(one);
          seen.add(`${one.pointer} ${one.rule}`);
        }
      }
      problems.sort((a, b) => comparePointers(a.pointer, b.pointer));
    }
    if (problems.length > 0) throw new InvalidVariablesError(problems);
  }

  /** The inferred schema of a revision (for GET …/variables). */
  inferred(contract: VariablesContract): JsonSchema {
    return (contract.inferred ??= inferSchema(contract.reads));
  }

  /** @throws InvalidSchemaError for a declaration this service will not run (at save). */
  checkDeclared(schema: unknown): void {
    this.validator.checkDeclared(schema);
  }
}

/**
 * A missing required value (`pointer`, `/variables/customer`) as the leaf paths the template reads in it,
 * each a `required` problem (`/variables/customer/first_name`): into the properties a strict schema
 * requires, down to values read whole (printed, passed to a helper) or iterated (a list is sent whole).
 * Just `pointer` when the schema there requires nothing below it.
 */
function missingLeaves(strictSchema: JsonSchema, pointer: string): VariableProblem[] {
  const segments = pointer
    .split('/')
    .slice(2)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: JsonSchema | undefined = strictSchema;
  for (const segment of segments) {
    const properties: Record<string, JsonSchema> | undefined = node?.properties;
    node = properties && Object.hasOwn(properties, segment) ? properties[segment] : /^\d+$/.test(segment) ? node?.items : undefined;
  }
  const leaves: VariableProblem[] = [];
  const walk = (schema: JsonSchema | undefined, at: string): void => {
    const required =
      schema && !schema.items && schema.properties ? (schema.required ?? []).filter((name) => Object.hasOwn(schema.properties!, name)) : [];
    if (required.length === 0) leaves.push({ pointer: at, rule: 'required', message: `${at} is required and missing.` });
    for (const name of required) walk(schema!.properties![name], `${at}/${escapePointer(name)}`);
  };
  walk(node, pointer);
  return leaves;
}

/**
 * Save-time warnings: each path the template (its body `reads`, its subject and preheader) reads that its
 * `metadata.variables` does not declare (the typo that would otherwise render as an empty string). None
 * without a declaration.
 */
export function undeclaredReads(reads: readonly DataRead[] | undefined, metadata: Record<string, unknown>): Array<{ message: string }> {
  const declared = declaredSchema(metadata);
  if (!declared || !reads) return [];
  return schemaDifferences(inferSchema([...reads, ...messagePartReads(metadata)]), declared)
    .filter((difference) => difference.kind !== 'not_read')
    .map((difference) => ({ message: difference.message }));
}

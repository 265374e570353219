/**
 * The save-time proof render of a template (handlebars/sample-proof.ts) as the compile workers run it:
 * the template, its partials and its declared helpers loaded in a proof environment, and what the proof
 * could not show turned into the `sample_render_incomplete` warning (or, for the caller's real
 * variables, a `render_failed` problem) that names the helper, the line and the argument.
 */
import type { RenderLimits } from '../handlebars/budget.js';
import { CallSites, partialSources, type ProgramSource } from '../handlebars/call-sites.js';
import { helperFile } from '../handlebars/declared-helpers.js';
import { loadDeclaredHelpers, loadPartial, loadTemplate, precompileTemplate, renderWithin, type CompiledHelper } from '../handlebars/environment.js';
import type { HelperPrograms, SourceFile } from '../handlebars/guards.js';
import type { PartialPrograms } from '../handlebars/partials.js';
import { createProofHandlebars, proveRenderable, type Refusal } from '../handlebars/sample-proof.js';
import type { TemplateWarning } from '../template-source.js';

const proofHandlebars = createProofHandlebars();

/** What the proof of one template needs. */
export interface ProofRequest {
  /** The program rendered: a dynamic template's source, or a static one's compiled HTML (`compiled`). */
  program: hbs.AST.Program;
  text: string;
  compiled: boolean;
  /** The files the client sent (to point at a compiled program's call in them). */
  files: readonly SourceFile[];
  partials: Readonly<Record<string, string>>;
  partialPrograms: PartialPrograms;
  helperPrograms: HelperPrograms;
  compiledHelpers: Readonly<Record<string, CompiledHelper>>;
  sample: Record<string, unknown>;
  limits: RenderLimits;
  /** `metadata.variables` of the save, and the real variables of a POST /validate. */
  declared?: unknown;
  variables?: Record<string, unknown>;
}

export interface ProofOutcome {
  /** What the proving render (or the last attempt) output: a dynamic template's generated MJML. */
  output: string;
  /** `sample_render_incomplete` when the template could not be proven. */
  warnings: TemplateWarning[];
  /** The real variables were refused by a helper (`render_failed`, as a render with them would answer). */
  variablesRefused?: TemplateWarning;
}

/** @throws RenderLimitError past a render limit, Handlebars' own errors (the caller answers 400). */
export function proveTemplate(request: ProofRequest): ProofOutcome {
  const env = proofHandlebars;
  const template = loadTemplate(env, precompileTemplate(env, request.program));
  const partialFns = Object.fromEntries([...request.partialPrograms].map(([name, program]) => [name, loadPartial(env, precompileTemplate(env, program))]));
  const withPartials = request.partialPrograms.size > 0 ? { partials: partialFns } : {};
  const hasHelpers = Object.keys(request.compiledHelpers).length > 0;
  const withHelpers = hasHelpers ? { helpers: loadDeclaredHelpers(env, request.compiledHelpers, withPartials.partials) } : {};
  const proof = proveRenderable({
    render: (context) => renderWithin(template, context, request.limits, { ...withPartials, ...withHelpers }),
    sample: request.sample,
    ...(request.declared !== undefined ? { declared: request.declared } : {}),
    ...(request.variables !== undefined ? { variables: request.variables } : {}),
  });
  if (!proof.unproven && !proof.variablesRefused) return { output: proof.output, warnings: [] };
  const sources: ProgramSource[] = [
    { file: '', program: request.program, text: request.text, compiled: request.compiled },
    ...partialSources(request.partials, request.partialPrograms),
    ...[...request.helperPrograms].map(([name, helper]) => ({ file: helperFile(name), program: helper.program, text: helper.template })),
  ];
  const sites = new CallSites(sources, request.files);
  const declaredNames = Object.keys(request.compiledHelpers);
  const warnings: TemplateWarning[] = [];
  if (proof.unproven) {
    const found = describeRefusal(proof.unproven, sites, declaredNames);
    warnings.push({
      code: 'sample_render_incomplete',
      ...found.where,
      message:
        `The save-time check could not render ${found.place} with sample data: ${found.message}. ` +
        'The template is saved; to prove it, send real variables to POST /v1/validate (or declare their types in metadata.variables).',
    });
  }
  const refused = proof.variablesRefused && describeRefusal(proof.variablesRefused, sites, declaredNames);
  const variablesRefused = refused ? { code: 'render_failed', ...refused.where, message: `With these variables, ${refused.place} fails: ${refused.message}.` } : undefined;
  return { output: proof.output, warnings, ...(variablesRefused ? { variablesRefused } : {}) };
}

/** The refusal's helper, argument and place (`line 3 of the template`, `line 1 of partials/row`). */
function describeRefusal(refusal: Refusal, sites: CallSites, declaredNames: readonly string[]) {
  const site = sites.find(refusal.loc, new Set([refusal.helper, ...declaredNames]));
  const called = site?.name ?? refusal.helper;
  const helper = called === refusal.helper ? called : `${called} (which calls ${refusal.helper})`;
  const file = site?.file;
  const place = site?.line !== undefined ? `line ${site.line} of ${file ? file : 'the template'}` : `a call of ${helper}`;
  return {
    place,
    message: refusal.error.message,
    where: {
      helper: called,
      argument: refusal.error.argument,
      ...(file !== undefined && file !== '' ? { file } : {}),
      ...(site?.line !== undefined ? { line: site.line } : {}),
      ...(site?.column !== undefined ? { column: site.column } : {}),
    },
  };
}

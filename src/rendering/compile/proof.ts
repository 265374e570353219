/**
 * The save-time proof render of a template (handlebars/sample-proof.ts) as the compile workers run it:
 * the template, its partials and its declared helpers loaded in a proof environment, and what the proof
 * could not show turned into the `sample_render_incomplete` warning (or, for the caller's real
 * variables, a `render_failed` problem) that names the helper, the line and the argument.
 */
import { parseHandlebars } from '../handlebars/analysis.js';
import { RenderLimitError, type RenderLimits } from '../handlebars/budget.js';
import { CallSites, partialSources, type ProgramSource } from '../handlebars/call-sites.js';
import { helperFile } from '../handlebars/declared-helpers.js';
import {
  loadDeclaredHelpers,
  loadPartial,
  loadTemplate,
  precompileTemplate,
  renderWithin,
  type CompiledHelper,
} from '../handlebars/environment.js';
import type { HelperPrograms, SourceFile } from '../handlebars/guards.js';
import { HelperArgumentError } from '../handlebars/helpers/index.js';
import { describeCompiledParseError } from '../handlebars/parse-errors.js';
import type { PartialPrograms } from '../handlebars/partials.js';
import { createProofHandlebars, proveRenderable, type Proof, type Refusal } from '../handlebars/sample-proof.js';
import { TemplateError } from '../template-error.js';
import type { ProofData, TemplateWarning } from '../template-source.js';

const proofHandlebars = createProofHandlebars();

/** What the proof of one template needs besides the program rendered. */
export interface ProofSources {
  /** The files the client sent (to point at a compiled program's call in them). */
  files: readonly SourceFile[];
  partials: Readonly<Record<string, string>>;
  partialPrograms: PartialPrograms;
  helperPrograms: HelperPrograms;
  compiledHelpers: Readonly<Record<string, CompiledHelper>>;
  /** The template's placeholder sample (`buildSampleContext`). */
  sample: Record<string, unknown>;
  limits: RenderLimits;
  /** `metadata.variables` of the save, and the real variables of a POST /validate. */
  proof?: ProofData;
}

export interface ProofOutcome {
  /** What the proving render (or the last attempt) output: a dynamic template's generated MJML. */
  output: string;
  /** `sample_render_incomplete` when the template could not be proven. */
  warnings: TemplateWarning[];
  /** The real variables were refused by a helper (`render_failed`, as a render with them would answer). */
  variablesRefused?: TemplateWarning;
}

/**
 * The sample render of a dynamic template: the MJML it generates (its output), and a warning when a helper
 * still refuses the typed samples.
 * @throws TemplateError `invalid_handlebars` (a parse error, a render limit, Handlebars' own errors).
 */
export function proveDynamic(markup: string, sources: ProofSources): ProofOutcome {
  const parsed = parseHandlebars(markup);
  if (!parsed.ok) throw new TemplateError('invalid_handlebars', parsed.message);
  return refusingTemplateErrors('with sample data', () => prove(parsed.program, markup, false, sources).outcome);
}

/**
 * The published HTML of a static template must parse and render under Handlebars (MJML can mangle
 * expressions, e.g. in inline CSS): proven on sample data, as `proveDynamic`, then rendered on `{}` (where
 * a helper refusing a missing value is the variables' problem, not the template's).
 * @throws TemplateError `invalid_handlebars`, its line in the file sent for a parse error.
 */
export function proveCompiledHtml(html: string, sources: ProofSources): ProofOutcome {
  const parsed = parseHandlebars(html);
  if (!parsed.ok) {
    const { detail, problems } = describeCompiledParseError(html, [...sources.files]); // the line in the file sent, not in the HTML
    throw new TemplateError('invalid_handlebars', detail, problems);
  }
  return refusingTemplateErrors('', () => {
    const { outcome, render } = prove(parsed.program, html, true, sources);
    try {
      render({}); // outside a proof: helpers throw
    } catch (error) {
      if (!(error instanceof HelperArgumentError)) throw error;
    }
    return outcome;
  });
}

/** `run`, its render limits and Handlebars errors as TemplateError `invalid_handlebars`. */
function refusingTemplateErrors(withWhat: string, run: () => ProofOutcome): ProofOutcome {
  try {
    return run();
  } catch (error) {
    if (error instanceof RenderLimitError) {
      throw new TemplateError(
        'invalid_handlebars',
        `Rendering this template with sample data passes a render limit: ${error.message}`,
        [],
        { limit: error.limit, max: error.max },
      );
    }
    if (error instanceof TemplateError) throw error;
    throw new TemplateError(
      'invalid_handlebars',
      `Handlebars fails to render this template${withWhat ? ` ${withWhat}` : ''}: ${(error as Error).message}`,
    );
  }
}

/** The proof (sample-proof.ts) of `program`, in the proof environment, and its render function. */
function prove(program: hbs.AST.Program, text: string, compiled: boolean, sources: ProofSources) {
  const env = proofHandlebars;
  const template = loadTemplate(env, precompileTemplate(env, program));
  const partialFns = Object.fromEntries(
    [...sources.partialPrograms].map(([name, partial]) => [name, loadPartial(env, precompileTemplate(env, partial))]),
  );
  const withPartials = sources.partialPrograms.size > 0 ? { partials: partialFns } : {};
  const hasHelpers = Object.keys(sources.compiledHelpers).length > 0;
  const withHelpers = hasHelpers ? { helpers: loadDeclaredHelpers(env, sources.compiledHelpers, withPartials.partials) } : {};
  const render = (context: Record<string, unknown>) => renderWithin(template, context, sources.limits, { ...withPartials, ...withHelpers });
  const proof = proveRenderable({ render, sample: sources.sample, ...sources.proof });
  return { outcome: describeProof(proof, program, text, compiled, sources), render };
}

/** The proof's warning and the variables' refusal, located in the client's files. */
function describeProof(proof: Proof, program: hbs.AST.Program, text: string, compiled: boolean, sources: ProofSources): ProofOutcome {
  if (!proof.unproven && !proof.variablesRefused && !proof.variablesFailed) return { output: proof.output, warnings: [] };
  const programs: ProgramSource[] = [
    { file: '', program, text, compiled },
    ...partialSources(sources.partials, sources.partialPrograms),
    ...[...sources.helperPrograms].map(([name, helper]) => ({ file: helperFile(name), program: helper.program, text: helper.template })),
  ];
  const sites = new CallSites(programs, sources.files);
  const declaredNames = Object.keys(sources.compiledHelpers);
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
  const variablesRefused = refused
    ? { code: 'render_failed', ...refused.where, message: `With these variables, ${refused.place} fails: ${refused.message}.` }
    : proof.variablesFailed
      ? { code: 'render_failed', message: `With these variables, the render fails: ${proof.variablesFailed.message}` }
      : undefined;
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

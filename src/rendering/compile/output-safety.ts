/**
 * What the compile workers add about unsafe output (docs/templates.md "Unsafe URLs and unescaped output"): the save
 * warnings `unescaped_output` and `unsafe_url`, and, when a stored revision is loaded, its URL attributes
 * wrapped in the safe-URL helper (handlebars/safe-url.ts).
 */
import { partialFile, type HelperPrograms, type SourceFile } from '../handlebars/guards.js';
import type { PartialPrograms } from '../handlebars/partials.js';
import { literalUnsafeUrls, wrapUrlAttributes } from '../handlebars/safe-url.js';
import { unescapedOutputWarnings } from '../handlebars/unescaped-output.js';
import { describeRefused } from '../email/url-warnings.js';
import { NEUTRAL_URL } from '../email/url-policy.js';
import type { TemplateWarning } from '../template-source.js';

/**
 * A static revision's template, partials and template-form helpers with their URL attributes wrapped in the
 * safe-URL helper where a render could make them unsafe (`wrapUrlAttributes`); `scan` when one of them
 * cannot be wrapped, so every render of the revision is checked whole instead (`neutraliseHtml`).
 */
export function guardUrls(
  program: hbs.AST.Program,
  html: string,
  partials: Map<string, hbs.AST.Program>,
  partialSources: Record<string, string>,
  helpers: HelperPrograms,
) {
  let scan = false;
  const wrap = (source: string, original: hbs.AST.Program): hbs.AST.Program => {
    const wrapped = wrapUrlAttributes(source);
    if (wrapped === null) scan = true;
    return wrapped?.program ?? original;
  };
  const wrappedProgram = wrap(html, program);
  const wrappedPartials = new Map([...partials].map(([name, partial]) => [name, wrap(partialSources[name] ?? '', partial)]));
  const wrappedHelpers = new Map(
    [...helpers].map(([name, helper]) => [name, helper.html ? { ...helper, program: wrap(helper.template, helper.program) } : helper]),
  );
  return { program: wrappedProgram, partials: wrappedPartials, helpers: wrappedHelpers, scan };
}

/** `unescaped_output` warnings of a template (`exact`: `markup` is the file sent) and of its project partials. */
export function outputWarnings(
  program: hbs.AST.Program,
  markup: string,
  files: SourceFile[],
  exact: boolean,
  partialPrograms: PartialPrograms,
  partials: Record<string, string>,
): TemplateWarning[] {
  const warnings = unescapedOutputWarnings(program, markup, files, exact);
  for (const [name, partial] of partialPrograms) {
    const text = partials[name] ?? '';
    warnings.push(...unescapedOutputWarnings(partial, text, [{ file: partialFile(name), text }], true));
  }
  return warnings;
}

/** The `unsafe_url` save warning: script URLs written in the template (email/url-policy.ts), by attribute and scheme. */
export function urlWarnings(html: string): TemplateWarning[] {
  const found = literalUnsafeUrls(html);
  if (found.length === 0) return [];
  const described = describeRefused(found);
  return [
    {
      code: 'unsafe_url',
      message:
        `${found.length} URL${found.length === 1 ? '' : 's'} in the template ${found.length === 1 ? 'has' : 'have'} a scheme that can run script (${described.join(', ')}): ` +
        `every render replaces ${found.length === 1 ? 'it' : 'them'} with ${NEUTRAL_URL} and says so in its warnings. Use an https: link (or a relative one) instead.`,
      attribute: found[0]!.attribute,
      scheme: found[0]!.scheme,
    },
  ];
}

/**
 * The render warnings about variables a render read and the caller did not send (found by
 * handlebars/missing-reads.ts): one `missing_variable` per path, at most `MAX_MISSING_VARIABLE_WARNINGS`,
 * then one `missing_variables_omitted` saying how many more there were.
 */

/** A path the render read (in the branch it rendered) and the variables do not have. */
export interface MissingVariableWarning {
  code: 'missing_variable';
  /** `customer.first_name`, `order.lines[].qty`: a dot per object key, `[]` per list element (as GET /templates/:id names paths). */
  path: string;
  message: string;
}

/** The missing paths past the bound, counted. */
export interface MissingVariablesOmittedWarning {
  code: 'missing_variables_omitted';
  /** How many more missing paths there were than listed. */
  count: number;
  message: string;
}

export type MissingVariablesWarning = MissingVariableWarning | MissingVariablesOmittedWarning;

/** Most `missing_variable` warnings in one answer (the rest are counted, not listed). */
export const MAX_MISSING_VARIABLE_WARNINGS = 50;

/**
 * The warnings for `paths` (distinct, in the order to list them): the first `max` as `missing_variable`,
 * and, when there are more, a final `missing_variables_omitted` with their count. Empty for no paths.
 */
export function missingVariableWarnings(paths: readonly string[], max = MAX_MISSING_VARIABLE_WARNINGS): MissingVariablesWarning[] {
  const warnings: MissingVariablesWarning[] = paths.slice(0, max).map((path) => ({
    code: 'missing_variable',
    path,
    message: `The template read ${path}, which the variables do not have: it rendered as empty. Send it, or send "strict": true to refuse such renders.`,
  }));
  const omitted = paths.length - max;
  if (omitted > 0) {
    warnings.push({
      code: 'missing_variables_omitted',
      count: omitted,
      message: `${omitted} more path${omitted === 1 ? '' : 's'} the template read ${omitted === 1 ? 'is' : 'are'} missing from the variables (only the first ${max} are listed).`,
    });
  }
  return warnings;
}

/**
 * The shapes the public functions of `../parse-errors.ts` take and give, shared with the modules that
 * build a description (`sentences.ts`, `handlebars-error.ts`, `other-language-hint.ts`).
 */

/** What `describeParseError` says: the sentence, the 1-based line (and column) it names, the tag. */
export interface ParseErrorDescription {
  message: string;
  line: number;
  column?: number;
  /** The template text the sentence is about (`{{#each items}}`), when there is one. */
  construct?: string;
}

export interface DescribeOptions {
  /** Helpers a template can call (default `AVAILABLE_HELPERS`): hints suggest only these. */
  helpers?: readonly string[];
}

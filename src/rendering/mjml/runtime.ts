/**
 * The one place that loads MJML's packages (CommonJS, untyped) and states the few facts about them the
 * import pipeline relies on. Loading `mjml` registers the core components (mjml-preset-core).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A node as `mjml-parser-xml` produces it: MJML JSON plus source position fields. */
export interface ParsedNode {
  tagName: string;
  attributes?: Record<string, string | number | boolean>;
  children?: ParsedNode[];
  content?: string;
  /** 1-based source line. */
  line?: number;
  /** Source file the node came from (our include key, or '' for the template itself). */
  file?: string;
}

interface ParserOptions {
  keepComments?: boolean;
  components?: Record<string, unknown>;
  filePath?: string;
  actualPath?: string;
  ignoreIncludes?: boolean;
}

/** One validator finding, as `mjml-validator` reports it. */
export interface MjmlValidationError {
  line?: number;
  message: string;
  tagName: string;
  formattedMessage?: string;
}

export interface Mjml2HtmlResult {
  html: string;
  errors: MjmlValidationError[];
}

export type Mjml2Html = (input: ParsedNode | string, options: Record<string, unknown>) => Promise<Mjml2HtmlResult>;

const mjml2html: Mjml2Html = require('mjml');
const mjmlCore: { components: Record<string, { endingTag?: boolean; getTagName(): string }> } = require('mjml-core');
const parseXml: (xml: string, options: ParserOptions) => ParsedNode = require('mjml-parser-xml');
const validator: { dependencies: Record<string, string[]> } = require('mjml-validator');

/** Version of the `mjml` package compiling templates (recorded in every saved event). */
export const MJML_VERSION: string = require('mjml/package.json').version;

/**
 * Tags whose inner markup MJML keeps verbatim as `content` (mj-text, mj-button, mj-raw, mj-table, …):
 * the only places besides attributes where Handlebars survives compilation (notes §4.1).
 */
export const ENDING_TAGS: ReadonlySet<string> = new Set(
  Object.values(mjmlCore.components)
    .filter((component) => component.endingTag)
    .map((component) => component.getTagName()),
);

/**
 * Body-side containers where a bare Handlebars block tag can be wrapped in `mj-raw`: every tag whose
 * allowed children include `mj-raw` (mjml-validator's dependency table), except the `mjml` root (its raws
 * go before the doctype) and `mj-head` (head raws are emitted apart from the styles they would wrap).
 */
export const RAW_WRAPPABLE_PARENTS: ReadonlySet<string> = new Set(
  Object.entries(validator.dependencies)
    .filter(([tag, children]) => children.includes('mj-raw') && tag !== 'mjml' && tag !== 'mj-head')
    .map(([tag]) => tag),
);

/**
 * Parse MJML markup into MJML JSON with source lines. Includes are left to `resolveIncludes` (our
 * in-memory resolver): `ignoreIncludes` is on and no file path is given, so the parser never touches the
 * file system for a template.
 * @throws Error when no element is found ("Parsing failed. Check your mjml.").
 */
export function parseMjmlMarkup(xml: string, file: string): ParsedNode {
  return parseXml(xml, { keepComments: true, components: mjmlCore.components, filePath: '', actualPath: file, ignoreIncludes: true });
}

/** `mjml2html` itself; call it only with an AST and option objects built by our code. */
export { mjml2html };

/**
 * Declared helpers (`"helpers": { "<name>": <declaration> }` on create and save): the rules on their
 * names, number and shape, and the checks of each declaration that need no template. No code from a
 * request ever runs: an alias calls a library helper with a fixed hash; a template-form helper is a
 * Handlebars template held to the template's own rules (guards.ts). Pure: no I/O.
 */
import type { HelperDeclaration } from '../../domain/project.js';
import { TemplateError } from '../template-error.js';
import { BUILT_IN_HELPERS } from './environment.js';
import { LIBRARY_HELPER_NAMES, fixedHashProblem, type HelperAlias } from './helpers/index.js';

export type { HelperDeclaration } from '../../domain/project.js';

/** A declared helper's name: an identifier of 1–64 characters. */
export const HELPER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A template-form helper's parameter name: the same rule. */
export const HELPER_PARAM_NAME = HELPER_NAME;

/** Most declared helpers one revision may have. */
export const MAX_DECLARED_HELPERS = 50;

/** Largest template of a template-form helper, UTF-8 bytes. */
export const MAX_HELPER_TEMPLATE_BYTES = 10 * 1024;

/** Most parameters of a template-form helper. */
export const MAX_HELPER_PARAMS = 20;

/** Names a declared helper may not take: the built-ins (`log` too), the runtime's hooks and the library. */
const RESERVED = new Set([...BUILT_IN_HELPERS, 'helperMissing', 'blockHelperMissing', ...LIBRARY_HELPER_NAMES]);

/** What an alias may `use`: the library (not the block-only built-ins `if unless each with lookup`). */
export const ALIASABLE_HELPERS: readonly string[] = LIBRARY_HELPER_NAMES;

/** How problems in a template-form helper name their file. */
export const helperFile = (name: string) => `helpers/${name}`;

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const pointerOf = (name: string, ...rest: string[]) => ['/helpers', escapePointer(name), ...rest].join('/');

/** The declarations split by form: aliases (for the misuse checks) and templates (to parse and check). */
export interface DeclaredHelpers {
  /** Every declared name, sorted. */
  names: string[];
  aliases: Map<string, HelperAlias>;
  templates: Map<string, { template: string; params: string[]; html: boolean }>;
}

/**
 * Check the declarations that need no parsing: their number, names, shape, an alias's `use` and fixed hash,
 * a template's size and parameters.
 * @throws TemplateError `template_too_complex` (more than `MAX_DECLARED_HELPERS`), `template_too_large`
 *   (a template over `MAX_HELPER_TEMPLATE_BYTES`), `invalid_helper` (anything else, with its pointer).
 */
export function checkDeclarations(helpers: Readonly<Record<string, HelperDeclaration>>): DeclaredHelpers {
  const names = Object.keys(helpers).sort();
  if (names.length > MAX_DECLARED_HELPERS) {
    throw new TemplateError(
      'template_too_complex',
      `The template declares ${names.length} helpers; the limit is ${MAX_DECLARED_HELPERS}.`,
      [{ pointer: '/helpers', message: `more than ${MAX_DECLARED_HELPERS} helpers` }],
      {
        limit: 'MAX_HELPERS',
        max: MAX_DECLARED_HELPERS,
        found: names.length,
      },
    );
  }
  const refuse = (name: string, message: string, path: string[] = []): never => {
    throw new TemplateError(
      'invalid_helper',
      `The declared helper '${name}' ${message}.`,
      [{ pointer: pointerOf(name, ...path), message }],
      { helper: name },
    );
  };
  const declared: DeclaredHelpers = { names, aliases: new Map(), templates: new Map() };
  for (const name of names) {
    if (!HELPER_NAME.test(name))
      refuse(name, 'has a name that is not allowed: a name is 1–64 letters, digits or "_", not starting with a digit');
    if (RESERVED.has(name))
      refuse(
        name,
        `would shadow the ${LIBRARY_HELPER_NAMES.includes(name) ? 'library' : 'built-in'} helper '${name}': choose another name`,
      );
    const declaration = helpers[name] as unknown;
    if (declaration === null || typeof declaration !== 'object' || Array.isArray(declaration))
      refuse(name, 'must be an object: { "use", "hash"? } or { "template", "params"?, "html"? }');
    const fields = declaration as Record<string, unknown>;
    const isAlias = 'use' in fields;
    const isTemplate = 'template' in fields;
    if (isAlias === isTemplate)
      refuse(name, 'must have either "use" (an alias of a library helper) or "template" (a Handlebars template), not both and not neither');
    const allowed = isAlias ? ['use', 'hash'] : ['template', 'params', 'html'];
    const extra = Object.keys(fields).find((key) => !allowed.includes(key));
    if (extra !== undefined)
      refuse(
        name,
        `has an unknown field "${extra}" (${isAlias ? 'an alias takes "use" and "hash"' : 'a template-form helper takes "template", "params" and "html"'})`,
        [escapePointer(extra)],
      );
    if (isAlias) {
      const use = fields['use'];
      if (typeof use !== 'string' || !ALIASABLE_HELPERS.includes(use)) {
        const what =
          typeof use === 'string'
            ? BUILT_IN_HELPERS.includes(use)
              ? `the built-in '${use}', which cannot be aliased`
              : `'${use}', which is not a library helper`
            : 'no helper name';
        refuse(name, `uses ${what}; "use" may name ${ALIASABLE_HELPERS.join(', ')}`, ['use']);
      }
      const hash = fields['hash'] ?? {};
      if (hash === null || typeof hash !== 'object' || Array.isArray(hash))
        refuse(name, 'has a "hash" that is not an object of options', ['hash']);
      for (const [key, value] of Object.entries(hash as Record<string, unknown>)) {
        if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
          refuse(name, `has a hash option ${key}= that is not a string, number, boolean or null`, ['hash', escapePointer(key)]);
      }
      const problem = fixedHashProblem(use as string, hash as Record<string, unknown>);
      if (problem !== null) refuse(name, `has a fixed hash that ${use as string} cannot take: ${problem}`, ['hash']);
      declared.aliases.set(name, { use: use as string, hash: { ...(hash as Record<string, unknown>) } });
      continue;
    }
    const template = fields['template'];
    if (typeof template !== 'string') refuse(name, 'has a "template" that is not a string', ['template']);
    const bytes = Buffer.byteLength(template as string, 'utf8');
    if (bytes > MAX_HELPER_TEMPLATE_BYTES) {
      throw new TemplateError(
        'template_too_large',
        `The template of the declared helper '${name}' is ${bytes} bytes; the limit is ${MAX_HELPER_TEMPLATE_BYTES}.`,
        [{ pointer: pointerOf(name, 'template'), message: `over ${MAX_HELPER_TEMPLATE_BYTES} bytes` }],
        {
          limit: 'MAX_HELPER_TEMPLATE_BYTES',
          max: MAX_HELPER_TEMPLATE_BYTES,
          found: bytes,
        },
      );
    }
    const params = fields['params'] ?? [];
    if (!Array.isArray(params)) refuse(name, 'has "params" that is not a list of names', ['params']);
    const list = params as unknown[];
    if (list.length > MAX_HELPER_PARAMS) refuse(name, `has more than ${MAX_HELPER_PARAMS} params`, ['params']);
    list.forEach((param, index) => {
      if (typeof param !== 'string' || !HELPER_PARAM_NAME.test(param))
        refuse(name, `has a parameter name that is not allowed (1–64 letters, digits or "_", not starting with a digit)`, [
          'params',
          String(index),
        ]);
      if (list.indexOf(param) !== index) refuse(name, `names the parameter '${param as string}' twice`, ['params', String(index)]);
    });
    const html = fields['html'] ?? false;
    if (typeof html !== 'boolean') refuse(name, 'has an "html" that is not true or false', ['html']);
    declared.templates.set(name, { template: template as string, params: list as string[], html: html as boolean });
  }
  return declared;
}

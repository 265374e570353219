/**
 * One iterative walk over a parsed JSON body, before anything recursive sees it (zod, JSON.stringify
 * of an event, Ajv, Handlebars): refuses values nested too deep (a 1,000-level `metadata` overflowed
 * the stack of `JSON.stringify` in ProjectCommands and answered 500), the keys `__proto__`,
 * `constructor` and `prototype` (they name JavaScript's prototype machinery; a later spread or
 * `Object.assign` of a `__proto__` own property would set a prototype) everywhere but where they are a
 * template's variable names (`VARIABLE_NAME_FIELDS`), and strings or keys holding
 * an unpaired UTF-16 surrogate (not Unicode text, RFC 8259 §8.2; they cannot be stored as UTF-8 and
 * would be echoed back broken). Each finding names the RFC 6901 pointer of the offending key or value.
 */
import { ProblemError } from './problem.js';
import { escapeToken } from './json-pointer.js';
import type { TemplateProblem } from '../rendering/index.js';

/** Limits on the fields of a JSON body (docs/limits.md "Hostile input and limits"). */
export interface JsonLimits {
  /** Containers (objects, arrays) a value may nest inside its top-level field, `/ast` and `/variables` excepted (JSON_MAX_DEPTH). */
  maxDepth: number;
  /**
   * The same for `/variables` (VARIABLES_MAX_DEPTH): deeper, because a template may recurse over tree data
   * through a partial up to its 100-call depth budget, and each level of such a tree is two JSON levels
   * (the node and its `children` array). 1,000 stays well inside what `JSON.stringify` and the structured
   * clone to a worker survive (both overflowed between 2,000 and 5,000 levels on Node 20).
   */
  variablesMaxDepth: number;
  /** `metadata` serialised as JSON, UTF-8 bytes (METADATA_MAX_BYTES). */
  metadataMaxBytes: number;
}

export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 64,
  variablesMaxDepth: 1000,
  metadataMaxBytes: 64 * 1024,
});

/**
 * `/ast` is not bounded here: the template's own depth check (TEMPLATE_MAX_DEPTH, 400
 * `template_too_complex`) walks it without recursion before anything recursive runs, and answers for
 * any depth the body limit allows (tested to 60,000 levels), naming the setting a user can change.
 */
export const AST_MAX_DEPTH = Infinity;

/** Keys refused anywhere in a body, but under `VARIABLE_NAME_FIELDS`. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Where keys are a template's variable names, so any name a template can read (`{{constructor}}`,
 * `{{a.__proto__.b}}`) is allowed: the variables of a render or dry run (`/variables`) and the declared
 * schema (`/metadata/variables`, whose `properties` are those names). What reads them keeps them own
 * data (Handlebars reads own properties only; the variables check, own-keys.ts; merge-patch.ts).
 */
export const VARIABLE_NAME_FIELDS: readonly string[] = Object.freeze(['/variables', '/metadata/variables']);

/** Findings reported at most, per request. */
export const MAX_FINDINGS = 20;

export type JsonFindingKind = 'too_deep' | 'reserved_key' | 'unpaired_surrogate';

/** One refused location: `pointer` (RFC 6901, escaped) into the body. */
export interface JsonFinding {
  kind: JsonFindingKind;
  pointer: string;
  message: string;
  /** `too_deep`: the limit's name and value. */
  limit?: { name: string; max: number };
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Frame {
  value: object;
  /** An object's own keys (`JSON.parse` makes `__proto__` one of them); undefined for an array. */
  keys: string[] | undefined;
  /** Index of the next child to visit. */
  next: number;
  parent: Frame | undefined;
  token: string;
  /** Containers from the top-level field's value down to this one, that value counting 1 (the body is 0). */
  depth: number;
  maxDepth: number;
  /** The name of `maxDepth` in problems: JSON_MAX_DEPTH, or VARIABLES_MAX_DEPTH under `/variables`. */
  setting: string;
  /** Inside one of `VARIABLE_NAME_FIELDS`: `RESERVED_KEYS` are ordinary names here. */
  variableNames: boolean;
}

const pointerOf = (frame: Frame | undefined, last?: string): string => {
  const tokens: string[] = last === undefined ? [] : [last];
  for (let f = frame; f?.parent !== undefined; f = f.parent) tokens.push(f.token);
  return tokens
    .reverse()
    .map((t) => `/${escapeToken(t)}`)
    .join('');
};

const frameOf = (
  value: object,
  parent: Frame | undefined,
  token: string,
  depth: number,
  maxDepth: number,
  setting: string,
  variableNames = false,
): Frame => ({
  value,
  keys: Array.isArray(value) ? undefined : Object.keys(value),
  next: 0,
  parent,
  token,
  depth,
  maxDepth,
  setting,
  variableNames,
});

/**
 * Walk `body` (the result of `JSON.parse`) without recursion (an explicit stack of containers, each with
 * a cursor), depth first in document order.
 * @returns up to `MAX_FINDINGS` findings; empty when the body passes. Nothing below a too-deep container is visited.
 */
export function inspectJson(
  body: unknown,
  limits: Pick<JsonLimits, 'maxDepth' | 'variablesMaxDepth'> = DEFAULT_JSON_LIMITS,
): JsonFinding[] {
  const findings: JsonFinding[] = [];
  if (body === null || typeof body !== 'object') {
    if (typeof body === 'string' && UNPAIRED_SURROGATE.test(body)) findings.push(surrogate(''));
    return findings;
  }
  const stack: Frame[] = [frameOf(body, undefined, '', 0, Infinity, '')];
  while (stack.length > 0 && findings.length < MAX_FINDINGS) {
    const frame = stack[stack.length - 1]!;
    const count = frame.keys ? frame.keys.length : (frame.value as unknown[]).length;
    if (frame.next >= count) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    let token: string;
    let child: unknown;
    if (frame.keys) {
      token = frame.keys[index]!;
      if (RESERVED_KEYS.has(token) && !frame.variableNames) {
        findings.push({
          kind: 'reserved_key',
          pointer: pointerOf(frame, token),
          message: `the key "${token}" is not allowed (it names JavaScript's object prototype machinery)`,
        });
        continue;
      }
      if (UNPAIRED_SURROGATE.test(token)) {
        findings.push({
          kind: 'unpaired_surrogate',
          pointer: pointerOf(frame, token),
          message: 'the key contains an unpaired UTF-16 surrogate; keys and strings must be Unicode text (RFC 8259 §8.2)',
        });
        continue;
      }
      child = (frame.value as Record<string, unknown>)[token];
    } else {
      token = String(index);
      child = (frame.value as unknown[])[index];
    }
    if (typeof child === 'string') {
      if (UNPAIRED_SURROGATE.test(child)) findings.push(surrogate(pointerOf(frame, token)));
    } else if (child !== null && typeof child === 'object') {
      const top = frame.depth === 0;
      const [maxDepth, setting] = top ? fieldDepth(token, limits) : [frame.maxDepth, frame.setting];
      const depth = frame.depth + 1;
      if (depth > maxDepth) {
        findings.push({
          kind: 'too_deep',
          pointer: pointerOf(frame, token),
          message: `nests deeper than ${maxDepth} levels (${setting})`,
          limit: { name: setting, max: maxDepth },
        });
      } else {
        const variableNames = frame.variableNames || (depth <= 2 && VARIABLE_NAME_FIELDS.includes(pointerOf(frame, token)));
        stack.push(frameOf(child, frame, token, depth, maxDepth, setting, variableNames));
      }
    }
  }
  return findings;
}

/** The depth limit of a top-level field, and its name in problems. */
function fieldDepth(field: string, limits: Pick<JsonLimits, 'maxDepth' | 'variablesMaxDepth'>): [number, string] {
  if (field === 'ast') return [AST_MAX_DEPTH, 'TEMPLATE_MAX_DEPTH'];
  if (field === 'variables') return [limits.variablesMaxDepth, 'VARIABLES_MAX_DEPTH'];
  return [limits.maxDepth, 'JSON_MAX_DEPTH'];
}

function surrogate(pointer: string): JsonFinding {
  return {
    kind: 'unpaired_surrogate',
    pointer,
    message: 'the string contains an unpaired UTF-16 surrogate; strings must be Unicode text (RFC 8259 §8.2)',
  };
}

const CODES: Record<JsonFindingKind, string> = {
  too_deep: 'json_too_deep',
  reserved_key: 'reserved_key',
  unpaired_surrogate: 'unpaired_surrogate',
};

/**
 * Refuse a parsed body that `inspectJson` finds fault with, or whose `metadata` is too large.
 * @throws ProblemError 400 `json_too_deep`, `reserved_key` or `unpaired_surrogate` (the first finding's
 *   kind; `errors[]` lists every finding with its pointer), 413 `field_too_large` (`limit`: METADATA_MAX_BYTES).
 */
export function guardJsonBody(body: unknown, limits: JsonLimits = DEFAULT_JSON_LIMITS): void {
  const findings = inspectJson(body, limits);
  if (findings.length > 0) {
    const first = findings[0]!;
    const errors: TemplateProblem[] = findings.map(({ pointer, message }) => ({ pointer, message }));
    const more =
      findings.length > 1 ? ` (${findings.length}${findings.length >= MAX_FINDINGS ? '+' : ''} problems in all, see errors)` : '';
    const extra = first.limit ? { limit: first.limit.name, max: first.limit.max } : {};
    throw new ProblemError(400, CODES[first.kind], `${first.pointer || 'The body'}: ${first.message}${more}.`, errors, {}, extra);
  }
  const metadata = (body as Record<string, unknown> | null)?.['metadata'];
  if (metadata !== undefined) {
    // Safe to stringify now: the walk above bounded its depth.
    const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
    if (bytes > limits.metadataMaxBytes) {
      const message = `metadata is ${bytes} bytes as JSON; the limit is ${limits.metadataMaxBytes} (METADATA_MAX_BYTES)`;
      throw new ProblemError(
        413,
        'field_too_large',
        `${message}.`,
        [{ pointer: '/metadata', message }],
        {},
        { limit: 'METADATA_MAX_BYTES', max: limits.metadataMaxBytes, found: bytes },
      );
    }
  }
}

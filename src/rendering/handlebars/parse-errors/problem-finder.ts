/**
 * The block-structure problem finder: the first mistake of a template in source order (an unclosed
 * or mismatched block, a stray close or `{{else}}`, braces that do not pair, an empty expression, an
 * expression Handlebars rejects when parsed on its own), and whether that mistake is the one
 * Handlebars reported (`consistent`), so that it is described only then.
 */
import { MISMATCH, errorText, parseFailure } from './handlebars-error.js';
import { scanTags } from './tag-scanner.js';
import { innerOf, type Problem, type Tag } from './tags.js';

/**
 * The first mistake in `source`, in source order: block structure always; whether each expression is
 * valid (parsed on its own by Handlebars) for the tags that end after index `checkFrom`.
 */
export function findProblem(source: string, checkFrom: number): Problem | null {
  const stack: Array<{ tag: Tag; elseTag?: Tag }> = [];
  for (const item of scanTags(source)) {
    if ('problem' in item) return item.problem;
    const { tag } = item;
    const bad = expressionProblem(tag, tag.end > checkFrom);
    if (bad) return bad;
    const top = stack[stack.length - 1];
    if (tag.kind === 'open') stack.push({ tag });
    else if (tag.kind === 'close') {
      if (!top || tag.raw) return { kind: 'strayClose', close: tag }; // `{{{{/raw}}}}` only ends a raw block
      if (top.tag.name !== tag.name) {
        const outer = stack
          .slice(0, -1)
          .reverse()
          .find((s) => s.tag.name === tag.name)?.tag;
        return { kind: 'mismatch', open: top.tag, close: tag, outer };
      }
      stack.pop();
    } else if (tag.kind === 'else' || tag.kind === 'elseChain') {
      if (!top) return { kind: 'strayElse', tag };
      if (top.tag.noElse) return { kind: 'elseInBlock', tag, block: top.tag };
      if (top.elseTag) return { kind: 'secondElse', tag, previous: top.elseTag, block: top.tag };
      if (tag.kind === 'else') top.elseTag = tag;
    }
  }
  const innermost = stack[stack.length - 1];
  return innermost ? { kind: 'unclosedBlock', open: innermost.tag } : null;
}

function expressionProblem(tag: Tag, checkExpressions: boolean): Problem | null {
  if (tag.kind === 'else' || tag.raw || tag.openBraces === 4) return null;
  if (tag.openBraces !== tag.closeBraces) return { kind: 'braces', tag };
  if (tag.broken) return { kind: 'expression', tag, error: null };
  if (
    innerOf(tag)
      .replace(/^(?:#>|#\*|[#/^>&*{])/, '')
      .trim() === ''
  )
    return { kind: 'empty', tag };
  if (!checkExpressions) return null;
  const error = isolatedParseError(tag);
  return error === null ? null : { kind: 'expression', tag, error };
}

/** Handlebars' error for the tag parsed on its own (in a block of its kind when it needs one), or null. */
export function isolatedParseError(tag: Tag): string | null {
  const text =
    tag.kind === 'open'
      ? `${tag.text}{{/${tag.name}}}`
      : tag.kind === 'close'
        ? `{{#${tag.name}}}${tag.text}`
        : tag.kind === 'elseChain'
          ? `{{#if x}}${tag.text}{{/if}}`
          : tag.text;
  const failure = parseFailure(text);
  if (failure === null) return null;
  const message = errorText(failure);
  return MISMATCH.test(message.split('\n')[0]!) ? null : message; // a name our synthetic close spells differently
}

/** Whether the scan's `problem` is the error Handlebars reported (else the scan misread the source). */
export function consistent(problem: Problem, raw: string, mismatch: RegExpExecArray | null, got: string | undefined): boolean {
  switch (problem.kind) {
    case 'unclosedBlock':
      return got === 'EOF';
    case 'strayClose':
      return got === 'OPEN_ENDBLOCK' || (problem.close.raw === true && got !== undefined);
    case 'strayElse':
    case 'secondElse':
      return got === 'INVERSE' || got === 'OPEN_INVERSE_CHAIN';
    case 'elseInBlock':
      return got === 'INVERSE' || got === 'OPEN_INVERSE_CHAIN' || /Unexpected inverse/.test(raw);
    case 'mismatch':
      return mismatch !== null && mismatch[1] === problem.open.name && mismatch[2] === problem.close.name;
    default:
      return mismatch === null;
  }
}

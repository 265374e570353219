/**
 * AST ⇄ MJML markup. `toMjmlMarkup` writes an AST as indented MJML that `mjml-parser-xml` reads back to
 * the same AST (round trip tested on the corpus); `toMjmlAst` strips the parser's bookkeeping fields
 * (line, file, includedIn, …) to MJML's JSON form.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import { ENDING_TAGS, type ParsedNode } from './runtime.js';

/** MJML JSON form of a parsed tree: `{ tagName, attributes, children?, content? }` only. */
export function toMjmlAst(node: ParsedNode): MjmlNode {
  const out: MjmlNode = { tagName: node.tagName, attributes: { ...(node.attributes ?? {}) } };
  if (node.children && node.children.length > 0) out.children = node.children.map(toMjmlAst);
  if (node.content !== undefined && node.content !== '') out.content = node.content;
  return out;
}

/**
 * Serialise an AST as MJML markup, two-space indented. Ending tags (`mj-text`, `mj-raw`, …) get their
 * `content` verbatim, so Handlebars expressions come out exactly as stored.
 */
export function toMjmlMarkup(ast: MjmlNode): string {
  return `${writeNode(ast, '')}\n`;
}

function writeNode(node: MjmlNode, indent: string): string {
  const open = `${indent}<${node.tagName}${writeAttributes(node.attributes)}`;
  if (ENDING_TAGS.has(node.tagName) || (node.content !== undefined && !node.children?.length)) {
    return `${open}>${node.content ?? ''}</${node.tagName}>`;
  }
  if (!node.children || node.children.length === 0) return `${open} />`;
  const inner = node.children.map((child) => writeNode(child, `${indent}  `)).join('\n');
  return `${open}>\n${inner}\n${indent}</${node.tagName}>`;
}

function writeAttributes(attributes: MjmlNode['attributes']): string {
  let out = '';
  for (const [name, raw] of Object.entries(attributes ?? {})) {
    const value = String(raw);
    // The parser keeps values undecoded, so write them back as they came: pick the quote that is free.
    if (!value.includes('"')) out += ` ${name}="${value}"`;
    else if (!value.includes("'")) out += ` ${name}='${value}'`;
    else out += ` ${name}="${value.replace(/"/g, '&quot;')}"`;
  }
  return out;
}

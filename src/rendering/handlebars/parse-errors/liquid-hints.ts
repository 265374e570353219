/**
 * Hints for Liquid written in a Handlebars template: a Liquid filter (`{{ name | upcase }}`), with
 * the helper call Handlebars would make instead, and a Liquid tag (`{% if x %}`, `{% for item in
 * items %}`), with the Handlebars block that does its work.
 */
import { show } from './positions.js';
import { innerOf, type Tag } from './tags.js';

/**
 * Liquid filters and the helper call a Handlebars template would make instead (helpers/*.ts: its
 * arguments after the value, from the filter's); a hint suggests the helper only when it is available.
 * `truncate` takes only a length (Liquid's default is 50); `date` has styles, not strftime formats;
 * Shopify's `money` takes cents and the shop's currency, which the helper needs as `code=`.
 */
const LIQUID_FILTER_HELPERS: Readonly<Record<string, { helper: string; args: (filterArgs: string[]) => string[] }>> = Object.freeze({
  upcase: { helper: 'upper', args: () => [] },
  downcase: { helper: 'lower', args: () => [] },
  capitalize: { helper: 'capitalize', args: () => [] },
  truncate: { helper: 'truncate', args: (a) => [a[0] ?? '50'] },
  join: { helper: 'join', args: (a) => a.slice(0, 1) },
  size: { helper: 'length', args: () => [] },
  date: { helper: 'date', args: () => [] },
  money: { helper: 'currency', args: () => ['code="USD"', 'minor_units=true'] },
  default: { helper: 'default', args: (a) => a },
});

export interface LiquidFilter {
  expression: string;
  filters: Array<{ name: string; args: string[] }>;
}

/** `{{ expression | filter: arg, … | … }}` (not Handlebars block parameters `as |x|`), or null. */
export function liquidFilter(tag: Tag): LiquidFilter | null {
  if (tag.kind !== 'plain') return null;
  const inner = innerOf(tag).replace(/^[{&]/, '');
  if (/\bas\s*\|/.test(inner)) return null;
  const parts = splitOutsideStrings(inner, '|');
  if (parts.length < 2) return null;
  const expression = parts[0]!.trim();
  const filters = parts.slice(1).map((part) => {
    const colon = splitOutsideStrings(part, ':');
    const name = colon[0]!.trim();
    const args =
      colon.length > 1
        ? splitOutsideStrings(colon.slice(1).join(':'), ',')
            .map((a) => a.trim())
            .filter((a) => a !== '')
        : [];
    return { name, args };
  });
  if (expression === '' || filters.some((f) => !/^[A-Za-z_][\w-]*$/.test(f.name))) return null;
  return { expression, filters };
}

function splitOutsideStrings(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === separator) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

export function liquidFilterMessage(tag: Tag, line: number, { expression, filters }: LiquidFilter, helpers: readonly string[]): string {
  const construct = show(tag.text);
  const helperOf = (name: string) => (Object.hasOwn(LIQUID_FILTER_HELPERS, name) ? LIQUID_FILTER_HELPERS[name]! : undefined);
  const missing = filters.find((f) => {
    const helper = helperOf(f.name);
    return helper === undefined || !helpers.includes(helper.helper);
  });
  const lead = `\`${construct}\` on line ${line} uses Liquid filter syntax, which Handlebars does not have`;
  if (!missing) {
    let call = expression;
    for (const { name, args } of filters) {
      const { helper, args: helperArgs } = helperOf(name)!;
      call = [helper, /\s/.test(call) ? `(${call})` : call, ...helperArgs(args)].join(' ');
    }
    const currency = filters.some((f) => f.name === 'money') ? " (with your currency's code)" : '';
    return `${lead}: a helper comes before its arguments, \`{{${call}}}\`${currency}.`;
  }
  const fallbackValue = missing.args[0];
  if (filters.length === 1 && missing.name === 'default' && fallbackValue !== undefined) {
    const text = /^(["']).*\1$/.test(fallbackValue) ? fallbackValue.slice(1, -1) : `{{${fallbackValue}}}`;
    return `${lead}: write \`{{#if ${expression}}}{{${expression}}}{{else}}${text}{{/if}}\`.`;
  }
  return `${lead}, and Letterpress has no helper for \`${missing.name}\`: format the value in the data you send and write \`{{${expression}}}\`.`;
}

export const LIQUID_TAG = /\{%-?\s*([A-Za-z]+)\b([\s\S]*?)-?%\}/;
const SINGLE_VALUE = /^[A-Za-z_@][\w.@-]*$/;

export function liquidTagMessage(match: RegExpExecArray, line: number): string {
  const text = show(match[0]);
  const tag = match[1]!.toLowerCase();
  const args = match[2]!.trim();
  const lead = `\`${text}\` on line ${line} is a Liquid tag, which Handlebars leaves as plain text`;
  const write = (handlebars: string) => `${lead}: write \`${handlebars}\`.`;
  switch (tag) {
    case 'if':
    case 'unless':
      return SINGLE_VALUE.test(args)
        ? write(`{{#${tag} ${args}}}…{{/${tag}}}`)
        : `${lead}: Handlebars' \`{{#${tag}}}\` tests a single value, so compute the condition in the data you send and write \`{{#${tag} flag}}…{{/${tag}}}\`.`;
    case 'elsif':
      return SINGLE_VALUE.test(args)
        ? write(`{{else if ${args}}}`)
        : `${lead}: Handlebars' \`{{else if}}\` tests a single value, so compute the condition in the data you send.`;
    case 'else':
      return write('{{else}}');
    case 'endif':
      return write('{{/if}}');
    case 'endunless':
      return write('{{/unless}}');
    case 'endfor':
      return write('{{/each}}');
    case 'for': {
      const loop = /^([A-Za-z_]\w*)\s+in\s+([A-Za-z_@][\w.@-]*)$/.exec(args);
      return loop
        ? write(`{{#each ${loop[2]} as |${loop[1]}|}}…{{/each}}`)
        : `${lead}: write \`{{#each list}}…{{/each}}\`, with the list prepared in the data you send.`;
    }
    case 'comment':
    case 'endcomment':
      return write('{{!-- … --}}');
    case 'raw':
      return write('{{{{raw}}}}…{{{{/raw}}}}');
    case 'include':
    case 'render':
    case 'section':
      return `${lead}: insert the shared markup with \`<mj-include path="…" />\` instead.`;
    case 'assign':
    case 'capture':
    case 'increment':
    case 'decrement':
      return `${lead}, and Handlebars has no variables: put the value in the data you send.`;
    default:
      return `${lead}, and has no Handlebars equivalent here: use \`{{#if}}\`, \`{{#unless}}\`, \`{{#each}}\` or \`{{#with}}\`, or prepare the value in the data you send.`;
  }
}

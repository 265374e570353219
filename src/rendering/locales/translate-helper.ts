/**
 * The `t` helper: `{{t "order.shipped" count=items.length}}` formats the render's locale message `key` with
 * the hash as its ICU arguments (messages.ts). The messages come in Handlebars' data frame (`@messages`,
 * RenderOptions.messages), so one compiled template serves every locale. Without messages (a revision
 * without locales, the save-time proof render) or for a key no locale has, it outputs the key itself, so a
 * missing string shows in the email instead of vanishing; strict renders refuse such keys before rendering.
 */
import type { HelperOptions } from '../handlebars/helpers/arguments.js';
import type { LocaleMessages } from './messages.js';

/** The helper's name, callable by templates (environment.ts AVAILABLE_HELPERS). */
export const TRANSLATE_HELPER = 't';

/** The helper function registered in every environment. @throws FormatJS' errors (a message argument of the wrong type). */
export function translateHelper(key: unknown, options: HelperOptions): string {
  const messages = (options?.data as { messages?: LocaleMessages } | undefined)?.messages;
  const name = String(key);
  if (messages === undefined) return name;
  return messages.format(name, options.hash ?? {}) ?? name;
}

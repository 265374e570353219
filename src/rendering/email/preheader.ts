/**
 * The preheader in the HTML. An inbox shows, next to the subject, the first text of the body; MJML's
 * `<mj-preview>` puts the intended text there as a hidden block at the very top of `<body>` (MJML docs,
 * mj-preview: "the text displayed in the inbox preview"). `metadata.preheader` is placed the same way, in
 * the same bytes mjml 5.4.1 writes (mjml-body `lib/helpers/preview.js`, called between `<body …>` and the
 * body's wrapper `<div>`):
 *
 *     <body …>⏎········⏎····<div style="display:none;font-size:1px;…;overflow:hidden;">TEXT</div>⏎··⏎········<div …
 *
 * so a template without `<mj-preview>` rendered with `metadata.preheader` gives the HTML MJML would give
 * with `<mj-preview>` holding the rendered preheader (text escaped: `&`, `<`, `>`).
 *
 * A template that has its own `<mj-preview>` gets it replaced: the sender who sets `metadata.preheader` asks
 * for that text, and the render's `preheader` field says it is the one shown; two hidden blocks would show
 * both, run together. The save says so (`mj_preview_replaced`). A preheader that renders empty places no
 * block (as an empty `<mj-preview>`), so then the inbox shows the first body text.
 *
 * Placed per render, after the HTML is rendered (or compiled, for a dynamic revision): the cached
 * compiled HTML stays the same for every preheader; the cost is one search for `<body` (in MJML output,
 * after the head) and one copy of the HTML.
 */
import type { MjmlNode } from '../../domain/mjml-ast.js';
import type { TemplateWarning } from '../template-source.js';

/** mjml-body 5.4.1 `lib/helpers/preview.js`: the style of MJML's hidden preview block. */
export const PREVIEW_STYLE =
  'display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;';
const BLOCK_OPEN = `\n    <div style="${PREVIEW_STYLE}">`;
const BLOCK_CLOSE = '</div>\n  ';
/** What mj-body writes between `<body …>` and the preview block (mjml-body 5.4.1 `render`). */
const AFTER_BODY = '\n        ';

/** Text as HTML text content: `&`, `<` and `>` escaped (HTML Standard, "Serialising HTML fragments": text nodes). */
export const escapeHtmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** MJML's preview block holding `preheader` (escaped), or '' for an empty preheader (mjml-body writes none). */
export function previewBlock(preheader: string): string {
  return preheader === '' ? '' : `${BLOCK_OPEN}${escapeHtmlText(preheader)}${BLOCK_CLOSE}`;
}

const asJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/** End of the `<body …>` start tag (the first `<body` followed by a space, `/` or `>`), or -1. */
function bodyStartTagEnd(html: string): number {
  for (let at = html.indexOf('<body'); at !== -1; at = html.indexOf('<body', at + 5)) {
    const next = html.charAt(at + 5);
    if (next === '>' || next === '/' || /\s/.test(next) || next === '\\') return html.indexOf('>', at) + 1;
  }
  return -1;
}

/**
 * `html` with `preheader` placed as MJML's preview block at the top of its body, replacing a preview block
 * MJML already wrote there; `encoding: 'json'` when `html` is escaped as a JSON string's contents (the
 * block is escaped the same way). An HTML without `<body` (never MJML output) is returned as it is.
 */
export function placePreheader(html: string, preheader: string, encoding: 'text' | 'json' = 'text'): string {
  const bodyEnd = bodyStartTagEnd(html);
  if (bodyEnd <= 0) return html;
  const code = encoding === 'json' ? asJson : (text: string) => text;
  const gap = code(AFTER_BODY);
  const at = html.startsWith(gap, bodyEnd) ? bodyEnd + gap.length : bodyEnd;
  let end = at;
  if (html.startsWith(code(BLOCK_OPEN), at)) {
    const close = html.indexOf(code('</div>'), at);
    if (close !== -1) end = html.startsWith(code(BLOCK_CLOSE), close) ? close + code(BLOCK_CLOSE).length : close + code('</div>').length;
  }
  return html.slice(0, at) + code(previewBlock(preheader)) + html.slice(end);
}

/** Whether an MJML tree has `<mj-preview>` in its `<mj-head>`. */
function astHasPreview(ast: MjmlNode): boolean {
  return (ast.children ?? []).some(
    (child) => child.tagName === 'mj-head' && (child.children ?? []).some((node) => node.tagName === 'mj-preview'),
  );
}

/**
 * The save warning `mj_preview_replaced` when `metadata.preheader` is set and the template (its MJML
 * tree; for a dynamic one its source or a partial) has its own `<mj-preview>`; [] otherwise.
 */
export function previewReplacedWarnings(
  template: { ast: MjmlNode; publishedHtml: string; renderMode?: 'static' | 'dynamic'; partials?: Record<string, string> },
  metadata: Record<string, unknown>,
): TemplateWarning[] {
  if (typeof metadata['preheader'] !== 'string') return [];
  const hasPreview =
    template.renderMode === 'dynamic'
      ? [template.publishedHtml, ...Object.values(template.partials ?? {})].some((text) => /<mj-preview[\s>/]/i.test(text))
      : astHasPreview(template.ast);
  if (!hasPreview) return [];
  return [
    {
      code: 'mj_preview_replaced',
      message:
        'The template has its own <mj-preview> and metadata.preheader is set: every render shows metadata.preheader in the inbox preview ' +
        "and leaves the template's <mj-preview> out. Remove one of them.",
    },
  ];
}

/**
 * Showing things on the page. Every value from the API goes in as text (`textContent`, `option.text`),
 * never as markup; the one exception is the email itself, which goes into the sandboxed iframes'
 * `srcdoc`, where it cannot run scripts or reach this page (no `allow-scripts`, no `allow-same-origin`).
 */
import { describeProblem } from './api.js';
import { localTime, shortHash } from './format.js';

/** The two iframes the email is shown in: desktop and mobile width. */
const FRAMES = ['frame-desktop', 'frame-mobile'];

/** @param {string} id */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A new element holding `text` as text.
 * @param {string} tag
 * @param {string} [text]
 * @param {string} [className]
 */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * Fill `box` with a problem (RFC 9457 fields: title, status, detail, errors[], code, request_id) and show it.
 * @param {HTMLElement} box
 * @param {{ status: number, title?: string, detail?: string }} problem
 */
export function showProblem(box, problem) {
  const { heading, detail, errors, reference } = describeProblem(problem);
  box.replaceChildren(el('strong', heading));
  if (detail) box.append(el('p', detail));
  if (errors.length > 0) {
    const list = el('ul');
    for (const line of errors) list.append(el('li', line));
    box.append(list);
  }
  if (reference) box.append(el('small', reference, 'muted'));
  box.hidden = false;
}

/** @param {HTMLElement} box */
export function hideProblem(box) {
  box.replaceChildren();
  box.hidden = true;
}

/** What a document's own Content-Security-Policy adds when remote images are off: images only from data: URLs. */
const NO_REMOTE_IMAGES = '<meta http-equiv="Content-Security-Policy" content="img-src data:">';

/**
 * What the email gets in "Dark client" mode, where the page inverts the whole frame (preview.css `iframe.dark`):
 * its pictures inverted back, as clients that force dark mode keep images as they are.
 */
export const DARK_IMAGES = '<style>img,picture,video{filter:invert(1) hue-rotate(180deg)}</style>';

/**
 * How the email is shown: `remoteImages` false blocks images from the network, `dark` simulates a dark client.
 * @typedef {{ remoteImages: boolean, dark: boolean }} Display
 */

/**
 * The email as the iframes get it. With `remoteImages` false, a `<meta>` policy is put first in its
 * `<head>`: a srcdoc document enforces it on top of the policy it inherits from this page (CSP3 §8.1),
 * so it can only narrow what loads, never widen it. With `dark`, the `DARK_IMAGES` style follows.
 * @param {string} html
 * @param {Display} display
 */
export function emailDocument(html, display) {
  const added = (display.remoteImages ? '' : NO_REMOTE_IMAGES) + (display.dark ? DARK_IMAGES : '');
  if (!added) return html;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return added + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + added + html.slice(at);
}

/**
 * A successful render on the page: the email in both frames, and with it the subject, preheader,
 * revision (local time, short hash with a copy button), text part and warnings.
 * @param {{ html: string, subject: string | null, preheader: string | null, text: string, warnings: Array<{ code?: string, message?: string }>, revision: number, updated_at: string, published_sha256: string }} out
 * @param {Display} display
 */
export function showRender(out, display) {
  showEmail(out.html, display);
  for (const id of FRAMES) byId(id).classList.remove('stale');
  setOptional(byId('out-subject'), out.subject);
  setOptional(byId('out-preheader'), out.preheader);
  showRevision(out);
  byId('out-text').textContent = out.text ?? '';
  const warnings = byId('out-warnings');
  warnings.replaceChildren();
  for (const warning of out.warnings ?? []) warnings.append(el('li', [warning.code, warning.message].filter(Boolean).join(': ')));
  if (warnings.children.length === 0) warnings.append(el('li', 'none', 'muted'));
}

/**
 * "r3 · saved Nov 26, 2026, 4:13:10 PM GMT+1 · published sha256 a7adffb3fe9d [Copy]": the time in the
 * browser's zone (the exact instant on hover), the hash short (in full on hover and in the clipboard).
 * @param {{ revision: number, updated_at: string, published_sha256: string }} out
 */
function showRevision(out) {
  const time = el('time', localTime(out.updated_at));
  time.setAttribute('datetime', out.updated_at);
  time.title = out.updated_at;
  const hash = el('code', shortHash(out.published_sha256));
  hash.title = `sha256 ${out.published_sha256}`;
  const copy = el('button', 'Copy');
  copy.type = 'button';
  copy.id = 'copy-hash';
  copy.setAttribute('aria-label', 'Copy the full SHA-256 of the published HTML');
  copy.addEventListener('click', () => copyHash(out.published_sha256, hash, copy));
  byId('out-revision').replaceChildren(`r${out.revision} · saved `, time, ' · published sha256 ', hash, copy);
}

/**
 * Put the full hash in the clipboard (Clipboard API: this origin must be https or localhost); where the
 * browser refuses, show it in full and select it, to copy by hand.
 * @param {string} full @param {HTMLElement} code @param {HTMLElement} button
 */
async function copyHash(full, code, button) {
  try {
    await navigator.clipboard.writeText(full);
    button.textContent = 'Copied';
  } catch {
    code.textContent = full;
    getSelection()?.selectAllChildren(code);
    button.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => (button.textContent = 'Copy'), 2000);
}

/** Simulate a dark client in both frames (or stop). @param {boolean} dark */
export function setDark(dark) {
  for (const id of FRAMES) byId(id).classList.toggle('dark', dark);
}

/** Put `doc` in a frame, marking the load that follows as ours. @param {HTMLIFrameElement} frame @param {string} doc */
function load(frame, doc) {
  frame.dataset.pending = '1';
  frame.srcdoc = doc;
}

/** @param {string} html @param {Display} display */
export function showEmail(html, display) {
  const doc = emailDocument(html, display);
  for (const id of FRAMES) {
    const frame = /** @type {HTMLIFrameElement} */ (byId(id));
    load(frame, doc);
  }
}

/**
 * A link clicked in the email navigates its frame, which the page's `frame-src 'self'` refuses (a link with
 * `target="_blank"` is refused by the sandbox, no popups): the frame would be left on an error page. Any load
 * the page did not start puts the email back, and `onLinkRefused` is told.
 * @param {() => void} onLinkRefused
 */
export function keepEmailInFrames(onLinkRefused) {
  for (const id of FRAMES) {
    const frame = /** @type {HTMLIFrameElement} */ (byId(id));
    frame.addEventListener('load', () => {
      if (frame.dataset.pending === '1') {
        delete frame.dataset.pending;
        return;
      }
      load(frame, frame.getAttribute('srcdoc') ?? '');
      onLinkRefused();
    });
  }
}

/** Mark the frames as showing an older render (the last one that worked). */
export function markStale() {
  for (const id of FRAMES) byId(id).classList.add('stale');
}

/** Empty every output of the template view. */
export function clearOutputs() {
  for (const id of FRAMES) load(/** @type {HTMLIFrameElement} */ (byId(id)), '');
  for (const id of ['out-subject', 'out-preheader', 'out-revision', 'out-text', 'out-warnings']) byId(id).replaceChildren();
  hideProblem(byId('render-error'));
}

/** @param {HTMLElement} node @param {string | null | undefined} value */
function setOptional(node, value) {
  node.classList.toggle('muted', value === null || value === undefined || value === '');
  node.textContent = value === null || value === undefined || value === '' ? '(none)' : value;
}

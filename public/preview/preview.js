/**
 * The preview page (README "Preview page"): asks for an API key once per tab (sessionStorage, never
 * localStorage, never a URL), lists the workspace's templates, and renders the one opened with editable
 * sample variables and a revision picker. Every byte of data comes from the Bearer-authenticated API.
 */
import { ApiError, apiPrefix, createApi } from './api.js';
import { dropKey, onKeyEntered, showKeyForm, showSignedIn, storedKey } from './key.js';
import { sampleVariables } from './sample.js';
import { localTime } from './format.js';
import { keepFramesFitted } from './frames.js';
import { hideChanges, showChanges } from './publish-panel.js';
import { byId, clearOutputs, el, hideProblem, keepEmailInFrames, markStale, setDark, showEmail, showProblem, showRender } from './view.js';

/** Quiet time after the last keystroke in the variables editor before rendering again. */
const RENDER_DELAY_MS = 300;

const api = createApi(apiPrefix(location.search), storedKey);

const state = {
  /** @type {string | null} */ projectId: null,
  /** @type {string | null} */ templatesCursor: null,
  /** @type {string | null} */ revisionsCursor: null,
  /** @type {string | null} */ lastHtml: null,
  /** @type {AbortController | null} */ renderAbort: null,
  renderTimer: 0,
  renderSeq: 0,
  openSeq: 0,
};

const variablesBox = /** @type {HTMLTextAreaElement} */ (byId('variables'));
const revisionSelect = /** @type {HTMLSelectElement} */ (byId('revision-select'));
const remoteImages = /** @type {HTMLInputElement} */ (byId('remote-images'));
const darkClient = /** @type {HTMLInputElement} */ (byId('dark-client'));
/** How the email is shown now (view.js `Display`). */
const display = () => ({ remoteImages: remoteImages.checked, dark: darkClient.checked });

onKeyEntered(enter);
byId('forget-key').addEventListener('click', () => forgetKey());
byId('more-templates').addEventListener('click', () => loadTemplates(state.templatesCursor));
byId('more-revisions').addEventListener('click', () => loadRevisions(state.revisionsCursor));
revisionSelect.addEventListener('change', () => renderNow());
remoteImages.addEventListener('change', () => state.lastHtml !== null && showEmail(state.lastHtml, display()));
darkClient.addEventListener('change', () => {
  setDark(darkClient.checked);
  if (state.lastHtml !== null) showEmail(state.lastHtml, display());
});
variablesBox.addEventListener('input', () => {
  clearTimeout(state.renderTimer);
  state.renderTimer = setTimeout(renderNow, RENDER_DELAY_MS);
});

keepFramesFitted();
keepEmailInFrames(() => (byId('render-status').textContent = 'Links are not followed in the preview'));

if (storedKey()) enter();
else showKeyForm();

function enter() {
  showSignedIn();
  loadTemplates(null);
}

/** Drop the key and everything shown with it. @param {string} [message] */
function forgetKey(message) {
  dropKey();
  state.renderAbort?.abort();
  clearTimeout(state.renderTimer);
  Object.assign(state, { projectId: null, templatesCursor: null, revisionsCursor: null, lastHtml: null, openSeq: state.openSeq + 1, renderSeq: state.renderSeq + 1 });
  byId('template-list').replaceChildren();
  byId('template-view').hidden = true;
  byId('pick-hint').hidden = false;
  variablesBox.value = '';
  clearOutputs();
  hideChanges();
  showKeyForm(message);
}

/** A 401 means the key is wrong, expired or revoked: ask for another. @returns {boolean} whether it was one */
function refusedKey(error) {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  forgetKey(`The service refused this key: ${error.problem.detail ?? error.problem.title ?? 'unauthorized'}`);
  return true;
}

/** @param {string | null} cursor */
async function loadTemplates(cursor) {
  const list = byId('template-list');
  const more = /** @type {HTMLButtonElement} */ (byId('more-templates'));
  hideProblem(byId('list-error'));
  more.disabled = true; // a second click would append the same page twice
  try {
    const page = await api.listProjects(cursor);
    if (cursor === null) list.replaceChildren();
    for (const item of page.items) list.append(templateItem(item));
    state.templatesCursor = page.next_cursor;
    more.hidden = !page.next_cursor;
    byId('list-empty').hidden = list.children.length > 0;
  } catch (error) {
    if (!refusedKey(error)) showProblem(byId('list-error'), error.problem ?? { status: 0, title: String(error) });
  } finally {
    more.disabled = false;
  }
}

/** @param {{ id: string, name?: string | null, revision: number, updated_at: string }} item */
function templateItem(item) {
  const button = el('button', undefined, 'template');
  button.type = 'button';
  button.dataset.id = item.id;
  button.append(el('span', item.name || item.id, 'name'), el('span', `${item.id} · r${item.revision}`, 'muted'));
  button.addEventListener('click', () => openTemplate(item));
  const li = el('li');
  li.append(button);
  return li;
}

/** @param {{ id: string, name?: string | null, revision: number, publishing?: string }} item */
async function openTemplate(item) {
  const seq = ++state.openSeq;
  state.projectId = item.id;
  state.lastHtml = null;
  // A render of the template shown before must not land on this one.
  state.renderSeq++;
  state.renderAbort?.abort();
  clearTimeout(state.renderTimer);
  for (const button of byId('template-list').querySelectorAll('button.template')) {
    button.setAttribute('aria-current', String(/** @type {HTMLElement} */ (button).dataset.id === item.id));
  }
  byId('pick-hint').hidden = true;
  byId('template-view').hidden = false;
  byId('template-title').textContent = item.name ? `${item.name} (${item.id})` : item.id;
  // Under review the project's revision may be a publish's, not a save's: the latest save is named once rendered.
  revisionSelect.replaceChildren(new Option(item.publishing === 'review' ? 'Latest save' : `Latest (r${item.revision})`, ''));
  byId('more-revisions').hidden = true;
  variablesBox.value = '';
  clearOutputs();
  hideChanges();
  byId('render-status').textContent = 'Loading…';
  const [variables] = await Promise.all([api.variables(item.id).catch((error) => error), loadRevisions(null, seq)]);
  if (seq !== state.openSeq) return; // another template was opened meanwhile
  if (variables instanceof Error) {
    if (refusedKey(variables)) return;
    variablesBox.value = '{}'; // render still works: without declared variables, missing paths print empty
  } else {
    variablesBox.value = JSON.stringify(sampleVariables(variables.declared ?? variables.inferred), null, 2);
  }
  // Under review with a draft: what a recipient would see change if it were published (publish-panel.js).
  const sample = readVariables();
  const changes = showChanges(item, { api, refusedKey, variables: () => ('value' in sample ? sample.value : null) });
  await Promise.all([renderNow(), changes]);
}

/** Add a page of revisions to the picker, oldest first. @param {string | null} cursor @param {number} [seq] */
async function loadRevisions(cursor, seq = state.openSeq) {
  const projectId = state.projectId;
  if (projectId === null) return;
  const more = /** @type {HTMLButtonElement} */ (byId('more-revisions'));
  more.disabled = true;
  try {
    const page = await api.listRevisions(projectId, cursor);
    if (seq !== state.openSeq) return;
    for (const item of page.items) {
      if (item.event === 'deleted' || item.event === 'published') continue; // nothing to render there (a publish is not a template revision)
      revisionSelect.append(new Option(`r${item.revision} · ${item.event} · ${localTime(item.updated_at)}`, String(item.revision)));
    }
    state.revisionsCursor = page.next_cursor;
    more.hidden = !page.next_cursor;
  } catch (error) {
    if (!refusedKey(error) && seq === state.openSeq) showProblem(byId('render-error'), error.problem ?? { status: 0, title: String(error) });
  } finally {
    more.disabled = false;
  }
}

/** The editor's JSON, or why it cannot be sent. @returns {{ value: object } | { problem: object }} */
function readVariables() {
  let value;
  try {
    value = JSON.parse(variablesBox.value.trim() || '{}');
  } catch (error) {
    return { problem: { status: 0, title: 'The sample variables are not valid JSON', detail: String(error.message ?? error) } };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: { status: 0, title: 'The sample variables must be a JSON object', detail: 'For example { "customer": { "first_name": "Ada" } }.' } };
  }
  return { value };
}

/** Render the open template at the picked revision with the editor's variables; older answers are dropped. */
async function renderNow() {
  clearTimeout(state.renderTimer);
  const projectId = state.projectId;
  if (projectId === null) return;
  const seq = ++state.renderSeq;
  state.renderAbort?.abort();
  const status = byId('render-status');
  const errorBox = byId('render-error');
  const variables = readVariables();
  variablesBox.setAttribute('aria-invalid', String('problem' in variables));
  if ('problem' in variables) {
    showProblem(errorBox, variables.problem);
    markStale();
    status.textContent = 'Not rendered: fix the variables';
    return;
  }
  const abort = new AbortController();
  state.renderAbort = abort;
  const revision = revisionSelect.value;
  status.textContent = 'Rendering…';
  try {
    // "Latest" is the newest save: under "publishing": "review" a draft, which is what a preview is for (docs/publishing.md).
    const out = await api.render(projectId, { variables: variables.value, revision: revision === '' ? 'latest' : Number(revision) }, abort.signal);
    if (seq !== state.renderSeq) return;
    hideProblem(errorBox);
    state.lastHtml = out.html;
    showRender(out, display());
    status.textContent = `Rendered r${out.revision}`;
  } catch (error) {
    if (seq !== state.renderSeq || (error instanceof DOMException && error.name === 'AbortError')) return;
    if (refusedKey(error)) return;
    showProblem(errorBox, error.problem ?? { status: 0, title: String(error) });
    markStale();
    status.textContent = state.lastHtml === null ? 'Not rendered' : 'Showing the last render that worked';
  }
}

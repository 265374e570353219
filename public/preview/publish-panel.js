/**
 * The "Changes since published" panel (docs/preview.md "Reviewing and publishing"): for a template that
 * publishes under review and has a draft, what a recipient would see change between the published revision
 * and the latest save (`POST /projects/:id/diff`, docs/diff.md), and a button that publishes exactly the
 * revision compared (`POST /projects/:id/publish` with `If-Match`, so nothing saved since is published unseen).
 * Publishing needs a key with `projects:write`; a key without it gets the 403 shown, with what would work. A
 * refusal of the publish gate (409) or the policy (422) lists each finding; after a 409, "Publish anyway
 * (force)" sends `"force": true` (docs/publishing.md "Publish gate").
 */
import { ApiError } from './api.js';
import { describeChange, refusalFindings, visibleVerdict } from './changes.js';
import { byId, el, hideProblem, showProblem } from './view.js';

/**
 * The panel shown now: the project, the stream revision it was compared at (the If-Match of the publish),
 * the template revision a publish makes the published one, and the Idempotency-Keys of its publish and of
 * a forced one (kept for the panel's life, so a click after an answer that never arrived is answered, not
 * repeated; two keys, because a key sent again with another body is refused).
 * @typedef {{ projectId: string, revision: number, to: number, key: string, forceKey: string }} Panel
 * @type {Panel | null}
 */
let current = null;

byId('publish').addEventListener('click', () => current && publish(current));

/**
 * @typedef {{
 *   api: ReturnType<typeof import('./api.js').createApi>,
 *   variables: () => object | null,
 *   refusedKey: (error: unknown) => boolean,
 * }} PanelHooks `variables`: the editor's sample variables (null when they do not parse); `refusedKey`: a 401 handled
 */

/** @type {PanelHooks | null} */
let hooks = null;

/** Hide the panel and forget what it showed (another template opened, or the key forgotten). */
export function hideChanges() {
  current = null;
  byId('changes').hidden = true;
  byId('changes-list').replaceChildren();
  hideProblem(byId('changes-error'));
}

/**
 * Show the panel for `item` (a GET /projects list entry) when it publishes under review with unpublished
 * changes, read fresh (GET /projects/:id); otherwise leave it hidden. Under `on_save` nothing is asked.
 * @param {{ id: string, publishing?: string }} item
 * @param {PanelHooks} panelHooks
 */
export async function showChanges(item, panelHooks) {
  hideChanges();
  hooks = panelHooks;
  if (item.publishing !== 'review') return; // every save is published: nothing waits for review
  const opened = {};
  current = /** @type {any} */ (opened); // claimed: a later open or hide replaces it
  try {
    const project = await hooks.api.project(item.id);
    if (current !== opened || project.publishing !== 'review' || !project.unpublished_changes) {
      if (current === opened) current = null;
      return;
    }
    const panel = { projectId: item.id, revision: project.revision, to: project.revision, key: newKey(), forceKey: newKey() };
    if (project.published_revision === null) {
      // Nothing published in this life: no publish event yet, so the newest event is the latest save.
      showPanel(`Not published yet: publishing makes r${panel.to} the first published revision`, null, [
        'Until a revision is published, a render without "revision" answers 404 not_published.',
      ]);
    } else {
      const { diff, sample } = await compare(item.id, hooks.variables());
      if (current !== opened) return;
      panel.to = diff.to;
      const note = sample
        ? "Compared with the service's sample data (the editor's variables do not fit the published revision)."
        : "Compared with the editor's sample variables.";
      showPanel(`Changes since published (r${diff.from} → r${diff.to})`, diff, [note]);
    }
    Object.assign(opened, panel);
    const button = /** @type {HTMLButtonElement} */ (byId('publish'));
    button.textContent = `Publish r${panel.to}`;
    button.hidden = false;
    button.disabled = false;
  } catch (error) {
    if (current !== opened || hooks.refusedKey(error)) return;
    showPanel('Changes since published', null, []);
    byId('publish').hidden = true;
    showProblem(byId('changes-error'), error.problem ?? { status: 0, title: String(error) });
    current = null;
  }
}

/**
 * The diff from the published revision to the latest save, with the editor's variables when they fit both
 * revisions, else (a 400) with the service's sample data. `sample`: which one it is.
 * @param {string} projectId @param {object | null} variables
 */
async function compare(projectId, variables) {
  const body = { from: 'published', to: 'latest' };
  if (variables) {
    try {
      return { diff: await hooks.api.diff(projectId, { ...body, variables }), sample: false };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
    }
  }
  return { diff: await hooks.api.diff(projectId, body), sample: true };
}

/**
 * Fill the panel: its title, the verdict and list of `diff` (when there is one), and notes.
 * @param {string} title
 * @param {{ visible_change: boolean, changes: Array<object> } | null} diff
 * @param {string[]} notes
 */
function showPanel(title, diff, notes) {
  byId('changes-title').textContent = title;
  const verdict = byId('changes-verdict');
  verdict.hidden = diff === null;
  verdict.textContent = diff ? visibleVerdict(diff.visible_change) : '';
  if (diff) verdict.dataset.visible = String(diff.visible_change);
  const list = byId('changes-list');
  list.replaceChildren();
  for (const change of diff?.changes ?? []) list.append(changeItem(describeChange(change)));
  if (diff && diff.changes.length === 0) list.append(el('li', 'No change at all with these variables.', 'muted'));
  byId('changes-notes').replaceChildren(...notes.map((note) => el('p', note, 'muted')));
  byId('publish-status').textContent = '';
  hideProblem(byId('changes-error'));
  byId('changes').hidden = false;
}

/** One change as a list item: its kind, then before → after (`del` and `ins`, as text). @param {{ label: string, before: string, after: string }} line */
function changeItem(line) {
  const item = el('li');
  item.append(el('span', line.label, 'kind'), ' ', el('del', line.before), el('span', ' → ', 'arrow'), el('ins', line.after));
  return item;
}

/**
 * Publish the revision the panel compared, only if the project is still where it was compared; `force`:
 * past the publish gate (not past the policy).
 * @param {Panel} panel @param {boolean} [force]
 */
async function publish(panel, force = false) {
  const button = /** @type {HTMLButtonElement} */ (byId('publish'));
  const status = byId('publish-status');
  const errorBox = byId('changes-error');
  button.disabled = true;
  status.textContent = force ? 'Publishing past the publish gate…' : 'Publishing…';
  hideProblem(errorBox);
  try {
    const body = force ? { revision: panel.to, force: true } : { revision: panel.to };
    const project = await hooks.api.publish(panel.projectId, body, panel.revision, force ? panel.forceKey : panel.key);
    if (current !== panel) return;
    button.hidden = true;
    const forced = force ? ' Forced past the publish gate: the publish event records what it overrode.' : '';
    status.textContent = `Published r${project.published_revision}: renders now use it (project revision ${project.revision}).${forced}`;
    current = null;
  } catch (error) {
    if (current !== panel || hooks.refusedKey(error)) return;
    status.textContent = 'Not published';
    const problem = error.problem ?? { status: 0, title: String(error) };
    const refusal = refusalFindings(problem);
    // The findings are listed below, each with what the detail cannot hold (keys, caniemail feature).
    showProblem(errorBox, refusal ? { ...problem, errors: [] } : problem);
    if (refusal) errorBox.insertBefore(findingList(refusal), errorBox.querySelector('small'));
    const hint = error.status === 403 ? SCOPE_HINT : error.status === 412 ? STALE_HINT : error.status === 422 && refusal ? POLICY_HINT : null;
    if (hint) errorBox.append(el('p', hint));
    if (problem.code === 'breaking_variable_change') errorBox.append(forceOffer(panel));
    button.disabled = error.status === 412; // a retry could not succeed: the project moved on
  }
}

/**
 * A refusal's findings as a list: where (a variable path, or a pointer into the project), the message, and
 * the change, keys or caniemail feature (a link to its caniemail page).
 * @param {NonNullable<ReturnType<typeof refusalFindings>>} refusal
 */
function findingList(refusal) {
  const list = el('ul', undefined, 'findings');
  for (const finding of refusal.findings) {
    const item = el('li');
    if (finding.where) item.append(el('code', finding.where), ' ');
    item.append(finding.message);
    if (finding.facts) item.append(' ', el('span', `(${finding.facts})`, 'muted'));
    if (finding.feature) {
      const link = /** @type {HTMLAnchorElement} */ (el('a', `caniemail: ${finding.feature}`));
      link.href = `https://www.caniemail.com/features/${encodeURIComponent(finding.feature)}/`;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      item.append(' ', link);
    }
    list.append(item);
  }
  if (refusal.more > 0) list.append(el('li', `… and ${refusal.more} more`, 'muted'));
  return list;
}

/** After a 409 of the publish gate: what forcing does, and the button that does it. @param {Panel} panel */
function forceOffer(panel) {
  const offer = el('p', FORCE_HINT);
  const button = /** @type {HTMLButtonElement} */ (el('button', 'Publish anyway (force)'));
  button.type = 'button';
  button.id = 'publish-force';
  button.addEventListener('click', () => current === panel && publish(panel, true));
  offer.append(' ', button);
  return offer;
}

const SCOPE_HINT =
  'Publishing needs a key with the projects:write scope; this key may only preview. Use "Forget key" and enter a key that may write.';
const STALE_HINT = 'The project was saved or published since these changes were compared: open the template again to see the current ones.';
const POLICY_HINT =
  "Change the template at each pointer, or the workspace's policy (PUT /policy): forcing a publish does not pass the policy.";
const FORCE_HINT =
  'Recent renders sent payloads this revision would refuse. Publishing anyway records what it overrode in the publish event.';

/** A new Idempotency-Key: a UUID where the browser offers one (secure contexts), else 128 random bits in hex. */
function newKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

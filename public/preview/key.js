/**
 * The API key of the preview page: kept in sessionStorage (this tab only, gone when it closes; never
 * localStorage, a cookie or a URL), and the key form that asks for it.
 */
import { byId } from './view.js';

/** The sessionStorage item holding the key: gone when the tab closes, never shared with other tabs. */
const KEY_ITEM = 'letterpress.apiKey';

/** @returns {string | null} the key of this tab, if one was entered */
export const storedKey = () => sessionStorage.getItem(KEY_ITEM);

/** Forget the key of this tab. */
export const dropKey = () => sessionStorage.removeItem(KEY_ITEM);

/**
 * Call `onKey` each time the form is submitted with a key, after storing it. The input is emptied at once
 * and has no `name`, and the form posts nowhere (CSP `form-action 'none'`), so the key never reaches a URL.
 * @param {() => void} onKey
 */
export function onKeyEntered(onKey) {
  byId('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = /** @type {HTMLInputElement} */ (byId('key-input'));
    const key = input.value.trim();
    input.value = '';
    if (!key) return;
    sessionStorage.setItem(KEY_ITEM, key);
    onKey();
  });
}

/** Show the key form instead of the app. @param {string} [message] why the key is asked for again */
export function showKeyForm(message) {
  byId('app').hidden = true;
  byId('forget-key').hidden = true;
  byId('key-status').textContent = '';
  byId('key-form').hidden = false;
  const error = byId('key-error');
  error.textContent = message ?? '';
  error.hidden = !message;
  byId('key-input').focus();
}

/** Show the app instead of the key form. */
export function showSignedIn() {
  byId('key-form').hidden = true;
  byId('app').hidden = false;
  byId('forget-key').hidden = false;
  byId('key-status').textContent = 'Key kept for this tab only';
}

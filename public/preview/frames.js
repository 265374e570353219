/**
 * The two email frames' sizes: each frame shows its email at an email width — mobile 375 px, desktop as wide
 * as its column (600 px at least, the width MJML lays an email out for) — and is scaled down, never clipped,
 * where its column is narrower (a phone, a narrow window): the caption says the width and the scale. The
 * frames are as tall as the window allows below what sits above them (`--frame-h`, kept up to date as the
 * window, the toolbar or an error box above them change size); a scaled frame shows more of the email's length.
 */
import { byId } from './view.js';

/** The narrowest desktop email width: MJML's default body width. */
export const DESKTOP_MIN_WIDTH = 600;

/**
 * The email width and scale for a frame in a box `available` px wide: `nominal` null is the fluid desktop.
 * @param {number} available @param {number | null} nominal
 * @returns {{ width: number, scale: number }}
 */
export function frameFit(available, nominal) {
  const width = nominal ?? Math.max(DESKTOP_MIN_WIDTH, Math.floor(available));
  return { width, scale: available >= width ? 1 : Math.max(0.1, available / width) };
}

/** The least height of a frame (px): the window's height below it matters less than seeing some email. */
export const MIN_FRAME_HEIGHT = 360;
/** Room kept under the frames (px), so that their bottom edge shows. */
const BOTTOM_MARGIN = 16;

/** Size every frame now and whenever its box, or what sits above the frames, changes size. */
export function keepFramesFitted() {
  const screens = [...document.querySelectorAll('.frame .screen')];
  const refit = new ResizeObserver(() => screens.forEach(fit));
  for (const screen of screens) refit.observe(screen);
  const above = ['.bar', '.templates', '#template-view .toolbar', '#render-error', '#template-view .inbox'];
  const reheight = new ResizeObserver(() => setFrameHeight(screens[0]));
  for (const node of above.map((selector) => document.querySelector(selector))) if (node) reheight.observe(node);
  addEventListener('resize', () => setFrameHeight(screens[0]));
}

/** `--frame-h`: from the first frame's top (in the page) to the window's bottom, at least MIN_FRAME_HEIGHT. */
function setFrameHeight(screen) {
  if (!screen || screen.clientWidth === 0) return;
  const top = screen.getBoundingClientRect().top + scrollY;
  const height = Math.max(MIN_FRAME_HEIGHT, Math.floor(innerHeight - top - BOTTOM_MARGIN));
  /** @type {HTMLElement} */ (document.querySelector('.viewer')).style.setProperty('--frame-h', `${height}px`);
}

/** @param {Element} screen */
function fit(screen) {
  const figure = /** @type {HTMLElement} */ (screen.closest('.frame'));
  const frame = /** @type {HTMLIFrameElement} */ (screen.querySelector('iframe'));
  const { clientWidth, clientHeight } = /** @type {HTMLElement} */ (screen);
  if (clientWidth === 0) return; // hidden
  const nominal = figure.dataset.width === 'fluid' ? null : Number(figure.dataset.width);
  const { width, scale } = frameFit(clientWidth, nominal);
  frame.style.width = `${width}px`;
  frame.style.height = `${Math.ceil(clientHeight / scale)}px`;
  frame.style.transform = scale === 1 ? '' : `scale(${scale})`;
  const kind = nominal === null ? 'Desktop' : 'Mobile';
  byId(`caption-${kind.toLowerCase()}`).textContent = `${kind} · ${width} px${scale === 1 ? '' : ` · shown at ${Math.round(scale * 100)} %`}`;
}

/**
 * Debian's Chromium for the browser suites (test/browser), driven by playwright-core, which downloads no
 * browser: `.ci/run` installs the `chromium` package when it is missing. The flags are those this machine
 * needs headless as root, and keep Chromium from calling out (the network is closed here).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The executable: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For a suite's `before(function () {…})`: skip the suite with one line when there is no Chromium.
 * @returns false when skipped (mocha's `this.skip()` throws, so callers rarely see it).
 */
export function needChromium(context: Mocha.Context): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.log(`      (browser suite skipped: no Chromium at ${CHROMIUM}; apt-get install chromium, or set CHROMIUM_PATH)`);
  context.skip();
  return false;
}

/** Launch Chromium headless with this machine's flags. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ARGS });

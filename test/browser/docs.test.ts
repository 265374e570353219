/**
 * The API reference page (/docs) in headless Chromium: Redoc, served from node_modules by this server,
 * renders the OpenAPI document into operations a reader can see, with no script error and no request
 * to another origin (the page's CSP keeps it to this one). Skips with one line without Chromium.
 */
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchChromium, needChromium } from '../support/chromium.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('API reference page (/docs) in headless Chromium', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;

  before(async function () {
    needChromium(this);
    server = await startTestServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  it('shows the operations of the document, without a key, a script error or another origin', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const elsewhere: string[] = [];
    await context.route(
      (url) => url.origin !== server.url,
      (route) => (elsewhere.push(route.request().url()), route.abort()),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`));

    await page.goto(`${server.url}/docs`);
    // Summaries written in openapi-document.ts, as Redoc lays them out (menu and headings).
    await page.getByRole('heading', { name: 'Create a project (projects:write)' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Rotate: a new token, the old one valid for an overlap (keys:admin)' }).waitFor();
    expect(await page.getByText('Letterpress', { exact: false }).first().isVisible()).to.equal(true);
    expect(loaded).to.include('200 /v1/openapi.json');
    expect(errors).to.deep.equal([]);
    expect(elsewhere).to.deep.equal([]);
    await context.close();
  });
});

/**
 * The preview page as a designer keeps it open (issue 21), in headless Chromium: realistic sample values from a
 * declared schema with email, URL, date and amount fields; desktop and mobile frames side by side on 1440 and
 * 1280 px screens and stacked on a 390 px phone, nothing clipped (screenshots written to a temporary folder,
 * named in the output); the dark-client toggle; the revision in local time with a short hash to copy.
 * The page's flows (key, revisions, errors, sandbox): preview.test.ts.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, needChromium } from '../support/chromium.js';
import { startTestServer, type TestServer } from '../support/server.js';

type Box = { x: number; y: number; width: number; height: number };
/** The browser globals the evaluate callbacks use (no DOM lib in this project's TypeScript; types only). */
type Doc = { documentElement: { scrollWidth: number; clientWidth: number } };
type Win = { document: Doc; innerWidth: number; navigator: { clipboard: { readText(): Promise<string> } } };
type LocalTime = (iso: string, options: { locale: string; timeZone: string }) => string;

/** A shipping notice whose declared variables are an email, a URL, a date-time and an amount, named as such. */
const MJML =
  '<mjml><mj-body><mj-section background-color="#1f5fbf"><mj-column><mj-text color="#ffffff" font-size="22px">ACME Shop</mj-text></mj-column></mj-section>' +
  '<mj-section><mj-column><mj-image src="{{order.image_url}}" alt="Your order" width="300px" />' +
  '<mj-text font-size="16px">Hi {{customer.first_name}}, order {{order.number}} of {{date order.placed_at}}: {{currency order.total code="USD"}}.</mj-text>' +
  '<mj-text>Receipt sent to {{customer.email}}.</mj-text><mj-button href="{{order.url}}">Track your order</mj-button></mj-column></mj-section></mj-body></mjml>';
const VARIABLES = {
  type: 'object',
  properties: {
    customer: { type: 'object', properties: { email: { type: 'string', format: 'email' }, first_name: { type: 'string' } } },
    order: {
      type: 'object',
      properties: {
        image_url: { type: 'string', format: 'uri' },
        number: { type: 'string' },
        placed_at: { type: 'string', format: 'date-time' },
        total: { type: 'number' },
        url: { type: 'string', format: 'uri' },
      },
    },
  },
};
const SENTENCE = 'Hi Ada, order 10427 of Jan 15, 2026: $109.05.';

describe('Preview page layout, sample values, dark client and details in headless Chromium', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  let localTime: LocalTime;

  before(async function () {
    needChromium(this);
    ({ localTime } = (await import(new URL('../../public/preview/format.js', import.meta.url).href)) as { localTime: LocalTime });
    server = await startTestServer();
    const key = await server.request('POST', '/v1/api-keys', { body: { name: 'preview', scopes: ['projects:read', 'templates:render'] } });
    const metadata = {
      name: 'Shipped',
      subject: 'Order {{order.number}} is on its way',
      preheader: 'Track it, {{customer.first_name}}',
      variables: VARIABLES,
    };
    expect((await server.request('POST', '/v1/projects', { body: { id: 'shipped', metadata, mjml: MJML } })).status).to.equal(201);
    browser = await launchChromium();
    // A zone with a half-hour offset and no summer time: the local time shown cannot be UTC by accident.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Kolkata', locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort(),
    );
    page = await context.newPage();
    await page.goto(`${server.url}/preview/`);
    await page.locator('#key-input').fill(key.json.token);
    await page.locator('#key-form button[type=submit]').click();
    await page.locator('#template-list button.template', { hasText: 'Shipped' }).click();
    await page.frameLocator('#frame-desktop').getByText(SENTENCE).waitFor({ timeout: 30_000 });
    shots = mkdtempSync(join(tmpdir(), 'letterpress-preview-'));
    console.log(`      (screenshots in ${shots})`);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  const box = async (selector: string): Promise<Box> => {
    const found = await page.locator(selector).boundingBox();
    expect(found, selector).to.not.equal(null);
    return found!;
  };
  /** Width of the page's content against the window's: more means a horizontal scrollbar. */
  const pageOverflow = () =>
    page.evaluate(() => {
      const root = (globalThis as unknown as Win).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  /** The email's own width against its frame's viewport: more means the email is cut off on the right. */
  const emailOverflow = (frame: string) =>
    page
      .frameLocator(frame)
      .locator('html')
      .evaluate(() => {
        const win = globalThis as unknown as Win;
        return win.document.documentElement.scrollWidth - win.innerWidth;
      });
  const shoot = async (name: string) => {
    const path = join(shots, name);
    await page.screenshot({ path });
    expect(readFileSync(path).subarray(0, 4).toString('hex')).to.equal('89504e47');
  };

  it('starts from realistic sample values for a declared schema with email, URL, date and amount fields', async () => {
    const variables = JSON.parse(await page.locator('#variables').inputValue());
    expect(variables).to.deep.equal({
      customer: { email: 'ada@example.com', first_name: 'Ada' },
      order: {
        image_url: variables.order.image_url,
        number: '10427',
        placed_at: '2026-01-15T09:30:00Z',
        total: 109.05,
        url: 'https://example.com/order',
      },
    });
    expect(variables.order.image_url).to.match(/^data:image\/png;base64,/); // a placeholder picture, no network
    expect(await page.locator('#out-subject').textContent()).to.equal('Order 10427 is on its way');
    expect(await page.locator('#out-preheader').textContent()).to.equal('Track it, Ada');
    await page.frameLocator('#frame-mobile').getByText('Receipt sent to ada@example.com.').waitFor();
  });

  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    it(`shows desktop and mobile side by side, whole, within a ${width}×${height} window (preview-${width}.png)`, async () => {
      await page.setViewportSize({ width, height });
      await page.waitForFunction(
        () =>
          !/shown at/.test(
            String(
              (globalThis as unknown as { document: { getElementById(id: string): { textContent: string } } }).document.getElementById(
                'caption-desktop',
              ).textContent,
            ),
          ),
      );
      const [desktop, mobile] = [await box('#frame-desktop'), await box('#frame-mobile')];
      for (const [name, frame] of [
        ['desktop', desktop],
        ['mobile', mobile],
      ] as const) {
        expect(frame.x, name).to.be.at.least(0);
        expect(frame.y, name).to.be.at.least(0);
        expect(frame.x + frame.width, `${name} right edge`).to.be.at.most(width);
        expect(frame.y + frame.height, `${name} bottom edge (above the fold)`).to.be.at.most(height);
        expect(frame.height, `${name} height`).to.be.at.least(500);
      }
      expect(mobile.x, 'mobile right of desktop').to.be.at.least(desktop.x + desktop.width);
      expect(Math.abs(mobile.y - desktop.y), 'same top').to.be.below(1);
      expect(desktop.width).to.be.at.least(600);
      expect(Math.round(mobile.width)).to.equal(375);
      expect(await page.locator('#caption-desktop').textContent()).to.equal(`Desktop · ${Math.round(desktop.width)} px`);
      expect(await pageOverflow()).to.equal(0);
      for (const frame of ['#frame-desktop', '#frame-mobile']) expect(await emailOverflow(frame), frame).to.be.at.most(0);
      await shoot(`preview-${width}.png`);
    });
  }

  it('stacks the frames on a 390×844 phone with nothing clipped: no page scrollbar, the desktop email scaled down (preview-390*.png)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#caption-desktop', { hasText: 'shown at' }).waitFor();
    const [desktop, mobile] = [await box('#frame-desktop'), await box('#frame-mobile')];
    expect(mobile.y, 'mobile below desktop').to.be.at.least(desktop.y + desktop.height);
    for (const [name, frame] of [
      ['desktop', desktop],
      ['mobile', mobile],
    ] as const) {
      expect(frame.x, name).to.be.at.least(0);
      expect(frame.x + frame.width, `${name} right edge`).to.be.at.most(390);
    }
    expect(Math.round(mobile.width)).to.equal(375); // a phone's width of email, unscaled
    expect(await page.locator('#caption-desktop').textContent()).to.match(/^Desktop · 600 px · shown at \d\d %$/);
    expect(await pageOverflow()).to.equal(0);
    for (const frame of ['#frame-desktop', '#frame-mobile']) expect(await emailOverflow(frame), frame).to.be.at.most(0);
    await shoot('preview-390.png');
    await page.locator('#frame-mobile').scrollIntoViewIfNeeded();
    await shoot('preview-390-mobile-frame.png');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('simulates a dark client in both frames with the toggle, and back (preview-1440-dark.png)', async () => {
    const frame = page.locator('#frame-desktop');
    const light = await frame.screenshot();
    await page.locator('#dark-client').check();
    for (const id of ['#frame-desktop', '#frame-mobile']) {
      expect(
        await page
          .locator(id)
          .evaluate((f) => (globalThis as unknown as { getComputedStyle(n: unknown): { filter: string } }).getComputedStyle(f).filter),
        id,
      ).to.contain('invert(1)');
      expect(await page.locator(id).getAttribute('srcdoc'), id).to.contain(
        '<style>img,picture,video{filter:invert(1) hue-rotate(180deg)}</style>',
      );
    }
    await page.frameLocator('#frame-desktop').getByText(SENTENCE).waitFor();
    expect(Buffer.compare(await frame.screenshot(), light), 'the dark frame looks different').to.not.equal(0);
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await shoot('preview-1440-dark.png');
    await page.locator('#dark-client').uncheck();
    expect(await frame.getAttribute('class')).to.not.contain('dark');
    expect(await frame.getAttribute('srcdoc')).to.not.contain('invert');
  });

  it('keeps both frames whole above the fold at 1440×900 when an error shows above them', async () => {
    const before = await box('#frame-desktop');
    const valid = await page.locator('#variables').inputValue();
    await page.locator('#variables').fill('{ "customer": ');
    await page.locator('#render-error').getByText('The sample variables are not valid JSON').waitFor();
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0)); // typing scrolled to the editor
    await page.waitForTimeout(100); // the frames' new height follows the error box's size
    expect((await box('#frame-desktop')).y, 'the frames moved down under the error').to.be.above(before.y + 20);
    for (const frame of [await box('#frame-desktop'), await box('#frame-mobile')]) {
      expect(frame.y + frame.height).to.be.at.most(900);
      expect(frame.height).to.be.below(before.height);
    }
    await page.locator('#variables').fill(valid);
    await page.locator('#render-error').waitFor({ state: 'hidden' });
  });

  it('shows the revision saved in local time, and the published hash short with a button that copies it in full', async () => {
    const time = page.locator('#out-revision time');
    const iso = (await time.getAttribute('datetime')) ?? '';
    expect(iso).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const spaces = (s: string) => s.replace(/\s/g, ' '); // ICU builds differ in which space precedes AM/PM
    expect(spaces((await time.textContent()) ?? '')).to.equal(spaces(localTime(iso, { locale: 'en-US', timeZone: 'Asia/Kolkata' })));
    expect(await time.textContent()).to.contain('GMT+5:30');
    const hash = page.locator('#out-revision code');
    const full = ((await hash.getAttribute('title')) ?? '').replace(/^sha256 /, '');
    expect(full).to.match(/^[0-9a-f]{64}$/);
    expect(await hash.textContent()).to.equal(full.slice(0, 12));
    expect(spaces((await page.locator('#out-revision').textContent()) ?? '')).to.match(
      /^r0 · saved .+ · published sha256 [0-9a-f]{12}Copy$/,
    );
    await page.locator('#copy-hash').click();
    await page.locator('#copy-hash', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as Win).navigator.clipboard.readText())).to.equal(full);
  });
});

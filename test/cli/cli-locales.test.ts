/**
 * `letterpress pull` and `push` round-trip localized variants (docs/locales.md "Command line"): one file per
 * locale under locales/ (and <tag>.mjml for a variant with its own markup), the default locale in
 * locales.json; an edit of one file pushes; a removed file removes the locale.
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEY, useTestServer } from '../support/server.js';
import { cli } from '../support/cli.js';

const MJML = '<mjml><mj-body><mj-section><mj-column><mj-text>{{t "hi" name=name}}</mj-text></mj-column></mj-section></mj-body></mjml>';

describe('letterpress pull/push of localized variants (spawned, against a real server)', function () {
  this.timeout(60_000);
  const t = useTestServer();
  let dir: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, env);

  before(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'letterpress-locales-')), 'templates');
    env = { LETTERPRESS_URL: t.server.url, LETTERPRESS_API_KEY: TEST_KEY };
    await t.create({
      id: 'hello',
      mjml: MJML,
      default_locale: 'en',
      locales: {
        en: { subject: 'Hi', strings: { hi: 'Hi {name}' } },
        de: { strings: { hi: 'Hallo {name}' } },
        pt: { strings: { hi: 'Olá {name}' } },
      },
    });
  });
  after(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('writes one file per locale, pushes an edited one, and removes a deleted one', async () => {
    const pulled = await run('pull', '--dir', dir);
    expect(pulled.code, pulled.stderr).to.equal(0);
    const project = join(dir, 'hello');
    expect(JSON.parse(readFileSync(join(project, 'locales', 'de.json'), 'utf8'))).to.deep.equal({ strings: { hi: 'Hallo {name}' } });
    expect(JSON.parse(readFileSync(join(project, 'locales', 'en.json'), 'utf8'))).to.deep.equal({
      subject: 'Hi',
      strings: { hi: 'Hi {name}' },
    });
    expect(JSON.parse(readFileSync(join(project, 'locales.json'), 'utf8'))).to.deep.equal({ default_locale: 'en' });

    const unchanged = await run('push', '--dir', dir);
    expect(unchanged.code, unchanged.stderr).to.equal(0);
    expect((await t.server.request('GET', '/v1/projects/hello')).json.revision).to.equal(0); // a pull then push changes nothing

    writeFileSync(join(project, 'locales', 'de.json'), JSON.stringify({ strings: { hi: 'Servus {name}' } }));
    rmSync(join(project, 'locales', 'pt.json'));
    const pushed = await run('push', '--dir', dir);
    expect(pushed.code, pushed.stderr).to.equal(0);
    const saved = (await t.server.request('GET', '/v1/projects/hello')).json;
    expect([saved.revision, saved.default_locale, Object.keys(saved.locales).sort()]).to.deep.equal([1, 'en', ['de', 'en']]);
    const de = await t.server.request('POST', '/v1/templates/hello/render', { body: { variables: { name: 'Ada' }, locale: 'de' } });
    expect(de.json.html).to.contain('Servus Ada');

    await t.server.request('PUT', '/v1/projects/hello', { body: { mjml: MJML } }); // no locales any more
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    expect([existsSync(join(project, 'locales')), existsSync(join(project, 'locales.json'))]).to.deep.equal([false, false]);
  });

  it('writes a variant with its own markup as locales/<tag>.mjml, pushes an edit of it, and removes it when the variant goes', async () => {
    const deMjml = MJML.replace('<mj-text>', '<mj-text>DE ');
    const locales = { en: { strings: { hi: 'Hi {name}' } }, de: { strings: { hi: 'Hallo {name}' }, mjml: deMjml } };
    expect((await t.create({ id: 'varied', mjml: MJML, default_locale: 'en', locales })).status).to.equal(201);
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    const files = join(dir, 'varied', 'locales');
    expect(readFileSync(join(files, 'de.mjml'), 'utf8')).to.equal(deMjml);
    expect(JSON.parse(readFileSync(join(files, 'de.json'), 'utf8'))).to.deep.equal({ strings: { hi: 'Hallo {name}' } });
    expect(existsSync(join(files, 'en.mjml'))).to.equal(false);
    const unchanged = await run('push', '--dir', dir);
    expect(unchanged.code, unchanged.stderr).to.equal(0);
    expect((await t.server.request('GET', '/v1/projects/varied')).json.revision).to.equal(0);

    writeFileSync(join(files, 'de.mjml'), MJML.replace('<mj-text>', '<mj-text>EDITED '));
    const pushed = await run('push', '--dir', dir);
    expect(pushed.code, pushed.stderr).to.equal(0);
    const de = await t.server.request('POST', '/v1/templates/varied/render', { body: { variables: { name: 'Ada' }, locale: 'de' } });
    expect(de.json.html).to.contain('EDITED Hallo Ada');

    // The server drops de's markup, then de itself: each pull removes what went.
    const noMarkup = { en: locales.en, de: { strings: locales.de.strings } };
    expect((await t.server.request('PUT', '/v1/projects/varied', { body: { mjml: MJML, locales: noMarkup } })).status).to.equal(200);
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    expect([existsSync(join(files, 'de.mjml')), existsSync(join(files, 'de.json'))]).to.deep.equal([false, true]);
    const withoutDe = { en: locales.en };
    expect((await t.server.request('PUT', '/v1/projects/varied', { body: { mjml: MJML, locales: withoutDe } })).status).to.equal(200);
    expect((await run('pull', '--dir', dir)).code).to.equal(0);
    expect(existsSync(join(files, 'de.json'))).to.equal(false);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProfile, httpClient, registerUser, type HttpClient } from '../testing/http';
import { startTestApp, type TestApp } from '../testing/test-app';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** every <meta> tag of a page as a browser reads its attributes (names lower-cased, entities decoded) */
function metaTags(page: string): Record<string, string>[] {
  return [...page.matchAll(/<meta\b([^>]*)>/gi)].map(([, attributes]) => {
    const tag: Record<string, string> = {};
    for (const [, name, ...values] of attributes.matchAll(
      /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      const raw = values.find((value) => value !== undefined) ?? '';
      tag[name.toLowerCase()] = raw.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (_, entity: string) => ENTITIES[entity],
      );
    }
    return tag;
  });
}

describe('the web app served with the API', () => {
  let testApp: TestApp;
  let http: HttpClient;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'cardcraft-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Cardcraft" /><title>Cardcraft</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
    testApp = await startTestApp('sqlite', { WEB_DIST_DIR: dist });
    http = httpClient(testApp.url);
  });
  afterAll(() => testApp.close());

  it.each(['/', '/u/ada', '/dashboard/profile/123', '/auth/login?next=%2Fdashboard'])(
    'answers the SPA for %s, never cached',
    async (path) => {
      const response = await http.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves hashed assets for a year and a missing asset as a 404', async () => {
    const asset = await http.get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await http.get('/assets/gone-999.js')).status).toBe(404);
  });

  it('keeps JSON 404s for the API and for other methods', async () => {
    const api = await http.get('/api/not-a-route');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found' });
    expect((await http.post('/u/ada', { body: {} })).status).toBe(404);
  });

  it("writes a published card's link preview into the page, escaped", async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      displayName: 'Ada "<Countess>" Lovelace',
      tagline: 'Poetical science & engines',
    });
    const page = await http.get(`/u/${profile.handle}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      '<title>Ada &quot;&lt;Countess&gt;&quot; Lovelace - Digital Business Card</title>',
    );
    expect(page.text).toContain('<meta name="description" content="Poetical science &amp; engines" />');
    expect(page.text).toContain(
      `<meta property="og:url" content="https://cards.example.test/u/${profile.handle}" />`,
    );
    expect(page.text).toContain('<meta property="og:image" content="https://img.example.com/og.png" />');
    expect(page.text).not.toContain('<Countess>');
    expect(page.text).toContain('<div id="root">');
  });

  it('keeps a hostile tagline and name inside their own attributes: no refresh, no redirect', async () => {
    const owner = await registerUser(http);
    const tagline = '0;url=https://evil.example/$2 http-equiv=refresh x';
    const displayName = `Eve $& $' $\` "><script>alert(1)</script>`;
    const profile = await createProfile(http, owner.accessToken, { published: true, displayName, tagline });
    const page = await http.get(`/u/${profile.handle}`);
    expect(page.status).toBe(200);

    const metas = metaTags(page.text);
    expect(metas.filter((tag) => tag.name === 'description')).toEqual([
      { name: 'description', content: tagline },
    ]);
    expect(metas.filter((tag) => 'http-equiv' in tag)).toEqual([]);
    expect(metas.find((tag) => tag.property === 'og:title')?.content).toBe(
      `${displayName} - Digital Business Card`,
    );
    expect(page.text).toContain(
      '<meta name="description" content="0;url=https://evil.example/$2 http-equiv=refresh x" />',
    );
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text.match(/<title>/g)).toHaveLength(1);
  });

  it('gives a draft or an unknown card the plain page', async () => {
    const owner = await registerUser(http);
    const draft = await createProfile(http, owner.accessToken, { published: false });
    for (const path of [`/u/${draft.handle}`, '/u/nobody-at-all']) {
      const page = await http.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Cardcraft</title>');
      expect(page.text).not.toContain('og:title');
    }
  });
});

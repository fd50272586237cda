import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpClient, type HttpClient } from '../testing/http';
import { startTestApp, type TestApp } from '../testing/test-app';

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
    // what vite-plugin-pwa writes beside index.html (apps/web/vite.pwa.ts)
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(
      join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Cardcraft', start_url: '/dashboard/qr-codes', display: 'standalone' }),
    );
    testApp = await startTestApp('sqlite', { WEB_DIST_DIR: dist });
    http = httpClient(testApp.url);
  });
  afterAll(() => testApp.close());

  it.each(['/', '/demo', '/dashboard/profile/123', '/auth/login?next=%2Fdashboard'])(
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

  it('serves the service worker as a script that is revalidated on every check, never kept', async () => {
    const worker = await http.get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    // a long-cached worker would keep every browser on an old app for as long
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.text).toContain('addEventListener');
  });

  it('serves the manifest in its own type, revalidated', async () => {
    const manifest = await http.get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(manifest.text)).toMatchObject({ name: 'Cardcraft', display: 'standalone' });
  });

  it("lets the dashboard's page register its own worker and read its own manifest, and nothing else's", async () => {
    const policy = (await http.get('/dashboard/qr-codes')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('worker-src')).toEqual(["'self'"]);
    expect(directive('manifest-src')).toEqual(["'self'"]);
    // and the worker's own answer carries the same policy: what it fetches is held to it
    expect((await http.get('/sw.js')).headers.get('content-security-policy')).toBe(policy);
  });

  it('keeps JSON 404s for the API and for other methods', async () => {
    const api = await http.get('/api/not-a-route');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found' });
    expect((await http.post('/dashboard', { body: {} })).status).toBe(404);
  });

  it('says how to build the card pages when the server build is missing', async () => {
    const page = await http.get('/u/ada');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(page.text).toContain('npm run build:web');
  });
});

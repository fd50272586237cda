import { LANGUAGES, type Language } from '@cardcraft/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { BUILT_WEB_DIST } from '../platform/testing/paths';
import { apiUnderTest } from '../platform/testing/test-app';

if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

// the translators' files, as the pages must say them
type Catalogue = { [key: string]: string | Catalogue };
const LOCALES = join(__dirname, '../../../web/src/i18n/locales');
const catalogue = (language: Language) =>
  JSON.parse(readFileSync(join(LOCALES, language, 'card.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  > &
    Catalogue;

/** text as React writes it into HTML */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

function flatten(entry: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(entry).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/**
 * the card's English words a page in another language still shows: its markup outside the data
 * blocks (the script's words are keyed by their English), against each text the language says otherwise
 */
function englishLeftovers(page: string, language: Language): string[] {
  const markup = page.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<style\b[\s\S]*?<\/style>/g, '');
  const translated = new Map(flatten(catalogue(language)));
  return (
    flatten(catalogue('en'))
      // an example of what to type may be the owner's own name (the test card's is Ada Lovelace's)
      .filter(([key]) => !key.endsWith('Placeholder'))
      .filter(([key, english]) => translated.get(key) !== english && !english.includes('{{'))
      .filter(([, english]) => markup.includes(`>${html(english)}<`) || markup.includes(`"${html(english)}"`))
      .map(([key]) => key)
  );
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

// the page's goal: 15 kB of script and 40 kB in all, compressed as served (the API's brotli, quality 4)
const SCRIPT_BUDGET = 15 * 1024;
const PAGE_BUDGET = 40 * 1024;

describe.each(STORAGE_KINDS)('the card page in the visitor language (%s)', (kind) => {
  const { http } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let handle: string;
  let profileId: string;

  beforeAll(async () => {
    owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    handle = profile.handle;
    profileId = profile.id;
  });

  const page = (language: string | null, query = '') =>
    http.get(`/u/${handle}${query}`, { headers: language ? { 'accept-language': language } : {} });

  it("speaks the browser's best language the product has, and says so in the head", async () => {
    const german = await page('fr-CH;q=0.2, de-CH, de;q=0.9, en;q=0.8');
    expect(german.status).toBe(200);
    expect(german.text).toContain('<html lang="de">');
    const de = catalogue('de');
    expect(german.text).toContain(html(de.actions.saveContact));
    expect(german.text).toContain(html(de.form.title));
    expect(german.text).toContain(html(de.form.consent));
    expect(german.text).toContain(
      `<title>${html(de.meta.title.replace('{{name}}', 'Ada Lovelace'))}</title>`,
    );
    // what the owner wrote is shown as written
    expect(german.text).toMatch(/<h1[^>]*>Ada Lovelace<\/h1>/);
    expect(german.text).toContain('Analytical engine whisperer');
    expect(german.headers.get('vary')).toContain('Accept-Language');
    expect(englishLeftovers(german.text, 'de')).toEqual([]);

    // Brazilian Portuguese is Portuguese; a language the product does not speak is English
    expect((await page('pt-BR')).text).toContain('<html lang="pt">');
    const chinese = await page('zh-CN, zh;q=0.9');
    expect(chinese.text).toContain('<html lang="en">');
    expect(chinese.text).toContain('Save Contact');
    expect((await page(null)).text).toContain('<html lang="en">');
  });

  it('lets the address choose (?lang=) over the browser, and lists every language for search engines', async () => {
    const japanese = await page('fr', '?lang=ja');
    expect(japanese.text).toContain('<html lang="ja">');
    expect(japanese.text).toContain(html(catalogue('ja').actions.saveContact));
    // an unknown choice falls back to the browser's
    expect((await page('fr', '?lang=xx')).text).toContain('<html lang="fr">');

    const links = [...japanese.text.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)];
    const url = `http://localhost:3000/u/${handle}`;
    expect(links.map(([, language, href]) => [language, href.replace(/^https?:\/\/[^/]+/, '')])).toEqual([
      ...LANGUAGES.map((language) => [language, `/u/${handle}?lang=${language}`]),
      ['x-default', `/u/${handle}`],
    ]);
    expect(url).toContain(handle);
  });

  it('hands the script its words in the page language, and none on an English page', async () => {
    const spanish = await page('es');
    const data = /<script type="application\/json" id="card-texts">([\s\S]*?)<\/script>/.exec(spanish.text);
    expect(data).not.toBeNull();
    const texts = JSON.parse(data?.[1] ?? '{}') as {
      sent: string;
      toasts: Record<string, string>;
      errors: Record<string, string>;
    };
    const es = catalogue('es');
    expect(texts.sent).toBe(es.form.sent);
    expect(texts.toasts.copiedTitle).toBe(es.toasts.copiedTitle);
    expect(texts.errors['Enter a valid email']).toBe(es.errors.email);
    expect((await page('en')).text).not.toContain('id="card-texts"');
  });

  it('keeps a page per language, each dropped when the card changes', async () => {
    const first = await page('it');
    const english = await page('en');
    const again = await page('it');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(english.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(again.text).toContain('<html lang="it">');

    await http.put(`/api/profiles/${profileId}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle, published: true, displayName: 'Countess Ada' }),
    });
    for (const language of ['it', 'en', 'nl']) {
      expect((await page(language)).text).toMatch(/<h1[^>]*>Countess Ada<\/h1>/);
    }
    await http.put(`/api/profiles/${profileId}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle, published: true }),
    });
  });

  it('answers a dead end in the visitor language', async () => {
    const missing = await http.get('/u/nobody-has-this-handle', { headers: { 'accept-language': 'es-MX' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<html lang="es">');
    expect(missing.text).toContain(html(catalogue('es').state.notFoundTitle));
    const english = await http.get('/u/nobody-has-this-handle');
    expect(english.text).toContain('Profile not found');
  });

  it('answers a form posted without script in the language its page spoke', async () => {
    const french = await page('fr');
    expect(french.text).toContain(`action="/u/${handle}/message?lang=fr#leave-a-message"`);
    // the browser may send another language with the post: the page's choice stands
    const posted = await http.post(`/u/${handle}/message?lang=fr`, {
      rawBody: form({ email: 'not-an-address', consent: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
    });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('<html lang="fr">');
    const fr = catalogue('fr');
    expect(posted.text).toContain(html(fr.errors.email));
    expect(posted.text).toContain(html(fr.form.failed));
    expect(englishLeftovers(posted.text, 'fr')).toEqual([]);
  });

  it('keeps within its byte budget in every language', async () => {
    const assets = join(BUILT_WEB_DIST, 'assets');
    const scriptFile = readdirSync(assets).find((file) => /^card-page-[\w-]+\.js$/.test(file));
    expect(scriptFile).toBeDefined();
    const script = gzipSync(readFileSync(join(assets, scriptFile ?? '')), { level: 9 }).length;
    expect(script).toBeLessThanOrEqual(SCRIPT_BUDGET);
    for (const language of LANGUAGES) {
      const answer = await page(null, `?lang=${language}`);
      expect(answer.text).toContain(`<html lang="${language}">`);
      expect({ language, leftovers: englishLeftovers(answer.text, language) }).toEqual({
        language,
        leftovers: [],
      });
      const document = brotliCompressSync(answer.text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      }).length;
      expect({ language, bytes: document + script <= PAGE_BUDGET }).toEqual({ language, bytes: true });
    }
  });
});

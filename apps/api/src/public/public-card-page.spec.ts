import type { LeadResponse, Page, VisitSummaryResponse } from '@cardcraft/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { eventually } from '../platform/testing/eventually';
import { createProfile, fullProfileInput, registerUser, type HttpClient } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { BUILT_WEB_DIST } from '../platform/testing/paths';

// a real vCard parser (the npm package vcf), to read the contact file as a phone would
interface ParsedVCard {
  get(name: string): { valueOf(): string } | { valueOf(): string }[] | undefined;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- vcf ships CommonJS without types
const VCard = require('vcf') as { new (): { parse(text: string): ParsedVCard } };

// the built web app: `npm run build:web` (npm test builds it before jest runs)
if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
let addressCounter = 0;
/** a phone visitor with an address of its own (the tests act as the trusted proxy) */
const phone = () => ({ 'user-agent': IPHONE, 'x-forwarded-for': `81.2.69.${(addressCounter++ % 200) + 10}` });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, entity: string) => ENTITIES[entity]);

/** every <meta> tag of a page as a browser reads its attributes */
function metaTags(page: string): Record<string, string>[] {
  return [...page.matchAll(/<meta\b([^>]*)>/gi)].map(([, attributes]) => {
    const tag: Record<string, string> = {};
    for (const [, name, ...values] of attributes.matchAll(
      /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      tag[name.toLowerCase()] = decode(values.find((value) => value !== undefined) ?? '');
    }
    return tag;
  });
}

const meta = (page: string, key: string) =>
  metaTags(page).find((tag) => tag.name === key || tag.property === key)?.content;

/** the JSON-LD block's text, as the HTML parser hands it to a reader (script data: no entities) */
function jsonLdOf(page: string): string {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page);
  if (!match) throw new Error('no JSON-LD in the page');
  return match[1];
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(STORAGE_KINDS)('the public card rendered on the server (%s)', (kind) => {
  const { http } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let visitor: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    owner = await registerUser(http);
    visitor = await registerUser(http);
  });

  it('answers the whole card to a guest: readable, with its head, no app shell', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true, theme: 'aurora' });
    const page = await http.get(`/u/${profile.handle}`, { headers: phone() });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text.startsWith('<!doctype html>')).toBe(true);
    expect(page.text).not.toContain('<div id="root">');
    expect(page.text).toMatch(/<h1[^>]*>Ada Lovelace<\/h1>/);
    expect(page.text).toContain('Analytical engine whisperer');
    expect(page.text).toContain('href="mailto:ada@example.com"');
    expect(page.text).toContain(`href="/u/${profile.handle}/contact.vcf"`);
    expect(page.text).toContain(`action="/u/${profile.handle}/message#leave-a-message"`);
    expect(page.text).toContain('id="leave-a-message"');
    expect(page.text).toContain('Leave a Message');

    const url = `https://cards.example.test/u/${profile.handle}`;
    expect(page.text).toContain('<title>Ada Lovelace - Digital Business Card</title>');
    expect(page.text).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(meta(page.text, 'og:url')).toBe(url);
    expect(meta(page.text, 'og:image')).toBe('https://img.example.com/og.png');
    expect(meta(page.text, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.text, 'theme-color')).toBe('#07071a');
    expect(JSON.parse(jsonLdOf(page.text))).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovelace',
      jobTitle: 'Analytical engine whisperer',
      worksFor: { '@type': 'Organization', name: 'Analytical Engines Ltd' },
      email: 'ada@example.com',
      telephone: '+44 20 7946 0958',
      sameAs: ['https://linkedin.com/in/ada', 'https://github.com/ada', 'https://ada.example.com/'],
    });

    // its own stylesheet inside the page (no request before the first paint), its one script a
    // hashed file kept a year
    expect(page.text).toMatch(/<style>[\s\S]*\.rounded-3xl\{[\s\S]*<\/style>/);
    const files = [...page.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(files.filter((file) => file.endsWith('.css'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.js'))).toHaveLength(1);
    for (const file of files) {
      const asset = await http.get(file);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('shows each viewer their own card: the owner a badge and no form, a signed-in visitor their badge', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const asOwner = await http.get(`/u/${profile.handle}`, { cookie: owner.accessToken });
    expect(asOwner.status).toBe(200);
    expect(asOwner.text).toContain('This is your card as visitors see it.');
    expect(asOwner.text).not.toContain('Leave a Message');
    const asVisitor = await http.get(`/u/${profile.handle}`, { cookie: visitor.accessToken });
    expect(asVisitor.text).toContain('Leave a Message');
    expect(asVisitor.text).not.toContain('This is your card as visitors see it.');
    const badge = (text: string) => /data-testid="viewer-badge"[^>]*>([\s\S]*?)<\/span>/.exec(text)?.[1];
    expect(badge(asOwner.text)).not.toEqual(badge(asVisitor.text));
  });

  it("shows a draft to its owner only, 'not available' to everyone else, and 404 for an unknown handle", async () => {
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const asOwner = await http.get(`/u/${draft.handle}`, { cookie: owner.accessToken });
    expect(asOwner.status).toBe(200);
    expect(asOwner.text).toContain('Draft: only you can see this card. Publish it to share it.');

    for (const viewer of [{}, { cookie: visitor.accessToken }]) {
      const hidden = await http.get(`/u/${draft.handle}`, viewer);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toContain('Profile not available');
      expect(hidden.text).toContain(
        'This profile is currently private and not published. Only the owner can access it.',
      );
      expect(hidden.text).not.toContain('Ada Lovelace');
    }

    const unknown = await http.get('/u/nobody-here-at-all');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(unknown.text).toContain('Profile not found');
    expect(unknown.text).toContain(
      'This card might be private or no longer published. Double-check the handle or create your own card.',
    );
  });
});

describe('the public card page in detail (sqlite)', () => {
  const { http } = apiUnderTest('sqlite', { WEB_DIST_DIR: BUILT_WEB_DIST });
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let visitor: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    owner = await registerUser(http);
    visitor = await registerUser(http);
  });

  const visits = (client: HttpClient, profileId: string) => async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 120_000).toISOString();
    const summary = await client.get<VisitSummaryResponse>(
      `/api/profiles/${profileId}/analytics/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { token: owner.accessToken },
    );
    return summary.body.totalVisits;
  };

  it('sends an ETag and answers 304 to a browser that has the page', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const first = await http.get(`/u/${profile.handle}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const again = await http.get(`/u/${profile.handle}`, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await http.get(`/u/${profile.handle}`, {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.status).toBe(200);
  });

  it('answers compressed, brotli or gzip as the browser accepts', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const plain = await http.get(`/u/${profile.handle}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body; the header says what travelled
      const page = await http.get(`/u/${profile.handle}`, { headers: { 'accept-encoding': encoding } });
      expect(page.headers.get('content-encoding')).toBe(encoding);
      expect(page.text).toBe(plain.text);
    }
    const api = await http.get(`/api/docs-json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers.get('content-encoding')).toBe('gzip');
  });

  it('drops the kept page on every change: a new name, unpublishing, a deletion', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const path = `/u/${profile.handle}`;
    const before = await http.get(path);
    expect(before.text).toContain('Ada Lovelace');
    const update = await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: true, displayName: 'Countess Ada' }),
    });
    expect(update.status).toBe(200);
    const after = await http.get(path);
    expect(after.text).toContain('Countess Ada');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));

    await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: false }),
    });
    expect((await http.get(path)).status).toBe(404);
    await http.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken });
    expect((await http.get(path, { cookie: owner.accessToken })).status).toBe(404);
  });

  it('keeps hostile text inside its own element or attribute: no refresh, no script, JSON-LD intact', async () => {
    const tagline = '0;url=https://evil.example/$2 http-equiv=refresh x';
    const displayName = `Eve $& $' $\` "><script>alert(1)</script>`;
    const bio = 'ends here </script><script>alert(2)</script> & \u2028 after';
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      displayName,
      tagline,
      bio,
      contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
    });
    const page = await http.get(`/u/${profile.handle}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert');
    const metas = metaTags(page.text);
    expect(metas.filter((tag) => 'http-equiv' in tag)).toEqual([]);
    expect(meta(page.text, 'og:title')).toBe(`${displayName} - Digital Business Card`);
    expect(meta(page.text, 'description')).toBe(`${tagline}. ${bio.replace(/\s+/g, ' ')}`);
    expect(page.text.match(/<title>/g)).toHaveLength(1);
    const jsonLd = jsonLdOf(page.text);
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toMatchObject({ name: displayName, jobTitle: tagline, description: bio });
  });

  it('saves the contact from a link: a vCard made on the server that a vCard parser reads', async () => {
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      displayName: 'Ada King Lovelace',
    });
    const file = await http.get(`/u/${profile.handle}/contact.vcf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${profile.handle}.vcf"`);
    const card = new VCard().parse(file.text);
    const value = (name: string) => {
      const property = card.get(name);
      return Array.isArray(property) ? property.map((p) => p.valueOf()) : property?.valueOf();
    };
    expect(value('fn')).toBe('Ada King Lovelace');
    expect(value('n')).toBe('Lovelace;Ada;King;;');
    expect(value('email')).toBe('ada@example.com');
    expect(value('photo')).toBe('https://img.example.com/ada.png');
    expect(value('note')).toBe('First programmer.\\nLikes poetry\\; and numbers\\, too.');
    expect(value('url')).toContain(`https://cards.example.test/u/${profile.handle}`);

    const draft = await createProfile(http, owner.accessToken, { published: false });
    expect((await http.get(`/u/${draft.handle}/contact.vcf`)).status).toBe(404);
    expect((await http.get(`/u/${draft.handle}/contact.vcf`, { cookie: owner.accessToken })).status).toBe(
      200,
    );
  });

  it('takes a message posted without script and answers with the texts of the form', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const post = (fields: Record<string, string>, options: { cookie?: string; origin?: string } = {}) =>
      http.post(`/u/${profile.handle}/message`, {
        rawBody: form(fields),
        cookie: options.cookie,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(options.origin ? { origin: options.origin } : {}),
        },
      });

    const sent = await post({ email: 'grace@example.com', message: 'Hello <Ada>', consent: 'yes' });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(sent.text).toContain('Thanks! The owner has received your message.');

    const wrong = await post({ email: 'not-an-email', message: 'Second try' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Enter a valid email');
    expect(wrong.text).toContain('Consent is required');
    expect(wrong.text).toContain('We couldn&#x27;t send your message. Please try again in a moment.');
    // what was typed stays in the form
    expect(wrong.text).toContain('value="not-an-email"');
    expect(wrong.text).toContain('Second try</textarea>');

    // a signed-in visitor's post must come from our own page
    const foreign = await post(
      { email: 'v@example.com', consent: 'yes' },
      { cookie: visitor.accessToken, origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const own = await post(
      { email: 'v@example.com', consent: 'yes' },
      { cookie: visitor.accessToken, origin: 'https://cards.example.test' },
    );
    expect(own.status).toBe(200);

    const leads = await http.get<Page<LeadResponse>>(`/api/profiles/${profile.id}/leads`, {
      token: owner.accessToken,
    });
    expect(leads.body.items.map((lead) => lead.email).sort()).toEqual(['grace@example.com', 'v@example.com']);
    expect(leads.body.items.find((lead) => lead.email === 'grace@example.com')?.message).toBe('Hello <Ada>');
  });

  it('counts one view per visit: the page request only; not HEAD, not a bot, not the owner', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const path = `/u/${profile.handle}`;
    expect((await http.get(path, { headers: phone() })).status).toBe(200);
    expect((await http.request('HEAD', path, { headers: phone() })).status).toBe(200);
    await http.get(path, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    await http.get(path, { headers: phone(), cookie: owner.accessToken });
    await eventually(visits(http, profile.id), (count) => count >= 1, 8000);
    // the other requests had their chance to be (wrongly) counted by now
    await new Promise((r) => setTimeout(r, 1500));
    expect(await visits(http, profile.id)()).toBe(1);

    // the JSON read stays for API clients, and counts as a visit too
    await http.get(`/api/public/profiles/${profile.handle}`, { headers: phone() });
    await eventually(visits(http, profile.id), (count) => count === 2, 8000);
  });
});

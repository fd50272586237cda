import type { LeadResponse, Page } from '@cardcraft/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { BUILT_WEB_DIST } from '../platform/testing/paths';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(STORAGE_KINDS)("the server page's message form and its extra fields (%s)", (kind) => {
  const { http } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });

  it('asks for the fields the owner chose, and takes them posted without script', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: {
        collectGeo: false,
        collectIp: false,
        showIdentifiedViewers: true,
        allowMessages: true,
        messageFields: { name: 'required', phone: 'optional', company: 'off' },
      },
    });
    const page = await http.get(`/u/${profile.handle}`);
    expect(page.status).toBe(200);
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page.text)?.[0] ?? '';
    expect(input('name')).toContain('required=""');
    expect(input('name')).toContain('autoComplete="name"');
    expect(input('phone')).toContain('type="tel"');
    expect(input('phone')).not.toContain('required');
    expect(input('company')).toBe('');
    expect(page.text).toContain('Phone<span');

    const post = (fields: Record<string, string>) =>
      http.post(`/u/${profile.handle}/message`, {
        rawBody: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const missing = await post({ email: 'grace@example.com', phone: '+1 555 0100', consent: 'yes' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Enter your name');
    // what was typed stays in the form
    expect(missing.text).toContain('value="+1 555 0100"');

    const sent = await post({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      phone: '+1 555 0100',
      company: 'not asked',
      consent: 'yes',
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Thanks! The owner has received your message.');
    const leads = await http.get<Page<LeadResponse>>(`/api/profiles/${profile.id}/leads`, {
      token: owner.accessToken,
    });
    expect(leads.body.items).toEqual([
      expect.objectContaining({
        email: 'grace@example.com',
        name: 'Grace Hopper',
        phone: '+1 555 0100',
        company: null,
      }),
    ]);
  });
});

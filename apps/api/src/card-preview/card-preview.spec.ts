import type { MediaUploadResponse, ProfileResponse } from '@cardcraft/contracts';
import type { MediaRepository } from '@cardcraft/storage';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { initialsOf } from './card-preview.service';
import { BUILT_WEB_DIST } from '../platform/testing/paths';

// a real vCard parser (the npm package vcf), to read the contact file as a phone would
interface ParsedVCard {
  get(name: string): { valueOf(): string; toJSON(): unknown[] } | undefined;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- vcf ships CommonJS without types
const VCard = require('vcf') as { new (): { parse(text: string): ParsedVCard } };

if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

const meta = (page: string, key: string): string | undefined => {
  const tag = [...page.matchAll(/<meta\b([^>]*)>/gi)]
    .map(([, attributes]) => attributes)
    .find((attributes) => attributes.includes(`"${key}"`));
  return tag ? /content="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&') : undefined;
};

async function uploadAvatar(url: string, token: string): Promise<MediaUploadResponse> {
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${url}/api/media/avatar`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
    body: new Uint8Array(photo),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as MediaUploadResponse;
}

describe('initials of a name', () => {
  it('takes the first and last name words, else the handle', () => {
    expect(initialsOf('Ada King Lovelace', 'ada')).toBe('AL');
    expect(initialsOf('ada', 'x')).toBe('A');
    expect(initialsOf('🦄', 'zed')).toBe('Z');
  });
});

describe.each(STORAGE_KINDS)('the preview image and the contact photo of a card (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });

  async function publishedCard(avatarUrl: string | null = null) {
    const owner = await registerUser(http);
    const avatar = avatarUrl ?? (await uploadAvatar(app().url, owner.accessToken)).url;
    const card = await createProfile(http, owner.accessToken, {
      published: true,
      media: { avatarUrl: avatar, bannerUrl: null, ogImageUrl: null },
    });
    return { owner, card };
  }

  it('draws a 1200×630 PNG for a card without a social image, named by og:image and twitter:image', async () => {
    const { card } = await publishedCard();
    const page = await http.get(`/u/${card.handle}`);
    expect(page.status).toBe(200);
    const image = meta(page.text, 'og:image');
    expect(image).toMatch(
      new RegExp(`^https://cards\\.example\\.test/u/${card.handle}/preview\\.png\\?v=[0-9a-z]+$`),
    );
    expect(meta(page.text, 'twitter:image')).toBe(image);
    expect(meta(page.text, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.text, 'og:image:width')).toBe('1200');
    expect(meta(page.text, 'og:image:height')).toBe('630');

    const response = await fetch(`${app().url}${new URL(image!).pathname}${new URL(image!).search}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    // kept in the store under the version, so another replica or a restart does not draw it again
    const version = new URL(image!).searchParams.get('v');
    const stored = await app().app.get<symbol, MediaRepository>(MEDIA).get(`og-${version}.png`);
    expect(stored?.data.equals(png)).toBe(true);
    // an old or missing version gets the current image, cached briefly
    const unversioned = await fetch(`${app().url}/u/${card.handle}/preview.png`);
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await unversioned.arrayBuffer()).equals(png)).toBe(true);
  });

  it('draws it again when the name changes, and drops the old drawing', async () => {
    const { owner, card } = await publishedCard();
    const before = meta((await http.get(`/u/${card.handle}`)).text, 'og:image')!;
    const first = Buffer.from(await (await fetch(`${app().url}/u/${card.handle}/preview.png`)).arrayBuffer());

    const saved = await http.put<ProfileResponse>(`/api/profiles/${card.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({
        handle: card.handle,
        published: true,
        displayName: 'Grace Hopper',
        media: card.media,
      }),
    });
    expect(saved.status).toBe(200);
    const after = meta((await http.get(`/u/${card.handle}`)).text, 'og:image')!;
    expect(after).not.toBe(before);
    const second = Buffer.from(
      await (await fetch(`${app().url}/u/${card.handle}/preview.png`)).arrayBuffer(),
    );
    expect(await sharp(second).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(second.equals(first)).toBe(false);

    const media = app().app.get<symbol, MediaRepository>(MEDIA);
    await expect(media.get(`og-${new URL(before).searchParams.get('v')}.png`)).resolves.toBeNull();
  });

  it("uses the owner's own social image when there is one, and shows a draft's preview to no guest", async () => {
    const owner = await registerUser(http);
    const own = await createProfile(http, owner.accessToken, { published: true });
    expect(meta((await http.get(`/u/${own.handle}`)).text, 'og:image')).toBe(
      'https://img.example.com/og.png',
    );
    const draft = await createProfile(http, owner.accessToken, { published: false });
    expect((await fetch(`${app().url}/u/${draft.handle}/preview.png`)).status).toBe(404);
    expect((await fetch(`${app().url}/u/nobody-here/preview.png`)).status).toBe(404);
  });

  it('puts an uploaded avatar in the contact file as an embedded JPEG photo', async () => {
    const { card } = await publishedCard();
    const file = await http.get(`/u/${card.handle}/contact.vcf`);
    expect(file.status).toBe(200);
    expect(file.text).toMatch(/\r\nPHOTO;ENCODING=b;TYPE=JPEG:/);
    const photo = new VCard().parse(file.text).get('photo');
    const base64 = String(photo?.valueOf()).replace(/\s+/g, '');
    const jpeg = Buffer.from(base64, 'base64');
    expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(jpeg.length).toBeLessThan(40 * 1024);
  });

  it('keeps a pasted avatar as its address and fetches nothing', async () => {
    const { card } = await publishedCard('http://169.254.169.254/latest/meta-data/avatar.png');
    const file = await http.get(`/u/${card.handle}/contact.vcf`);
    expect(file.text).toContain('PHOTO;VALUE=URI:http://169.254.169.254/latest/meta-data/avatar.png');
    expect(file.text).not.toContain('ENCODING=b');
  });
});

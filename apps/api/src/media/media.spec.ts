import type { MediaUploadResponse, ProfileResponse } from '@cardcraft/contracts';
import sharp from 'sharp';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { MediaService, UNSAVED_UPLOAD_GRACE_MS } from './media.service';
import { NOT_AN_IMAGE } from './media.texts';

// real image files made with sharp: a photo with its camera's EXIF, GPS position included
async function photoWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([
      {
        input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } })
          .png()
          .toBuffer(),
        left: 100,
        top: 100,
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'Cardcraft Test Camera', Model: 'Phone 1', Copyright: 'secret owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

async function upload(token: string | undefined, kind: string, body: Buffer, contentType = 'image/jpeg') {
  const response = await fetch(`${baseUrl()}/api/media/${kind}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as MediaUploadResponse & { error?: string } };
}

let baseUrl: () => string = () => '';

/** the path of an uploaded image's address (the address names the public host, the test talks to 127.0.0.1) */
const pathOf = (url: string) => new URL(url).pathname;

describe.each(STORAGE_KINDS)('uploaded images (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind, {
    UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: String(8_000_000),
  });
  beforeAll(() => {
    baseUrl = () => app().url;
  });

  it('makes an avatar a 512×512 WebP without EXIF or GPS, served from a content-hashed address for a year', async () => {
    const { accessToken } = await registerUser(http);
    const original = await photoWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.toString('latin1')).toContain('Cardcraft Test Camera');

    const response = await upload(accessToken, 'avatar', original);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ contentType: 'image/webp', width: 512, height: 512 });
    expect(response.body.url).toMatch(/^https:\/\/cards\.example\.test\/media\/[0-9a-f]{32}\.webp$/);

    const served = await fetch(`${app().url}${pathOf(response.body.url)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(response.body.size);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.toString('latin1')).not.toMatch(/GPS|Cardcraft Test Camera|secret owner/);

    // the address is the bytes' hash: asked again with its tag it is not sent again
    const again = await fetch(`${app().url}${pathOf(response.body.url)}`, {
      headers: { 'if-none-match': served.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('makes a banner 1500×500, cropped to fill', async () => {
    const { accessToken } = await registerUser(http);
    const response = await upload(accessToken, 'banner', await photoWithGps(900, 900), 'image/jpeg');
    expect(response.status).toBe(201);
    const bytes = Buffer.from(await (await fetch(`${app().url}${pathOf(response.body.url)}`)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 500 });
  });

  it('reads PNG with transparency and plain bytes (application/octet-stream)', async () => {
    const { accessToken } = await registerUser(http);
    const png = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await upload(accessToken, 'avatar', png, 'image/png')).status).toBe(201);
    expect((await upload(accessToken, 'avatar', png, 'application/octet-stream')).status).toBe(201);
  });

  it('refuses what is not an image, in words: text, an svg, a cut-off photo, an empty body', async () => {
    const { accessToken } = await registerUser(http);
    const photo = await photoWithGps(400, 300);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    for (const [body, type] of [
      [Buffer.from('just some text, not an image'), 'image/png'],
      [svg, 'image/svg+xml'],
      [photo.subarray(0, Math.floor(photo.length / 2)), 'image/jpeg'],
      [Buffer.alloc(0), 'image/jpeg'],
      [Buffer.from('%PDF-1.4 not a photo'), 'application/octet-stream'],
    ] as const) {
      const response = await upload(accessToken, 'avatar', body, type);
      expect({ type, status: response.status, error: response.body.error }).toEqual({
        type,
        status: 400,
        error: NOT_AN_IMAGE,
      });
    }
    const text = await http.post('/api/media/avatar', {
      token: accessToken,
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: NOT_AN_IMAGE });
  });

  it('refuses a file over the size limit (413) and an image over the pixel limit (400), in words', async () => {
    const { accessToken } = await registerUser(http);
    const big = Buffer.concat([await photoWithGps(400, 300), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await upload(accessToken, 'avatar', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('This image is larger than 2 MB. Choose a smaller one.');

    // 3000×3000 is 9 megapixels: a small file (one colour) that would take much memory to decode
    const wide = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(2 * 1024 * 1024);
    const tooMany = await upload(accessToken, 'avatar', wide, 'image/png');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('This image has more than 8 megapixels. Choose a smaller one.');
  });

  it('asks to be signed in, and knows only avatars and banners', async () => {
    const photo = await photoWithGps(200, 200);
    expect((await upload(undefined, 'avatar', photo)).status).toBe(401);
    const { accessToken } = await registerUser(http);
    const other = await upload(accessToken, 'wallpaper', photo);
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('Upload an avatar or a banner');
  });

  it('answers 404 for an image that is not stored, and for a malformed key', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef.webp', '..%2Fcardcraft.db', 'x.exe']) {
      const response = await fetch(`${app().url}/media/${key}`);
      expect(response.status).toBe(404);
    }
  });

  it("keeps a card's images while it uses them, and removes them when it lets them go or is deleted", async () => {
    const { accessToken } = await registerUser(http);
    const first = await upload(accessToken, 'avatar', await photoWithGps(300, 300));
    const card = await createProfile(http, accessToken, {
      media: { avatarUrl: first.body.url, bannerUrl: null, ogImageUrl: null },
    });
    const status = async (url: string) => (await fetch(`${app().url}${pathOf(url)}`)).status;
    expect(await status(first.body.url)).toBe(200);

    const second = await upload(accessToken, 'avatar', await photoWithGps(310, 300));
    const banner = await upload(accessToken, 'banner', await photoWithGps(900, 300));
    const saved = await http.put<ProfileResponse>(`/api/profiles/${card.id}`, {
      token: accessToken,
      body: fullProfileInput({
        handle: card.handle,
        media: { avatarUrl: second.body.url, bannerUrl: banner.body.url, ogImageUrl: null },
      }),
    });
    expect(saved.status).toBe(200);
    // the avatar the save replaced is gone at once; the new ones stay
    expect(await status(first.body.url)).toBe(404);
    expect(await status(second.body.url)).toBe(200);
    expect(await status(banner.body.url)).toBe(200);

    // an upload not saved yet survives another card's save (the editor may still be open)
    const pending = await upload(accessToken, 'avatar', await photoWithGps(320, 300));
    await createProfile(http, accessToken);
    expect(await status(pending.body.url)).toBe(200);

    expect((await http.delete(`/api/profiles/${card.id}`, { token: accessToken })).status).toBe(204);
    expect(await status(second.body.url)).toBe(404);
    expect(await status(banner.body.url)).toBe(404);
  });

  it('removes every image of an account that is deleted, saved in a card or not', async () => {
    const user = await registerUser(http);
    const saved = await upload(user.accessToken, 'avatar', await photoWithGps(300, 300));
    await createProfile(http, user.accessToken, {
      media: { avatarUrl: saved.body.url, bannerUrl: null, ogImageUrl: null },
    });
    const unsaved = await upload(user.accessToken, 'banner', await photoWithGps(900, 300));
    const deleted = await http.request('DELETE', '/api/account', {
      token: user.accessToken,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(204);
    for (const url of [saved.body.url, unsaved.body.url]) {
      expect((await fetch(`${app().url}${pathOf(url)}`)).status).toBe(404);
    }
  });

  it('removes an upload no card took once it is a day old, at the next sweep', async () => {
    const user = await registerUser(http);
    const young = await upload(user.accessToken, 'avatar', await photoWithGps(330, 300));
    const media = app().app.get(MediaService);
    await expect(media.sweep(user.userId, [], [])).resolves.toBe(0);
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockReturnValue(now + UNSAVED_UPLOAD_GRACE_MS + 1000);
    try {
      await expect(media.sweep(user.userId, [], [])).resolves.toBe(1);
    } finally {
      later.mockRestore();
    }
    expect((await fetch(`${app().url}${pathOf(young.body.url)}`)).status).toBe(404);
  });
});

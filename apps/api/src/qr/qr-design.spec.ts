import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { QrDesignMessages, THEME_QR_COLORS, type ErrorResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, httpClient, registerUser, type HttpClient } from '../platform/testing/http';
import { apiUnderTest, startTestApp, type TestApp } from '../platform/testing/test-app';
import { svgToPng } from './adapters/resvg-rasterizer';
import { qrSvg } from './qr-artwork';
import { logoPng, readQrPng } from './testing/qr-reader';

type Owner = Awaited<ReturnType<typeof registerUser>>;

/** posts a design and answers the raw body and headers */
async function design(baseUrl: string, token: string, id: string, body: object) {
  const response = await fetch(`${baseUrl}/api/profiles/${id}/qr`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(bytes.toString()) as ErrorResponse,
  };
}

const logoDataUrl = `data:image/png;base64,${logoPng().toString('base64')}`;

describe('the QR artwork', () => {
  const text = 'https://cards.example.test/u/ada?src=qr';

  it('draws the code in its colours with a quiet zone, and a reader reads it', async () => {
    const svg = qrSvg({ text, foreground: '#4338ca', background: '#ffffff', logo: null });
    expect(svg).toContain('fill="#4338ca"');
    const read = await readQrPng(svgToPng(svg, 512));
    expect(read.decoded).toBe(text);
    expect(read.pixel(2, 2)).toBe('#ffffff');
  });

  it('uses error correction H with a logo, so the code keeps reading under it', async () => {
    const withLogo = qrSvg({
      text,
      foreground: '#111827',
      background: '#ffffff',
      logo: { mime: 'image/png', bytes: logoPng() },
    });
    const high = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules.size;
    const medium = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;
    expect(high).toBeGreaterThan(medium);
    expect(withLogo).toContain(`viewBox="0 0 ${high + 8} ${high + 8}"`);
    expect(withLogo).toContain('<image');
    const read = await readQrPng(svgToPng(withLogo, 1024));
    expect(read.decoded).toBe(text);
    // the logo's colour is in the middle
    expect(read.pixel(512, 512)).toBe('#e11d48');
  });
});

describe.each(STORAGE_KINDS)('designed QR codes over HTTP (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);
  let owner: Owner;
  let stranger: Owner;

  beforeAll(async () => {
    owner = await registerUser(http);
    stranger = await registerUser(http);
  });

  it('draws an SVG in the theme colours that says the card address with src=qr', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true, theme: 'solar' });
    const colors = THEME_QR_COLORS.solar;
    const answer = await design(app().url, owner.accessToken, profile.id, { format: 'svg', ...colors });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="qr-${profile.handle}.svg"`);
    const svg = answer.bytes.toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`fill="${colors.foreground}"`);
    expect((await readQrPng(svgToPng(svg, 512))).decoded).toBe(
      `https://cards.example.test/u/${profile.handle}?src=qr`,
    );
  });

  it.each([512, 1024, 2048])('draws a PNG of %i px that a reader reads', async (width) => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const answer = await design(app().url, owner.accessToken, profile.id, {
      format: 'png',
      width,
      foreground: '#4338ca',
      background: '#ffffff',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="qr-${profile.handle}-${width}.png"`,
    );
    const read = await readQrPng(answer.bytes);
    expect([read.width, read.height]).toEqual([width, width]);
    expect(read.decoded).toBe(`https://cards.example.test/u/${profile.handle}?src=qr`);
    // the chosen colours, not black on white
    const colours = new Set<string>();
    for (let y = 0; y < width; y += Math.floor(width / 64)) {
      for (let x = 0; x < width; x += Math.floor(width / 64)) colours.add(read.pixel(x, y));
    }
    expect(colours).toEqual(new Set(['#4338ca', '#ffffff']));
  });

  it('reads with an uploaded logo in the centre and chosen colours', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const answer = await design(app().url, owner.accessToken, profile.id, {
      format: 'png',
      width: 1024,
      foreground: '#7C2D12',
      background: '#FEF3C7',
      logo: 'upload',
      logoDataUrl,
    });
    expect(answer.status).toBe(200);
    const read = await readQrPng(answer.bytes);
    expect(read.decoded).toBe(`https://cards.example.test/u/${profile.handle}?src=qr`);
    expect(read.pixel(512, 512)).toBe('#e11d48');
    expect(read.pixel(3, 3)).toBe('#fef3c7');
  });

  it('refuses colours a phone cannot read, naming the field', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const close = await design(app().url, owner.accessToken, profile.id, {
      foreground: '#e5e7eb',
      background: '#ffffff',
    });
    expect(close.status).toBe(400);
    expect(close.json()).toEqual({
      error: QrDesignMessages.tooClose,
      errors: [{ field: 'foreground', message: QrDesignMessages.tooClose }],
    });
    const inverted = await design(app().url, owner.accessToken, profile.id, {
      foreground: '#ffffff',
      background: '#111827',
    });
    expect(inverted.status).toBe(400);
    expect(inverted.json().error).toBe(QrDesignMessages.inverted);
  });

  it('refuses a logo that is not an image, and the avatar when there is none', async () => {
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    });
    const notImage = await design(app().url, owner.accessToken, profile.id, {
      foreground: '#000000',
      background: '#ffffff',
      logo: 'upload',
      logoDataUrl: `data:image/png;base64,${Buffer.from('<html>not an image</html>').toString('base64')}`,
    });
    expect(notImage.status).toBe(400);
    expect(notImage.json().error).toBe(QrDesignMessages.logoType);
    const noAvatar = await design(app().url, owner.accessToken, profile.id, {
      foreground: '#000000',
      background: '#ffffff',
      logo: 'avatar',
    });
    expect(noAvatar.status).toBe(400);
    expect(noAvatar.json().error).toBe(QrDesignMessages.noAvatar);
  });

  it('puts an avatar uploaded here in the centre, read from the store', async () => {
    const upload = await fetch(`${app().url}/api/media/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${owner.accessToken}` },
      body: new Uint8Array(logoPng(400)),
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    // the address names the public host (cards.example.test), which this test never serves
    expect(url).toMatch(/^https:\/\/cards\.example\.test\/media\//);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      media: { avatarUrl: url, bannerUrl: null, ogImageUrl: null },
    });
    const answer = await design(app().url, owner.accessToken, profile.id, {
      format: 'png',
      width: 1024,
      foreground: '#18181b',
      background: '#ffffff',
      logo: 'avatar',
    });
    expect(answer.status).toBe(200);
    const read = await readQrPng(answer.bytes);
    expect(read.decoded).toBe(`https://cards.example.test/u/${profile.handle}?src=qr`);
    // the logo's rose red, through the upload's lossy re-encoding
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(read.pixel(512, 512).slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(0xc0);
    expect(g).toBeLessThan(0x50);
    expect(b).toBeLessThan(0x80);
  });

  it("answers 404 for another account's card", async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const foreign = await design(app().url, stranger.accessToken, profile.id, {
      foreground: '#000000',
      background: '#ffffff',
    });
    expect(foreign.status).toBe(404);
  });
});

describe.each(STORAGE_KINDS)("the card's avatar as the logo (%s)", (kind) => {
  // an image host on loopback: the product's own origin (PUBLIC_BASE_URL) may be private, others not
  let images: Server;
  let imagesUrl: string;
  let api: TestApp;
  let http: HttpClient;

  beforeAll(async () => {
    images = createServer((request, response) => {
      if (request.url === '/avatar.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(logoPng(160));
      } else if (request.url === '/moved') {
        response.writeHead(302, { location: '/avatar.png' }).end();
      } else {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      }
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    api = await startTestApp(kind, { PUBLIC_BASE_URL: imagesUrl });
    http = httpClient(api.url);
  });

  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => images.close(resolve));
  });

  it('puts the avatar in the centre, following a redirect, and the code still reads', async () => {
    const owner = await registerUser(http);
    for (const path of ['/avatar.png', '/moved']) {
      const profile = await createProfile(http, owner.accessToken, {
        published: true,
        media: { avatarUrl: `${imagesUrl}${path}`, bannerUrl: null, ogImageUrl: null },
      });
      const answer = await design(api.url, owner.accessToken, profile.id, {
        format: 'png',
        width: 512,
        foreground: '#18181b',
        background: '#ffffff',
        logo: 'avatar',
      });
      expect(answer.status).toBe(200);
      const read = await readQrPng(answer.bytes);
      expect(read.decoded).toBe(`${imagesUrl}/u/${profile.handle}?src=qr`);
      expect(read.pixel(256, 256)).toBe('#e11d48');
    }
  });

  it('refuses an avatar that is not an image', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      media: { avatarUrl: `${imagesUrl}/page.html`, bannerUrl: null, ogImageUrl: null },
    });
    const answer = await design(api.url, owner.accessToken, profile.id, {
      foreground: '#18181b',
      background: '#ffffff',
      logo: 'avatar',
    });
    expect(answer.status).toBe(400);
    expect(answer.json().error).toBe(QrDesignMessages.avatarUnreadable);
  });
});

describe.each(STORAGE_KINDS)('an avatar on a private address (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);
  let images: Server;
  let fetched = 0;

  beforeAll(async () => {
    images = createServer((_request, response) => {
      fetched++;
      response.writeHead(200, { 'content-type': 'image/png' }).end(logoPng());
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => images.close(resolve));
  });

  it('is never fetched when it is not the product own origin', async () => {
    const owner = await registerUser(http);
    const port = (images.address() as AddressInfo).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::ffff:127.0.0.1]:${port}`]) {
      const profile = await createProfile(http, owner.accessToken, {
        published: true,
        media: { avatarUrl: `http://${host}/avatar.png`, bannerUrl: null, ogImageUrl: null },
      });
      const answer = await design(app().url, owner.accessToken, profile.id, {
        foreground: '#18181b',
        background: '#ffffff',
        logo: 'avatar',
      });
      expect(answer.status).toBe(400);
      expect(answer.json().error).toBe(QrDesignMessages.avatarUnreadable);
    }
    expect(fetched).toBe(0);
  });
});

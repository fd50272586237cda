import type { ErrorResponse, QrResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngWidth(png: Buffer): number {
  return png.readUInt32BE(16);
}

describe.each(STORAGE_KINDS)('QR codes over HTTP (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    owner = await registerUser(http);
  });

  it('answers a data URL and the profile URL from the configured base, by default size 10', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const response = await http.get<QrResponse>(`/api/profiles/${profile.id}/qr`, {
      token: owner.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.profileUrl).toBe(`https://cards.example.test/u/${profile.handle}?src=qr`);
    expect(response.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(response.body.qrCode.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);

    const small = await http.get<QrResponse>(`/api/profiles/${profile.id}/qr?size=8`, {
      token: owner.accessToken,
    });
    const smallPng = Buffer.from(small.body.qrCode.split(',')[1], 'base64');
    // same modules, 8 px each instead of 10
    expect(pngWidth(smallPng) / pngWidth(png)).toBeCloseTo(0.8, 1);
  });

  it('answers an SVG source and a PNG body', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const svg = await http.get<QrResponse>(`/api/profiles/${profile.id}/qr?format=svg`, {
      token: owner.accessToken,
    });
    expect(svg.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(svg.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const response = await fetch(`${app().url}/api/profiles/${profile.id}/qr?format=png&size=20`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="qr-${profile.handle}.png"`,
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngWidth(body)).toBeGreaterThan(400);
  });

  it.each(['0', '41', '2.5', 'big'])('rejects size=%s', async (size) => {
    const profile = await createProfile(http, owner.accessToken);
    const response = await http.get<ErrorResponse>(`/api/profiles/${profile.id}/qr?size=${size}`, {
      token: owner.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toEqual({
      field: 'size',
      message: 'size must be a whole number from 1 to 40',
    });
  });

  it('rejects an unknown format', async () => {
    const profile = await createProfile(http, owner.accessToken);
    const response = await http.get<ErrorResponse>(`/api/profiles/${profile.id}/qr?format=gif`, {
      token: owner.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toEqual({
      field: 'format',
      message: 'format must be one of dataurl, svg, png',
    });
  });
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { ClientConfigResponse, ErrorResponse } from '@cardcraft/contracts';
import { loadConfig } from '../platform/config/app-config';
import { logoPng } from '../qr/testing/qr-reader';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, httpClient, registerUser, type HttpClient } from '../platform/testing/http';
import { apiUnderTest, startTestApp, type TestApp } from '../platform/testing/test-app';
import { makePassCertificates, type TestPassCertificates } from './testing/certificates';
import { readZip } from './testing/zip';
import { WALLET_NOT_CONFIGURED } from './wallet-pass.service';

const PASS_TYPE = 'pass.test.cardcraft.cards';
const TEAM = 'ABCDE12345';

// the certificates are made once for the file: RSA keys take a moment
const directory = mkdtempSync(join(tmpdir(), 'cardcraft-wallet-'));
let certificates: TestPassCertificates;
let files: { cert: string; key: string; wwdr: string };

beforeAll(() => {
  certificates = makePassCertificates(PASS_TYPE, TEAM);
  files = {
    cert: join(directory, 'pass.pem'),
    key: join(directory, 'pass.key'),
    wwdr: join(directory, 'wwdr.pem'),
  };
  writeFileSync(files.cert, certificates.signerCert);
  writeFileSync(files.key, certificates.signerKey);
  writeFileSync(files.wwdr, certificates.wwdrCert);
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const walletEnv = () => ({
  WALLET_PASS_TYPE_ID: PASS_TYPE,
  WALLET_TEAM_ID: TEAM,
  WALLET_PASS_CERT: files.cert,
  WALLET_PASS_KEY: files.key,
  WALLET_PASS_KEY_PASSPHRASE: certificates.passphrase,
  WALLET_WWDR_CERT: files.wwdr,
});

async function download(baseUrl: string, token: string, id: string) {
  const response = await fetch(`${baseUrl}/api/profiles/${id}/wallet-pass`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** openssl's verdict on the detached PKCS#7 signature of the manifest, against the test's CA */
function verifySignature(signature: Buffer, manifest: Buffer): { ok: boolean; signer: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cardcraft-pkpass-'));
  try {
    writeFileSync(join(dir, 'signature'), signature);
    writeFileSync(join(dir, 'manifest.json'), manifest);
    writeFileSync(join(dir, 'ca.pem'), certificates.wwdrCert);
    try {
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          join(dir, 'signature'),
          '-content',
          join(dir, 'manifest.json'),
          '-CAfile',
          join(dir, 'ca.pem'),
          '-purpose',
          'any',
          '-signer',
          join(dir, 'signer.pem'),
          '-out',
          join(dir, 'out'),
        ],
        { stdio: 'pipe' },
      );
    } catch {
      return { ok: false, signer: '' };
    }
    const signer = execFileSync('openssl', ['x509', '-noout', '-subject', '-in', join(dir, 'signer.pem')]);
    return { ok: true, signer: signer.toString() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Wallet pass settings', () => {
  it('are off when none is set, and all or nothing', () => {
    expect(loadConfig({ DATA_DIR: directory }).walletPass).toBeNull();
    expect(() => loadConfig({ DATA_DIR: directory, WALLET_PASS_TYPE_ID: PASS_TYPE })).toThrow(
      /Apple Wallet passes need .* together \(missing WALLET_TEAM_ID, WALLET_PASS_CERT, WALLET_PASS_KEY, WALLET_WWDR_CERT\)/,
    );
  });

  it('read and check the files at start-up, and never log the key', () => {
    const config = loadConfig({ DATA_DIR: directory, ...walletEnv() });
    expect(config.walletPass).toMatchObject({ passTypeIdentifier: PASS_TYPE, teamIdentifier: TEAM });
    expect(() =>
      loadConfig({ DATA_DIR: directory, ...walletEnv(), WALLET_PASS_KEY_PASSPHRASE: 'wrong' }),
    ).toThrow(/WALLET_PASS_KEY must be a private key in PEM form, with WALLET_PASS_KEY_PASSPHRASE/);
    expect(() => loadConfig({ DATA_DIR: directory, ...walletEnv(), WALLET_WWDR_CERT: files.key })).toThrow(
      /WALLET_WWDR_CERT must be a certificate in PEM form/,
    );
    expect(() => loadConfig({ DATA_DIR: directory, ...walletEnv(), WALLET_TEAM_ID: 'team' })).toThrow(
      /WALLET_TEAM_ID must be the 10-character Apple team identifier/,
    );
  });
});

describe.each(STORAGE_KINDS)('without a pass certificate (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);

  it('tells the web app there is no Wallet button, and answers 404 for a pass', async () => {
    const config = await http.get<ClientConfigResponse>('/api/client-config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      publicBaseUrl: 'https://cards.example.test',
      walletPass: false,
      googleWallet: false,
    });
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const { response, body } = await download(app().url, owner.accessToken, profile.id);
    expect(response.status).toBe(404);
    expect((JSON.parse(body.toString()) as ErrorResponse).error).toBe(WALLET_NOT_CONFIGURED);
  });
});

describe.each(STORAGE_KINDS)('with a pass certificate (%s)', (kind) => {
  // the avatar is served on loopback as the product's own origin (PUBLIC_BASE_URL)
  let images: Server;
  let origin: string;
  let api: TestApp;
  let http: HttpClient;
  let imageRequests = 0;

  beforeAll(async () => {
    images = createServer((_request, response) => {
      imageRequests++;
      response.writeHead(200, { 'content-type': 'image/png' }).end(logoPng(200));
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    api = await startTestApp(kind, { PUBLIC_BASE_URL: origin, ...walletEnv() });
    http = httpClient(api.url);
  });

  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => images.close(resolve));
  });

  it('says so to the web app', async () => {
    const config = await http.get<ClientConfigResponse>('/api/client-config');
    expect(config.body).toEqual({ publicBaseUrl: origin, walletPass: true, googleWallet: false });
  });

  it('signs a generic pass of the card whose manifest and signature check out', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      theme: 'aurora',
      tagline: 'Analytical engine whisperer',
      media: { avatarUrl: `${origin}/ada.png`, bannerUrl: null, ogImageUrl: null },
    });
    const { response, body } = await download(api.url, owner.accessToken, profile.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${profile.handle}.pkpass"`,
    );

    const entries = readZip(body);
    expect([...entries.keys()].sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
        'thumbnail.png',
        'thumbnail@2x.png',
      ].sort(),
    );

    // the manifest names every other file with its SHA-1
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as Record<string, string>;
    const hashed = [...entries.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) {
      expect(manifest[name]).toBe(createHash('sha1').update(entries.get(name)!).digest('hex'));
    }

    // a detached PKCS#7 signature of the manifest by the pass certificate, chained to the WWDR
    const verdict = verifySignature(entries.get('signature')!, entries.get('manifest.json')!);
    expect(verdict.ok).toBe(true);
    expect(verdict.signer).toContain(`Pass Type ID: ${PASS_TYPE}`);
    // and it holds for that manifest only
    const tampered = Buffer.from(
      entries
        .get('manifest.json')!
        .toString()
        .replace(/"icon\.png":"[0-9a-f]/, '"icon.png":"x'),
    );
    expect(verifySignature(entries.get('signature')!, tampered).ok).toBe(false);

    const pass = JSON.parse(entries.get('pass.json')!.toString()) as Record<string, unknown> & {
      generic: Record<string, { key: string; label: string; value: string }[]>;
      barcodes: { message: string; format: string }[];
    };
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      serialNumber: profile.id,
      organizationName: 'Analytical Engines Ltd',
      backgroundColor: 'rgb(79, 70, 229)',
      foregroundColor: 'rgb(255, 255, 255)',
    });
    expect(pass.generic.primaryFields).toEqual([{ key: 'name', label: 'Name', value: 'Ada Lovelace' }]);
    expect(pass.generic.secondaryFields).toEqual([
      { key: 'title', label: 'Title', value: 'Analytical engine whisperer' },
      { key: 'company', label: 'Company', value: 'Analytical Engines Ltd' },
    ]);
    expect(pass.barcodes[0]).toMatchObject({
      format: 'PKBarcodeFormatQR',
      message: `${origin}/u/${profile.handle}?src=wallet`,
    });

    // the avatar, as a PNG of Wallet's thumbnail sizes
    const thumbnail = PNG.sync.read(entries.get('thumbnail@2x.png')!);
    expect([thumbnail.width, thumbnail.height]).toEqual([180, 180]);
    const icon = PNG.sync.read(entries.get('icon@3x.png')!);
    expect([icon.width, icon.height]).toEqual([87, 87]);
  });

  it('reads an avatar uploaded here from the store for the thumbnail', async () => {
    const owner = await registerUser(http);
    const upload = await fetch(`${api.url}/api/media/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${owner.accessToken}` },
      body: new Uint8Array(logoPng(300)),
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const profile = await createProfile(http, owner.accessToken, {
      media: { avatarUrl: url, bannerUrl: null, ogImageUrl: null },
    });
    const before = imageRequests;
    const { response, body } = await download(api.url, owner.accessToken, profile.id);
    expect(response.status).toBe(200);
    const thumbnail = PNG.sync.read(readZip(body).get('thumbnail@2x.png')!);
    expect([thumbnail.width, thumbnail.height]).toEqual([180, 180]);
    // not fetched over the network
    expect(imageRequests).toBe(before);
  });

  it('goes without a thumbnail when the card has no avatar, and answers 404 to another account', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    });
    const { response, body } = await download(api.url, owner.accessToken, profile.id);
    expect(response.status).toBe(200);
    expect([...readZip(body).keys()]).not.toContain('thumbnail.png');

    const stranger = await registerUser(http);
    expect((await download(api.url, stranger.accessToken, profile.id)).response.status).toBe(404);
  });
});

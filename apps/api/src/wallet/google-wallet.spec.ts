import type {
  ClientConfigResponse,
  CreatedApiKeyResponse,
  ErrorResponse,
  GoogleWalletLinkResponse,
} from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser, type HttpClient } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, createTemplate, joinTeam, person, publish } from '../teams/testing/team-world';
import { GOOGLE_WALLET_DRAFT, GOOGLE_WALLET_NOT_CONFIGURED } from './google-wallet.service';
import {
  googleWalletEnv,
  makeServiceAccount,
  readSaveLink,
  TEST_ISSUER_ID,
  type TestServiceAccount,
} from './testing/google-wallet';

// RSA keys take a moment: one service account for the file, and another whose key signed nothing here
let account: TestServiceAccount;
let stranger: TestServiceAccount;
beforeAll(() => {
  account = makeServiceAccount();
  stranger = makeServiceAccount('someone-else@other-project.iam.gserviceaccount.com');
});

const ORIGIN = 'https://cards.example.test';
const ID_FORM = /^[A-Za-z0-9._-]+$/;

function linkOf(http: HttpClient, token: string | undefined, id: string) {
  return http.get<GoogleWalletLinkResponse & ErrorResponse>(`/api/profiles/${id}/google-wallet`, { token });
}

describe.each(STORAGE_KINDS)('without a Google Wallet issuer (%s)', (kind) => {
  const { http } = apiUnderTest(kind);

  it('tells the web app there is no Google Wallet button, and answers 404 for a link', async () => {
    const config = await http.get<ClientConfigResponse>('/api/client-config');
    expect(config.body).toEqual({ publicBaseUrl: ORIGIN, walletPass: false, googleWallet: false });
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const response = await linkOf(http, owner.accessToken, profile.id);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(GOOGLE_WALLET_NOT_CONFIGURED);
  });
});

describe.each(STORAGE_KINDS)('with a Google Wallet issuer (%s)', (kind) => {
  // the env is read when the app starts, in beforeAll, after the keys above are made
  const env: Record<string, string> = {};
  beforeAll(() => Object.assign(env, googleWalletEnv(account)));
  const { http, app } = apiUnderTest(kind, env);

  it('says so to the web app', async () => {
    const config = await http.get<ClientConfigResponse>('/api/client-config');
    expect(config.body).toEqual({ publicBaseUrl: ORIGIN, walletPass: false, googleWallet: true });
  });

  it("signs a generic pass of the card with the service account's key, never cached", async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true, theme: 'aurora' });
    const before = Math.floor(Date.now() / 1000);
    const response = await linkOf(http, owner.accessToken, profile.id);
    const after = Math.ceil(Date.now() / 1000);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(response.body)).toEqual(['url']);

    const { header, claims } = readSaveLink(response.body.url, account.publicKey);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    const cardUrl = `${ORIGIN}/u/${profile.handle}?src=google-wallet`;
    const text = (value: string) => ({ defaultValue: { language: 'en-US', value } });
    expect(claims).toEqual({
      iss: account.email,
      aud: 'google',
      typ: 'savetowallet',
      iat: claims.iat,
      origins: [ORIGIN],
      payload: {
        genericClasses: [{ id: `${TEST_ISSUER_ID}.cardcraft-business-card` }],
        genericObjects: [
          {
            id: `${TEST_ISSUER_ID}.card-${profile.id}`,
            classId: `${TEST_ISSUER_ID}.cardcraft-business-card`,
            state: 'ACTIVE',
            cardTitle: text('Analytical Engines Ltd'),
            header: text('Ada Lovelace'),
            subheader: text('Analytical engine whisperer · Analytical Engines Ltd'),
            // the aurora theme's colour
            hexBackgroundColor: '#4f46e5',
            logo: {
              sourceUri: { uri: 'https://img.example.com/ada.png' },
              contentDescription: text('Ada Lovelace'),
            },
            heroImage: {
              sourceUri: { uri: 'https://img.example.com/banner.png' },
              contentDescription: text('Banner of Ada Lovelace'),
            },
            barcode: { type: 'QR_CODE', value: cardUrl, alternateText: `@${profile.handle}` },
            linksModuleData: {
              uris: [
                { id: 'card', uri: cardUrl, description: 'Digital business card' },
                { id: 'email', uri: 'mailto:ada@example.com', description: 'ada@example.com' },
                { id: 'phone', uri: 'tel:+442079460958', description: '+44 20 7946 0958' },
                { id: 'website', uri: 'https://ada.example.com', description: 'https://ada.example.com' },
              ],
            },
          },
        ],
      },
    });
    for (const id of [claims.payload.genericClasses[0].id, claims.payload.genericObjects[0].id]) {
      expect(id).toMatch(ID_FORM);
      expect(id.startsWith(`${TEST_ISSUER_ID}.`)).toBe(true);
    }

    // the signature holds for that key and those claims only
    expect(() => readSaveLink(response.body.url, stranger.publicKey)).toThrow(/invalid signature/);
    const [head, body, signature] = response.body.url.split('/').pop()!.split('.');
    const forged = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('Ada Lovelace', 'Eve Mallory'),
    ).toString('base64url');
    expect(() =>
      readSaveLink(`https://pay.google.com/gp/v/save/${head}.${forged}.${signature}`, account.publicKey),
    ).toThrow(/invalid signature/);
  });

  it("keeps the card's object id through edits and saves, one class for every card", async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const objectOf = async (id: string) => {
      const response = await linkOf(http, owner.accessToken, id);
      expect(response.status).toBe(200);
      const { claims } = readSaveLink(response.body.url, account.publicKey);
      return { object: claims.payload.genericObjects[0], classId: claims.payload.genericClasses[0].id };
    };
    const first = await objectOf(profile.id);
    const again = await objectOf(profile.id);
    expect(again.object.id).toBe(first.object.id);

    const edited = await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, displayName: 'Augusta Ada King', published: true }),
    });
    expect(edited.status).toBe(200);
    const afterEdit = await objectOf(profile.id);
    expect(afterEdit.object.id).toBe(first.object.id);
    expect(afterEdit.object.header.defaultValue.value).toBe('Augusta Ada King');

    const other = await createProfile(http, owner.accessToken, { published: true });
    const second = await objectOf(other.id);
    expect(second.object.id).not.toBe(first.object.id);
    expect(second.classId).toBe(first.classId);
    expect(second.object.classId).toBe(first.classId);
  });

  it('leaves out what Google could not fetch and what the card does not have', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      theme: 'solar',
      tagline: null,
      contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
      // not https, and https on a private address
      media: {
        avatarUrl: 'http://img.example.com/ada.png',
        bannerUrl: 'https://10.0.0.7/b.png',
        ogImageUrl: null,
      },
    });
    const response = await linkOf(http, owner.accessToken, profile.id);
    expect(response.status).toBe(200);
    const object = readSaveLink(response.body.url, account.publicKey).claims.payload.genericObjects[0];
    expect(object).not.toHaveProperty('logo');
    expect(object).not.toHaveProperty('heroImage');
    expect(object).not.toHaveProperty('subheader');
    // no company: the name takes the top row
    expect(object.cardTitle.defaultValue.value).toBe('Ada Lovelace');
    expect(object.hexBackgroundColor).toBe('#c2410c');
    expect(object.linksModuleData.uris.map((link) => link.id)).toEqual(['card']);
  });

  it('answers 409 for a draft, 404 to another account, 401 to no one and 403 to an API key', async () => {
    const owner = await registerUser(http);
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const refused = await linkOf(http, owner.accessToken, draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(GOOGLE_WALLET_DRAFT);

    const published = await createProfile(http, owner.accessToken, { published: true });
    const other = await registerUser(http);
    const foreign = await linkOf(http, other.accessToken, published.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toHaveProperty('url');
    expect((await linkOf(http, undefined, published.id)).status).toBe(401);
    // nor to a key, even one that manages cards: like the Apple pass, it takes a session
    const key = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: { name: 'CRM', scopes: ['cards:manage'] },
    });
    expect(key.status).toBe(201);
    expect((await linkOf(http, key.body.key, published.id)).status).toBe(403);
  });

  it("makes a team card's link for its holder and the team's admins, not for another member", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const holder = await person(http);
    const colleague = await person(http);
    const outbox = app().config.mail.outboxDir;
    const joined = await joinTeam(http, outbox, owner, team.id, holder, { templateId: template.id });
    await joinTeam(http, outbox, owner, team.id, colleague);
    await publish(http, holder.accessToken, joined.profileId!);

    const forHolder = await linkOf(http, holder.accessToken, joined.profileId!);
    const forAdmin = await linkOf(http, owner.accessToken, joined.profileId!);
    expect([forHolder.status, forAdmin.status]).toEqual([200, 200]);
    const objectOf = (url: string) => readSaveLink(url, account.publicKey).claims.payload.genericObjects[0];
    expect(objectOf(forAdmin.body.url).id).toBe(objectOf(forHolder.body.url).id);
    expect((await linkOf(http, colleague.accessToken, joined.profileId!)).status).toBe(404);
  });
});

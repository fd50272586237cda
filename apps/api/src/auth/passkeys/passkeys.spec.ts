import {
  PasskeyMessages,
  type AccountSessionsResponse,
  type ErrorResponse,
  type PasskeyOptionsResponse,
  type PasskeyResponse,
  type SessionResponse,
  type TeamResponse,
} from '@cardcraft/contracts';
import type { SessionsRepository } from '@cardcraft/storage';
import { SESSIONS } from '../../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../../platform/testing/adapters';
import { cookieSet, registerUser, type HttpClient } from '../../platform/testing/http';
import { apiUnderTest } from '../../platform/testing/test-app';
import { turnOnSecondFactor } from '../second-factor/testing/authenticator';
import { SoftAuthenticator } from './testing/soft-authenticator';

const SITE = 'https://cards.example.test';
const RP_ID = 'cards.example.test';

async function addPasskey(http: HttpClient, token: string, device: SoftAuthenticator, name?: string) {
  const options = await http.post<PasskeyOptionsResponse>('/api/account/passkeys/registration-options', {
    token,
  });
  expect(options.status).toBe(200);
  const response = device.create(options.body.options);
  const added = await http.post<PasskeyResponse>('/api/account/passkeys', {
    token,
    body: { challengeToken: options.body.challengeToken, response, ...(name ? { name } : {}) },
  });
  return { added, replay: { challengeToken: options.body.challengeToken, response } };
}

async function signInAnswer(http: HttpClient, device: SoftAuthenticator, index?: number) {
  const options = await http.post<PasskeyOptionsResponse>('/api/auth/passkey/options');
  expect(options.status).toBe(200);
  return { challengeToken: options.body.challengeToken, response: device.get(options.body.options, index) };
}

describe.each(STORAGE_KINDS)('passkeys (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);
  const signIn = (body: unknown) => http.post<SessionResponse & ErrorResponse>('/api/auth/passkey', { body });
  const expectInvalid = (answer: { status: number; body: unknown }) => {
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: PasskeyMessages.invalid });
  };

  it('adds a passkey, lists it, and signs in with it without the password', async () => {
    const owner = await registerUser(http);
    const laptop = new SoftAuthenticator(RP_ID, SITE);
    const { added, replay } = await addPasskey(http, owner.accessToken, laptop, 'MacBook Touch ID');
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'MacBook Touch ID',
      synced: false,
      createdAtUtc: expect.any(String),
      lastUsedAtUtc: null,
    });
    // the same answer again adds nothing
    const again = await http.post<ErrorResponse>('/api/account/passkeys', {
      token: owner.accessToken,
      body: replay,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: PasskeyMessages.notAdded });

    const answer = await signInAnswer(http, laptop);
    const signedIn = await signIn(answer);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      userId: owner.userId,
      email: owner.email,
      accessToken: expect.any(String),
    });
    expect(cookieSet(signedIn)?.value).toBe(signedIn.body.accessToken);
    const list = await http.get<PasskeyResponse[]>('/api/account/passkeys', { token: owner.accessToken });
    expect(list.body).toEqual([{ ...added.body, lastUsedAtUtc: expect.any(String) }]);

    // the same answer twice: the challenge was spent
    expectInvalid(await signIn(answer));
  });

  it('names a passkey after the browser it was made in, when the owner gives no name', async () => {
    const owner = await registerUser(http);
    const options = await http.post<PasskeyOptionsResponse>('/api/account/passkeys/registration-options', {
      token: owner.accessToken,
    });
    const added = await http.post<PasskeyResponse>('/api/account/passkeys', {
      token: owner.accessToken,
      headers: {
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      body: {
        challengeToken: options.body.challengeToken,
        response: new SoftAuthenticator(RP_ID, SITE).create(options.body.options),
      },
    });
    expect(added.body.name).toBe('Firefox on Mac OS');
  });

  it('answers one error for every passkey that does not sign in', async () => {
    const owner = await registerUser(http);
    const phone = new SoftAuthenticator(RP_ID, SITE);
    await addPasskey(http, owner.accessToken, phone);

    // a passkey this site never registered
    const stranger = new SoftAuthenticator(RP_ID, SITE);
    stranger.create({ challenge: 'unused', user: { id: 'someone' } });
    expectInvalid(await signIn(await signInAnswer(http, stranger)));

    // the right passkey, answering another site (a phishing page's origin)
    phone.origin = 'https://cards.example.evil';
    expectInvalid(await signIn(await signInAnswer(http, phone)));
    phone.origin = SITE;

    // an altered or foreign challenge
    const answer = await signInAnswer(http, phone);
    const [ceremony, user, challenge, expires] = answer.challengeToken.split('.');
    expectInvalid(
      await signIn({
        ...answer,
        challengeToken: `${ceremony}.${user}.${challenge}.${Number(expires) + 600}.${'A'.repeat(43)}`,
      }),
    );
    expectInvalid(await signIn({ ...answer, challengeToken: 'nope' }));
    // a registration's challenge is not a sign-in's
    const registration = await http.post<PasskeyOptionsResponse>(
      '/api/account/passkeys/registration-options',
      {
        token: owner.accessToken,
      },
    );
    expectInvalid(await signIn({ ...answer, challengeToken: registration.body.challengeToken }));
    // not an answer at all
    expectInvalid(await signIn({ challengeToken: answer.challengeToken, response: { id: 'x' } }));
    // the untouched answer still works: none of the above spent it
    expect((await signIn(answer)).status).toBe(200);

    // a removed passkey
    const [passkey] = (
      await http.get<PasskeyResponse[]>('/api/account/passkeys', { token: owner.accessToken })
    ).body;
    expect(
      (await http.delete(`/api/account/passkeys/${passkey!.id}`, { token: owner.accessToken })).status,
    ).toBe(204);
    expectInvalid(await signIn(await signInAnswer(http, phone)));
  });

  it('signs in past the second factor, as a passkey is one', async () => {
    const owner = await registerUser(http);
    await turnOnSecondFactor(http, owner.accessToken);
    const key = new SoftAuthenticator(RP_ID, SITE);
    await addPasskey(http, owner.accessToken, key);
    expect((await signIn(await signInAnswer(http, key))).status).toBe(200);
  });

  it('is a fresh proof for its own account only, and is renamed and removed by its owner only', async () => {
    const owner = await registerUser(http);
    const other = await registerUser(http);
    const mine = new SoftAuthenticator(RP_ID, SITE);
    const theirs = new SoftAuthenticator(RP_ID, SITE);
    const { added } = await addPasskey(http, owner.accessToken, mine);
    await addPasskey(http, other.accessToken, theirs);

    const sessions = await http.get<AccountSessionsResponse>('/api/auth/sessions', {
      token: owner.accessToken,
    });
    await app()
      .app.get<SessionsRepository>(SESSIONS)
      .markProved(sessions.body.sessions[0]!.id, new Date(Date.now() - 11 * 60_000));
    expect(
      (await http.post('/api/account/passkeys/registration-options', { token: owner.accessToken })).status,
    ).toBe(403);
    const foreign = await http.post<ErrorResponse>('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { passkey: await signInAnswer(http, theirs) },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      error: PasskeyMessages.invalid,
      errors: [{ field: 'passkey', message: PasskeyMessages.invalid }],
    });
    const proved = await http.post('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { passkey: await signInAnswer(http, mine) },
    });
    expect(proved.status).toBe(200);
    expect(
      (await http.post('/api/account/passkeys/registration-options', { token: owner.accessToken })).status,
    ).toBe(200);

    const path = `/api/account/passkeys/${added.body.id}`;
    expect((await http.patch(path, { token: other.accessToken, body: { name: 'Mine now' } })).status).toBe(
      404,
    );
    expect((await http.delete(path, { token: other.accessToken })).status).toBe(404);
    const renamed = await http.patch<PasskeyResponse>(path, {
      token: owner.accessToken,
      body: { name: ' Pixel 9 ' },
    });
    expect(renamed.body.name).toBe('Pixel 9');
    const blank = await http.patch<ErrorResponse>(path, { token: owner.accessToken, body: { name: '' } });
    expect(blank.status).toBe(400);
  });

  it('meets a team’s requirement of two-step verification', async () => {
    const owner = await registerUser(http);
    const key = new SoftAuthenticator(RP_ID, SITE);
    await addPasskey(http, owner.accessToken, key);
    const team = await http.post<TeamResponse>('/api/teams', {
      token: owner.accessToken,
      body: { name: 'Keys' },
    });
    const required = await http.put(`/api/teams/${team.body.id}/security`, {
      token: owner.accessToken,
      body: { requireSecondFactor: true },
    });
    expect(required.status).toBe(200);
    expect((await http.get(`/api/teams/${team.body.id}`, { token: owner.accessToken })).status).toBe(200);
  });
});

import {
  RECOVERY_CODE_COUNT,
  ReauthenticationMessages,
  SecondFactorMessages,
  type AccountSessionsResponse,
  type ErrorResponse,
  type RecoveryCodesResponse,
  type SecondFactorChallengeResponse,
  type SecondFactorSetupResponse,
  type SecondFactorStatusResponse,
  type SessionResponse,
} from '@cardcraft/contracts';
import type { SecondFactorsRepository, SessionsRepository } from '@cardcraft/storage';
import { SECOND_FACTORS, SESSIONS } from '../../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../../platform/testing/adapters';
import { cookieSet, registerUser, type HttpClient } from '../../platform/testing/http';
import { outboxMailsTo } from '../../platform/testing/outbox';
import { apiUnderTest } from '../../platform/testing/test-app';
import { codeAt, turnOnSecondFactor } from './testing/authenticator';

type Account = Awaited<ReturnType<typeof registerUser>>;

async function passwordStep(http: HttpClient, user: Account) {
  const answer = await http.post<SecondFactorChallengeResponse>('/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    secondFactorRequired: true,
    challengeToken: expect.any(String),
    expiresAtUtc: expect.any(String),
  });
  // no session yet: neither a token nor a cookie
  expect(cookieSet(answer)).toBeNull();
  return answer.body.challengeToken;
}

const codeStep = (http: HttpClient, challengeToken: string, code: string) =>
  http.post<SessionResponse & ErrorResponse>('/api/auth/login/second-factor', {
    body: { challengeToken, code },
  });

describe.each(STORAGE_KINDS)('two-step verification (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);
  const status = (token: string) =>
    http.get<SecondFactorStatusResponse>('/api/account/second-factor', { token });

  it('is set up with a QR code, turned on by a first code, and keeps its secret sealed', async () => {
    const owner = await registerUser(http);
    expect((await status(owner.accessToken)).body).toEqual({
      enabled: false,
      enabledAtUtc: null,
      recoveryCodesLeft: 0,
    });
    const setup = await http.post<SecondFactorSetupResponse>('/api/account/second-factor/setup', {
      token: owner.accessToken,
    });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Cardcraft:${encodeURIComponent(owner.email)}?secret=${setup.body.secret}&issuer=Cardcraft`,
    );
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // waiting for its first code: sign-in is as before
    expect((await status(owner.accessToken)).body.enabled).toBe(false);

    const wrong = await http.post<ErrorResponse>('/api/account/second-factor/enable', {
      token: owner.accessToken,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: SecondFactorMessages.invalidCode,
      errors: [{ field: 'code', message: SecondFactorMessages.invalidCode }],
    });
    const enabled = await http.post<RecoveryCodesResponse>('/api/account/second-factor/enable', {
      token: owner.accessToken,
      body: { code: await codeAt(setup.body.secret) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await status(owner.accessToken)).body).toEqual({
      enabled: true,
      enabledAtUtc: expect.any(String),
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });

    // the store holds neither the secret nor a code in the clear
    const stored = await app().app.get<SecondFactorsRepository>(SECOND_FACTORS).find(owner.userId);
    expect(JSON.stringify(stored)).not.toContain(setup.body.secret);
    expect(stored!.sealedSecret).toMatch(/^v1\./);

    // on already: no second setup
    const again = await http.post<ErrorResponse>('/api/account/second-factor/setup', {
      token: owner.accessToken,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: SecondFactorMessages.alreadyOn });
  });

  it('asks for the code after the password, and takes each code once', async () => {
    const owner = await registerUser(http);
    const { secret, firstCode } = await turnOnSecondFactor(http, owner.accessToken);
    const challenge = await passwordStep(http, owner);

    const code = await codeAt(secret);
    const signedIn = await codeStep(http, challenge, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ accessToken: expect.any(String), email: owner.email });
    expect(cookieSet(signedIn)?.value).toBe(signedIn.body.accessToken);
    expect((await http.get('/api/auth/me', { token: signedIn.body.accessToken })).status).toBe(200);

    // the same code again, an old one held back, another app's, the first-code step: one answer
    const stranger = await registerUser(http);
    const strangers = await turnOnSecondFactor(http, stranger.accessToken);
    for (const refusedCode of [
      code,
      await codeAt(secret, -120),
      firstCode,
      await codeAt(strangers.secret, 30),
      '12345',
      'not-a-code',
    ]) {
      const refused = await codeStep(http, challenge, refusedCode);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: SecondFactorMessages.invalidCode });
    }
  });

  it('takes a recovery code once, in place of the app', async () => {
    const owner = await registerUser(http);
    const { recoveryCodes } = await turnOnSecondFactor(http, owner.accessToken);
    const challenge = await passwordStep(http, owner);
    // typed loosely: capitals and spaces do not matter
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' - ');
    expect((await codeStep(http, challenge, typed)).status).toBe(200);
    expect((await status(owner.accessToken)).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const twice = await codeStep(http, challenge, recoveryCodes[3]!);
    expect(twice.status).toBe(401);
    expect(twice.body).toEqual({ error: SecondFactorMessages.invalidCode });

    // new codes: the old ones are gone
    const renewed = await http.post<RecoveryCodesResponse>('/api/account/second-factor/recovery-codes', {
      token: owner.accessToken,
    });
    expect(renewed.status).toBe(200);
    expect((await codeStep(http, challenge, recoveryCodes[4]!)).status).toBe(401);
    expect((await codeStep(http, challenge, renewed.body.recoveryCodes[0]!)).status).toBe(200);
  });

  it('refuses a challenge that is altered, another server’s or for no account, whatever the code', async () => {
    const owner = await registerUser(http);
    const { secret } = await turnOnSecondFactor(http, owner.accessToken);
    const challenge = await passwordStep(http, owner);
    const [user, expires, signature] = challenge.split('.');
    for (const token of [
      `${user}.${Number(expires) + 600}.${signature}`,
      `${'0'.repeat(24)}.${expires}.${signature}`,
      'nope',
      '',
    ]) {
      const refused = await codeStep(http, token, await codeAt(secret, 30));
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: SecondFactorMessages.challengeExpired });
    }
  });

  it('counts a code as a fresh proof, and asks for one before turning it off, which it tells by mail', async () => {
    const owner = await registerUser(http);
    const { secret, firstCode } = await turnOnSecondFactor(http, owner.accessToken);
    const sessions = await http.get<AccountSessionsResponse>('/api/auth/sessions', {
      token: owner.accessToken,
    });
    await app()
      .app.get<SessionsRepository>(SESSIONS)
      .markProved(sessions.body.sessions[0]!.id, new Date(Date.now() - 11 * 60_000));

    for (const request of [
      () => http.delete<ErrorResponse>('/api/account/second-factor', { token: owner.accessToken }),
      () =>
        http.post<ErrorResponse>('/api/account/second-factor/recovery-codes', { token: owner.accessToken }),
    ]) {
      const refused = await request();
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: ReauthenticationMessages.required });
    }
    const wrong = await http.post<ErrorResponse>('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { code: firstCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'code', message: ReauthenticationMessages.wrongCode }]);
    const proved = await http.post('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { code: await codeAt(secret) },
    });
    expect(proved.status).toBe(200);

    expect((await http.delete('/api/account/second-factor', { token: owner.accessToken })).status).toBe(204);
    expect((await status(owner.accessToken)).body.enabled).toBe(false);
    const mails = await outboxMailsTo(app(), owner.email);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Two-step verification is off for your Cardcraft account',
    );
    // a password alone signs in again
    const login = await http.post<SessionResponse>('/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.body.accessToken).toEqual(expect.any(String));
  });
});

describe('two-step verification, its tries limited per address and account', () => {
  const { http } = apiUnderTest('sqlite', { RATE_LIMIT_SECOND_FACTOR: '3/1m' });

  it('refuses a fourth code in the minute, also from another address', async () => {
    const owner = await registerUser(http);
    await turnOnSecondFactor(http, owner.accessToken);
    const answer = await http.post<SecondFactorChallengeResponse>('/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    const tryFrom = (address: string) =>
      http.post<ErrorResponse>('/api/auth/login/second-factor', {
        body: { challengeToken: answer.body.challengeToken, code: '000000' },
        headers: { 'x-forwarded-for': address },
      });
    // the setup's first code spent one of the account's three
    for (const address of ['203.0.113.1', '203.0.113.2']) expect((await tryFrom(address)).status).toBe(401);
    const limited = await tryFrom('203.0.113.3');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toEqual(expect.any(String));
  });
});

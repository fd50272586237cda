import type {
  AccountSettingsResponse,
  ErrorResponse,
  LeadResponse,
  SessionResponse,
  UserResponse,
} from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { linkTokenIn, startTestSmtpServer, type TestSmtpServer } from '../platform/testing/smtp';
import { apiUnderTest } from '../platform/testing/test-app';
import { MailService as MailServiceToken } from '../platform/mail/mail.service';

const BASE = 'https://cards.example.test';

describe.each(STORAGE_KINDS)('mail over a real SMTP server (%s)', (kind) => {
  let smtp: TestSmtpServer;
  // filled in before the api starts (this hook is declared first, so it runs first)
  const env: Record<string, string> = { MAIL_FROM: 'Cardcraft <hello@cards.example.test>' };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
    env.MAIL_RETRY_DELAYS = '100ms,200ms';
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const { http, app } = apiUnderTest(kind, env);
  const mailIdle = () => app().app.get(MailServiceToken).idle();

  const login = (email: string, password: string) =>
    http.post<SessionResponse & ErrorResponse>('/api/auth/login', { body: { email, password } });

  describe('new-message notices', () => {
    it('tells the owner of each new message, with the visitor to reply to and the extra fields', async () => {
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
      const sent = await http.post<LeadResponse>(`/api/profiles/${profile.id}/leads`, {
        body: {
          email: 'grace@navy.example.com',
          name: 'Grace Hopper',
          phone: '+1 555 0100',
          message: 'Hi Ada!',
          consent: true,
        },
      });
      expect(sent.status).toBe(201);
      const mail = await smtp.waitFor(owner.email, 'New message from Grace Hopper <grace@navy.example.com>');
      expect(mail.from?.value[0]).toMatchObject({ address: 'hello@cards.example.test', name: 'Cardcraft' });
      expect(mail.replyTo?.value[0].address).toBe('grace@navy.example.com');
      expect(mail.text).toContain('Hi Ada!');
      expect(mail.text).toContain('Name: Grace Hopper');
      expect(mail.text).toContain('Phone: +1 555 0100');
      expect(mail.text).toContain(`${BASE}/u/${profile.handle}`);
      expect(mail.text).toContain(`${BASE}/dashboard/leads?card=${profile.handle}`);
      expect(mail.html).toContain('Hi Ada!');
    });

    it('sends nothing once the owner turns it off in Settings, and again once it is back on', async () => {
      const owner = await registerUser(http);
      const profile = await createProfile(http, owner.accessToken, { published: true });
      const initial = await http.get<AccountSettingsResponse>('/api/account/settings', {
        token: owner.accessToken,
      });
      expect(initial.body).toEqual({
        notifyOnMessages: true,
        timeZone: null,
        analyticsReport: 'off',
        trafficAlertMultiple: null,
      });
      const off = await http.patch<AccountSettingsResponse>('/api/account/settings', {
        token: owner.accessToken,
        body: { notifyOnMessages: false },
      });
      expect(off.body).toMatchObject({ notifyOnMessages: false });
      const me = await http.get<UserResponse>('/api/auth/me', { token: owner.accessToken });
      expect(me.body.notifyOnMessages).toBe(false);
      const bad = await http.patch<ErrorResponse>('/api/account/settings', {
        token: owner.accessToken,
        body: { notifyOnMessages: 'maybe' },
      });
      expect(bad.status).toBe(400);
      expect((await http.get('/api/account/settings')).status).toBe(401);

      await http.post(`/api/profiles/${profile.id}/leads`, {
        body: { email: 'quiet@example.com', consent: true },
      });
      await mailIdle();
      expect(smtp.to(owner.email)).toHaveLength(0);

      await http.patch('/api/account/settings', {
        token: owner.accessToken,
        body: { notifyOnMessages: true },
      });
      await http.post(`/api/profiles/${profile.id}/leads`, {
        body: { email: 'loud@example.com', consent: true },
      });
      await smtp.waitFor(owner.email, 'New message from loud@example.com');
    });

    it('stores and answers the message while the mail server refuses, and delivers on a retry', async () => {
      const owner = await registerUser(http);
      const profile = await createProfile(http, owner.accessToken, { published: true });
      smtp.failNext(2);
      const sent = await http.post<LeadResponse>(`/api/profiles/${profile.id}/leads`, {
        body: { email: 'patient@example.com', consent: true },
      });
      expect(sent.status).toBe(201);
      const leads = await http.get<{ total: number }>(`/api/profiles/${profile.id}/leads`, {
        token: owner.accessToken,
      });
      expect(leads.body.total).toBe(1);
      // refused twice (451), taken on the third attempt
      await smtp.waitFor(owner.email, 'New message from patient@example.com');
    });
  });

  describe('settings', () => {
    it('stores the time zone, the report and the alert; a PATCH changes only what it sends', async () => {
      const owner = await registerUser(http);
      const settings = (body: object) =>
        http.patch<AccountSettingsResponse & ErrorResponse>('/api/account/settings', {
          token: owner.accessToken,
          body,
        });
      const zoned = await settings({ timeZone: 'America/New_York', analyticsReport: 'weekly' });
      expect(zoned.status).toBe(200);
      expect(zoned.body).toEqual({
        notifyOnMessages: true,
        timeZone: 'America/New_York',
        analyticsReport: 'weekly',
        trafficAlertMultiple: null,
      });
      expect((await settings({ trafficAlertMultiple: 5 })).body).toEqual({
        notifyOnMessages: true,
        timeZone: 'America/New_York',
        analyticsReport: 'weekly',
        trafficAlertMultiple: 5,
      });
      expect((await settings({ notifyOnMessages: false })).body).toMatchObject({
        timeZone: 'America/New_York',
        analyticsReport: 'weekly',
        trafficAlertMultiple: 5,
      });
      // null turns the zone back to the browser's and the alert off
      expect((await settings({ timeZone: null, trafficAlertMultiple: null })).body).toEqual({
        notifyOnMessages: false,
        timeZone: null,
        analyticsReport: 'weekly',
        trafficAlertMultiple: null,
      });
      const read = await http.get<AccountSettingsResponse>('/api/account/settings', {
        token: owner.accessToken,
      });
      expect(read.body).toEqual({
        notifyOnMessages: false,
        timeZone: null,
        analyticsReport: 'weekly',
        trafficAlertMultiple: null,
      });
    });

    it('refuses a zone, a report or an alert it does not know with a 400 naming it, and keeps what was stored', async () => {
      const owner = await registerUser(http);
      await http.patch('/api/account/settings', {
        token: owner.accessToken,
        body: { timeZone: 'Europe/Berlin', analyticsReport: 'monthly', trafficAlertMultiple: 2 },
      });
      for (const [body, field, message] of [
        [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a time zone such as Europe/Berlin'],
        [{ timeZone: 7 }, 'timeZone', 'Choose a time zone such as Europe/Berlin'],
        [{ analyticsReport: 'daily' }, 'analyticsReport', 'The report is off, weekly or monthly'],
        [{ analyticsReport: null }, 'analyticsReport', 'The report is off, weekly or monthly'],
        [
          { trafficAlertMultiple: 4 },
          'trafficAlertMultiple',
          'The alert is off or 2, 3, 5 or 10 times the usual visits',
        ],
        [
          { trafficAlertMultiple: '3' },
          'trafficAlertMultiple',
          'The alert is off or 2, 3, 5 or 10 times the usual visits',
        ],
      ] as const) {
        const bad = await http.patch<ErrorResponse>('/api/account/settings', {
          token: owner.accessToken,
          body,
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors).toEqual([{ field, message }]);
      }
      const read = await http.get<AccountSettingsResponse>('/api/account/settings', {
        token: owner.accessToken,
      });
      expect(read.body).toMatchObject({
        timeZone: 'Europe/Berlin',
        analyticsReport: 'monthly',
        trafficAlertMultiple: 2,
      });
    });
  });

  describe('forgot password', () => {
    it('gives the same answer for an unknown address and sends nothing', async () => {
      const unknown = `nobody.${Date.now()}@example.com`;
      const answer = await http.post<{ message: string }>('/api/auth/forgot-password', {
        body: { email: unknown },
      });
      expect(answer.status).toBe(202);
      const user = await registerUser(http);
      const known = await http.post<{ message: string }>('/api/auth/forgot-password', {
        body: { email: user.email.toUpperCase() },
      });
      expect(known.status).toBe(202);
      expect(known.body).toEqual(answer.body);
      await mailIdle();
      expect(smtp.to(unknown)).toHaveLength(0);
      expect(smtp.to(user.email)).toHaveLength(1);
      const invalid = await http.post<ErrorResponse>('/api/auth/forgot-password', {
        body: { email: 'nope' },
      });
      expect(invalid.body.errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    });

    it('resets with the e-mailed link once, ends every session, and keeps the password rules', async () => {
      const user = await registerUser(http);
      const other = await login(user.email, user.password);
      await http.post('/api/auth/forgot-password', { body: { email: user.email } });
      const mail = await smtp.waitFor(user.email, 'Reset your Cardcraft password');
      expect(mail.text).toContain('within an hour');
      const token = linkTokenIn(mail, `${BASE}/auth/reset-password`);

      const short = await http.post<ErrorResponse>('/api/auth/reset-password', {
        body: { token, newPassword: '123' },
      });
      expect(short.body.errors).toEqual([
        { field: 'newPassword', message: 'Password must be at least 6 characters' },
      ]);
      const reset = await http.post('/api/auth/reset-password', {
        body: { token, newPassword: 'a-brand-new-one' },
      });
      expect(reset.status).toBe(204);

      // every session ended, the old password no longer works, the new one does
      expect((await http.get('/api/auth/me', { token: user.accessToken })).status).toBe(401);
      expect((await http.get('/api/auth/me', { token: other.body.accessToken })).status).toBe(401);
      expect((await login(user.email, user.password)).status).toBe(401);
      expect((await login(user.email, 'a-brand-new-one')).status).toBe(200);

      const again = await http.post<ErrorResponse>('/api/auth/reset-password', {
        body: { token, newPassword: 'yet-another-one' },
      });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual([
        { field: 'token', message: 'This link has expired or was already used. Ask for a new one.' },
      ]);
    });

    it('keeps only the newest link working', async () => {
      const user = await registerUser(http);
      await http.post('/api/auth/forgot-password', { body: { email: user.email } });
      const first = linkTokenIn(
        await smtp.waitFor(user.email, 'Reset your Cardcraft password'),
        `${BASE}/auth/reset-password`,
      );
      await http.post('/api/auth/forgot-password', { body: { email: user.email } });
      await mailIdle();
      const mails = smtp.to(user.email);
      expect(mails).toHaveLength(2);
      const second = linkTokenIn(mails[1], `${BASE}/auth/reset-password`);
      expect(
        (await http.post('/api/auth/reset-password', { body: { token: first, newPassword: 'new-secret-1' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await http.post('/api/auth/reset-password', {
            body: { token: second, newPassword: 'new-secret-2' },
          })
        ).status,
      ).toBe(204);
    });
  });

  describe('change of e-mail address', () => {
    it('applies the new address only when the link sent to it is opened, and tells the old one', async () => {
      const user = await registerUser(http);
      const next = `next.${Date.now()}.${kind}@example.com`;
      const wrong = await http.post<ErrorResponse>('/api/account/email', {
        token: user.accessToken,
        body: { newEmail: next, currentPassword: 'not-my-password' },
      });
      expect(wrong.body.errors).toEqual([
        { field: 'currentPassword', message: 'Current password is incorrect' },
      ]);
      const same = await http.post<ErrorResponse>('/api/account/email', {
        token: user.accessToken,
        body: { newEmail: user.email, currentPassword: user.password },
      });
      expect(same.body.errors).toEqual([
        { field: 'newEmail', message: 'This is already your e-mail address' },
      ]);

      const asked = await http.post<{ message: string }>('/api/account/email', {
        token: user.accessToken,
        body: { newEmail: next.toUpperCase(), currentPassword: user.password },
      });
      expect(asked.status).toBe(202);
      const confirm = await smtp.waitFor(next, 'Confirm your new e-mail address');
      const notice = await smtp.waitFor(user.email, 'Your Cardcraft e-mail address is changing');
      expect(notice.text).toContain(next);

      // nothing changed yet
      expect((await http.get<UserResponse>('/api/auth/me', { token: user.accessToken })).body.email).toBe(
        user.email,
      );

      const token = linkTokenIn(confirm, `${BASE}/auth/confirm-email`);
      // opened on another device, signed out
      const done = await http.post<UserResponse>('/api/account/email/confirm', { body: { token } });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ userId: user.userId, email: next });
      expect((await http.get<UserResponse>('/api/auth/me', { token: user.accessToken })).body.email).toBe(
        next,
      );
      expect((await login(next, user.password)).status).toBe(200);
      expect((await login(user.email, user.password)).status).toBe(401);
      await mailIdle();
      expect(smtp.to(user.email).map((mail) => mail.subject)).toContain(
        'Your Cardcraft e-mail address was changed',
      );

      const again = await http.post<ErrorResponse>('/api/account/email/confirm', { body: { token } });
      expect(again.status).toBe(400);
    });

    it('refuses a taken address when asked, and again when one is taken before the link is opened', async () => {
      const user = await registerUser(http);
      const taken = await registerUser(http);
      const refused = await http.post<ErrorResponse>('/api/account/email', {
        token: user.accessToken,
        body: { newEmail: taken.email, currentPassword: user.password },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toEqual([
        { field: 'newEmail', message: 'An account with this email already exists' },
      ]);

      const wanted = `wanted.${Date.now()}.${kind}@example.com`;
      await http.post('/api/account/email', {
        token: user.accessToken,
        body: { newEmail: wanted, currentPassword: user.password },
      });
      const token = linkTokenIn(
        await smtp.waitFor(wanted, 'Confirm your new e-mail address'),
        `${BASE}/auth/confirm-email`,
      );
      // someone registers the address before the link is opened
      await registerUser(http, { email: wanted });
      const late = await http.post<ErrorResponse>('/api/account/email/confirm', { body: { token } });
      expect(late.status).toBe(409);
      expect((await http.get<UserResponse>('/api/auth/me', { token: user.accessToken })).body.email).toBe(
        user.email,
      );
    });

    it('refuses a malformed or unknown link', async () => {
      const malformed = await http.post<ErrorResponse>('/api/account/email/confirm', {
        body: { token: 'short' },
      });
      expect(malformed.body.errors).toEqual([{ field: 'token', message: 'This link is not complete' }]);
      const unknown = await http.post<ErrorResponse>('/api/account/email/confirm', {
        body: { token: 'A'.repeat(43) },
      });
      expect(unknown.status).toBe(400);
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { v7 as uuidv7 } from 'uuid';
import type { AccountSettingsResponse, ErrorResponse, UnsubscribeResponse } from '@cardcraft/contracts';
import type { ApiAnalytics, StoredEvent } from '@cardcraft/analytics';
import { storedEvent } from '../../../../libs/analytics/src/testing/store-contracts/stored-events';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import { MailService } from '../platform/mail/mail.service';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { AnalyticsMailService } from './analytics-mail.service';

const BASE = 'https://cards.example.test';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** views (or other events) of a card at these instants, each by a visitor of its own */
function events(profileId: string, instants: string[], overrides: Partial<StoredEvent> = {}): StoredEvent[] {
  return instants.map((at, index) =>
    storedEvent({ profile_id: profileId, at, visitor_id: `${profileId}/${at}/${index}`, ...overrides }),
  );
}

/** `count` views in each hour from `from` (inclusive) for `hours` hours */
function hourly(profileId: string, from: string, hours: number, count: number): StoredEvent[] {
  const rows: StoredEvent[] = [];
  for (let hour = 0; hour < hours; hour += 1) {
    for (let n = 0; n < count; n += 1) {
      const at = new Date(Date.parse(from) + hour * 3_600_000 + n * 60_000).toISOString();
      rows.push(storedEvent({ profile_id: profileId, at, visitor_id: `${profileId}/${at}` }));
    }
  }
  return rows;
}

describe.each(STORAGE_KINDS)('analytics reports and traffic alerts by e-mail (%s)', (kind) => {
  // the hourly tick stays off: the tests choose `now`
  const { http, app } = apiUnderTest(kind, { REPORTS_ENABLED: 'false' });
  const mails = () => app().app.get(AnalyticsMailService);
  const runtime = () => app().app.get<ApiAnalytics>(ANALYTICS_RUNTIME);
  const seed = (rows: StoredEvent[]) => runtime().store.insertEvents(uuidv7(), rows);

  /** every mail the outbox holds for this address, oldest first, once the mail service is idle */
  async function mailsTo(address: string): Promise<ParsedMail[]> {
    await app().app.get(MailService).idle();
    const dir = app().config.mail.outboxDir;
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((name) => name.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    const parsed = await Promise.all(names.map((name) => simpleParser(readFileSync(join(dir, name)))));
    return parsed.filter((mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === address);
  }

  function header(mail: ParsedMail, name: string): string {
    const line = mail.headerLines.find((entry) => entry.key === name)?.line ?? '';
    return line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
  }

  async function owner(settings: object) {
    const user = await registerUser(http);
    const set = await http.patch<AccountSettingsResponse>('/api/account/settings', {
      token: user.accessToken,
      body: settings,
    });
    expect(set.status).toBe(200);
    return user;
  }

  describe('the weekly report', () => {
    it("sends each owner's week once, in their zone: figures, changes, sources, links and the chart", async () => {
      const ada = await owner({ analyticsReport: 'weekly', timeZone: 'Europe/Berlin' });
      const quiet = await registerUser(http);
      const first = await createProfile(http, ada.accessToken, { published: true, displayName: 'Ada Card' });
      const second = await createProfile(http, ada.accessToken, {
        published: true,
        displayName: 'Side Card',
      });
      await createProfile(http, ada.accessToken, { published: false, displayName: 'Draft Card' });
      const quietCard = await createProfile(http, quiet.accessToken, { published: true });
      // the week is Monday 2 to Sunday 8 November 2026 in Berlin (UTC+1): 1 Nov 23:00Z to 8 Nov 22:59Z
      await seed([
        ...events(first.id, [
          '2026-11-01T23:30:00Z', // Monday 00:30 in Berlin: in the week (Sunday in UTC)
          '2026-11-03T12:00:00Z',
          '2026-11-03T12:05:00Z',
          '2026-11-05T12:00:00Z',
          '2026-11-08T23:30:00Z', // Monday 9th 00:30 in Berlin: the next week
        ]),
        ...events(first.id, ['2026-11-03T12:10:00Z'], { referrer_host: 't.co', channel: 'referral' }),
        ...events(first.id, ['2026-11-03T12:11:00Z'], { type: 'vcard_saved' }),
        ...events(first.id, ['2026-11-03T12:12:00Z'], {
          type: 'link_clicked',
          target: 'https://github.com/ada',
        }),
        // the week before: two views
        ...events(first.id, ['2026-10-27T12:00:00Z', '2026-10-28T12:00:00Z']),
        ...events(second.id, ['2026-11-04T12:00:00Z']),
        ...events(quietCard.id, ['2026-11-04T12:00:00Z']),
      ]);

      // Tuesday in Berlin: nothing is due
      await expect(mails().sendDue(new Date('2026-11-10T08:00:00Z'))).resolves.toMatchObject({ reports: 0 });
      const monday = new Date('2026-11-09T08:00:00Z');
      await expect(mails().sendDue(monday)).resolves.toMatchObject({ reports: 1, failed: 0 });
      // the same hour again, and a later one of the same Monday: already sent
      await expect(mails().sendDue(monday)).resolves.toMatchObject({ reports: 0 });
      await expect(mails().sendDue(new Date('2026-11-09T20:00:00Z'))).resolves.toMatchObject({ reports: 0 });

      const sent = await mailsTo(ada.email);
      expect(sent).toHaveLength(1);
      const [mail] = sent as [ParsedMail];
      expect(mail.subject).toBe('Your weekly Cardcraft report: 2 – 8 November 2026');
      const text = mail.text ?? '';
      expect(text).toContain('(Europe/Berlin)');
      expect(text).toContain(`Ada Card (${BASE}/u/${first.handle})`);
      // 5 views (the Monday 00:30 one in, the next Monday's out) against 2
      expect(text).toContain('Visits: 5 (+150 %)');
      expect(text).toContain('Unique visitors: 5 (+150 %)');
      expect(text).toContain('Contact saves: 1 (new)');
      expect(text).toContain('Messages: 0 (±0 %)');
      expect(text).toContain('Top sources: Direct 4, t.co 1');
      expect(text).toContain('Top links: https://github.com/ada 1');
      expect(text).toContain('Side Card');
      expect(text).not.toContain('Draft Card');
      expect(text).toMatch(/All cards\nVisits: 6 \(\+200 %\)/);
      // the chart's days are the owner's: the Monday 00:30 visit (Sunday in UTC) is Monday's
      expect(text).toContain('Mon 2: 1');
      expect(text).toContain('Tue 3: 3');
      expect(text).toContain('Wed 4: 1');
      expect(text).toContain(`${BASE}/dashboard/analytics`);
      expect(mail.html).toContain('5 (+150 %)');
      // the HTML shows the chart by its cid (mailparser puts the image itself in its place)
      expect(mail.html).toMatch(/<img src="data:image\/png;base64,[^"]+" width="560"/);

      // the chart: a real PNG, inline
      expect(mail.attachments).toHaveLength(1);
      const [chart] = mail.attachments;
      expect(chart!.contentType).toBe('image/png');
      expect(chart!.cid).toBe('daily-visits@cardcraft');
      expect(chart!.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(chart!.content.length).toBeGreaterThan(2000);
      // 1120 × 440: the chart drawn at twice its 560 × 220
      expect(chart!.content.readUInt32BE(16)).toBe(1120);
      expect(chart!.content.readUInt32BE(20)).toBe(440);

      // one-click unsubscribe headers (RFC 8058)
      expect(header(mail, 'list-unsubscribe')).toMatch(
        new RegExp(`^<${BASE}/api/mail/unsubscribe\\?token=report\\.[0-9a-f]{24}\\.[A-Za-z0-9_-]{43}>$`),
      );
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(text).toMatch(new RegExp(`${BASE}/unsubscribe\\?token=report\\.`));

      // an owner who chose no report gets none
      expect(await mailsTo(quiet.email)).toHaveLength(0);
    });
  });

  describe('the monthly report', () => {
    it('sends the month before on the 1st, in UTC when no zone is set, and nothing on other days', async () => {
      const grace = await owner({ analyticsReport: 'monthly' });
      const card = await createProfile(http, grace.accessToken, { published: true, displayName: 'Grace' });
      await seed([
        ...events(card.id, ['2026-10-01T00:10:00Z', '2026-10-15T12:00:00Z', '2026-10-31T23:50:00Z']),
        ...events(card.id, ['2026-11-01T00:10:00Z']),
        // September, the month October is compared with, and the last day of August, which the 31
        // days before October would take in too
        ...events(card.id, ['2026-09-10T12:00:00Z', '2026-08-31T12:00:00Z']),
      ]);
      // other suites' owners share the api: only this owner's mails are counted
      await mails().sendDue(new Date('2026-11-03T09:00:00Z'));
      expect(await mailsTo(grace.email)).toHaveLength(0);
      await mails().sendDue(new Date('2026-11-01T00:30:00Z'));
      await mails().sendDue(new Date('2026-11-01T13:30:00Z'));
      const sent = await mailsTo(grace.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('Your monthly Cardcraft report: October 2026');
      expect(sent[0]!.text).toContain('(UTC)');
      expect(sent[0]!.text).toContain('Visits: 3 (+200 %)');
      expect(sent[0]!.text).toContain('\n15: 1\n');
      expect(sent[0]!.attachments[0]!.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });

    it('sends nothing once the report is off', async () => {
      const off = await owner({ analyticsReport: 'monthly' });
      const card = await createProfile(http, off.accessToken, { published: true });
      await seed(events(card.id, ['2026-10-15T12:00:00Z']));
      await http.patch('/api/account/settings', { token: off.accessToken, body: { analyticsReport: 'off' } });
      await mails().sendDue(new Date('2026-11-01T05:00:00Z'));
      expect(await mailsTo(off.email)).toHaveLength(0);
    });
  });

  describe('the traffic alert', () => {
    it('fires at the multiple of the usual hour and 10 visits, not below, once a card a day', async () => {
      const alice = await owner({ trafficAlertMultiple: 3 });
      const busy = await createProfile(http, alice.accessToken, {
        published: true,
        displayName: 'Busy Card',
      });
      const fresh = await createProfile(http, alice.accessToken, {
        published: true,
        displayName: 'New Card',
      });
      // a usual hour of 4 visits over the 7 days before 16 November 10:00Z; 11 that hour (3 × 4 = 12)
      await seed([
        ...hourly(busy.id, '2026-11-09T10:00:00Z', 7 * 24, 4),
        ...hourly(busy.id, '2026-11-16T10:00:00Z', 1, 11).map((row) => ({
          ...row,
          referrer_host: 'news.example',
        })),
        // a card without history: 3 visits are no spike
        ...hourly(fresh.id, '2026-11-16T10:00:00Z', 1, 3),
      ]);
      const afterTheHour = new Date('2026-11-16T11:05:00Z');
      await expect(mails().sendDue(afterTheHour)).resolves.toMatchObject({ alerts: 0 });
      expect(await mailsTo(alice.email)).toHaveLength(0);

      // one more visit in that hour: 12, the multiple
      await seed(hourly(busy.id, '2026-11-16T10:30:00Z', 1, 1));
      await expect(mails().sendDue(afterTheHour)).resolves.toMatchObject({ alerts: 1 });
      await expect(mails().sendDue(afterTheHour)).resolves.toMatchObject({ alerts: 0 });
      // a busier hour later the same day: no second alert for the card that day
      await seed(hourly(busy.id, '2026-11-16T11:00:00Z', 1, 40));
      await expect(mails().sendDue(new Date('2026-11-16T12:05:00Z'))).resolves.toMatchObject({ alerts: 0 });

      const sent = await mailsTo(alice.email);
      expect(sent).toHaveLength(1);
      const [mail] = sent as [ParsedMail];
      expect(mail.subject).toBe('Traffic spike on Busy Card: 12 visits in an hour');
      expect(mail.text).toContain(
        '12 visits from 10:00 to 11:00 on 16 November 2026 (UTC), against 4 in its usual hour',
      );
      expect(mail.text).toContain('Where they came from: news.example 11, Direct 1');
      expect(mail.text).toContain(`${BASE}/dashboard/analytics`);
      expect(header(mail, 'list-unsubscribe')).toMatch(/^<.+\/api\/mail\/unsubscribe\?token=alert\./);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    });
  });

  describe('the unsubscribe link', () => {
    it('turns the report off with a one-click POST and no session; a GET changes nothing', async () => {
      const bob = await owner({ analyticsReport: 'weekly', trafficAlertMultiple: 5 });
      const card = await createProfile(http, bob.accessToken, { published: true });
      await seed(events(card.id, ['2026-11-18T12:00:00Z']));
      await mails().sendDue(new Date('2026-11-23T06:00:00Z'));
      const [mail] = await mailsTo(bob.email);
      const apiLink = header(mail!, 'list-unsubscribe').slice(1, -1);
      const path = apiLink.slice(BASE.length);

      // a link scanner's GET: sent on to the web page, nothing changed
      const scanned = await fetch(app().url + path, { redirect: 'manual' });
      expect(scanned.status).toBe(303);
      expect(scanned.headers.get('location')).toBe(`/unsubscribe${path.slice(path.indexOf('?'))}`);
      const settings = () =>
        http.get<AccountSettingsResponse>('/api/account/settings', { token: bob.accessToken });
      expect((await settings()).body).toMatchObject({ analyticsReport: 'weekly', trafficAlertMultiple: 5 });

      // the mail program's one-click POST: the form body RFC 8058 says, no cookie, no token
      const clicked = await fetch(app().url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(clicked.status).toBe(200);
      expect(await clicked.json()).toEqual({
        unsubscribed: 'report',
        message: 'You will get no more analytics reports. Turn them on again in Settings.',
      });
      expect((await settings()).body).toMatchObject({ analyticsReport: 'off', trafficAlertMultiple: 5 });

      // the web page's button posts the token as JSON; the alert's own token turns the alert off
      const token = decodeURIComponent(path.slice(path.indexOf('=') + 1));
      const alertToken = token.replace(/^report\./, 'alert.');
      const forged = await http.post<ErrorResponse>('/api/mail/unsubscribe', { body: { token: alertToken } });
      expect(forged.status).toBe(400);
      expect(forged.body.error).toBe('This unsubscribe link is not valid. Change your e-mails in Settings.');
      expect((await settings()).body).toMatchObject({ trafficAlertMultiple: 5 });
      for (const bad of [{}, { token: 'nonsense' }, { token: 7 }, { token: `${token}x` }]) {
        expect((await http.post('/api/mail/unsubscribe', { body: bad })).status).toBe(400);
      }
      expect((await http.post('/api/mail/unsubscribe?token=nonsense')).status).toBe(400);
      // again: still off, and said so
      const again = await http.post<UnsubscribeResponse>('/api/mail/unsubscribe', { body: { token } });
      expect(again.body.unsubscribed).toBe('report');
      // the account deleted since the mail: nothing more is sent to it, and the link says so
      const deleted = await http.delete('/api/account', {
        token: bob.accessToken,
        body: { password: bob.password },
      });
      expect(deleted.status).toBe(204);
      const gone = await http.post<UnsubscribeResponse>('/api/mail/unsubscribe', { body: { token } });
      expect(gone.status).toBe(200);
      expect(gone.body.unsubscribed).toBe('report');
    });
  });
});

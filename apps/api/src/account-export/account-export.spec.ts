import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type {
  AccountExportResponse,
  AccountExportStateResponse,
  MediaUploadResponse,
  ProfileResponse,
  VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { AccountExportsRepository } from '@cardcraft/storage';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { eventually } from '../platform/testing/eventually';
import { createProfile, registerUser, type HttpClient } from '../platform/testing/http';
import { apiUnderTest, type TestApp } from '../platform/testing/test-app';
import { outboxMailsTo } from '../platform/testing/outbox';
import { ACCOUNT_EXPORTS } from '../platform/storage/storage.tokens';
import { AccountExportService } from './account-export.service';

const DAY_MS = 86_400_000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** CSV lines without the last empty one */
const lines = (csv: Uint8Array) => new TextDecoder().decode(csv).split('\r\n').slice(0, -1);

async function uploadAvatar(baseUrl: string, token: string): Promise<MediaUploadResponse> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const response = await fetch(`${baseUrl}/api/media/avatar`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
    body: new Uint8Array(png),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as MediaUploadResponse;
}

/** an owner with a published card, its uploaded photo, a message left on it and three counted views */
async function ownerWithData(http: HttpClient, app: () => TestApp) {
  const owner = await registerUser(http, { displayName: 'Ada Lovelace' });
  const avatar = await uploadAvatar(app().url, owner.accessToken);
  const card = await createProfile(http, owner.accessToken, {
    published: true,
    media: { avatarUrl: avatar.url, bannerUrl: null, ogImageUrl: null },
    privacy: {
      collectGeo: true,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      messageFields: { name: 'optional', phone: 'off', company: 'off' },
    },
  });
  const lead = await http.post(`/api/profiles/${card.id}/leads`, {
    body: { email: 'grace@example.com', name: 'Grace Hopper', message: '=Let us talk', consent: true },
  });
  expect(lead.status).toBe(201);
  for (const ip of ['81.2.69.160', '8.8.8.8', '1.1.1.1']) {
    await http.get(`/api/public/profiles/${card.handle}`, {
      headers: { 'user-agent': IPHONE, 'x-forwarded-for': ip },
    });
  }
  const range = `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
  await eventually(
    () =>
      http.get<VisitSummaryResponse>(`/api/profiles/${card.id}/analytics/summary?${range}`, {
        token: owner.accessToken,
      }),
    (answer) => answer.body.totalVisits === 3,
  );
  return { owner, card, avatar };
}

/** asks for the export and waits until it is no longer being prepared */
async function exportOf(http: HttpClient, token: string): Promise<AccountExportResponse> {
  const answer = await eventually(
    () => http.get<AccountExportStateResponse>('/api/account/export', { token }),
    (read) => read.body.export !== null && read.body.export.status !== 'preparing',
    10_000,
  );
  return answer.body.export!;
}

describe.each(STORAGE_KINDS)('the owner’s data export (%s)', (kind) => {
  const { http, app } = apiUnderTest(kind);
  const outboxMails = (to: string) => outboxMailsTo(app(), to);

  it('makes one zip of the account, its card, photo, messages and analytics, for its owner only, and mails the link', async () => {
    const { owner, card, avatar } = await ownerWithData(http, app);
    const stranger = await registerUser(http);

    // two requests at once: one export starts, the other is told one is being prepared
    const [first, second] = await Promise.all([
      http.post<AccountExportResponse>('/api/account/export', { token: owner.accessToken }),
      http.post<AccountExportResponse>('/api/account/export', { token: owner.accessToken }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const started = (first.status === 202 ? first : second).body;
    expect(started).toMatchObject({ status: 'preparing', downloadPath: null, sizeBytes: null });

    const ready = await exportOf(http, owner.accessToken);
    expect(ready).toMatchObject({
      id: started.id,
      status: 'ready',
      downloadPath: `/api/account/export/${started.id}/download`,
    });
    const keptDays = (Date.parse(ready.expiresAtUtc) - Date.parse(ready.finishedAtUtc!)) / DAY_MS;
    expect(keptDays).toBe(7);

    const download = await fetch(`${app().url}${ready.downloadPath}`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cardcraft-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(zip.length).toBe(ready.sizeBytes);
    const files = unzipSync(zip);
    const photoName = `photos/${card.handle}/avatar.webp`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        `cards/${card.handle}.json`,
        photoName,
        'leads.csv',
        `analytics/${card.handle}/visits.csv`,
        `analytics/${card.handle}/daily.csv`,
      ].sort(),
    );
    const text = (name: string) => new TextDecoder().decode(files[name]);

    const account = JSON.parse(text('account.json')) as Record<string, unknown>;
    expect(account).toMatchObject({
      account: { id: owner.userId, email: owner.email, displayName: 'Ada Lovelace' },
      settings: {
        notifyOnMessages: true,
        timeZone: null,
        analyticsReport: 'off',
        trafficAlertMultiple: null,
      },
      cards: [{ id: card.id, handle: card.handle, published: true, file: `cards/${card.handle}.json` }],
    });
    expect(text('account.json')).not.toMatch(/password|scrypt|token|session/i);
    const saved = (await http.get<ProfileResponse>(`/api/profiles/${card.id}`, { token: owner.accessToken }))
      .body;
    expect(JSON.parse(text(`cards/${card.handle}.json`))).toEqual(saved);
    const photo = await fetch(`${app().url}${new URL(avatar.url).pathname}`);
    expect(Buffer.from(files[photoName]).equals(Buffer.from(await photo.arrayBuffer()))).toBe(true);
    expect(text('README.txt')).toContain(`${card.handle}: ${card.displayName}`);

    const leads = lines(files['leads.csv']);
    expect(leads).toHaveLength(2);
    expect(leads[0]).toBe(
      'Card,Received (UTC),Email,Name,Phone,Company,Message,Consent,Consent text,Status,Tags,Note,Card by e-mail',
    );
    // what a visitor typed never runs as a spreadsheet formula
    expect(leads[1]).toMatch(
      new RegExp(`^${card.handle},[^,]+,grace@example.com,Grace Hopper,,,'=Let us talk,yes,`),
    );

    const visits = lines(files[`analytics/${card.handle}/visits.csv`]);
    expect(visits[0]).toBe('Visited (UTC),Visitor,Name,Country,City,Device,Referrer');
    expect(visits.slice(1)).toHaveLength(3);
    expect(visits.slice(1).every((row) => row.includes(',guest,,') && row.includes(',mobile,Direct'))).toBe(
      true,
    );
    const daily = lines(files[`analytics/${card.handle}/daily.csv`]);
    expect(daily[0]).toBe(
      'Day (UTC),Views,Unique visitors,Signed-in views,Contact saves,Shares,E-mail clicks,Call clicks,Link clicks,Messages',
    );
    // the message left on the card is an event of the day too
    expect(daily.slice(1)).toEqual([`${new Date().toISOString().slice(0, 10)},3,3,0,0,0,0,0,0,1`]);

    // nobody else reaches it: another account sees no export and gets 404 for this one, a guest 401
    const theirs = await http.get<AccountExportStateResponse>('/api/account/export', {
      token: stranger.accessToken,
    });
    expect(theirs.body).toEqual({ export: null });
    expect((await http.get(ready.downloadPath!, { token: stranger.accessToken })).status).toBe(404);
    expect((await http.get(ready.downloadPath!)).status).toBe(401);

    // the owner's mails: the new message's, then the export's
    const mail = (await outboxMails(owner.email)).find((one) => one.subject?.includes('data'));
    expect(mail?.subject).toBe('Your Cardcraft data is ready to download');
    expect(mail?.text).toContain('https://cards.example.test/dashboard/settings#data-export');
    // the mail leads to Settings, where the owner downloads signed in: no bearer link to the zip
    expect(mail?.text).not.toContain('/api/account/export');
  });

  // a zip the store cannot take: DATA_DIR/exports made a plain file for a while (the SQLite adapter's)
  (kind === 'sqlite' ? it : it.skip)(
    'ends an export the store refused as failed, says so by mail, and lets the owner try again',
    async () => {
      const owner = await registerUser(http);
      const exportsDir = join(app().config.dataDir, 'exports');
      renameSync(exportsDir, `${exportsDir}.away`);
      writeFileSync(exportsDir, 'not a folder');
      try {
        await http.post('/api/account/export', { token: owner.accessToken });
        const failed = await exportOf(http, owner.accessToken);
        expect(failed).toMatchObject({ status: 'failed', downloadPath: null, sizeBytes: null });
      } finally {
        renameSync(exportsDir, `${exportsDir}.file`);
        renameSync(`${exportsDir}.away`, exportsDir);
      }
      const [mail] = await outboxMails(owner.email);
      expect(mail.subject).toBe('Your Cardcraft data could not be prepared');
      expect(mail.text).toContain('https://cards.example.test/dashboard/settings#data-export');

      expect((await http.post('/api/account/export', { token: owner.accessToken })).status).toBe(202);
      expect((await exportOf(http, owner.accessToken)).status).toBe('ready');
    },
  );

  it('replaces the last export with a new one, and deletes them when they expire and with the account', async () => {
    const owner = await registerUser(http);
    await createProfile(http, owner.accessToken, { published: false });
    const store = app().app.get<symbol, AccountExportsRepository>(ACCOUNT_EXPORTS);

    await http.post('/api/account/export', { token: owner.accessToken });
    const old = await exportOf(http, owner.accessToken);
    expect(old.status).toBe('ready');
    expect((await http.post('/api/account/export', { token: owner.accessToken })).status).toBe(202);
    const renewed = await exportOf(http, owner.accessToken);
    expect(renewed.id).not.toBe(old.id);
    expect((await http.get(old.downloadPath!, { token: owner.accessToken })).status).toBe(404);

    // past its expiry it is deleted, zip and all
    await app()
      .app.get(AccountExportService)
      .sweep(new Date(Date.now() + 8 * DAY_MS));
    expect((await http.get('/api/account/export', { token: owner.accessToken })).body).toEqual({
      export: null,
    });
    await expect(store.openArchive(renewed.id)).resolves.toBeNull();

    await http.post('/api/account/export', { token: owner.accessToken });
    const last = await exportOf(http, owner.accessToken);
    const deleted = await http.delete('/api/account', {
      token: owner.accessToken,
      body: { password: owner.password },
    });
    expect(deleted.status).toBe(204);
    await expect(store.findByUser(owner.userId)).resolves.toBeNull();
    await expect(store.openArchive(last.id)).resolves.toBeNull();
  });
});

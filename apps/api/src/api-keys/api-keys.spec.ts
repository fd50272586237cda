import {
  ApiKeyLimits,
  ApiKeyMessages,
  TeamMessages,
  type ApiKeyResponse,
  type CreatedApiKeyResponse,
  type ErrorResponse,
  type LeadResponse,
  type Page,
  type ProfileResponse,
  type TeamLeadResponse,
} from '@cardcraft/contracts';
import { createLogger } from '@cardcraft/observability';
import type { ApiKeysRepository } from '@cardcraft/storage';
import { hashApiKey } from '../auth/api-key-secret';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, type HttpClient } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { API_KEYS } from '../platform/storage/storage.tokens';
import {
  createTeam,
  createTemplate,
  editable,
  joinTeam,
  person,
  publish,
  type Person,
} from '../teams/testing/team-world';

/** a key made with the person's session; its whole text is only in this answer */
async function makeKey(
  http: HttpClient,
  owner: Person,
  scopes: string[],
  path = '/api/api-keys',
): Promise<CreatedApiKeyResponse> {
  const made = await http.post<CreatedApiKeyResponse>(path, {
    token: owner.accessToken,
    body: { name: 'Zapier', scopes },
  });
  if (made.status !== 201) throw new Error(`key: ${made.status} ${made.text}`);
  return made.body;
}

/** a published card of the owner with one message on it */
async function cardWithLead(http: HttpClient, owner: Person): Promise<ProfileResponse> {
  const card = await createProfile(http, owner.accessToken, { published: true });
  const sent = await http.post(`/api/profiles/${card.id}/leads`, {
    body: { email: 'visitor@example.com', message: 'Call me', consent: true },
  });
  if (sent.status !== 201) throw new Error(`lead: ${sent.status} ${sent.text}`);
  return card;
}

describe.each(STORAGE_KINDS)('API keys (%s)', (kind) => {
  // every line the app logs, to check no key reaches one (at info: a line a request)
  const logLines: string[] = [];
  const logger = createLogger({
    level: 'info',
    service: 'api',
    pretty: false,
    destination: { write: (line: string) => logLines.push(line) },
  });
  const { http, app } = apiUnderTest(kind, { LOG_LEVEL: 'info' }, { logger });
  const outbox = () => app().config.mail.outboxDir;

  it('shows a key once, stores its hash only, and lists it by its prefix', async () => {
    const owner = await person(http, 'Ada');
    const made = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: { name: '  Reporting  ', scopes: ['leads:read', 'analytics:read'], expiresInDays: 90 },
    });
    expect(made.status).toBe(201);
    expect(made.body.key).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'Reporting',
      prefix: made.body.key.slice(0, 12),
      scopes: ['leads:read', 'analytics:read'],
      teamId: null,
      createdAtUtc: expect.any(String),
      createdBy: { userId: owner.userId, displayName: 'Ada' },
      lastUsedAtUtc: null,
      expiresAtUtc: expect.any(String),
      key: made.body.key,
    });
    const days = (Date.parse(made.body.expiresAtUtc!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const listed = await http.get<ApiKeyResponse[]>('/api/api-keys', { token: owner.accessToken });
    const { key: _secret, ...shown } = made.body;
    expect(listed.body).toEqual([shown]);
    expect(listed.text).not.toContain(made.body.key);
    expect(listed.text).not.toContain(hashApiKey(made.body.key));
    const stored = await app()
      .app.get<symbol, ApiKeysRepository>(API_KEYS)
      .findById({ userId: owner.userId }, made.body.id);
    expect(stored?.keyHash).toBe(hashApiKey(made.body.key));

    const stranger = await person(http);
    expect((await http.get<ApiKeyResponse[]>('/api/api-keys', { token: stranger.accessToken })).body).toEqual(
      [],
    );
    const theirs = await http.delete<ErrorResponse>(`/api/api-keys/${made.body.id}`, {
      token: stranger.accessToken,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe(ApiKeyMessages.notFound);
  });

  it('refuses bad input with the field and keeps the keys already made', async () => {
    const owner = await person(http);
    const kept = await makeKey(http, owner, ['leads:read']);
    const cases: Array<[unknown, string, string]> = [
      [{ name: 'A', scopes: ['leads:read'] }, 'name', ApiKeyMessages.name],
      [{ name: 'Fine', scopes: [] }, 'scopes', ApiKeyMessages.scopes],
      [{ name: 'Fine', scopes: ['admin'] }, 'scopes', ApiKeyMessages.scopes],
      [{ name: 'Fine', scopes: 'leads:read' }, 'scopes', ApiKeyMessages.scopes],
      [{ name: 'Fine', scopes: ['leads:read'], expiresInDays: 7 }, 'expiresInDays', ApiKeyMessages.expiry],
    ];
    for (const [body, field, message] of cases) {
      const refused = await http.post<ErrorResponse>('/api/api-keys', { token: owner.accessToken, body });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field, message });
    }
    const renamed = await http.patch<ErrorResponse>(`/api/api-keys/${kept.id}`, {
      token: owner.accessToken,
      body: { name: '' },
    });
    expect(renamed.status).toBe(400);
    const listed = await http.get<ApiKeyResponse[]>('/api/api-keys', { token: owner.accessToken });
    expect(listed.body.map((key) => [key.id, key.name])).toEqual([[kept.id, 'Zapier']]);
  });

  it('opens only the routes of its scopes: leads:read reads leads, not analytics, and changes no card', async () => {
    const owner = await person(http);
    const card = await cardWithLead(http, owner);
    const { key } = await makeKey(http, owner, ['leads:read']);

    const leads = await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads`, { token: key });
    expect(leads.status).toBe(200);
    expect(leads.body.items.map((lead) => lead.email)).toEqual(['visitor@example.com']);
    const csv = await http.get(`/api/profiles/${card.id}/leads/export`, { token: key });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('visitor@example.com');
    const vcard = await http.get(`/api/profiles/${card.id}/leads/${leads.body.items[0].id}/vcard`, {
      token: key,
    });
    expect(vcard.status).toBe(200);
    expect(vcard.text).toContain('BEGIN:VCARD');

    const analytics = await http.get<ErrorResponse>(`/api/profiles/${card.id}/analytics/summary`, {
      token: key,
    });
    expect(analytics.status).toBe(403);
    expect(analytics.body).toEqual({ error: ApiKeyMessages.missingScope('analytics:read') });
    const change = await http.put<ErrorResponse>(`/api/profiles/${card.id}`, {
      token: key,
      body: editable(card, { displayName: 'Changed by a key' }),
    });
    expect(change.status).toBe(403);
    expect(change.body.error).toBe(ApiKeyMessages.missingScope('cards:manage'));
    // a lead's deletion is no scope's: no key may call it
    const removal = await http.delete<ErrorResponse>(
      `/api/profiles/${card.id}/leads/${leads.body.items[0].id}`,
      {
        token: key,
      },
    );
    expect(removal.status).toBe(403);
    expect(removal.body.error).toBe(ApiKeyMessages.notHere);
    const unchanged = await http.get<ProfileResponse>(`/api/profiles/${card.id}`, {
      token: owner.accessToken,
    });
    expect(unchanged.body.displayName).toBe(card.displayName);
    expect(
      (await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads`, { token: key })).body.total,
    ).toBe(1);

    // another owner's card is out of the key's reach as it is of its user
    const other = await cardWithLead(http, await person(http));
    expect((await http.get(`/api/profiles/${other.id}/leads`, { token: key })).status).toBe(404);
  });

  it('changes, creates and lists cards with cards:manage, and reads analytics with analytics:read', async () => {
    const owner = await person(http);
    const card = await createProfile(http, owner.accessToken);
    const { key } = await makeKey(http, owner, ['cards:manage', 'analytics:read']);
    const changed = await http.put<ProfileResponse>(`/api/profiles/${card.id}`, {
      token: key,
      body: editable(card, { displayName: 'Changed by a key', published: true }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ displayName: 'Changed by a key', published: true });
    const made = await http.post<ProfileResponse>('/api/profiles', { token: key, body: fullProfileInput() });
    expect(made.status).toBe(201);
    expect(made.body.ownerId).toBe(owner.userId);
    const listed = await http.get<ProfileResponse[]>('/api/profiles', { token: key });
    expect(listed.body.map((one) => one.id)).toEqual([card.id, made.body.id]);
    const live = await http.get(`/api/profiles/${card.id}/analytics/live`, { token: key });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ visits: 0, visitors: 0 });
  });

  it('never makes keys, nor reaches the account or a team’s people: those take a session', async () => {
    const owner = await person(http);
    const { key } = await makeKey(http, owner, ['leads:read', 'analytics:read', 'cards:manage']);
    const team = await createTeam(http, owner);
    for (const [method, path, body] of [
      ['POST', '/api/api-keys', { name: 'Another', scopes: ['leads:read'] }],
      ['GET', '/api/api-keys', undefined],
      ['POST', `/api/teams/${team.id}/api-keys`, { name: 'Another', scopes: ['leads:read'] }],
      ['GET', '/api/auth/me', undefined],
      ['PATCH', '/api/account', { displayName: 'Taken over' }],
      ['GET', `/api/teams/${team.id}/members`, undefined],
      ['POST', '/api/teams', { name: 'Made by a key' }],
    ] as const) {
      const refused = await http.request<ErrorResponse>(method, path, { token: key, body });
      expect([method, path, refused.status, refused.body]).toEqual([
        method,
        path,
        403,
        { error: ApiKeyMessages.notHere },
      ]);
    }
    const keys = await http.get<ApiKeyResponse[]>('/api/api-keys', { token: owner.accessToken });
    expect(keys.body).toHaveLength(1);
    const me = await http.get<{ displayName: string }>('/api/auth/me', { token: owner.accessToken });
    expect(me.body.displayName).toBe(owner.displayName);
  });

  it('answers a revoked, an expired and an unknown key with the 401 of an ended session', async () => {
    const owner = await person(http);
    const session = await person(http);
    expect((await http.post('/api/auth/logout', { token: session.accessToken })).status).toBe(204);
    const ended = await http.get<ErrorResponse>('/api/profiles', { token: session.accessToken });
    expect(ended.status).toBe(401);

    const revoked = await makeKey(http, owner, ['cards:manage']);
    expect((await http.get('/api/profiles', { token: revoked.key })).status).toBe(200);
    expect((await http.delete(`/api/api-keys/${revoked.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.delete(`/api/api-keys/${revoked.id}`, { token: owner.accessToken })).status).toBe(404);

    // a key that expired a second ago, as the store holds one after its days are over
    const expiredKey = `cck_${'e'.repeat(43)}${Date.now()}`;
    await app()
      .app.get<symbol, ApiKeysRepository>(API_KEYS)
      .create({
        owner: { userId: owner.userId },
        name: 'Old',
        scopes: ['cards:manage'],
        keyHash: hashApiKey(expiredKey),
        prefix: expiredKey.slice(0, 12),
        createdBy: owner.userId,
        expiresAt: new Date(Date.now() - 1000),
      });
    const unknown = `cck_${'u'.repeat(43)}`;
    for (const key of [revoked.key, expiredKey, unknown]) {
      const refused = await http.get<ErrorResponse>('/api/profiles', { token: key });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(ended.body);
    }
    // the list shows the expired key (to revoke) and not the revoked one
    const listed = await http.get<ApiKeyResponse[]>('/api/api-keys', { token: owner.accessToken });
    expect(listed.body.map((key) => key.name)).toEqual(['Old']);
  });

  it('records the last use once a minute at most, and renames a key', async () => {
    const owner = await person(http);
    const made = await makeKey(http, owner, ['cards:manage']);
    const lastUsed = async () =>
      (await http.get<ApiKeyResponse[]>('/api/api-keys', { token: owner.accessToken })).body[0].lastUsedAtUtc;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await http.get('/api/profiles', { token: made.key })).status).toBe(200);
    const first = await lastUsed();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await http.get('/api/profiles', { token: made.key })).status).toBe(200);
    expect(await lastUsed()).toBe(first);

    const renamed = await http.patch<ApiKeyResponse>(`/api/api-keys/${made.id}`, {
      token: owner.accessToken,
      body: { name: 'Nightly export' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: made.id, name: 'Nightly export', lastUsedAtUtc: first });
  });

  it('is no one on the open routes: a card’s draft stays hidden from its owner’s key', async () => {
    const owner = await person(http);
    const draft = await createProfile(http, owner.accessToken);
    const { key } = await makeKey(http, owner, ['cards:manage']);
    const bySession = await http.get(`/api/public/profiles/${draft.handle}`, { token: owner.accessToken });
    expect(bySession.status).toBe(200);
    const byKey = await http.get(`/api/public/profiles/${draft.handle}`, { token: key });
    expect(byKey.status).toBe(404);
    // an open route takes a revoked or unknown key as no one too, never as an error
    expect((await http.get(`/api/public/profiles/${draft.handle}`, { token: 'cck_unknown' })).status).toBe(
      404,
    );
  });

  it(`caps an account at ${ApiKeyLimits.perOwner} working keys; a revoked one frees a place`, async () => {
    const owner = await person(http);
    const made: CreatedApiKeyResponse[] = [];
    for (let n = 0; n < ApiKeyLimits.perOwner; n++) made.push(await makeKey(http, owner, ['leads:read']));
    const refused = await http.post<ErrorResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: { name: 'One more', scopes: ['leads:read'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ApiKeyMessages.tooMany);
    await http.delete(`/api/api-keys/${made[0].id}`, { token: owner.accessToken });
    expect((await makeKey(http, owner, ['leads:read'])).key).toMatch(/^cck_/);
  });

  it('confines a team key to its team, and keeps it working when the admin who made it leaves', async () => {
    const owner = await person(http, 'Owner');
    const team = await createTeam(http, owner);
    const otherTeam = await createTeam(http, owner, 'Other team');
    const template = await createTemplate(http, owner, team.id);
    const admin = await person(http, 'Admin');
    const member = await person(http, 'Member');
    await joinTeam(http, outbox(), owner, team.id, admin, { role: 'admin' });
    const joined = await joinTeam(http, outbox(), owner, team.id, member, { templateId: template.id });
    const teamCard = await publish(http, member.accessToken, joined.profileId!);
    await http.post(`/api/profiles/${teamCard.id}/leads`, {
      body: { email: 'team.visitor@example.com', message: 'Hi', consent: true },
    });
    const ownersCard = await cardWithLead(http, owner);

    // members neither see nor make the team's keys; someone outside the team learns nothing of it
    const byMember = await http.get<ErrorResponse>(`/api/teams/${team.id}/api-keys`, {
      token: member.accessToken,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe(TeamMessages.adminsOnly);
    const outsider = await person(http);
    const byOutsider = await http.post<ErrorResponse>(`/api/teams/${team.id}/api-keys`, {
      token: outsider.accessToken,
      body: { name: 'Mine', scopes: ['leads:read'] },
    });
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body.error).toBe(TeamMessages.teamNotFound);

    const teamKey = await makeKey(http, admin, ['leads:read'], `/api/teams/${team.id}/api-keys`);
    expect(teamKey).toMatchObject({ teamId: team.id, createdBy: { userId: admin.userId } });
    const adminsOwn = await makeKey(http, admin, ['leads:read']);
    const reads = async (key: string) => ({
      inbox: (await http.get<Page<TeamLeadResponse>>(`/api/teams/${team.id}/leads`, { token: key })).status,
      csv: (await http.get(`/api/teams/${team.id}/leads/export`, { token: key })).status,
      card: (await http.get(`/api/profiles/${teamCard.id}/leads`, { token: key })).status,
    });
    expect(await reads(teamKey.key)).toEqual({ inbox: 200, csv: 200, card: 200 });
    expect(await reads(adminsOwn.key)).toEqual({ inbox: 200, csv: 200, card: 200 });
    const inbox = await http.get<Page<TeamLeadResponse>>(`/api/teams/${team.id}/leads`, {
      token: teamKey.key,
    });
    expect(inbox.body.items.map((lead) => lead.email)).toEqual(['team.visitor@example.com']);

    // its acting owner's other team and personal cards stay out of reach
    const elsewhere = await http.get<ErrorResponse>(`/api/teams/${otherTeam.id}/leads`, {
      token: teamKey.key,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe(TeamMessages.teamNotFound);
    expect((await http.get(`/api/profiles/${ownersCard.id}/leads`, { token: teamKey.key })).status).toBe(404);
    const personalList = await http.get<ErrorResponse>('/api/profiles', { token: teamKey.key });
    expect(personalList.status).toBe(403);
    expect(personalList.body.error).toBe(ApiKeyMessages.missingScope('cards:manage'));
    const analytics = await http.get<ErrorResponse>(`/api/teams/${team.id}/analytics/summary`, {
      token: teamKey.key,
    });
    expect(analytics.body.error).toBe(ApiKeyMessages.missingScope('analytics:read'));

    // the admin leaves: the team's key works on, the admin's own no longer reaches the team
    const removed = await http.delete(`/api/teams/${team.id}/members/${admin.userId}`, {
      token: owner.accessToken,
      body: { cards: 'transfer' },
    });
    expect(removed.status).toBe(204);
    expect(await reads(teamKey.key)).toEqual({ inbox: 200, csv: 200, card: 200 });
    expect(await reads(adminsOwn.key)).toEqual({ inbox: 404, csv: 404, card: 404 });
    const listed = await http.get<ApiKeyResponse[]>(`/api/teams/${team.id}/api-keys`, {
      token: owner.accessToken,
    });
    expect(listed.body.map((key) => [key.id, key.createdBy.displayName])).toEqual([[teamKey.id, 'Admin']]);

    // deleting the team takes its keys with it
    expect((await http.delete(`/api/teams/${otherTeam.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.delete(`/api/teams/${team.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.get(`/api/teams/${team.id}/leads`, { token: teamKey.key })).status).toBe(401);
  });

  it('a team key with cards:manage lists and makes its team’s cards, and no personal card', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const { key } = await makeKey(http, owner, ['cards:manage'], `/api/teams/${team.id}/api-keys`);
    const made = await http.post<{ profileId: string }>(`/api/teams/${team.id}/cards`, {
      token: key,
      body: { templateId: template.id, handle: fullProfileInput().handle, displayName: 'Made by a key' },
    });
    expect(made.status).toBe(201);
    const listed = await http.get<Array<{ profileId: string }>>(`/api/teams/${team.id}/cards`, {
      token: key,
    });
    expect(listed.body.map((card) => card.profileId)).toEqual([made.body.profileId]);
    const card = await http.get<ProfileResponse>(`/api/profiles/${made.body.profileId}`, { token: key });
    expect(card.status).toBe(200);
    const personal = await http.post<ErrorResponse>('/api/profiles', {
      token: key,
      body: fullProfileInput(),
    });
    expect(personal.status).toBe(403);
    expect(personal.body.error).toBe(ApiKeyMessages.teamKeyNotHere);
  });

  it('writes no key to the log, made or used, even one pasted into an address', async () => {
    const owner = await person(http);
    const made = await makeKey(http, owner, ['cards:manage']);
    await http.get('/api/profiles', { token: made.key });
    await http.get(`/api/profiles?key=${made.key}`, { token: made.key });
    await http.get('/api/profiles', { token: `${made.key}x` });
    const lines = logLines.join('');
    // the capture works: the requests are there
    expect(lines).toContain('"url":"/api/api-keys"');
    expect(lines).toContain('"url":"/api/profiles?key=cck_[redacted]"');
    expect(lines).not.toContain(made.key);
    expect(lines).not.toContain(made.key.slice(12));
  });
});

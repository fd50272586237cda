import type {
  ErrorResponse,
  LeadResponse,
  Page,
  ProfileResponse,
  WebhookDeliveryResponse,
  WebhookDeliverySummaryResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import { TeamMessages, WebhookMessages } from '@cardcraft/contracts';
import { createLogger } from '@cardcraft/observability';
import type { LeadsRepository, ProfilesRepository, WebhookEndpointsRepository } from '@cardcraft/storage';
import { simpleParser } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainEvents } from '../platform/events/domain-events';
import { LEADS, PROFILES, WEBHOOK_ENDPOINTS } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { eventually } from '../platform/testing/eventually';
import { createProfile } from '../platform/testing/http';
import { BUILT_WEB_DIST } from '../platform/testing/paths';
import { apiUnderTest } from '../platform/testing/test-app';
import {
  createTeam,
  createTemplate,
  joinTeam,
  person,
  publish,
  type Person,
} from '../teams/testing/team-world';
import { startReceiver, verifySignature, type Receiver } from './testing/webhook-receiver';
import { WebhookDispatcher } from './webhook-dispatcher';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe.each(STORAGE_KINDS)('webhooks, delivered to a real receiver (%s)', (kind) => {
  // every line the api logs, to prove no secret is ever among them
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    service: 'api',
    pretty: false,
    destination: { write: (line: string) => lines.push(line) },
  });
  const { http, app } = apiUnderTest(
    kind,
    {
      WEB_DIST_DIR: BUILT_WEB_DIST,
      LOG_LEVEL: 'debug',
      // the receiver listens on loopback
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAYS: '100ms,200ms',
      WEBHOOK_DISABLE_AFTER: '2',
      WEBHOOK_TIMEOUT: '5s',
      WEBHOOK_MAX_ENDPOINTS: '4',
    },
    { logger },
  );
  const secrets: string[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  async function addEndpoint(
    owner: Person,
    body: Record<string, unknown>,
    path = '/api/webhooks',
  ): Promise<WebhookEndpointWithSecretResponse> {
    const made = await http.post<WebhookEndpointWithSecretResponse>(path, { token: owner.accessToken, body });
    if (made.status !== 201) throw new Error(`endpoint: ${made.status} ${made.text}`);
    secrets.push(made.body.secret);
    return made.body;
  }

  async function publishedCard(owner: Person): Promise<ProfileResponse> {
    return createProfile(http, owner.accessToken, { published: true });
  }

  function leaveMessage(card: ProfileResponse, email = 'grace@example.com') {
    return http.post<LeadResponse>(`/api/profiles/${card.id}/leads`, {
      body: { email, message: 'Hello from the card', consent: true },
    });
  }

  async function log(owner: Person, endpointId: string, base = '/api/webhooks') {
    const page = await http.get<Page<WebhookDeliverySummaryResponse>>(`${base}/${endpointId}/deliveries`, {
      token: owner.accessToken,
    });
    expect(page.status).toBe(200);
    return page.body;
  }

  /** waits for the endpoint's newest delivery to be finished, and answers it whole */
  async function settled(owner: Person, endpointId: string, base = '/api/webhooks') {
    const { items } = await eventually(
      () => log(owner, endpointId, base),
      (page) => page.items.length > 0 && page.items[0].status !== 'pending',
      10_000,
    );
    const one = await http.get<WebhookDeliveryResponse>(`${base}/${endpointId}/deliveries/${items[0].id}`, {
      token: owner.accessToken,
    });
    return one.body;
  }

  it('signs and sends a message left on a card, without the visitor’s request waiting for the receiver', async () => {
    const owner = await person(http, 'Ada');
    const card = await publishedCard(owner);
    const url = receiver.url('lead');
    const endpoint = await addEndpoint(owner, { url, description: 'CRM', events: ['lead.created'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(endpoint).toMatchObject({
      url,
      enabled: true,
      cardIds: null,
      createdVia: 'dashboard',
      teamId: null,
    });

    // the receiver holds its answer: the visitor's message is answered all the same
    let release!: () => void;
    receiver.answer(url, { hold: new Promise<void>((resolve) => (release = resolve)), status: 200 });
    const left = await leaveMessage(card);
    expect(left.status).toBe(201);
    const [got] = await receiver.waitFor(url);
    release();

    expect(verifySignature(got, endpoint.secret)).toBe(true);
    expect(verifySignature(got, secrets[0] === endpoint.secret ? 'whsec_AAAA' : secrets[0])).toBe(false);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^Cardcraft-Webhooks\//);
    // the lead as its owner reads it through the API
    const ownersList = await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads`, {
      token: owner.accessToken,
    });
    const ownersView = ownersList.body.items.find((lead) => lead.id === (left.body as { id: string }).id);
    expect(ownersView).toMatchObject(left.body as object);
    expect(got.json).toEqual({
      type: 'lead.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: 1,
      data: {
        lead: ownersView,
        card: {
          id: card.id,
          handle: card.handle,
          displayName: card.displayName,
          url: `https://cards.example.test/u/${card.handle}`,
        },
      },
    });
    const delivery = await settled(owner, endpoint.id);
    expect(delivery).toMatchObject({
      messageId: got.headers['webhook-id'],
      eventType: 'lead.created',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      payload: got.body,
      error: null,
    });
    const listed = await http.get<WebhookEndpointResponse[]>('/api/webhooks', { token: owner.accessToken });
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        lastDelivery: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
  });

  it('sends contact.saved when a visitor takes the contact file, and card.published when a card goes live', async () => {
    const owner = await person(http);
    const card = await publishedCard(owner);
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const url = receiver.url('card-events');
    const endpoint = await addEndpoint(owner, { url, events: ['contact.saved', 'card.published'] });

    // the holder's own download and a crawler's are not saves
    await http.get(`/u/${card.handle}/contact.vcf`, {
      token: owner.accessToken,
      headers: { 'user-agent': BROWSER },
    });
    await http.get(`/u/${card.handle}/contact.vcf`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    const saved = await http.get(`/u/${card.handle}/contact.vcf`, { headers: { 'user-agent': BROWSER } });
    expect(saved.status).toBe(200);
    await publish(http, owner.accessToken, draft.id);

    const got = await receiver.waitFor(url, 2);
    expect(got.map((one) => one.json.type)).toEqual(['contact.saved', 'card.published']);
    expect(got[0].json.data).toEqual({
      card: expect.objectContaining({ id: card.id, handle: card.handle }),
      savedAtUtc: expect.any(String),
    });
    expect(got[1].json.data).toEqual({
      card: expect.objectContaining({ id: draft.id, handle: draft.handle }),
    });
    for (const one of got) expect(verifySignature(one, endpoint.secret)).toBe(true);
    // each recorded in the request that caused it: nothing else is in the log
    expect((await log(owner, endpoint.id)).total).toBe(2);
  });

  it('tries a failed delivery again after its wait, with the same webhook-id', async () => {
    const owner = await person(http);
    const card = await publishedCard(owner);
    const url = receiver.url('retry');
    const endpoint = await addEndpoint(owner, { url, events: ['lead.created'] });
    receiver.answer(url, 500);
    await leaveMessage(card);
    const [first, second] = await receiver.waitFor(url, 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(verifySignature(second, endpoint.secret)).toBe(true);
    const delivery = await settled(owner, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 204, error: null });
  });

  it('turns off an endpoint whose deliveries keep failing, mails its owner, and sends one again on demand', async () => {
    const owner = await person(http, 'Owner');
    const card = await publishedCard(owner);
    const url = receiver.url('broken');
    const endpoint = await addEndpoint(owner, { url, description: 'Broken CRM', events: ['lead.created'] });
    // two deliveries of three attempts each, all failing
    receiver.answer(url, 500, 500, 500, 503, 503, 503);
    await leaveMessage(card, 'one@example.com');
    await eventually(
      () => log(owner, endpoint.id),
      (page) => page.items[0]?.status === 'failed',
      10_000,
    );
    await leaveMessage(card, 'two@example.com');
    const off = await eventually(
      () => http.get<WebhookEndpointResponse>(`/api/webhooks/${endpoint.id}`, { token: owner.accessToken }),
      (answer) => answer.body.enabled === false,
      10_000,
    );
    expect(off.body.disabledReason).toBe('its last 2 deliveries failed, each after every retry.');
    const failed = await settled(owner, endpoint.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      responseStatus: 503,
      responseExcerpt: 'failed with 503',
      error: 'The endpoint answered 503',
    });

    const turnedOff = async () =>
      (await mailsTo(app().config.mail.outboxDir, owner.email)).filter(
        (one) => one.subject === 'A Cardcraft webhook was turned off',
      );
    const mail = await eventually(turnedOff, (found) => found.length > 0, 10_000);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`"Broken CRM" (${url})`);
    expect(mail[0].text).toContain('Its last 2 deliveries failed, each after every retry.');
    expect(mail[0].text).toContain('https://cards.example.test/dashboard/integrations');

    // nothing more goes to it while it is off
    await leaveMessage(card, 'three@example.com');
    expect((await log(owner, endpoint.id)).total).toBe(2);

    // send again: the receiver is back; the same delivery, the same webhook-id
    const before = receiver.at(url).length;
    const again = await http.post<WebhookDeliverySummaryResponse>(
      `/api/webhooks/${endpoint.id}/deliveries/${failed.id}/retry`,
      { token: owner.accessToken },
    );
    expect(again.status).toBe(202);
    const got = await receiver.waitFor(url, before + 1);
    expect(got[before].headers['webhook-id']).toBe(failed.messageId);
    await eventually(
      () =>
        http.get<WebhookDeliveryResponse>(`/api/webhooks/${endpoint.id}/deliveries/${failed.id}`, {
          token: owner.accessToken,
        }),
      (answer) => answer.body.status === 'succeeded',
    );
    const on = await http.patch<WebhookEndpointResponse>(`/api/webhooks/${endpoint.id}`, {
      token: owner.accessToken,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('turns off an endpoint that has failed for more than a day, even before its deliveries in a row run out', async () => {
    const store = app().app.get<WebhookEndpointsRepository>(WEBHOOK_ENDPOINTS);
    const owner = await person(http, 'Owner');
    const card = await publishedCard(owner);
    const url = receiver.url('failing-for-a-day');
    const endpoint = await addEndpoint(owner, { url, events: ['lead.created'] });
    // an attempt that failed 25 hours ago, not given up: the endpoint has been failing since then
    await store.recordOutcome(endpoint.id, {
      ok: false,
      gaveUp: false,
      at: new Date(Date.now() - 25 * 3_600_000),
    });
    // one delivery given up now: one in a row, under the two the count asks for, but a day of failures
    receiver.answer(url, 500, 500, 500);
    await leaveMessage(card, 'late@example.com');
    const off = await eventually(
      () => http.get<WebhookEndpointResponse>(`/api/webhooks/${endpoint.id}`, { token: owner.accessToken }),
      (answer) => answer.body.enabled === false,
      10_000,
    );
    expect(off.body.disabledReason).toBe('every delivery to it has failed for more than 25 hours.');
    const mail = await eventually(
      async () =>
        (await mailsTo(app().config.mail.outboxDir, owner.email)).filter(
          (one) => one.subject === 'A Cardcraft webhook was turned off',
        ),
      (found) => found.length > 0,
      10_000,
    );
    expect(mail[0].text).toContain('failed for more than 25 hours');
  });

  it('sends a test event, logged like any delivery', async () => {
    const owner = await person(http);
    const url = receiver.url('test');
    const endpoint = await addEndpoint(owner, { url, events: ['card.published'] });
    const sent = await http.post<WebhookDeliverySummaryResponse>(`/api/webhooks/${endpoint.id}/test`, {
      token: owner.accessToken,
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    const [got] = await receiver.waitFor(url);
    expect(got.json).toMatchObject({ type: 'webhook.test', version: 1, data: { endpointId: endpoint.id } });
    expect(verifySignature(got, endpoint.secret)).toBe(true);
    expect(await settled(owner, endpoint.id)).toMatchObject({ id: sent.body.id, status: 'succeeded' });
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const owner = await person(http);
    const url = receiver.url('rotate');
    const endpoint = await addEndpoint(owner, { url, events: ['lead.created'] });
    const rotated = await http.post<WebhookEndpointWithSecretResponse>(
      `/api/webhooks/${endpoint.id}/rotate-secret`,
      {
        token: owner.accessToken,
      },
    );
    expect(rotated.status).toBe(200);
    secrets.push(rotated.body.secret);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const until = Date.parse(rotated.body.previousSecretExpiresAtUtc!);
    expect(until - Date.now()).toBeGreaterThan(23 * 3_600_000);

    await http.post(`/api/webhooks/${endpoint.id}/test`, { token: owner.accessToken });
    const [got] = await receiver.waitFor(url);
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifySignature(got, rotated.body.secret)).toBe(true);
    expect(verifySignature(got, endpoint.secret)).toBe(true);
    // an old timestamp is refused by the receiver's check, whatever the signature
    expect(verifySignature(got, rotated.body.secret, Date.now() + 6 * 60_000)).toBe(false);
  });

  it('sends a team card’s events to the team’s endpoints and not to its holder’s own', async () => {
    const admin = await person(http, 'Admin');
    const team = await createTeam(http, admin);
    const template = await createTemplate(http, admin, team.id);
    const holder = await person(http, 'Holder');
    const joined = await joinTeam(http, app().config.mail.outboxDir, admin, team.id, holder, {
      templateId: template.id,
    });
    const card = await publish(http, holder.accessToken, joined.profileId!);
    const base = `/api/teams/${team.id}/webhooks`;
    const teamUrl = receiver.url('team');
    const teamEndpoint = await addEndpoint(admin, { url: teamUrl, events: ['lead.created'] }, base);
    expect(teamEndpoint.teamId).toBe(team.id);
    const personal = await addEndpoint(holder, { url: receiver.url('holder'), events: ['lead.created'] });

    await leaveMessage(card);
    const [got] = await receiver.waitFor(teamUrl);
    expect(verifySignature(got, teamEndpoint.secret)).toBe(true);
    expect(got.json.data).toMatchObject({ card: { id: card.id } });
    expect((await log(holder, personal.id)).total).toBe(0);
    expect((await settled(admin, teamEndpoint.id, base)).status).toBe('succeeded');

    // a member is told it is an admin's; someone outside learns nothing of the team
    const asMember = await http.get<ErrorResponse>(base, { token: holder.accessToken });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(TeamMessages.adminsOnly);
    const outsider = await person(http);
    expect((await http.get(base, { token: outsider.accessToken })).status).toBe(404);
    // the team's endpoint is not the admin's own
    expect((await http.get(`/api/webhooks/${teamEndpoint.id}`, { token: admin.accessToken })).status).toBe(
      404,
    );
  });

  it('sends lead.updated when the core announces a lead’s change', async () => {
    const owner = await person(http);
    const card = await publishedCard(owner);
    const url = receiver.url('updated');
    const endpoint = await addEndpoint(owner, { url, events: ['lead.updated'] });
    const left = await leaveMessage(card);
    const lead = await app().app.get<LeadsRepository>(LEADS).findOne(card.id, left.body.id);
    const profile = await app().app.get<ProfilesRepository>(PROFILES).findById(card.id);
    await app()
      .app.get(DomainEvents)
      .publish('lead.updated', { lead: lead!, profile: profile!, changes: ['status'] });
    const [got] = await receiver.waitFor(url);
    expect(got.json).toMatchObject({ type: 'lead.updated', data: { lead: left.body, changes: ['status'] } });
    expect(verifySignature(got, endpoint.secret)).toBe(true);
  });

  it('refuses bad input with the form’s words and keeps what was stored', async () => {
    const owner = await person(http);
    const other = await person(http);
    const theirs = await publishedCard(other);
    const bad = async (body: Record<string, unknown>) =>
      (await http.post<ErrorResponse>('/api/webhooks', { token: owner.accessToken, body })).body;
    const url = receiver.url('bad');
    expect((await bad({ url, events: [] })).errors).toEqual([
      { field: 'events', message: WebhookMessages.events },
    ]);
    expect((await bad({ url, events: ['lead.deleted'] })).errors).toEqual([
      { field: 'events', message: WebhookMessages.event },
    ]);
    expect((await bad({ url: 'ftp://example.com', events: ['lead.created'] })).errors).toEqual([
      { field: 'url', message: WebhookMessages.url },
    ]);
    expect(await bad({ url, events: ['lead.created'], cardIds: [theirs.id] })).toEqual({
      error: WebhookMessages.cardNotFound,
      errors: [{ field: 'cardIds', message: WebhookMessages.cardNotFound }],
    });
    const endpoint = await addEndpoint(owner, { url, events: ['lead.created'] });
    const patched = await http.patch<ErrorResponse>(`/api/webhooks/${endpoint.id}`, {
      token: owner.accessToken,
      body: { events: [], description: 'x'.repeat(300) },
    });
    expect(patched.status).toBe(400);
    const kept = await http.get<WebhookEndpointResponse>(`/api/webhooks/${endpoint.id}`, {
      token: owner.accessToken,
    });
    expect(kept.body).toMatchObject({ events: ['lead.created'], description: null });
    // the cap: 4 in these tests
    for (let n = 0; n < 3; n++) await addEndpoint(owner, { url, events: ['lead.created'] });
    const over = await http.post<ErrorResponse>('/api/webhooks', {
      token: owner.accessToken,
      body: { url, events: ['lead.created'] },
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(WebhookMessages.tooMany(4));
  });

  it('lets an automation tool subscribe to one event and unsubscribe (REST hooks)', async () => {
    const owner = await person(http);
    const card = await publishedCard(owner);
    const url = receiver.url('zap');
    const hook = await addEndpoint(owner, { url, event: 'lead.created', cardId: card.id }, '/api/hooks');
    expect(hook).toMatchObject({ events: ['lead.created'], cardIds: [card.id], createdVia: 'api' });
    const listed = await http.get<WebhookEndpointResponse[]>('/api/webhooks', { token: owner.accessToken });
    expect(listed.body.map((one) => one.id)).toEqual([hook.id]);
    await leaveMessage(card);
    const [got] = await receiver.waitFor(url);
    expect(verifySignature(got, hook.secret)).toBe(true);

    const sample = await http.get<Array<{ type: string; version: number; data: object }>>(
      '/api/hooks/samples/lead.created',
      { token: owner.accessToken },
    );
    expect(sample.status).toBe(200);
    expect(sample.body).toEqual([
      {
        type: 'lead.created',
        timestamp: expect.any(String),
        version: 1,
        data: { lead: expect.objectContaining({ email: expect.any(String) }), card: expect.any(Object) },
      },
    ]);
    // the sample has the shape of a real one
    expect(Object.keys((sample.body[0].data as { lead: object }).lead).sort()).toEqual(
      Object.keys((got.json.data as { lead: object }).lead).sort(),
    );
    expect((await http.get('/api/hooks/samples/lead.deleted', { token: owner.accessToken })).status).toBe(
      400,
    );
    expect((await http.delete(`/api/hooks/${hook.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.get(`/api/webhooks/${hook.id}`, { token: owner.accessToken })).status).toBe(404);
  });

  it('takes REST hooks from an API key with leads:read: a personal key’s are the account’s, a team key’s the team’s', async () => {
    const owner = await person(http);
    const card = await publishedCard(owner);
    const makeKey = async (path: string, scopes: string[]) => {
      const made = await http.post<{ key: string }>(path, {
        token: owner.accessToken,
        body: { name: 'Zapier', scopes },
      });
      if (made.status !== 201) throw new Error(`key: ${made.status} ${made.text}`);
      return made.body.key;
    };
    const personal = await makeKey('/api/api-keys', ['leads:read']);
    const url = receiver.url('zap-key');
    const subscribed = await http.post<WebhookEndpointWithSecretResponse>('/api/hooks', {
      token: personal,
      body: { url, event: 'lead.created' },
    });
    expect(subscribed.status).toBe(201);
    secrets.push(subscribed.body.secret);
    const mine = await http.get<WebhookEndpointResponse[]>('/api/webhooks', { token: owner.accessToken });
    expect(mine.body.map((one) => one.id)).toContain(subscribed.body.id);
    await leaveMessage(card);
    const [got] = await receiver.waitFor(url);
    expect(verifySignature(got, subscribed.body.secret)).toBe(true);

    // a key without the scope is refused, and changes nothing
    const analyticsOnly = await makeKey('/api/api-keys', ['analytics:read']);
    const refused = await http.post('/api/hooks', {
      token: analyticsOnly,
      body: { url: receiver.url('zap-refused'), event: 'lead.created' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This API key needs the leads:read scope' });

    // a team key's hook is the team's: listed with the team's endpoints, not the acting owner's
    const team = await createTeam(http, owner);
    const teamKey = await makeKey(`/api/teams/${team.id}/api-keys`, ['leads:read']);
    const teamHook = await http.post<WebhookEndpointWithSecretResponse>('/api/hooks', {
      token: teamKey,
      body: { url: receiver.url('zap-team'), event: 'lead.created' },
    });
    expect(teamHook.status).toBe(201);
    secrets.push(teamHook.body.secret);
    const teams = await http.get<WebhookEndpointResponse[]>(`/api/teams/${team.id}/webhooks`, {
      token: owner.accessToken,
    });
    expect(teams.body.map((one) => one.id)).toEqual([teamHook.body.id]);
    const again = await http.get<WebhookEndpointResponse[]>('/api/webhooks', { token: owner.accessToken });
    expect(again.body.map((one) => one.id)).not.toContain(teamHook.body.id);
    // the team key removes its team's hook, and cannot reach the account's
    expect((await http.delete(`/api/hooks/${subscribed.body.id}`, { token: teamKey })).status).toBe(404);
    expect((await http.delete(`/api/hooks/${teamHook.body.id}`, { token: teamKey })).status).toBe(204);
    expect((await http.delete(`/api/hooks/${subscribed.body.id}`, { token: personal })).status).toBe(204);
  });

  it('deletes an account’s endpoints with the account, and a team’s with the team', async () => {
    const store = app().app.get<WebhookEndpointsRepository>(WEBHOOK_ENDPOINTS);
    const owner = await person(http);
    const mine = await addEndpoint(owner, { url: receiver.url('gone'), events: ['lead.created'] });
    const team = await createTeam(http, owner);
    const ours = await addEndpoint(
      owner,
      { url: receiver.url('gone-team'), events: ['lead.created'] },
      `/api/teams/${team.id}/webhooks`,
    );
    expect((await http.delete(`/api/teams/${team.id}`, { token: owner.accessToken })).status).toBe(204);
    await expect(store.findById(ours.id)).resolves.toBeNull();
    await expect(store.findById(mine.id)).resolves.not.toBeNull();
    const deleted = await http.delete('/api/account', {
      token: owner.accessToken,
      body: { password: owner.password },
    });
    expect(deleted.status).toBe(204);
    await expect(store.findById(mine.id)).resolves.toBeNull();
  });

  it('never writes a signing secret to its log', async () => {
    await app().app.get(WebhookDispatcher).idle();
    expect(secrets.length).toBeGreaterThan(5);
    expect(lines.length).toBeGreaterThan(0);
    // the log did record the deliveries these secrets signed
    expect(lines.some((line) => line.includes('(lead.created) to endpoint'))).toBe(true);
    const text = lines.join('\n');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(6));
    }
  });
});

/** the mails to the address in the `.eml` outbox, oldest first */
async function mailsTo(outboxDir: string, email: string): Promise<Array<{ subject: string; text: string }>> {
  let names: string[] = [];
  try {
    names = readdirSync(outboxDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(names.map((name) => simpleParser(readFileSync(join(outboxDir, name)))));
  return mails
    .filter((mail) =>
      JSON.stringify(mail.to ?? '')
        .toLowerCase()
        .includes(email.toLowerCase()),
    )
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
}

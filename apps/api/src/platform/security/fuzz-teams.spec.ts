import fc from 'fast-check';

import type {
  ApiKeyResponse,
  CardTemplateResponse,
  CreatedApiKeyResponse,
  Page,
  TeamCardResponse,
  TeamInvitationResponse,
  TeamLeadResponse,
  TeamMemberResponse,
  TeamResponse,
  WebhookEndpointResponse,
} from '@cardcraft/contracts';
import { buildTeamWorld, type TeamWorld } from '../../teams/testing/team-matrix-world';
import { STORAGE_KINDS } from '../testing/adapters';
import {
  fuzzRequests,
  rawSegment,
  sendRaw,
  type FuzzRoute,
  type GeneratedRequest,
} from '../testing/fuzz-requests';
import { type HttpClient } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';

// the fuzz suite's team routes: generated requests from outside the team (nobody, another account,
// forged sessions) to every team and invitation route. the property: no 5xx, no dropped connection,
// and nothing of the team changes: its people, invitations, templates, cards and leads.

const RUNS = Number(process.env.FUZZ_RUNS ?? '') || 2_000;

/** everything of the team an admin reads, compared before and after the run */
async function teamState(http: HttpClient, world: TeamWorld) {
  const token = world.tokens.owner!;
  const base = `/api/teams/${world.team.id}`;
  const [team, members, invitations, templates, cards, leads, keys, webhooks] = await Promise.all([
    http.get<TeamResponse>(base, { token }),
    http.get<TeamMemberResponse[]>(`${base}/members`, { token }),
    http.get<TeamInvitationResponse[]>(`${base}/invitations`, { token }),
    http.get<CardTemplateResponse[]>(`${base}/templates`, { token }),
    http.get<TeamCardResponse[]>(`${base}/cards`, { token }),
    http.get<Page<TeamLeadResponse>>(`${base}/leads?pageSize=100`, { token }),
    http.get<ApiKeyResponse[]>(`${base}/api-keys`, { token }),
    http.get<WebhookEndpointResponse[]>(`${base}/webhooks`, { token }),
  ]);
  // the endpoints as the team set them (their log's last line is the dispatcher's)
  const endpoints = webhooks.body.map(({ lastDelivery: _last, ...endpoint }) => endpoint);
  const answers = [team, members, invitations, templates, cards, leads, keys, webhooks];
  return {
    statuses: answers.map((answer) => answer.status),
    bodies: [...answers.slice(0, -1).map((answer) => answer.body), endpoints],
  };
}

describe.each(STORAGE_KINDS)('every team route under generated input (%s)', (kind) => {
  // the team's webhook names loopback, where nothing listens on port 9: an attempt fails at once
  const { http, app } = apiUnderTest(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });

  function requests(world: TeamWorld, attackerApiKey: string): fc.Arbitrary<GeneratedRequest> {
    const teamSegment = fc.oneof(fc.constant(world.team.id), rawSegment);
    const any = (id: string) => fc.oneof(fc.constant(id), rawSegment);
    const base = teamSegment.map((id) => `/api/teams/${id}`);
    const under = (suffix: fc.Arbitrary<string>) =>
      fc.tuple(base, suffix).map(([prefix, rest]) => `${prefix}${rest}`);
    const hook = under(any(world.webhookId).map((id) => `/webhooks/${id}`));
    const webhookBody = {
      url: 'http://127.0.0.1:9/fuzz',
      description: 'Team CRM',
      events: ['lead.created'],
      cardIds: [world.card.id],
      enabled: true,
    };
    const templateBody = { name: 'Fuzzed', content: world.template.content, lockedFields: ['theme'] };
    const range = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' };
    const routes: FuzzRoute[] = [
      { method: 'POST', path: fc.constant('/api/teams'), body: { name: 'Fuzz team' } },
      { method: 'GET', path: fc.constant('/api/teams') },
      { method: 'GET', path: base },
      { method: 'PATCH', path: base, body: { name: 'Renamed', brand: { primaryColor: '#123456' } } },
      { method: 'PUT', path: base.map((path) => `${path}/security`), body: { requireSecondFactor: true } },
      { method: 'DELETE', path: base },
      { method: 'GET', path: under(fc.constant('/members')) },
      {
        method: 'PATCH',
        path: under(any(world.ids.member).map((id) => `/members/${id}`)),
        body: { role: 'owner' },
      },
      {
        method: 'DELETE',
        path: under(any(world.ids.member).map((id) => `/members/${id}`)),
        body: { cards: 'unpublish', transferTo: world.ids.admin },
      },
      { method: 'GET', path: under(fc.constant('/invitations')) },
      {
        method: 'POST',
        path: under(fc.constant('/invitations')),
        body: {
          email: 'fuzz@example.com',
          role: 'admin',
          name: 'F',
          title: 'T',
          phone: '1',
          templateId: world.template.id,
        },
      },
      {
        method: 'POST',
        path: under(fc.constant('/invitations/bulk')),
        body: { csv: 'email,name\nfuzz@example.com,"F, Z"\n', role: 'member', templateId: null },
      },
      { method: 'POST', path: under(any(world.invitationId).map((id) => `/invitations/${id}/resend`)) },
      { method: 'DELETE', path: under(any(world.invitationId).map((id) => `/invitations/${id}`)) },
      {
        method: 'POST',
        path: fc.constant('/api/invitations/preview'),
        body: { token: world.invitationToken },
      },
      {
        method: 'POST',
        path: fc.constant('/api/invitations/accept'),
        body: { token: world.invitationToken },
      },
      { method: 'GET', path: under(fc.constant('/templates')) },
      { method: 'POST', path: under(fc.constant('/templates')), body: templateBody },
      { method: 'GET', path: under(any(world.template.id).map((id) => `/templates/${id}`)) },
      {
        method: 'PUT',
        path: under(any(world.template.id).map((id) => `/templates/${id}`)),
        body: templateBody,
      },
      { method: 'DELETE', path: under(any(world.template.id).map((id) => `/templates/${id}`)) },
      { method: 'GET', path: under(fc.constant('/cards')), query: { memberId: world.ids.member } },
      {
        method: 'POST',
        path: under(fc.constant('/cards')),
        body: {
          templateId: world.template.id,
          holderId: world.ids.member,
          handle: 'fuzz-card',
          displayName: 'F',
        },
      },
      {
        method: 'POST',
        path: under(any(world.card.id).map((id) => `/cards/${id}/assign`)),
        body: { holderId: world.ids.admin },
      },
      {
        method: 'GET',
        path: under(fc.constant('/leads')),
        query: {
          memberId: world.ids.member,
          profileId: world.card.id,
          page: 1,
          pageSize: 20,
          status: 'new',
          tag: 'vip',
          q: 'a',
          from: '2026-01-01',
          to: '2026-12-31',
          sort: 'followUp',
        },
      },
      {
        method: 'GET',
        path: under(fc.constant('/leads/export')),
        query: { memberId: world.ids.member, status: 'new', tag: 'vip', q: 'a', from: '2026-01-01' },
      },
      { method: 'GET', path: under(fc.constant('/leads/tags')) },
      {
        method: 'POST',
        path: under(fc.constant('/leads/bulk')),
        body: { leadIds: [world.leadId], action: 'addTags', tags: ['Fuzz'] },
      },
      { method: 'GET', path: under(fc.constant('/webhooks')) },
      { method: 'POST', path: under(fc.constant('/webhooks')), body: webhookBody },
      { method: 'GET', path: hook },
      { method: 'PATCH', path: hook, body: webhookBody },
      { method: 'DELETE', path: hook },
      {
        method: 'POST',
        path: fc.tuple(hook, fc.constantFrom('/rotate-secret', '/test')).map((p) => p.join('')),
      },
      { method: 'GET', path: hook.map((path) => `${path}/deliveries`), query: { page: 1, pageSize: 20 } },
      {
        method: 'GET',
        path: fc.tuple(hook, any(world.deliveryId)).map(([path, id]) => `${path}/deliveries/${id}`),
      },
      {
        method: 'POST',
        path: fc.tuple(hook, any(world.deliveryId)).map(([path, id]) => `${path}/deliveries/${id}/retry`),
      },
      {
        method: 'GET',
        path: under(fc.constant('/analytics/summary')),
        query: { ...range, memberId: world.ids.member },
      },
      {
        method: 'GET',
        path: under(fc.constant('/analytics/overview')),
        query: { ...range, tz: 'Asia/Kolkata', compare: 'year' },
      },
      { method: 'GET', path: under(fc.constant('/api-keys')) },
      {
        method: 'POST',
        path: under(fc.constant('/api-keys')),
        body: { name: 'Fuzzed', scopes: ['leads:read'], expiresInDays: 365 },
      },
      {
        method: 'PATCH',
        path: under(any(world.apiKeyId).map((id) => `/api-keys/${id}`)),
        body: { name: 'Renamed' },
      },
      { method: 'DELETE', path: under(any(world.apiKeyId).map((id) => `/api-keys/${id}`)) },
    ];
    return fuzzRequests(routes, {
      attackerToken: world.tokens.otherAdmin!,
      attackerCookie: '',
      ownerToken: world.tokens.owner!,
      attackerApiKey,
    });
  }

  it(
    `answers no 5xx to ${RUNS} generated requests and changes nothing of the team`,
    async () => {
      const world = await buildTeamWorld(http, app().config.mail.outboxDir);
      // another team's admin's own key, every scope
      const attackerKey = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
        token: world.tokens.otherAdmin!,
        body: { name: 'Fuzz', scopes: ['leads:read', 'analytics:read', 'cards:manage'] },
      });
      const before = await teamState(http, world);
      expect(before.statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);

      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requests(world, attackerKey.body.key), async (generated) => {
          const status = await sendRaw(app().url, generated);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          return status > 0 && status < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );

      const seen = [...statuses.keys()];
      // the owner's reads went through (its writes are a small share of the requests: a run may hold
      // none that succeeds, so the kinds of success are not counted; the team specs check the writes)
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(seen).toEqual(expect.arrayContaining([400, 401, 404]));
      expect(await teamState(http, world)).toEqual(before);
      expect((await http.get('/api/health/ready')).status).toBe(200);
    },
    10 * 60_000,
  );
});

import type { BulkLeadsResponse, Page, TeamCardResponse, TeamLeadResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../testing/adapters';
import type { HttpResult } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { fresh } from '../../teams/testing/team-world';
import { editable } from '../../teams/testing/team-world';
import {
  ACTORS,
  buildTeamWorld,
  type Actor,
  type TeamWorld as World,
} from '../../teams/testing/team-matrix-world';

type Expected = number | ((world: World, response: HttpResult) => void);

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the route as the OpenAPI document names it */
  path: string;
  /** a team card through the card's own routes: not a new route, a new kind of caller */
  cardRoute?: true;
  /** a write that leaves the world as every other route needs it: it shares the readers' world */
  sharedWorld?: true;
  url: (world: World) => string;
  body?: (world: World, actor: Actor) => unknown;
  expect: Record<Actor, Expected>;
}

const SIGNED_OUT = { anonymous: 401, ended: 401 } as const;
/** a team's business: nobody outside it learns it exists */
const OUTSIDERS = { ...SIGNED_OUT, removed: 404, otherAdmin: 404 } as const;
const ADMINS = (status: number, owner = status): Record<Actor, Expected> => ({
  ...OUTSIDERS,
  member: 403,
  admin: status,
  owner,
});
const MEMBERS = (status: number): Record<Actor, Expected> => ({
  ...OUTSIDERS,
  member: status,
  admin: status,
  owner: status,
});
const SIGNED_IN = (status: number): Record<Actor, Expected> => ({
  ...SIGNED_OUT,
  removed: status,
  otherAdmin: status,
  member: status,
  admin: status,
  owner: status,
});

/** a bulk change answered 200, the lead's one outcome as given */
const bulkOutcome =
  (outcome: string): Expected =>
  (world, response) => {
    expect(response.status).toBe(200);
    expect((response.body as BulkLeadsResponse).results).toEqual([{ id: world.leadId, outcome }]);
  };

const team = (world: World) => `/api/teams/${world.team.id}`;
const webhook = (world: World) => `/api/teams/${world.team.id}/webhooks/${world.webhookId}`;
const RANGE = 'from=2026-01-01T00:00:00.000Z&to=2027-01-01T00:00:00.000Z';
const templateBody = (world: World) => ({
  name: 'Changed',
  content: world.template.content,
  lockedFields: world.template.lockedFields,
});

const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/teams',
    url: () => '/api/teams',
    body: () => ({ name: 'Another' }),
    expect: SIGNED_IN(201),
  },
  {
    method: 'GET',
    path: '/api/teams',
    url: () => '/api/teams',
    expect: {
      ...SIGNED_IN(200),
      // a former member no longer sees the team
      removed: (world, response) => {
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(world.team.id);
      },
    },
  },
  { method: 'GET', path: '/api/teams/{teamId}', url: team, expect: MEMBERS(200) },
  {
    method: 'PATCH',
    path: '/api/teams/{teamId}',
    url: team,
    body: () => ({ name: 'Renamed', brand: { primaryColor: '#112233' } }),
    expect: ADMINS(200),
  },
  { method: 'DELETE', path: '/api/teams/{teamId}', url: team, expect: { ...ADMINS(403), owner: 204 } },
  // an owner's to set; turning the requirement off needs nothing of the owner's own account
  {
    method: 'PUT',
    path: '/api/teams/{teamId}/security',
    url: (world) => `${team(world)}/security`,
    body: () => ({ requireSecondFactor: false }),
    expect: { ...ADMINS(403), owner: 200 },
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/members',
    url: (w) => `${team(w)}/members`,
    expect: ADMINS(200),
  },
  {
    method: 'PATCH',
    path: '/api/teams/{teamId}/members/{userId}',
    url: (w) => `${team(w)}/members/${w.target.userId}`,
    body: () => ({ role: 'admin' }),
    expect: ADMINS(200),
  },
  {
    method: 'DELETE',
    path: '/api/teams/{teamId}/members/{userId}',
    url: (w) => `${team(w)}/members/${w.target.userId}`,
    body: () => ({ cards: 'transfer' }),
    // the admin removes the member; the owner, asking next, finds them gone
    expect: ADMINS(204, 404),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/invitations',
    url: (w) => `${team(w)}/invitations`,
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/invitations',
    url: (w) => `${team(w)}/invitations`,
    body: () => ({ email: `${fresh('invited')}@example.com`, role: 'member' }),
    expect: ADMINS(201),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/invitations/bulk',
    url: (w) => `${team(w)}/invitations/bulk`,
    body: () => ({ csv: `email\n${fresh('bulk')}@example.com\n`, role: 'member' }),
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/invitations/{invitationId}/resend',
    url: (w) => `${team(w)}/invitations/${w.invitationId}/resend`,
    expect: ADMINS(200),
  },
  {
    method: 'DELETE',
    path: '/api/teams/{teamId}/invitations/{invitationId}',
    url: (w) => `${team(w)}/invitations/${w.invitationId}`,
    expect: ADMINS(204, 404),
  },
  // the link is the proof of the invitation: anyone holding it sees what it is for
  {
    method: 'POST',
    path: '/api/invitations/preview',
    url: () => '/api/invitations/preview',
    body: (w) => ({ token: w.invitationToken }),
    expect: { ...SIGNED_IN(200), anonymous: 200, ended: 200 },
  },
  // ...but only the invited address joins with it, and none of the actors has that address
  {
    method: 'POST',
    path: '/api/invitations/accept',
    url: () => '/api/invitations/accept',
    body: (w) => ({ token: w.invitationToken }),
    expect: SIGNED_IN(403),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/templates',
    url: (w) => `${team(w)}/templates`,
    expect: MEMBERS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/templates',
    url: (w) => `${team(w)}/templates`,
    body: templateBody,
    expect: ADMINS(201),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/templates/{templateId}',
    url: (w) => `${team(w)}/templates/${w.template.id}`,
    expect: MEMBERS(200),
  },
  {
    method: 'PUT',
    path: '/api/teams/{teamId}/templates/{templateId}',
    url: (w) => `${team(w)}/templates/${w.template.id}`,
    body: templateBody,
    expect: ADMINS(200),
  },
  {
    method: 'DELETE',
    path: '/api/teams/{teamId}/templates/{templateId}',
    url: (w) => `${team(w)}/templates/${w.template.id}`,
    expect: ADMINS(204, 404),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/cards',
    url: (w) => `${team(w)}/cards`,
    expect: {
      ...MEMBERS(200),
      // a member sees their own cards, an admin every one
      admin: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as TeamCardResponse[]).map((card) => card.profileId)).toContain(world.card.id);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/cards',
    url: (w) => `${team(w)}/cards`,
    body: (w) => ({ templateId: w.template.id, handle: fresh('team-card'), displayName: 'Team Card' }),
    expect: MEMBERS(201),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/cards/{profileId}/assign',
    url: (w) => `${team(w)}/cards/${w.card.id}/assign`,
    body: (w) => ({ holderId: w.ids.admin }),
    expect: ADMINS(200),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/leads',
    url: (w) => `${team(w)}/leads`,
    expect: {
      ...MEMBERS(200),
      member: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as Page<TeamLeadResponse>).items.map((lead) => lead.profileId)).toEqual([
          world.card.id,
        ]);
      },
    },
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/leads/export',
    url: (w) => `${team(w)}/leads/export`,
    expect: MEMBERS(200),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/leads/tags',
    url: (w) => `${team(w)}/leads/tags`,
    expect: MEMBERS(200),
  },
  // each caller acts on the leads in their reach: the holder's own, an admin's the team's
  {
    method: 'POST',
    path: '/api/teams/{teamId}/leads/bulk',
    url: (w) => `${team(w)}/leads/bulk`,
    body: (w) => ({ leadIds: [w.leadId], action: 'addTags', tags: ['Seen'] }),
    expect: {
      ...OUTSIDERS,
      member: bulkOutcome('updated'),
      admin: bulkOutcome('unchanged'),
      owner: bulkOutcome('unchanged'),
    },
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/analytics/summary',
    url: (w) => `${team(w)}/analytics/summary?${RANGE}`,
    expect: MEMBERS(200),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/analytics/overview',
    url: (w) => `${team(w)}/analytics/overview?${RANGE}&compare=year`,
    expect: MEMBERS(200),
  },
  // the member's team card through its own routes: its holder and the team's admins, nobody else
  // a team's API keys: its owners' and admins' alone (the admin revokes; the owner, next, finds it gone)
  {
    method: 'GET',
    path: '/api/teams/{teamId}/api-keys',
    url: (w) => `${team(w)}/api-keys`,
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/api-keys',
    url: (w) => `${team(w)}/api-keys`,
    body: () => ({ name: 'Another tool', scopes: ['analytics:read'] }),
    expect: ADMINS(201),
  },
  {
    method: 'PATCH',
    path: '/api/teams/{teamId}/api-keys/{id}',
    url: (w) => `${team(w)}/api-keys/${w.apiKeyId}`,
    body: () => ({ name: 'Renamed tool' }),
    expect: ADMINS(200),
  },
  {
    method: 'DELETE',
    path: '/api/teams/{teamId}/api-keys/{id}',
    url: (w) => `${team(w)}/api-keys/${w.apiKeyId}`,
    expect: ADMINS(204, 404),
  },
  ...(['', '/leads', `/analytics/summary?${RANGE}`, '/qr'] as const).map((suffix): Route => ({
    method: 'GET',
    path: `/api/profiles/{id}${suffix.split('?')[0]}`,
    cardRoute: true,
    url: (w) => `/api/profiles/${w.card.id}${suffix}`,
    expect: MEMBERS(200),
  })),
  {
    method: 'PATCH',
    path: '/api/profiles/{id}/leads/{leadId}',
    cardRoute: true,
    url: (w) => `/api/profiles/${w.card.id}/leads/${w.leadId}`,
    body: (_w, actor) => ({ note: `seen by ${actor}` }),
    expect: MEMBERS(200),
  },
  {
    method: 'PUT',
    path: '/api/profiles/{id}',
    cardRoute: true,
    url: (w) => `/api/profiles/${w.card.id}`,
    // a locked field's change is refused to everyone who may edit the card
    body: (w) => editable(w.card, { theme: 'solar' }),
    expect: MEMBERS(403),
  },
  {
    method: 'DELETE',
    path: '/api/profiles/{id}',
    cardRoute: true,
    url: (w) => `/api/profiles/${w.card.id}`,
    expect: { ...OUTSIDERS, member: 403, admin: 204, owner: 404 },
  },
  // the team's webhooks: its owners' and admins'
  {
    method: 'GET',
    path: '/api/teams/{teamId}/webhooks',
    url: (w) => `${team(w)}/webhooks`,
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/webhooks',
    sharedWorld: true,
    url: (w) => `${team(w)}/webhooks`,
    body: () => ({ url: 'http://127.0.0.1:9/other', events: ['contact.saved'] }),
    expect: ADMINS(201),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/webhooks/{id}',
    url: webhook,
    expect: ADMINS(200),
  },
  {
    method: 'PATCH',
    path: '/api/teams/{teamId}/webhooks/{id}',
    sharedWorld: true,
    url: webhook,
    body: () => ({ description: 'Renamed' }),
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/webhooks/{id}/rotate-secret',
    sharedWorld: true,
    url: (w) => `${webhook(w)}/rotate-secret`,
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/webhooks/{id}/test',
    sharedWorld: true,
    url: (w) => `${webhook(w)}/test`,
    expect: ADMINS(202),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/webhooks/{id}/deliveries',
    url: (w) => `${webhook(w)}/deliveries`,
    expect: ADMINS(200),
  },
  {
    method: 'GET',
    path: '/api/teams/{teamId}/webhooks/{id}/deliveries/{deliveryId}',
    url: (w) => `${webhook(w)}/deliveries/${w.deliveryId}`,
    expect: ADMINS(200),
  },
  {
    method: 'POST',
    path: '/api/teams/{teamId}/webhooks/{id}/deliveries/{deliveryId}/retry',
    sharedWorld: true,
    url: (w) => `${webhook(w)}/deliveries/${w.deliveryId}/retry`,
    expect: ADMINS(202),
  },
  {
    method: 'DELETE',
    path: '/api/teams/{teamId}/webhooks/{id}',
    url: webhook,
    // the admin deletes it; the owner, asking next, finds it gone
    expect: ADMINS(204, 404),
  },
];

describe.each(STORAGE_KINDS)('teams authorization matrix (%s)', (kind) => {
  // the team's webhook goes to a loopback port nothing listens on
  const { http, app } = apiUnderTest(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  const outbox = () => app().config.mail.outboxDir;
  let readersWorld: Promise<World> | undefined;
  const sharedWorld = () => (readersWorld ??= buildTeamWorld(http, outbox()));

  it('covers every team route the API documents', async () => {
    const document = await http.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs-json');
    const documented = Object.entries(document.body.paths)
      .filter(([path]) => path.startsWith('/api/teams') || path.startsWith('/api/invitations'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = ROUTES.filter((route) => !route.cardRoute).map((route) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual([...new Set(listed)].sort());
  });

  it.each(
    ROUTES.map(
      (route) => [`${route.method} ${route.path}${route.cardRoute ? ' (a team card)' : ''}`, route] as const,
    ),
  )('%s', async (_name, route) => {
    // reads share one world; a write gets its own
    const world =
      route.method === 'GET' || route.sharedWorld
        ? await sharedWorld()
        : await buildTeamWorld(http, outbox());
    const mismatches: string[] = [];
    for (const actor of ACTORS) {
      const token = world.tokens[actor] ?? undefined;
      const response = await http.request(route.method, route.url(world), {
        token,
        body: route.body?.(world, actor),
      });
      const expected = route.expect[actor];
      try {
        if (typeof expected === 'number') {
          expect(response.status).toBe(expected);
          if (expected >= 400)
            expect(response.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
        } else {
          expected(world, response);
        }
      } catch (error) {
        mismatches.push(`${actor}: ${response.status} ${response.text.slice(0, 200)}\n${String(error)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

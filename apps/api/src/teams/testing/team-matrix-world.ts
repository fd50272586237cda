import type {
  CardTemplateResponse,
  ProfileResponse,
  TeamInvitationResponse,
  TeamResponse,
} from '@cardcraft/contracts';
import type { HttpClient } from '../../platform/testing/http';
import {
  createTeam,
  createTemplate,
  fresh,
  invitationTokens,
  joinTeam,
  newInvitationToken,
  person,
  publish,
  type Person,
} from './team-world';

// who is asking about a team. "removed" was a member until an admin removed them; "otherAdmin" owns
// a team of their own; "ended" is the owner's own session after they logged out of it. they ask in
// this order, so where a write succeeds for the admin the owner (last) finds it done already.
export const ACTORS = ['anonymous', 'ended', 'removed', 'otherAdmin', 'member', 'admin', 'owner'] as const;
export type Actor = (typeof ACTORS)[number];

export interface TeamWorld {
  team: TeamResponse;
  template: CardTemplateResponse;
  /** the member's published team card, with a message on it */
  card: ProfileResponse;
  /** that message */
  leadId: string;
  /** a member the routes that change a member act on */
  target: Person;
  /** a pending invitation, to an address none of the actors has */
  invitationId: string;
  invitationToken: string;
  /** a team key the owner made */
  apiKeyId: string;
  /** the team's webhook endpoint (an address nothing listens on) and a delivery in its log */
  webhookId: string;
  deliveryId: string;
  tokens: Record<Actor, string | null>;
  ids: Record<Actor, string>;
}

/** a team with every kind of caller, made through the API as people would make it */
export async function buildTeamWorld(http: HttpClient, outboxDir: string): Promise<TeamWorld> {
  // the people sign up and join side by side: each waits on a mail of its own
  const [owner, admin, member, target, removed, otherAdmin] = await Promise.all(
    ['Owner', 'Admin', 'Member', 'Target', 'Removed', 'Other Admin'].map((name) => person(http, name)),
  );
  const created = await createTeam(http, owner);
  const template = await createTemplate(http, owner, created.id);
  const [, joined] = await Promise.all([
    joinTeam(http, outboxDir, owner, created.id, admin, { role: 'admin' }),
    // a name of its own: the card's handle is made from it, and a suite builds many worlds (a first
    // card tries 20 handles of one name)
    joinTeam(http, outboxDir, owner, created.id, member, { templateId: template.id, name: fresh('Member') }),
    joinTeam(http, outboxDir, owner, created.id, target),
    joinTeam(http, outboxDir, owner, created.id, removed),
  ]);
  const removal = await http.delete(`/api/teams/${created.id}/members/${removed.userId}`, {
    token: owner.accessToken,
    body: { cards: 'transfer' },
  });
  if (removal.status !== 204) throw new Error(`removal: ${removal.status} ${removal.text}`);
  const card = await publish(http, member.accessToken, joined.profileId!);
  const lead = await http.post<{ id: string }>(`/api/profiles/${card.id}/leads`, {
    body: { email: 'visitor@example.com', message: 'Hi', consent: true },
  });
  if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${lead.text}`);

  await createTeam(http, otherAdmin, 'Rivals');
  const second = await http.post<{ accessToken: string }>('/api/auth/login', {
    body: { email: owner.email, password: owner.password },
  });
  await http.post('/api/auth/logout', { token: second.body.accessToken });

  const invitee = `${fresh('pending')}@example.com`;
  const seen = (await invitationTokens(outboxDir, invitee)).length;
  const invitation = await http.post<TeamInvitationResponse>(`/api/teams/${created.id}/invitations`, {
    token: owner.accessToken,
    body: { email: invitee },
  });
  if (invitation.status !== 201) throw new Error(`invitation: ${invitation.status} ${invitation.text}`);
  const apiKey = await http.post<{ id: string }>(`/api/teams/${created.id}/api-keys`, {
    token: owner.accessToken,
    body: { name: 'Team reports', scopes: ['leads:read'] },
  });
  if (apiKey.status !== 201) throw new Error(`api key: ${apiKey.status} ${apiKey.text}`);
  const webhook = await http.post<{ id: string }>(`/api/teams/${created.id}/webhooks`, {
    token: owner.accessToken,
    body: { url: 'http://127.0.0.1:9/hook', events: ['lead.created'] },
  });
  if (webhook.status !== 201) throw new Error(`webhook: ${webhook.status} ${webhook.text}`);
  const delivery = await http.post<{ id: string }>(
    `/api/teams/${created.id}/webhooks/${webhook.body.id}/test`,
    {
      token: owner.accessToken,
    },
  );
  const people = { removed, otherAdmin, member, admin, owner };
  return {
    webhookId: webhook.body.id,
    deliveryId: delivery.body.id,
    team: created,
    template,
    card,
    leadId: lead.body.id,
    target,
    invitationId: invitation.body.id,
    invitationToken: await newInvitationToken(outboxDir, invitee, seen),
    apiKeyId: apiKey.body.id,
    tokens: {
      anonymous: null,
      ended: second.body.accessToken,
      ...(Object.fromEntries(Object.entries(people).map(([name, one]) => [name, one.accessToken])) as Record<
        keyof typeof people,
        string
      >),
    },
    ids: {
      anonymous: '',
      ended: owner.userId,
      ...(Object.fromEntries(Object.entries(people).map(([name, one]) => [name, one.userId])) as Record<
        keyof typeof people,
        string
      >),
    },
  };
}

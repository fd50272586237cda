import type {
  CardTemplateResponse,
  ErrorResponse,
  Page,
  ProfileResponse,
  PublicProfileResponse,
  TeamAnalyticsResponse,
  TeamCardResponse,
  TeamLeadResponse,
  TeamResponse,
} from '@cardcraft/contracts';
import { cardBrandColors, LOCKED_FIELD_MESSAGE, TeamMessages } from '@cardcraft/contracts';
import { eventually } from '../platform/testing/eventually';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile } from '../platform/testing/http';
import { BUILT_WEB_DIST } from '../platform/testing/paths';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, createTemplate, editable, joinTeam, person, publish } from './testing/team-world';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const RANGE = () => {
  const to = new Date(Date.now() + 3_600_000);
  const from = new Date(to.getTime() - 7 * 86_400_000);
  return `from=${from.toISOString()}&to=${to.toISOString()}`;
};

describe.each(STORAGE_KINDS)('teams: templates, cards, leads and analytics (%s)', (kind) => {
  // with the built web app, so the card's own pages are served too
  const { http, app } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });
  const outbox = () => app().config.mail.outboxDir;

  it("makes a member's card from the template and keeps its locked fields as the template has them", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http, 'Grace Hopper');
    const joined = await joinTeam(http, outbox(), owner, team.id, member, {
      templateId: template.id,
      name: 'Grace Hopper',
      title: 'Rear Admiral',
    });
    expect(joined.profileId).toEqual(expect.any(String));
    const card = await http.get<ProfileResponse>(`/api/profiles/${joined.profileId}`, {
      token: member.accessToken,
    });
    expect(card.body).toMatchObject({
      handle: 'grace-hopper',
      displayName: 'Grace Hopper',
      tagline: 'Rear Admiral',
      theme: 'noir',
      published: false,
      contact: expect.objectContaining({ company: 'Acme Corp', email: member.email }),
      team: {
        teamId: team.id,
        teamName: team.name,
        templateId: template.id,
        role: 'member',
        lockedFields: ['theme', 'contact.company', 'socialLinks'],
      },
    });

    // a change to a locked field is refused, naming each field; the card is unchanged
    const forced = await http.put<ErrorResponse>(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
      body: editable(card.body, { theme: 'solar', contact: { ...card.body.contact, company: 'Rival Inc' } }),
    });
    expect(forced.status).toBe(403);
    expect(forced.body).toEqual({
      error: LOCKED_FIELD_MESSAGE,
      errors: [
        { field: 'theme', message: LOCKED_FIELD_MESSAGE },
        { field: 'contact.company', message: LOCKED_FIELD_MESSAGE },
      ],
    });
    const same = await http.get<ProfileResponse>(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
    });
    expect(same.body).toEqual(card.body);

    // what is open changes freely, and publishing works
    const saved = await http.put<ProfileResponse>(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
      body: editable(card.body, { bio: 'Compilers', published: true }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bio: 'Compilers', published: true });

    // the template's new values reach the card's locked fields; the member's own stay
    const changed = await http.put<CardTemplateResponse>(`/api/teams/${team.id}/templates/${template.id}`, {
      token: owner.accessToken,
      body: {
        name: 'Sales card v2',
        content: {
          ...template.content,
          theme: 'solar',
          contact: { ...template.content.contact, company: 'Acme Global' },
        },
        lockedFields: template.lockedFields,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.cardCount).toBe(1);
    const after = await http.get<ProfileResponse>(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
    });
    expect(after.body).toMatchObject({
      theme: 'solar',
      bio: 'Compilers',
      tagline: 'Rear Admiral',
      published: true,
    });
    expect(after.body.contact.company).toBe('Acme Global');
    const page = await http.get<PublicProfileResponse>(`/api/public/profiles/${after.body.handle}`);
    expect(page.body.contact.company).toBe('Acme Global');

    // a member cannot delete the team's card; the team's admin can reach it like its holder
    const deleted = await http.delete<ErrorResponse>(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
    });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error).toBe(TeamMessages.teamCardsKept);
    expect((await http.get(`/api/profiles/${card.body.id}`, { token: owner.accessToken })).status).toBe(200);
    const stranger = await person(http);
    expect((await http.get(`/api/profiles/${card.body.id}`, { token: stranger.accessToken })).status).toBe(
      404,
    );
  });

  it('lets an admin make cards for members, reassign them, and a member see only their own', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const first = await person(http);
    const second = await person(http);
    await joinTeam(http, outbox(), owner, team.id, first);
    await joinTeam(http, outbox(), owner, team.id, second);
    const made = await http.post<TeamCardResponse>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
      body: {
        templateId: template.id,
        holderId: first.userId,
        handle: `first-${Date.now()}`,
        displayName: 'First',
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.holder.userId).toBe(first.userId);
    const own = await http.post<TeamCardResponse>(`/api/teams/${team.id}/cards`, {
      token: second.accessToken,
      body: { templateId: template.id, handle: `second-${Date.now()}`, displayName: 'Second' },
    });
    expect(own.status).toBe(201);
    const forOther = await http.post<ErrorResponse>(`/api/teams/${team.id}/cards`, {
      token: second.accessToken,
      body: {
        templateId: template.id,
        holderId: first.userId,
        handle: `x-${Date.now()}`,
        displayName: 'Xavier',
      },
    });
    expect(forOther.status).toBe(403);
    const outsider = await person(http);
    const notMember = await http.post<ErrorResponse>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
      body: {
        templateId: template.id,
        holderId: outsider.userId,
        handle: `y-${Date.now()}`,
        displayName: 'Yvonne',
      },
    });
    expect(notMember.status).toBe(400);
    expect(notMember.body.error).toBe(TeamMessages.holderNotMember);

    const all = await http.get<TeamCardResponse[]>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
    });
    expect(all.body.map((card) => card.profileId)).toEqual([made.body.profileId, own.body.profileId]);
    const theirs = await http.get<TeamCardResponse[]>(`/api/teams/${team.id}/cards`, {
      token: first.accessToken,
    });
    expect(theirs.body.map((card) => card.profileId)).toEqual([made.body.profileId]);

    const moved = await http.post<TeamCardResponse>(
      `/api/teams/${team.id}/cards/${made.body.profileId}/assign`,
      {
        token: owner.accessToken,
        body: { holderId: second.userId },
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.holder.userId).toBe(second.userId);
    const now = await http.get<TeamCardResponse[]>(`/api/teams/${team.id}/cards`, {
      token: second.accessToken,
    });
    expect(now.body.map((card) => card.profileId).sort()).toEqual(
      [made.body.profileId, own.body.profileId].sort(),
    );
  });

  it("shows admins every card's leads in one inbox and the team's analytics; a member only theirs", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http, 'Member One');
    const other = await person(http, 'Member Two');
    const a = await joinTeam(http, outbox(), owner, team.id, member, { templateId: template.id });
    const b = await joinTeam(http, outbox(), owner, team.id, other, { templateId: template.id });
    const cardA = await publish(http, member.accessToken, a.profileId!);
    const cardB = await publish(http, other.accessToken, b.profileId!);
    for (const [card, email] of [
      [cardA, 'visitor.a@example.com'],
      [cardB, 'visitor.b@example.com'],
    ] as const) {
      const sent = await http.post(`/api/profiles/${card.id}/leads`, {
        body: { email, message: 'Hello', consent: true },
      });
      expect(sent.status).toBe(201);
    }
    // three visits from a browser (a client without a browser's user agent counts as a bot)
    const browser = { 'user-agent': BROWSER };
    for (const handle of [cardA.handle, cardA.handle, cardB.handle]) {
      expect((await http.get(`/u/${handle}`, { headers: browser })).status).toBe(200);
    }

    const inbox = await http.get<Page<TeamLeadResponse>>(`/api/teams/${team.id}/leads`, {
      token: owner.accessToken,
    });
    expect(inbox.body.total).toBe(2);
    expect(inbox.body.items.map((lead) => [lead.email, lead.cardHandle, lead.holderName])).toEqual([
      ['visitor.b@example.com', cardB.handle, 'Member Two'],
      ['visitor.a@example.com', cardA.handle, 'Member One'],
    ]);
    const filtered = await http.get<Page<TeamLeadResponse>>(
      `/api/teams/${team.id}/leads?memberId=${member.userId}`,
      { token: owner.accessToken },
    );
    expect(filtered.body.items.map((lead) => lead.email)).toEqual(['visitor.a@example.com']);
    const byCard = await http.get<Page<TeamLeadResponse>>(
      `/api/teams/${team.id}/leads?profileId=${cardB.id}`,
      {
        token: owner.accessToken,
      },
    );
    expect(byCard.body.items.map((lead) => lead.email)).toEqual(['visitor.b@example.com']);
    const own = await http.get<Page<TeamLeadResponse>>(
      `/api/teams/${team.id}/leads?memberId=${other.userId}`,
      {
        token: member.accessToken,
      },
    );
    expect(own.body.items.map((lead) => lead.email)).toEqual(['visitor.a@example.com']);
    const csv = await http.get(`/api/teams/${team.id}/leads/export`, { token: owner.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toMatch(/^Card,Holder,Received \(UTC\),Email/);
    expect(csv.text).toContain(`${cardA.handle},Member One,`);
    expect(csv.text).toContain('visitor.b@example.com');

    const summary = await eventually(
      () =>
        http.get<TeamAnalyticsResponse>(`/api/teams/${team.id}/analytics/summary?${RANGE()}`, {
          token: owner.accessToken,
        }),
      (answer) => answer.status === 200 && answer.body.summary.totalVisits >= 3,
      15_000,
    );
    expect(summary.body.summary.totalVisits).toBe(3);
    const rows = Object.fromEntries(summary.body.cards.map((row) => [row.handle, row]));
    expect(rows[cardA.handle]).toMatchObject({ visits: 2, messages: 1, holderName: 'Member One' });
    expect(rows[cardB.handle]).toMatchObject({ visits: 1, messages: 1, holderName: 'Member Two' });
    const mine = await http.get<TeamAnalyticsResponse>(`/api/teams/${team.id}/analytics/summary?${RANGE()}`, {
      token: member.accessToken,
    });
    expect(mine.body.summary.totalVisits).toBe(2);
    expect(mine.body.cards.map((row) => row.handle)).toEqual([cardA.handle]);
  });

  it("shows a team card in the team's brand, with colours readable on its theme", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner, 'Brand Team');
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http);
    const joined = await joinTeam(http, outbox(), owner, team.id, member, { templateId: template.id });
    const card = await publish(http, member.accessToken, joined.profileId!);
    const before = await http.get<PublicProfileResponse>(`/api/public/profiles/${card.handle}`);
    expect(before.body.brand).toMatchObject({ companyName: null, accentColor: null });

    const branded = await http.patch<TeamResponse>(`/api/teams/${team.id}`, {
      token: owner.accessToken,
      body: {
        name: 'Brand Team',
        brand: { companyName: 'Brand Co', website: 'https://brand.example.com', primaryColor: '#ffcc00' },
      },
    });
    expect(branded.status).toBe(200);
    expect(branded.body.brand).toMatchObject({ companyName: 'Brand Co', primaryColor: '#ffcc00' });
    // the template locks noir: yellow is darkened until it reads on its white
    const after = await http.get<PublicProfileResponse>(`/api/public/profiles/${card.handle}`);
    expect(after.body.brand).toEqual({
      companyName: 'Brand Co',
      logoUrl: null,
      website: 'https://brand.example.com',
      ...cardBrandColors('#ffcc00', 'noir'),
    });
    const page = await http.get(`/u/${card.handle}`);
    expect(page.text).toContain('Brand Co');
    expect(page.text).toContain(cardBrandColors('#ffcc00', 'noir').accentColor);

    const personal = await createProfile(http, member.accessToken, { published: true });
    const plain = await http.get<PublicProfileResponse>(`/api/public/profiles/${personal.handle}`);
    expect(plain.body.brand).toBeNull();
    const refused = await http.patch<ErrorResponse>(`/api/teams/${team.id}`, {
      token: owner.accessToken,
      body: { name: 'Brand Team', brand: { primaryColor: 'yellow' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'brand.primaryColor', message: TeamMessages.color }]);
  });
});

describe.each(STORAGE_KINDS)("a team's cap of cards (%s)", (kind) => {
  const { http, app } = apiUnderTest(kind, { MAX_CARDS_PER_TEAM: '1' });

  it('refuses a card past the cap, a copy included, and still lets an invited member join', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const first = await http.post<TeamCardResponse>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
      body: { templateId: template.id, handle: `capped-${Date.now()}`, displayName: 'Capped' },
    });
    expect(first.status).toBe(201);
    const message = TeamMessages.tooManyTeamCards(1);
    const second = await http.post<ErrorResponse>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
      body: { templateId: template.id, handle: `over-${Date.now()}`, displayName: 'Over' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(message);
    const copy = await http.post<ErrorResponse>(`/api/profiles/${first.body.profileId}/duplicate`, {
      token: owner.accessToken,
    });
    expect(copy.status).toBe(409);
    expect(copy.body.error).toBe(message);

    const member = await person(http);
    const joined = await joinTeam(http, app().config.mail.outboxDir, owner, team.id, member, {
      templateId: template.id,
    });
    expect(joined).toEqual({ teamId: team.id, profileId: null });
    // a personal card is not the team's: the member's own cap applies
    expect((await createProfile(http, member.accessToken)).id).toEqual(expect.any(String));
  });
});

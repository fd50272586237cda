import type {
  AccountLeadResponse,
  BulkLeadsResponse,
  ErrorResponse,
  LeadResponse,
  Page,
  ProfileResponse,
  TeamLeadResponse,
} from '@cardcraft/contracts';
import { DomainEvents, type DomainEventMap } from '../platform/events/domain-events';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, createTemplate, joinTeam, person, publish } from '../teams/testing/team-world';

type Updated = DomainEventMap['lead.updated'];

describe.each(STORAGE_KINDS)('working leads over HTTP (%s)', (kind) => {
  const { http, app } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  let card: ProfileResponse;
  let second: ProfileResponse;
  /** every lead.updated the api published, in order */
  const published: Updated[] = [];

  const send = async (profileId: string, email: string, extra: Record<string, unknown> = {}) => {
    const sent = await http.post<LeadResponse>(`/api/profiles/${profileId}/leads`, {
      body: { email, consent: true, ...extra },
    });
    expect(sent.status).toBe(201);
    return sent.body;
  };
  const patch = (profileId: string, leadId: string, body: unknown, token = owner.accessToken) =>
    http.patch<LeadResponse & ErrorResponse>(`/api/profiles/${profileId}/leads/${leadId}`, { token, body });
  const list = (query: string, token = owner.accessToken) =>
    http.get<Page<AccountLeadResponse> & ErrorResponse>(`/api/leads?${query}`, { token });
  const emails = (page: { items: Array<{ email: string }> }) => page.items.map((lead) => lead.email);
  const bulk = (body: unknown, token = owner.accessToken, path = '/api/leads/bulk') =>
    http.post<BulkLeadsResponse & ErrorResponse>(path, { token, body });

  beforeAll(async () => {
    app()
      .app.get(DomainEvents)
      .on('lead.updated', (event) => {
        published.push(event);
      });
    [owner, stranger] = await Promise.all([registerUser(http), registerUser(http)]);
    const messageFields = { name: 'optional', phone: 'off', company: 'optional' };
    const privacy = { collectGeo: false, collectIp: false, showIdentifiedViewers: true, allowMessages: true };
    [card, second] = await Promise.all([
      createProfile(http, owner.accessToken, { published: true, privacy: { ...privacy, messageFields } }),
      createProfile(http, owner.accessToken, { published: true, privacy: { ...privacy, messageFields } }),
    ]);
  });

  it('changes a lead’s status, tags and note, publishes lead.updated once naming the fields, and keeps the rest', async () => {
    const lead = await send(card.id, 'ada@example.com', { message: 'Hello' });
    const before = published.length;
    const changed = await patch(card.id, lead.id, {
      status: 'contacted',
      tags: [' VIP ', 'vip', 'Conference'],
      note: 'Call back Monday',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: lead.id,
      email: 'ada@example.com',
      message: 'Hello',
      status: 'contacted',
      tags: ['VIP', 'Conference'],
      note: 'Call back Monday',
      statusChangedAtUtc: expect.any(String),
      followUp: { state: 'notCollected', score: 0, reasons: [] },
    });
    expect(published.slice(before)).toEqual([
      expect.objectContaining({
        changes: ['status', 'tags', 'note'],
        lead: expect.objectContaining({ id: lead.id, status: 'contacted' }),
        profile: expect.objectContaining({ id: card.id }),
      }),
    ]);

    // the same values again change nothing and publish nothing; a note alone names the note
    expect((await patch(card.id, lead.id, { status: 'contacted', tags: ['VIP', 'Conference'] })).status).toBe(
      200,
    );
    expect(published.length).toBe(before + 1);
    const noted = await patch(card.id, lead.id, { note: '  ' });
    expect(noted.body).toMatchObject({ note: null, status: 'contacted', tags: ['VIP', 'Conference'] });
    expect(published.slice(before + 1).map((event) => event.changes)).toEqual([['note']]);

    const read = await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads`, {
      token: owner.accessToken,
    });
    expect(read.body.items.find((item) => item.id === lead.id)).toMatchObject({
      status: 'contacted',
      note: null,
    });
  });

  it.each([
    [
      'an unknown status',
      { status: 'done' },
      'status',
      'Choose a status: new, contacted, qualified, won or lost',
    ],
    [
      'eleven tags',
      { tags: Array.from({ length: 11 }, (_, n) => `t${n}`) },
      'tags',
      'Give up to 10 tags of 1 to 32 characters',
    ],
    [
      'a tag of 33 characters',
      { tags: ['x'.repeat(33)] },
      'tags',
      'Give up to 10 tags of 1 to 32 characters',
    ],
    ['an empty tag', { tags: [''] }, 'tags', 'Give up to 10 tags of 1 to 32 characters'],
    ['tags that are not a list', { tags: 'VIP' }, 'tags', 'Give up to 10 tags of 1 to 32 characters'],
    ['a note of 5001 characters', { note: 'n'.repeat(5001) }, 'note', 'Keep the note within 5000 characters'],
    ['a note that is not text', { note: 42 }, 'note', 'Keep the note within 5000 characters'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, body, field, message) => {
    const lead = await send(card.id, 'bad@example.com');
    await patch(card.id, lead.id, { status: 'qualified', tags: ['Kept'], note: 'kept' });
    const before = published.length;
    const refused = await patch(card.id, lead.id, { status: 'won', ...body });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message });
    expect(published.length).toBe(before);
    const read = await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads?q=bad%40example.com`, {
      token: owner.accessToken,
    });
    expect(read.body.items[0]).toMatchObject({ status: 'qualified', tags: ['Kept'], note: 'kept' });
  });

  it('refuses a change that names nothing, and answers 404 to another owner, an unknown lead or another card', async () => {
    const lead = await send(card.id, 'who@example.com');
    const empty = await patch(card.id, lead.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Give a status, tags or a note to change');
    expect((await patch(card.id, lead.id, { status: 'won' }, stranger.accessToken)).status).toBe(404);
    expect((await patch(second.id, lead.id, { status: 'won' })).status).toBe(404);
    expect((await patch(card.id, '000000000000000000000000', { status: 'won' })).status).toBe(404);
    expect(
      (await http.patch(`/api/profiles/${card.id}/leads/${lead.id}`, { body: { status: 'won' } })).status,
    ).toBe(401);
  });

  it('filters the account’s leads by card, status, tag, day and text, with pages, a total and a CSV of the same', async () => {
    const owner2 = await registerUser(http);
    const privacy = { collectGeo: false, collectIp: false, showIdentifiedViewers: true, allowMessages: true };
    const messageFields = { name: 'optional', phone: 'off', company: 'optional' };
    const [a, b] = await Promise.all([
      createProfile(http, owner2.accessToken, { published: true, privacy: { ...privacy, messageFields } }),
      createProfile(http, owner2.accessToken, { published: true, privacy: { ...privacy, messageFields } }),
    ]);
    const grace = await send(a.id, 'grace@navy.example', { name: 'Grace Hopper', company: 'US Navy' });
    const ada = await send(a.id, 'ada@engines.example', { message: 'About the 50% offer' });
    const alan = await send(b.id, 'alan@bletchley.example', { company: 'GC&CS' });
    await patch(a.id, grace.id, { status: 'qualified', tags: ['VIP'] }, owner2.accessToken);
    await patch(
      b.id,
      alan.id,
      { tags: ['vip', 'Berlin'], note: 'Met at the Zürich fair' },
      owner2.accessToken,
    );
    const q = (query: string) => list(query, owner2.accessToken);

    expect(emails((await q('')).body)).toEqual([alan.email, ada.email, grace.email]);
    expect((await q('')).body.items[0]).toMatchObject({
      cardHandle: b.handle,
      cardDisplayName: b.displayName,
    });
    expect(emails((await q(`profileId=${a.id}`)).body)).toEqual([ada.email, grace.email]);
    expect(emails((await q('status=qualified')).body)).toEqual([grace.email]);
    expect(emails((await q('tag=VIP')).body)).toEqual([alan.email, grace.email]);
    expect(emails((await q('q=ZÜRICH')).body)).toEqual([alan.email]);
    expect(emails((await q('q=50%25')).body)).toEqual([ada.email]);
    expect(emails((await q('q=navy&tag=vip&status=qualified')).body)).toEqual([grace.email]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await q(`from=${today}&to=${today}`)).body.total).toBe(3);
    expect((await q(`from=${tomorrow}`)).body.total).toBe(0);
    const paged = await q('pageSize=2&page=2');
    expect(paged.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(emails(paged.body)).toEqual([grace.email]);
    // another owner's card is none of this account's
    expect((await list(`profileId=${a.id}`)).body.total).toBe(0);
    // the per-card list takes the same filters
    const perCard = await http.get<Page<LeadResponse>>(`/api/profiles/${a.id}/leads?tag=vip`, {
      token: owner2.accessToken,
    });
    expect(emails(perCard.body)).toEqual([grace.email]);
    const tags = await http.get<string[]>('/api/leads/tags', { token: owner2.accessToken });
    expect(tags.body.map((tag) => tag.toLowerCase())).toEqual(['berlin', 'vip']);

    const csv = await http.get(`/api/leads/export?tag=vip`, { token: owner2.accessToken });
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Card,Received (UTC),Email,Name,Phone,Company,Message,Consent,Consent text,Status,Tags,Note,Card by e-mail',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${b.handle},`);
    expect(lines[1]).toMatch(/,new,vip; Berlin,Met at the Zürich fair,$/);
    expect(lines[2]).toMatch(/,qualified,VIP,,$/);
    const cardCsv = await http.get(`/api/profiles/${a.id}/leads/export?status=qualified`, {
      token: owner2.accessToken,
    });
    expect(cardCsv.text.trim().split('\r\n')).toHaveLength(2);
  });

  it.each([
    ['status=won&status=lost', 'status'],
    ['from=2026-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['sort=oldest', 'sort'],
    [`q=x…(201 characters)`, 'q'],
    ['tag=x…(33 characters)', 'tag'],
  ])('refuses the filter %s with a 400 naming it', async (shown, field) => {
    const query = shown.replace(/x…\((\d+) characters\)/, (_, n: string) => 'x'.repeat(Number(n)));
    const refused = await list(query);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe(field);
  });

  it('changes many leads at once, each id answered, publishing once per lead changed', async () => {
    const [one, two, three] = [
      await send(second.id, 'bulk1@example.com'),
      await send(second.id, 'bulk2@example.com'),
      await send(card.id, 'bulk3@example.com'),
    ];
    const foreignOwner = await registerUser(http);
    const foreignCard = await createProfile(http, foreignOwner.accessToken, { published: true });
    const foreign = await send(foreignCard.id, 'foreign@example.com');
    await patch(second.id, two.id, { status: 'won' });
    const before = published.length;

    const status = await bulk({
      leadIds: [one.id, two.id, three.id, foreign.id, 'nope', one.id],
      action: 'status',
      status: 'won',
    });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      results: [
        { id: one.id, outcome: 'updated' },
        { id: two.id, outcome: 'unchanged' },
        { id: three.id, outcome: 'updated' },
        { id: foreign.id, outcome: 'notFound' },
        { id: 'nope', outcome: 'notFound' },
      ],
      changed: 2,
    });
    expect(published.slice(before).map((event) => [event.lead.id, event.changes])).toEqual([
      [one.id, ['status']],
      [three.id, ['status']],
    ]);

    const added = await bulk({ leadIds: [one.id, two.id], action: 'addTags', tags: ['Hot', 'hot', 'Q3'] });
    expect(added.body.changed).toBe(2);
    const removed = await bulk({ leadIds: [one.id, two.id], action: 'removeTags', tags: ['HOT'] });
    expect(removed.body.changed).toBe(2);
    const read = await http.get<Page<LeadResponse>>(`/api/profiles/${second.id}/leads?status=won`, {
      token: owner.accessToken,
    });
    expect(read.body.items.map((lead) => lead.tags)).toEqual([['Q3'], ['Q3']]);

    const full = await send(second.id, 'full@example.com');
    await patch(second.id, full.id, { tags: Array.from({ length: 10 }, (_, n) => `t${n}`) });
    const refused = await bulk({ leadIds: [full.id], action: 'addTags', tags: ['one-more'] });
    expect(refused.body.results).toEqual([
      { id: full.id, outcome: 'refused', error: 'A lead takes up to 10 tags' },
    ]);

    const deleted = await bulk({ leadIds: [one.id, foreign.id], action: 'delete' });
    expect(deleted.body.results).toEqual([
      { id: one.id, outcome: 'deleted' },
      { id: foreign.id, outcome: 'notFound' },
    ]);
    const foreignRead = await http.get<Page<LeadResponse>>(`/api/profiles/${foreignCard.id}/leads`, {
      token: foreignOwner.accessToken,
    });
    expect(foreignRead.body.total).toBe(1);
  });

  it.each([
    ['no ids', { leadIds: [], action: 'delete' }, 'leadIds', 'Choose 1 to 500 leads'],
    [
      '501 ids',
      { leadIds: Array.from({ length: 501 }, (_, n) => `${n}`), action: 'delete' },
      'leadIds',
      'Choose 1 to 500 leads',
    ],
    [
      'an unknown action',
      { leadIds: ['a'], action: 'archive' },
      'action',
      'Choose an action: status, addTags, removeTags or delete',
    ],
    [
      'a status change without a status',
      { leadIds: ['a'], action: 'status' },
      'status',
      'Choose a status: new, contacted, qualified, won or lost',
    ],
    [
      'tags to add without a tag',
      { leadIds: ['a'], action: 'addTags', tags: [] },
      'tags',
      'Give 1 to 10 tags of 1 to 32 characters',
    ],
  ])('refuses a bulk change with %s (400)', async (_what, body, field, message) => {
    const refused = await bulk(body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message });
  });

  it('lets a team admin work the team’s leads and a member only their own', async () => {
    const [teamOwner, admin, member, other] = await Promise.all(
      ['Owner', 'Admin', 'Member', 'Other'].map((name) => person(http, name)),
    );
    const outbox = app().config.mail.outboxDir;
    const team = await createTeam(http, teamOwner);
    const template = await createTemplate(http, teamOwner, team.id);
    const [, joinedMember, joinedOther] = await Promise.all([
      joinTeam(http, outbox, teamOwner, team.id, admin, { role: 'admin' }),
      joinTeam(http, outbox, teamOwner, team.id, member, { templateId: template.id }),
      joinTeam(http, outbox, teamOwner, team.id, other, { templateId: template.id }),
    ]);
    const memberCard = await publish(http, member.accessToken, joinedMember.profileId!);
    const otherCard = await publish(http, other.accessToken, joinedOther.profileId!);
    const mine = await send(memberCard.id, 'mine@example.com');
    const theirs = await send(otherCard.id, 'theirs@example.com');
    const inbox = (token: string, query = '') =>
      http.get<Page<TeamLeadResponse>>(`/api/teams/${team.id}/leads?${query}`, { token });

    expect(emails((await inbox(member.accessToken)).body)).toEqual([mine.email]);
    expect(emails((await inbox(admin.accessToken)).body)).toEqual([theirs.email, mine.email]);
    // a member cannot change another member's lead; an admin can, through the card's route or in bulk
    expect((await patch(otherCard.id, theirs.id, { status: 'won' }, member.accessToken)).status).toBe(404);
    expect((await patch(otherCard.id, theirs.id, { tags: ['Team'] }, admin.accessToken)).status).toBe(200);
    const teamBulk = `/api/teams/${team.id}/leads/bulk`;
    const memberBulk = await bulk(
      { leadIds: [mine.id, theirs.id], action: 'status', status: 'lost' },
      member.accessToken,
      teamBulk,
    );
    expect(memberBulk.body.results).toEqual([
      { id: mine.id, outcome: 'updated' },
      { id: theirs.id, outcome: 'notFound' },
    ]);
    const adminBulk = await bulk(
      { leadIds: [mine.id, theirs.id], action: 'status', status: 'won' },
      admin.accessToken,
      teamBulk,
    );
    expect(adminBulk.body.changed).toBe(2);
    expect(emails((await inbox(admin.accessToken, 'status=won&tag=team')).body)).toEqual([theirs.email]);
    expect(
      (await bulk({ leadIds: [mine.id], action: 'delete' }, stranger.accessToken, teamBulk)).status,
    ).toBe(404);
    await expect(
      http
        .get<string[]>(`/api/teams/${team.id}/leads/tags`, { token: member.accessToken })
        .then((r) => r.body),
    ).resolves.toEqual([]);
  });
});

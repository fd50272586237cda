import type {
  BulkInviteResponse,
  ErrorResponse,
  InvitationPreviewResponse,
  ProfileResponse,
  TeamCardResponse,
  TeamInvitationResponse,
  TeamMemberResponse,
  TeamResponse,
} from '@cardcraft/contracts';
import { TeamMessages } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile } from '../platform/testing/http';
import { BUILT_WEB_DIST } from '../platform/testing/paths';
import { apiUnderTest } from '../platform/testing/test-app';
import {
  createTeam,
  createTemplate,
  invitationTokens,
  joinTeam,
  newInvitationToken,
  person,
  publish,
} from './testing/team-world';

describe.each(STORAGE_KINDS)('teams: people, invitations and roles (%s)', (kind) => {
  // with the built web app, so the card's own pages are served too
  const { http, app } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });
  const outbox = () => app().config.mail.outboxDir;

  it('lets any account make a team, which only its members can see', async () => {
    const ada = await person(http, 'Ada');
    const team = await createTeam(http, ada, 'Analytical Engines');
    expect(team).toMatchObject({ name: 'Analytical Engines', role: 'owner' });
    expect(team.brand).toEqual({
      companyName: null,
      logoUrl: null,
      bannerUrl: null,
      website: null,
      primaryColor: null,
      secondaryColor: null,
    });
    const mine = await http.get<TeamResponse[]>('/api/teams', { token: ada.accessToken });
    expect(mine.body.map((one) => one.id)).toEqual([team.id]);

    const stranger = await person(http);
    const seen = await http.get<ErrorResponse>(`/api/teams/${team.id}`, { token: stranger.accessToken });
    expect(seen.status).toBe(404);
    expect(seen.body.error).toBe(TeamMessages.teamNotFound);
    expect((await http.get<TeamResponse[]>('/api/teams', { token: stranger.accessToken })).body).toEqual([]);
    const bad = await http.post<ErrorResponse>('/api/teams', { token: ada.accessToken, body: { name: 'A' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'name', message: TeamMessages.name }]);
  });

  it('invites by e-mail with a single-use link that only the invited address can use', async () => {
    const owner = await person(http, 'Owner');
    const team = await createTeam(http, owner);
    const invitee = await person(http, 'Invitee');
    const seen = (await invitationTokens(outbox(), invitee.email)).length;
    const invited = await http.post<TeamInvitationResponse>(`/api/teams/${team.id}/invitations`, {
      token: owner.accessToken,
      body: { email: invitee.email.toUpperCase(), role: 'admin' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: invitee.email,
      role: 'admin',
      invitedByName: 'Owner',
      expired: false,
    });
    const token = await newInvitationToken(outbox(), invitee.email, seen);

    // the page before signing in
    const preview = await http.post<InvitationPreviewResponse>('/api/invitations/preview', {
      body: { token },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ teamName: team.name, email: invitee.email, role: 'admin' });

    // another account cannot use it, and does not spend it
    const other = await person(http);
    const wrong = await http.post<ErrorResponse>('/api/invitations/accept', {
      token: other.accessToken,
      body: { token },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(TeamMessages.invitationOtherEmail);
    const anonymous = await http.post('/api/invitations/accept', { body: { token } });
    expect(anonymous.status).toBe(401);

    const accepted = await http.post('/api/invitations/accept', {
      token: invitee.accessToken,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ teamId: team.id, profileId: null });
    const again = await http.post<ErrorResponse>('/api/invitations/accept', {
      token: invitee.accessToken,
      body: { token },
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(TeamMessages.invitationInvalid);
    const mine = await http.get<TeamResponse>(`/api/teams/${team.id}`, { token: invitee.accessToken });
    expect(mine.body.role).toBe('admin');
    const listed = await http.get<TeamInvitationResponse[]>(`/api/teams/${team.id}/invitations`, {
      token: owner.accessToken,
    });
    expect(listed.body).toEqual([]);
  });

  it('resends with a new link (the old one stops working) and revokes', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const invitee = await person(http);
    const seen = (await invitationTokens(outbox(), invitee.email)).length;
    const invited = await http.post<TeamInvitationResponse>(`/api/teams/${team.id}/invitations`, {
      token: owner.accessToken,
      body: { email: invitee.email },
    });
    const first = await newInvitationToken(outbox(), invitee.email, seen);
    const twice = await http.post<ErrorResponse>(`/api/teams/${team.id}/invitations`, {
      token: owner.accessToken,
      body: { email: invitee.email },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(TeamMessages.alreadyInvited);

    const resent = await http.post(`/api/teams/${team.id}/invitations/${invited.body.id}/resend`, {
      token: owner.accessToken,
    });
    expect(resent.status).toBe(200);
    const second = await newInvitationToken(outbox(), invitee.email, seen + 1);
    expect(second).not.toBe(first);
    expect((await http.post('/api/invitations/preview', { body: { token: first } })).status).toBe(404);
    expect((await http.post('/api/invitations/preview', { body: { token: second } })).status).toBe(200);

    const revoked = await http.delete(`/api/teams/${team.id}/invitations/${invited.body.id}`, {
      token: owner.accessToken,
    });
    expect(revoked.status).toBe(204);
    const gone = await http.post<ErrorResponse>('/api/invitations/accept', {
      token: invitee.accessToken,
      body: { token: second },
    });
    expect(gone.status).toBe(404);
  });

  it('invites from a CSV with a report of each row', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const member = await person(http);
    await joinTeam(http, outbox(), owner, team.id, member);
    const csv = [
      'email,name,title,phone',
      `grace.${Date.now()}@example.com,Grace Hopper,Admiral,+1 555 0100`,
      'not-an-address,Nobody,,',
      `${member.email},Already Here,,`,
      `linus.${Date.now()}@example.com,Linus,,`,
    ].join('\r\n');
    const bulk = await http.post<BulkInviteResponse>(`/api/teams/${team.id}/invitations/bulk`, {
      token: owner.accessToken,
      body: { csv, role: 'member' },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.invited).toBe(2);
    expect(bulk.body.failed).toBe(2);
    expect(bulk.body.rows.map((row) => [row.line, row.status, row.error])).toEqual([
      [2, 'invited', null],
      [3, 'failed', TeamMessages.inviteEmail],
      [4, 'failed', TeamMessages.alreadyMember],
      [5, 'invited', null],
    ]);
    const listed = await http.get<TeamInvitationResponse[]>(`/api/teams/${team.id}/invitations`, {
      token: owner.accessToken,
    });
    expect(listed.body.find((one) => one.name === 'Grace Hopper')).toMatchObject({
      title: 'Admiral',
      phone: '+1 555 0100',
    });
    const refused = await http.post<ErrorResponse>(`/api/teams/${team.id}/invitations/bulk`, {
      token: owner.accessToken,
      body: { csv: 'name\nAda\n' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(TeamMessages.csvHeader);
  });

  it('keeps the owner role for owners to give, and always one owner', async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const admin = await person(http);
    const member = await person(http);
    await joinTeam(http, outbox(), owner, team.id, admin, { role: 'admin' });
    await joinTeam(http, outbox(), owner, team.id, member);

    const byAdmin = await http.patch<ErrorResponse>(`/api/teams/${team.id}/members/${member.userId}`, {
      token: admin.accessToken,
      body: { role: 'owner' },
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe(TeamMessages.ownersOnly);
    const byMember = await http.get<ErrorResponse>(`/api/teams/${team.id}/members`, {
      token: member.accessToken,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe(TeamMessages.adminsOnly);
    const promoted = await http.patch<TeamMemberResponse>(`/api/teams/${team.id}/members/${member.userId}`, {
      token: admin.accessToken,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');

    const lastOwner = await http.patch<ErrorResponse>(`/api/teams/${team.id}/members/${owner.userId}`, {
      token: owner.accessToken,
      body: { role: 'admin' },
    });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error).toBe(TeamMessages.lastOwner);
    const leaving = await http.delete<ErrorResponse>(`/api/teams/${team.id}/members/${owner.userId}`, {
      token: owner.accessToken,
      body: { cards: 'transfer' },
    });
    expect(leaving.status).toBe(409);
    const members = await http.get<TeamMemberResponse[]>(`/api/teams/${team.id}/members`, {
      token: owner.accessToken,
    });
    expect(members.body.map((one) => [one.userId, one.role])).toEqual([
      [owner.userId, 'owner'],
      [admin.userId, 'admin'],
      [member.userId, 'admin'],
    ]);
  });

  it("moves a removed member's team cards to an admin, with their address, and leaves their own cards", async () => {
    const owner = await person(http, 'Owner');
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http, 'Leaving Member');
    const joined = await joinTeam(http, outbox(), owner, team.id, member, {
      templateId: template.id,
      name: 'Leaving Member',
      title: 'Engineer',
    });
    const card = await publish(http, member.accessToken, joined.profileId!);
    const personal = await createProfile(http, member.accessToken, { published: true });

    const removed = await http.delete(`/api/teams/${team.id}/members/${member.userId}`, {
      token: owner.accessToken,
      body: { cards: 'transfer' },
    });
    expect(removed.status).toBe(204);
    const cards = await http.get<TeamCardResponse[]>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
    });
    expect(cards.body).toEqual([
      expect.objectContaining({
        profileId: card.id,
        handle: card.handle,
        published: true,
        holder: expect.objectContaining({ userId: owner.userId }),
      }),
    ]);
    expect((await http.get(`/u/${card.handle}`)).status).toBe(200);
    // the member lost the team and its card, and kept their own
    expect((await http.get(`/api/teams/${team.id}`, { token: member.accessToken })).status).toBe(404);
    expect((await http.get(`/api/profiles/${card.id}`, { token: member.accessToken })).status).toBe(404);
    const theirs = await http.get<ProfileResponse[]>('/api/profiles', { token: member.accessToken });
    expect(theirs.body.map((one) => one.id)).toEqual([personal.id]);
  });

  it("can keep a leaving member's cards unpublished instead, and lets a member leave on their own", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http);
    const joined = await joinTeam(http, outbox(), owner, team.id, member, { templateId: template.id });
    const card = await publish(http, member.accessToken, joined.profileId!);
    const removed = await http.delete(`/api/teams/${team.id}/members/${member.userId}`, {
      token: owner.accessToken,
      body: { cards: 'unpublish' },
    });
    expect(removed.status).toBe(204);
    const kept = await http.get<ProfileResponse>(`/api/profiles/${card.id}`, { token: owner.accessToken });
    expect(kept.body).toMatchObject({ handle: card.handle, published: false, ownerId: owner.userId });
    expect((await http.get(`/u/${card.handle}`)).status).toBe(404);

    const leaver = await person(http);
    await joinTeam(http, outbox(), owner, team.id, leaver);
    const left = await http.delete(`/api/teams/${team.id}/members/${leaver.userId}`, {
      token: leaver.accessToken,
      body: { cards: 'transfer' },
    });
    expect(left.status).toBe(204);
    expect((await http.get(`/api/teams/${team.id}`, { token: leaver.accessToken })).status).toBe(404);
  });

  it("keeps a deleted account's team cards with the team", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const member = await person(http);
    const joined = await joinTeam(http, outbox(), owner, team.id, member, { templateId: template.id });
    const card = await publish(http, member.accessToken, joined.profileId!);
    const deleted = await http.delete('/api/account', {
      token: member.accessToken,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(204);
    const kept = await http.get<ProfileResponse>(`/api/profiles/${card.id}`, { token: owner.accessToken });
    expect(kept.status).toBe(200);
    expect(kept.body.ownerId).toBe(owner.userId);
    const members = await http.get<TeamMemberResponse[]>(`/api/teams/${team.id}/members`, {
      token: owner.accessToken,
    });
    expect(members.body.map((one) => one.userId)).toEqual([owner.userId]);
  });
});

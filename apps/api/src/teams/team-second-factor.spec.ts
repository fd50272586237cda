import {
  SecondFactorMessages,
  type ErrorResponse,
  type TeamCardResponse,
  type TeamMemberResponse,
  type TeamResponse,
  type TeamSecurityResponse,
} from '@cardcraft/contracts';
import { turnOnSecondFactor } from '../auth/second-factor/testing/authenticator';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, createTemplate, joinTeam, person } from './testing/team-world';

describe.each(STORAGE_KINDS)('a team that requires two-step verification (%s)', (kind) => {
  const { http, app } = apiUnderTest(kind);
  const outbox = () => app().config.mail.outboxDir;
  const requireIt = (token: string, teamId: string, requireSecondFactor: boolean) =>
    http.put<TeamSecurityResponse & ErrorResponse>(`/api/teams/${teamId}/security`, {
      token,
      body: { requireSecondFactor },
    });

  it('is its owners’ to require, once they have it themselves', async () => {
    const owner = await person(http);
    const admin = await person(http);
    const team = await createTeam(http, owner);
    await joinTeam(http, outbox(), owner, team.id, admin, { role: 'admin' });
    await turnOnSecondFactor(http, admin.accessToken);

    const byAdmin = await requireIt(admin.accessToken, team.id, true);
    expect(byAdmin.status).toBe(403);
    const first = await requireIt(owner.accessToken, team.id, true);
    expect(first.status).toBe(400);
    expect(first.body).toEqual({
      error: SecondFactorMessages.ownerFirst,
      errors: [{ field: 'requireSecondFactor', message: SecondFactorMessages.ownerFirst }],
    });

    await turnOnSecondFactor(http, owner.accessToken);
    const required = await requireIt(owner.accessToken, team.id, true);
    expect(required.status).toBe(200);
    expect(required.body).toEqual({ requireSecondFactor: true });
    const read = await http.get<TeamResponse>(`/api/teams/${team.id}`, { token: owner.accessToken });
    expect(read.body.requireSecondFactor).toBe(true);
  });

  it('keeps someone without it out of the team and its cards until they turn it on; leaving stays open', async () => {
    const owner = await person(http);
    const member = await person(http);
    const leaver = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    await joinTeam(http, outbox(), owner, team.id, member);
    await joinTeam(http, outbox(), owner, team.id, leaver);
    const card = await http.post<TeamCardResponse>(`/api/teams/${team.id}/cards`, {
      token: owner.accessToken,
      body: {
        templateId: template.id,
        holderId: member.userId,
        handle: `held-${Date.now()}`,
        displayName: 'Held',
      },
    });
    expect(card.status).toBe(201);
    await turnOnSecondFactor(http, owner.accessToken);
    expect((await requireIt(owner.accessToken, team.id, true)).status).toBe(200);

    // the members list tells the admins who has it
    const members = await http.get<TeamMemberResponse[]>(`/api/teams/${team.id}/members`, {
      token: owner.accessToken,
    });
    expect(Object.fromEntries(members.body.map((one) => [one.userId, one.secondFactor]))).toEqual({
      [owner.userId]: true,
      [member.userId]: false,
      [leaver.userId]: false,
    });

    for (const path of [
      `/api/teams/${team.id}`,
      `/api/teams/${team.id}/cards`,
      `/api/profiles/${card.body.profileId}`,
    ]) {
      const refused = await http.get<ErrorResponse>(path, { token: member.accessToken });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: SecondFactorMessages.teamRequires });
    }
    // the list of one's teams still shows it, with what it requires
    const mine = await http.get<TeamResponse[]>('/api/teams', { token: member.accessToken });
    expect(mine.body.find((one) => one.id === team.id)?.requireSecondFactor).toBe(true);

    const left = await http.delete(`/api/teams/${team.id}/members/${leaver.userId}`, {
      token: leaver.accessToken,
      body: {},
    });
    expect(left.status).toBe(204);

    await turnOnSecondFactor(http, member.accessToken);
    expect((await http.get(`/api/teams/${team.id}`, { token: member.accessToken })).status).toBe(200);
    expect(
      (await http.get(`/api/profiles/${card.body.profileId}`, { token: member.accessToken })).status,
    ).toBe(200);

    // no longer required: everyone is back
    expect((await requireIt(owner.accessToken, team.id, false)).body).toEqual({ requireSecondFactor: false });
  });
});

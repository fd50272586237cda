import type { MediaUploadResponse, ProfileResponse, TeamResponse } from '@cardcraft/contracts';
import sharp from 'sharp';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import type { HttpClient } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, createTemplate, editable, joinTeam, person, publish } from './testing/team-world';

/** a real image uploaded as its owner would, answered with its address */
async function uploaded(baseUrl: string, token: string, colour: string): Promise<string> {
  const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const response = await fetch(`${baseUrl}/api/media/avatar`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
    body: new Uint8Array(image),
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as MediaUploadResponse).url;
}

const served = async (http: HttpClient, url: string) => (await http.get(new URL(url).pathname)).status;

describe.each(STORAGE_KINDS)("a team's images stay with the team (%s)", (kind) => {
  const { http, app } = apiUnderTest(kind);

  it("keeps a leaving member's photo on the team card, and a deleted admin's logo on the team", async () => {
    const owner = await person(http);
    const team = await createTeam(http, owner);
    const template = await createTemplate(http, owner, team.id);
    const admin = await person(http);
    await joinTeam(http, app().config.mail.outboxDir, owner, team.id, admin, { role: 'admin' });
    const member = await person(http);
    const joined = await joinTeam(http, app().config.mail.outboxDir, owner, team.id, member, {
      templateId: template.id,
    });

    // the member's own photo on the team card; the admin's logo on the brand
    const photo = await uploaded(app().url, member.accessToken, '#1d4ed8');
    const card = await http.get<ProfileResponse>(`/api/profiles/${joined.profileId}`, {
      token: member.accessToken,
    });
    const saved = await http.put(`/api/profiles/${card.body.id}`, {
      token: member.accessToken,
      body: editable(card.body, { media: { ...card.body.media, avatarUrl: photo } }),
    });
    expect(saved.status).toBe(200);
    await publish(http, member.accessToken, card.body.id);
    const logo = await uploaded(app().url, admin.accessToken, '#ffcc00');
    const branded = await http.patch<TeamResponse>(`/api/teams/${team.id}`, {
      token: admin.accessToken,
      body: { name: team.name, brand: { logoUrl: logo } },
    });
    expect(branded.status).toBe(200);

    // both go: the member is removed, then deletes their account; the admin deletes theirs
    const removed = await http.delete(`/api/teams/${team.id}/members/${member.userId}`, {
      token: owner.accessToken,
      body: { cards: 'transfer' },
    });
    expect(removed.status).toBe(204);
    for (const gone of [member, admin]) {
      const deleted = await http.delete('/api/account', {
        token: gone.accessToken,
        body: { password: gone.password },
      });
      expect(deleted.status).toBe(204);
    }
    expect(await served(http, photo)).toBe(200);
    expect(await served(http, logo)).toBe(200);
    const kept = await http.get<ProfileResponse>(`/api/profiles/${card.body.id}`, {
      token: owner.accessToken,
    });
    expect(kept.body.media.avatarUrl).toBe(photo);
  });
});

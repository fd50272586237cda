import type { ProfileResponse, PublicProfileResponse } from '@cardcraft/contracts';
import { createProfile, fullProfileInput, httpClient, registerUser } from '../testing/http';
import { twoReplicasUnderTest } from '../testing/replicas';
import { BUILT_WEB_DIST } from '../testing/paths';

describe('public card cache across api replicas (Redis pub/sub)', () => {
  // two replicas of one deployment: same data, same redis, same ClickHouse; a long cache TTL
  const replicas = twoReplicasUnderTest('replicas', {
    PUBLIC_CACHE_TTL_MS: '600000',
    // the built web app, so the replicas render the card's page too
    WEB_DIST_DIR: BUILT_WEB_DIST,
  });
  const httpA = httpClient(() => replicas().a.url);
  const httpB = httpClient(() => replicas().b.url);

  it('a change saved on one replica is served by the other at once, not after the TTL', async () => {
    const owner = await registerUser(httpA);
    const profile = await createProfile(httpA, owner.accessToken, { published: true });
    const readOnB = () => httpB.get<PublicProfileResponse>(`/api/public/profiles/${profile.handle}`);
    expect((await readOnB()).body.displayName).toBe('Ada Lovelace');

    const saved = await httpA.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: true, displayName: 'Ada King' }),
    });
    expect(saved.status).toBe(200);
    const end = Date.now() + 2000;
    let name = (await readOnB()).body.displayName;
    while (name !== 'Ada King' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      name = (await readOnB()).body.displayName;
    }
    expect(name).toBe('Ada King');

    expect((await httpA.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(
      204,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await readOnB()).status).toBe(404);
  });

  it("drops the other replica's rendered page of a card the moment it changes", async () => {
    const owner = await registerUser(httpA);
    const profile = await createProfile(httpA, owner.accessToken, { published: true });
    const pageOnB = () => httpB.get(`/u/${profile.handle}`);
    const before = await pageOnB();
    expect(before.text).toContain('Ada Lovelace');

    await httpA.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: true, displayName: 'Ada King' }),
    });
    const end = Date.now() + 2000;
    let page = await pageOnB();
    while (!page.text.includes('Ada King') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      page = await pageOnB();
    }
    expect(page.text).toContain('Ada King');
    expect(page.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

import type { ErrorResponse, ProfileResponse, PublicProfileResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

describe.each(STORAGE_KINDS)('public profile over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let visitor: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    owner = await registerUser(http);
    visitor = await registerUser(http);
  });

  it('serves a published profile to anyone, without anything private', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const response = await http.get<PublicProfileResponse>(
      `/api/public/profiles/${profile.handle.toUpperCase()}`,
    );
    expect(response.status).toBe(200);
    const card = response.body;
    expect(card).toMatchObject({
      id: profile.id,
      ownerId: owner.userId,
      handle: profile.handle,
      displayName: 'Ada Lovelace',
      published: true,
      publishedAtUtc: profile.publishedAtUtc,
      contact: profile.contact,
      media: profile.media,
      allowMessages: true,
      viewerType: 'guest',
      isOwner: false,
    });
    // hidden blocks are not sent; the rest by order
    expect(card.blocks.map((b) => b.id)).toEqual(['block-cta']);
    expect(card.socialLinks.map((l) => l.provider)).toEqual(['LinkedIn', 'GitHub']);
    const text = JSON.stringify(card);
    expect(text).not.toContain(owner.email);
    expect(text).not.toMatch(/password|scrypt|collectIp|collectGeo|showIdentifiedViewers/);
  });

  it('tells the viewer type: owner, signed-in user or guest', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const path = `/api/public/profiles/${profile.handle}`;
    expect((await http.get<PublicProfileResponse>(path, { token: owner.accessToken })).body).toMatchObject({
      viewerType: 'owner',
      isOwner: true,
    });
    expect(
      (await http.get<PublicProfileResponse>(path, { token: visitor.accessToken })).body.viewerType,
    ).toBe('user');
    // a stale or forged bearer on a public page counts as a guest, never an error
    const stale = await http.get<PublicProfileResponse>(path, { token: 'expired.token.value' });
    expect(stale.status).toBe(200);
    expect(stale.body.viewerType).toBe('guest');
  });

  it('shows a draft to its owner only; 404 for everyone else', async () => {
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const path = `/api/public/profiles/${draft.handle}`;
    const asOwner = await http.get<PublicProfileResponse>(path, { token: owner.accessToken });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ published: false, publishedAtUtc: null, isOwner: true });
    expect((await http.get<ErrorResponse>(path)).status).toBe(404);
    const asVisitor = await http.get<ErrorResponse>(path, { token: visitor.accessToken });
    expect(asVisitor.status).toBe(404);
    expect(asVisitor.body).toEqual({ error: 'Profile not found' });
  });

  it('answers 404 for an unknown handle', async () => {
    expect((await http.get('/api/public/profiles/nobody-here-at-all')).status).toBe(404);
  });

  it('sees a change at once: unpublishing hides the card and a renamed handle moves it', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const oldPath = `/api/public/profiles/${profile.handle}`;
    expect((await http.get(oldPath)).status).toBe(200);

    const renamed = `${profile.handle}-new`;
    const update = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: renamed, published: true }),
    });
    expect(update.status).toBe(200);
    expect((await http.get(oldPath)).status).toBe(404);
    expect((await http.get(`/api/public/profiles/${renamed}`)).status).toBe(200);

    await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: renamed, published: false }),
    });
    expect((await http.get(`/api/public/profiles/${renamed}`)).status).toBe(404);

    await http.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken });
    expect((await http.get(`/api/public/profiles/${renamed}`, { token: owner.accessToken })).status).toBe(
      404,
    );
  });

  it('accepts the page context parameters and rejects unknown ones', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const ok = await http.get(
      `/api/public/profiles/${profile.handle}?ref=${encodeURIComponent('https://news.example.com/post')}&utm_source=newsletter&utm_medium=email&utm_campaign=launch&src=qr`,
    );
    expect(ok.status).toBe(200);
    const unknown = await http.get<ErrorResponse>(`/api/public/profiles/${profile.handle}?admin=1`);
    expect(unknown.status).toBe(400);
  });
});

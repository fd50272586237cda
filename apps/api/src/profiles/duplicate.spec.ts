import type { ErrorResponse, ProfileResponse, PublicProfileResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

type Owner = Awaited<ReturnType<typeof registerUser>>;

describe.each(STORAGE_KINDS)('duplicating a card (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Owner;
  let stranger: Owner;

  beforeAll(async () => {
    owner = await registerUser(http);
    stranger = await registerUser(http);
  });

  let handleCounter = 0;
  // a handle that does not end in a number, so its copies are plainly handle-2, handle-3
  const handle = () => `${kind[0]}${process.pid}-${Date.now().toString(36)}${++handleCounter}-ada`;

  const duplicate = (id: string, token: string) =>
    http.post<ProfileResponse & ErrorResponse>(`/api/profiles/${id}/duplicate`, { token });

  it('copies content, theme, layout, links and blocks under handle-2, unpublished', async () => {
    const source = await createProfile(http, owner.accessToken, { handle: handle(), published: true });
    const copy = await duplicate(source.id, owner.accessToken);
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(source.id);
    expect(copy.body.handle).toBe(`${source.handle}-2`);
    expect(copy.body.published).toBe(false);
    expect(copy.body.publishedAtUtc).toBeNull();
    const same = (profile: ProfileResponse) => ({
      displayName: profile.displayName,
      tagline: profile.tagline,
      bio: profile.bio,
      theme: profile.theme,
      layout: profile.layout,
      contact: profile.contact,
      media: profile.media,
      privacy: profile.privacy,
      socialLinks: profile.socialLinks,
      blocks: profile.blocks.map(({ id: _id, ...block }) => block),
    });
    expect(same(copy.body)).toEqual(same(source));
    expect(copy.body.theme).toBe('noir');
    expect(copy.body.layout).toBe('split');
    expect(copy.body.blocks).toHaveLength(2);
    // the copy's blocks are its own
    for (const block of copy.body.blocks) {
      expect(source.blocks.map((b) => b.id)).not.toContain(block.id);
    }

    // stored, listed, and not public until published
    const read = await http.get<ProfileResponse>(`/api/profiles/${copy.body.id}`, {
      token: owner.accessToken,
    });
    expect(read.body).toEqual(copy.body);
    const list = await http.get<ProfileResponse[]>('/api/profiles', { token: owner.accessToken });
    expect(list.body.map((p) => p.handle)).toContain(copy.body.handle);
    const asGuest = await http.get<PublicProfileResponse>(`/api/public/profiles/${copy.body.handle}`);
    expect(asGuest.status).toBe(404);
    // the original is untouched
    const original = await http.get<ProfileResponse>(`/api/profiles/${source.id}`, {
      token: owner.accessToken,
    });
    expect(original.body).toEqual(source);
  });

  it('takes the next free number: a taken handle-2 gives handle-3, a copy of handle-3 gives the next free one', async () => {
    const source = await createProfile(http, owner.accessToken, { handle: handle() });
    // another account holds handle-2
    await createProfile(http, stranger.accessToken, { handle: `${source.handle}-2` });
    const first = await duplicate(source.id, owner.accessToken);
    expect(first.body.handle).toBe(`${source.handle}-3`);
    const second = await duplicate(source.id, owner.accessToken);
    expect(second.body.handle).toBe(`${source.handle}-4`);
    // a copy of ada-3 goes on from ada-4, the next free number
    const ofCopy = await duplicate(first.body.id, owner.accessToken);
    expect(ofCopy.body.handle).toBe(`${source.handle}-5`);
  });

  it('answers 404 for a card of another account, and 401 without a session', async () => {
    const source = await createProfile(http, owner.accessToken);
    const foreign = await duplicate(source.id, stranger.accessToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Profile not found' });
    const anonymous = await http.post<ErrorResponse>(`/api/profiles/${source.id}/duplicate`);
    expect(anonymous.status).toBe(401);
  });
});

describe.each(STORAGE_KINDS)('duplicating within the limits (%s)', (kind) => {
  const { http } = apiUnderTest(kind, { MAX_CARDS_PER_ACCOUNT: '2', RATE_LIMIT_CARD_CREATION: '3/1h' });
  // each test is its own client address (the tests are the proxy: TRUST_PROXY), so budgets do not mix
  let addressCounter = 0;

  function client(owner: Owner) {
    const headers = { 'x-forwarded-for': `198.51.100.${++addressCounter}` };
    return {
      create: async () => {
        const response = await http.post<ProfileResponse>('/api/profiles', {
          token: owner.accessToken,
          headers,
          body: fullProfileInput({
            handle: `l${kind[0]}${process.pid}-${Date.now().toString(36)}${addressCounter}-x`,
          }),
        });
        expect(response.status).toBe(201);
        return response.body;
      },
      duplicate: (id: string) =>
        http.post<ProfileResponse & ErrorResponse>(`/api/profiles/${id}/duplicate`, {
          token: owner.accessToken,
          headers,
        }),
      remove: (id: string) => http.delete(`/api/profiles/${id}`, { token: owner.accessToken, headers }),
    };
  }

  it('keeps to the cards-per-account cap', async () => {
    const owner = client(await registerUser(http));
    const source = await owner.create();
    expect((await owner.duplicate(source.id)).status).toBe(201);
    const refused = await owner.duplicate(source.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'You can have at most 2 cards: delete one to create another' });
  });

  it('counts as a card creation for the rate limit', async () => {
    const owner = client(await registerUser(http));
    const source = await owner.create();
    const copy = await owner.duplicate(source.id);
    expect(copy.status).toBe(201);
    // delete the copy so that the cap is not what refuses
    await owner.remove(copy.body.id);
    expect((await owner.duplicate(source.id)).status).toBe(201);
    const limited = await owner.duplicate(source.id);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many requests, please try again in/);
  });
});

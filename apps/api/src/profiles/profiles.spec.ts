import type { ErrorResponse, ProfileResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

describe.each(STORAGE_KINDS)('profiles over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    owner = await registerUser(http);
    stranger = await registerUser(http);
  });

  it('creates a profile and round-trips every field, empty optional strings as null', async () => {
    const input = fullProfileInput({
      handle: `  Mixed-Case-${kind}  `,
      tagline: '',
      contact: { ...fullProfileInput().contact, phoneNumber: '   ' },
    });
    const created = await http.post<ProfileResponse>('/api/profiles', {
      token: owner.accessToken,
      body: input,
    });
    expect(created.status).toBe(201);
    const profile = created.body;
    expect(profile.handle).toBe(`mixed-case-${kind}`);
    expect(profile.ownerId).toBe(owner.userId);
    expect(profile.tagline).toBeNull();
    expect(profile.contact).toEqual({ ...input.contact, phoneNumber: null });
    expect(profile.media).toEqual(input.media);
    expect(profile.privacy).toEqual(input.privacy);
    expect(profile.theme).toBe('noir');
    expect(profile.layout).toBe('split');
    expect(profile.published).toBe(false);
    expect(profile.publishedAtUtc).toBeNull();
    expect(profile.socialLinks).toEqual([
      { provider: 'LinkedIn', label: 'Work', url: 'https://linkedin.com/in/ada', highlight: true, order: 0 },
      { provider: 'GitHub', label: null, url: 'https://github.com/ada', highlight: false, order: 1 },
    ]);
    expect(profile.blocks[0]).toEqual({ ...input.blocks[0] });
    expect(profile.blocks[1]).toEqual({
      ...input.blocks[1],
      id: expect.stringMatching(/^[\w-]{8,}$/),
      subtitle: null,
    });

    const read = await http.get<ProfileResponse>(`/api/profiles/${profile.id}`, { token: owner.accessToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(profile);
  });

  it('applies the defaults for a new profile and falls back on unknown theme, layout and block type', async () => {
    const created = await http.post<ProfileResponse>('/api/profiles', {
      token: owner.accessToken,
      body: {
        handle: `minimal-${kind}`,
        displayName: 'Minimal',
        theme: 'sparkles',
        layout: 'zigzag',
        blocks: [{ type: 'hologram', title: 'Mystery block' }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.theme).toBe('aurora');
    expect(created.body.layout).toBe('neon');
    expect(created.body.privacy).toEqual({
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      // the message form asks for nothing besides the e-mail and the message
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    });
    expect(created.body.blocks[0]).toMatchObject({
      type: 'cta',
      title: 'Mystery block',
      visible: true,
      order: 0,
    });
    expect(created.body.socialLinks).toEqual([]);
  });

  it("lists only the caller's own profiles", async () => {
    const mine = await createProfile(http, stranger.accessToken);
    const list = await http.get<ProfileResponse[]>('/api/profiles', { token: stranger.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.id)).toEqual([mine.id]);
    const ownerList = await http.get<ProfileResponse[]>('/api/profiles', { token: owner.accessToken });
    expect(ownerList.body.map((p) => p.id)).not.toContain(mine.id);
  });

  it('sets publishedAtUtc when published, keeps it while published and clears it when unpublished', async () => {
    const profile = await createProfile(http, owner.accessToken);
    const input = fullProfileInput({ handle: profile.handle, published: true });
    const published = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: input,
    });
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    const publishedAt = published.body.publishedAtUtc;
    expect(Date.parse(publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const edited = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: { ...input, displayName: 'Ada L.' },
    });
    expect(edited.body.publishedAtUtc).toBe(publishedAt);

    const unpublished = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: { ...input, published: false },
    });
    expect(unpublished.body.published).toBe(false);
    expect(unpublished.body.publishedAtUtc).toBeNull();
  });

  it('answers 409 naming a taken handle, on create and on update, and changes nothing', async () => {
    const first = await createProfile(http, owner.accessToken);
    const taken = await http.post<ErrorResponse>('/api/profiles', {
      token: stranger.accessToken,
      body: fullProfileInput({ handle: first.handle.toUpperCase() }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`The handle "${first.handle}" is already taken.`);
    expect(taken.body.errors).toEqual([
      { field: 'handle', message: `The handle "${first.handle}" is already taken.` },
    ]);

    const second = await createProfile(http, owner.accessToken);
    const clash = await http.put<ErrorResponse>(`/api/profiles/${second.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: first.handle, displayName: 'Changed' }),
    });
    expect(clash.status).toBe(409);
    const unchanged = await http.get<ProfileResponse>(`/api/profiles/${second.id}`, {
      token: owner.accessToken,
    });
    expect(unchanged.body.handle).toBe(second.handle);
    expect(unchanged.body.displayName).toBe(second.displayName);
  });

  it.each(['api', 'dashboard', 'admin', 'login', 'demo', 'u'])(
    'rejects the reserved handle %s with 400',
    async (handle) => {
      const response = await http.post<ErrorResponse>('/api/profiles', {
        token: owner.accessToken,
        body: fullProfileInput({ handle }),
      });
      expect(response.status).toBe(400);
    },
  );

  it('names the reserved handle in its message', async () => {
    const response = await http.post<ErrorResponse>('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput({ handle: 'settings' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { field: 'handle', message: 'The handle "settings" is reserved. Choose another one.' },
    ]);
  });

  it.each([
    [{ handle: '' }, 'handle', 'Handle too short'],
    [{ handle: 'ab' }, 'handle', 'Handle too short'],
    [{ handle: 'a'.repeat(33) }, 'handle', 'Keep it under 32 characters'],
    [{ handle: 'not_allowed!' }, 'handle', 'Only lowercase letters, numbers or dashes'],
    [{ displayName: 'A' }, 'displayName', 'Display name required'],
    [{ tagline: 't'.repeat(141) }, 'tagline', 'Stay under 140 characters'],
    [{ bio: 'b'.repeat(801) }, 'bio', 'Keep it under 800 characters'],
    [{ contact: { email: 'nope' } }, 'contact.email', 'Enter a valid email'],
    [{ contact: { website: 'not a url' } }, 'contact.website', 'Enter a valid URL'],
    [{ media: { avatarUrl: 'javascript:alert(1)' } }, 'media.avatarUrl', 'Enter a valid URL'],
    [{ media: { bannerUrl: 'banner' } }, 'media.bannerUrl', 'Enter a valid URL'],
    [{ media: { ogImageUrl: 'ftp://x.example.com/a.png' } }, 'media.ogImageUrl', 'Enter a valid URL'],
    [
      { socialLinks: [{ provider: 'X', url: 'https://x.com/ada', highlight: true }] },
      'socialLinks.0.provider',
      'Enter a provider name',
    ],
    [
      { socialLinks: [{ provider: 'Mastodon', url: 'mastodon', highlight: true }] },
      'socialLinks.0.url',
      'Enter a valid URL',
    ],
    [{ blocks: [{ type: 'quote', title: 'Q' }] }, 'blocks.0.title', 'Block title required'],
  ])('rejects %j with the spec message', async (override, field, message) => {
    const response = await http.post<ErrorResponse>('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput(override),
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Validation failed');
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('deletes a profile for its owner only', async () => {
    const profile = await createProfile(http, owner.accessToken);
    expect((await http.delete(`/api/profiles/${profile.id}`, { token: stranger.accessToken })).status).toBe(
      404,
    );
    expect((await http.get(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(200);
    expect((await http.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.get(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(404);
    expect((await http.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(404);
  });

  it('guards every owner route: 401 anonymous, 404 for another user', async () => {
    const profile = await createProfile(http, owner.accessToken);
    const body = fullProfileInput({ handle: profile.handle });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/profiles'],
      ['POST', '/api/profiles', fullProfileInput()],
      ['GET', `/api/profiles/${profile.id}`],
      ['PUT', `/api/profiles/${profile.id}`, body],
      ['DELETE', `/api/profiles/${profile.id}`],
      ['GET', `/api/profiles/${profile.id}/qr`],
      ['GET', `/api/profiles/${profile.id}/leads`],
      ['GET', `/api/profiles/${profile.id}/leads/export`],
      ['DELETE', `/api/profiles/${profile.id}/leads/000000000000000000000000`],
    ];
    for (const [method, path, payload] of routes) {
      const anonymous = await http.request<ErrorResponse>(method, path, { body: payload });
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
      expect(anonymous.body).toEqual({ error: 'Authentication required' });
      if (path === '/api/profiles') continue;
      const other = await http.request<ErrorResponse>(method, path, {
        body: payload,
        token: stranger.accessToken,
      });
      expect([method, path, other.status]).toEqual([method, path, 404]);
    }
    // nothing changed for the owner
    const still = await http.get<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
    });
    expect(still.body).toEqual(profile);
  });

  it('answers 404 for an id that is not an id', async () => {
    expect((await http.get('/api/profiles/not-an-id', { token: owner.accessToken })).status).toBe(404);
  });
});

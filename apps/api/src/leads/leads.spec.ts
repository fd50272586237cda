import type { ErrorResponse, LeadResponse, Page, ProfileResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

describe.each(STORAGE_KINDS)('leads over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let visitor: Awaited<ReturnType<typeof registerUser>>;
  let profile: ProfileResponse;

  beforeAll(async () => {
    owner = await registerUser(http);
    visitor = await registerUser(http);
    profile = await createProfile(http, owner.accessToken, { published: true });
  });

  const send = (profileId: string, body: unknown, token?: string) =>
    http.post<LeadResponse & ErrorResponse>(`/api/profiles/${profileId}/leads`, { body, token });

  it('takes a message from a guest and stores the consent text and time', async () => {
    const before = Date.now();
    const response = await send(profile.id, {
      email: 'Guest@Example.com',
      message: 'Hello there',
      consent: true,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      profileId: profile.id,
      email: 'guest@example.com',
      message: 'Hello there',
      name: null,
      phone: null,
      company: null,
      consent: true,
      consentText: 'I agree to receive a follow-up',
      visitorUserId: null,
      answers: [],
      cardExchange: null,
      createdAtUtc: expect.any(String),
    });
    expect(Date.parse(response.body.createdAtUtc)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records the signed-in visitor from the session, never from the body', async () => {
    const signed = await send(
      profile.id,
      { email: visitor.email, consent: true, visitorUserId: 'someone-else' },
      visitor.accessToken,
    );
    expect(signed.status).toBe(201);
    expect(signed.body.visitorUserId).toBe(visitor.userId);
    expect(signed.body.message).toBeNull();
    const forged = await send(profile.id, {
      email: 'x@example.com',
      consent: true,
      visitorUserId: owner.userId,
    });
    expect(forged.body.visitorUserId).toBeNull();
  });

  it.each([
    [{ email: 'bad', consent: true }, 'email', 'Enter a valid email'],
    [
      { email: 'a@b.co', message: 'm'.repeat(501), consent: true },
      'message',
      'Keep the message within 500 characters',
    ],
    [{ email: 'a@b.co', consent: false }, 'consent', 'Consent is required'],
    [{ email: 'a@b.co' }, 'consent', 'Consent is required'],
  ])('rejects %j with the spec message', async (body, field, message) => {
    const response = await send(profile.id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, message });
  });

  it('answers 403 for a draft or a profile that does not allow messages, 404 for an unknown one', async () => {
    const draft = await createProfile(http, owner.accessToken, { published: false });
    expect((await send(draft.id, { email: 'a@b.co', consent: true })).status).toBe(403);
    const closed = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: { collectGeo: false, collectIp: false, showIdentifiedViewers: true, allowMessages: false },
    });
    const response = await send(closed.id, { email: 'a@b.co', consent: true });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('This profile is not accepting messages');
    expect((await send('000000000000000000000000', { email: 'a@b.co', consent: true })).status).toBe(404);
  });

  it('lists leads newest first with pages, exports CSV and deletes, for the owner only', async () => {
    const target = await createProfile(http, owner.accessToken, { published: true });
    for (const n of [1, 2, 3]) {
      expect(
        (
          await send(target.id, {
            email: `p${n}@example.com`,
            message: n === 3 ? '=HYPERLINK("x"), "quoted"' : `m${n}`,
            consent: true,
          })
        ).status,
      ).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const page1 = await http.get<Page<LeadResponse>>(`/api/profiles/${target.id}/leads?page=1&pageSize=2`, {
      token: owner.accessToken,
    });
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(3);
    expect(page1.body.items.map((l) => l.email)).toEqual(['p3@example.com', 'p2@example.com']);
    const page2 = await http.get<Page<LeadResponse>>(`/api/profiles/${target.id}/leads?page=2&pageSize=2`, {
      token: owner.accessToken,
    });
    expect(page2.body.items.map((l) => l.email)).toEqual(['p1@example.com']);

    const csv = await http.get(`/api/profiles/${target.id}/leads/export`, { token: owner.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Received (UTC),Email,Name,Phone,Company,Message,Consent,Consent text,Status,Tags,Note,Card by e-mail',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      `p3@example.com,,,,"'=HYPERLINK(""x""), ""quoted""",yes,I agree to receive a follow-up`,
    );

    const victim = page1.body.items[0];
    expect(
      (await http.delete(`/api/profiles/${target.id}/leads/${victim.id}`, { token: visitor.accessToken }))
        .status,
    ).toBe(404);
    expect(
      (await http.delete(`/api/profiles/${profile.id}/leads/${victim.id}`, { token: owner.accessToken }))
        .status,
    ).toBe(404);
    expect(
      (await http.delete(`/api/profiles/${target.id}/leads/${victim.id}`, { token: owner.accessToken }))
        .status,
    ).toBe(204);
    const after = await http.get<Page<LeadResponse>>(`/api/profiles/${target.id}/leads`, {
      token: owner.accessToken,
    });
    expect(after.body.items.map((l) => l.email)).toEqual(['p2@example.com', 'p1@example.com']);
  });

  it('rejects a page size out of bounds', async () => {
    const response = await http.get<ErrorResponse>(`/api/profiles/${profile.id}/leads?pageSize=101`, {
      token: owner.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0].field).toBe('pageSize');
  });

  it('deletes the leads with their profile', async () => {
    const doomed = await createProfile(http, owner.accessToken, { published: true });
    await send(doomed.id, { email: 'gone@example.com', consent: true });
    expect((await http.delete(`/api/profiles/${doomed.id}`, { token: owner.accessToken })).status).toBe(204);
    // a new profile never sees old leads, and the old id is gone
    expect((await http.get(`/api/profiles/${doomed.id}/leads`, { token: owner.accessToken })).status).toBe(
      404,
    );
    const again = await http.post<ProfileResponse>('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput({ handle: doomed.handle, published: true }),
    });
    const leads = await http.get<Page<LeadResponse>>(`/api/profiles/${again.body.id}/leads`, {
      token: owner.accessToken,
    });
    expect(leads.body.total).toBe(0);
  });
});

import type { ErrorResponse, HandleAvailabilityResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

describe.each(STORAGE_KINDS)('handle availability while it is typed (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  const held = `held-${kind}-${process.pid}`;
  let heldId: string;

  beforeAll(async () => {
    owner = await registerUser(http);
    stranger = await registerUser(http);
    heldId = (await createProfile(http, owner.accessToken, { handle: held })).id;
  });

  const ask = (query: string, token = owner.accessToken) =>
    http.get<HandleAvailabilityResponse>(`/api/profiles/handle-availability?${query}`, { token });

  it('says a free handle is available', async () => {
    const answer = await ask(`handle=free-${kind}-${process.pid}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      handle: `free-${kind}-${process.pid}`,
      status: 'available',
      message: `The handle "free-${kind}-${process.pid}" is available.`,
    });
  });

  it("says another card's handle is taken, to its owner and to anyone else", async () => {
    for (const token of [owner.accessToken, stranger.accessToken]) {
      const answer = await ask(`handle=${held}`, token);
      expect(answer.body).toEqual({
        handle: held,
        status: 'taken',
        message: `The handle "${held}" is already taken.`,
      });
    }
  });

  it("counts the edited card's own handle as available, for its owner only", async () => {
    expect((await ask(`handle=${held}&profileId=${heldId}`)).body.status).toBe('available');
    expect((await ask(`handle=${held}&profileId=${heldId}`, stranger.accessToken)).body.status).toBe('taken');
  });

  it('says a reserved handle is reserved, with the same words as a save', async () => {
    const answer = await ask('handle=dashboard');
    expect(answer.body).toEqual({
      handle: 'dashboard',
      status: 'reserved',
      message: 'The handle "dashboard" is reserved. Choose another one.',
    });
  });

  it('reads the handle as a save would: trimmed and lower-cased', async () => {
    expect((await ask(`handle=${encodeURIComponent(`  ${held.toUpperCase()} `)}`)).body).toMatchObject({
      handle: held,
      status: 'taken',
    });
  });

  it("refuses a handle a save would refuse, with the save's message", async () => {
    const answer = await http.get<ErrorResponse>('/api/profiles/handle-availability?handle=Max%20Feather', {
      token: owner.accessToken,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { field: 'handle', message: 'Only lowercase letters, numbers or dashes' },
    ]);
    const missing = await http.get<ErrorResponse>('/api/profiles/handle-availability', {
      token: owner.accessToken,
    });
    expect(missing.status).toBe(400);
  });

  it('answers only a signed-in user', async () => {
    const answer = await http.get('/api/profiles/handle-availability?handle=anything');
    expect(answer.status).toBe(401);
  });
});

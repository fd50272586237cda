import type { Storage } from './ports';
import { ID, newUser as createUser, UNKNOWN_ID } from './testing/storage-contract-helpers';

/** the sessions port, users' deletion included: run by the storage contract */
export function describeSessionsContract(store: () => Storage): void {
  describe('sessions', () => {
    let storage: Storage;
    const newUser = (email?: string) => createUser(storage, email);

    beforeAll(() => {
      storage = store();
    });

    const inAnHour = () => new Date(Date.now() + 3_600_000);

    it('creates a live session for a user and finds it by id', async () => {
      const user = await newUser();
      const expiresAt = inAnHour();
      const session = await storage.sessions.create({ userId: user.id, expiresAt });
      expect(session).toEqual({
        id: expect.stringMatching(ID),
        userId: user.id,
        createdAt: expect.any(Date),
        expiresAt,
        lastSeenAt: session!.createdAt,
        provedAt: session!.createdAt,
        revokedAt: null,
        userAgent: '',
        country: '',
        deviceId: '',
      });
      await expect(storage.sessions.findById(session!.id)).resolves.toEqual(session);
      const second = await storage.sessions.create({ userId: user.id, expiresAt });
      expect(second!.id).not.toBe(session!.id);
    });

    it('creates no session for a user that does not exist or was deleted', async () => {
      await expect(
        storage.sessions.create({ userId: UNKNOWN_ID, expiresAt: inAnHour() }),
      ).resolves.toBeNull();
      await expect(storage.sessions.create({ userId: 'nope', expiresAt: inAnHour() })).resolves.toBeNull();
      const user = await newUser();
      await storage.users.delete(user.id);
      await expect(storage.sessions.create({ userId: user.id, expiresAt: inAnHour() })).resolves.toBeNull();
    });

    it('revokes a session once, and only that one', async () => {
      const user = await newUser();
      const ended = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const kept = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      await expect(storage.sessions.revoke(ended!.id)).resolves.toBe(true);
      await expect(storage.sessions.revoke(ended!.id)).resolves.toBe(false);
      await expect(storage.sessions.findById(ended!.id)).resolves.toEqual({
        ...ended,
        revokedAt: expect.any(Date),
      });
      await expect(storage.sessions.findById(kept!.id)).resolves.toEqual(kept);
    });

    it("revokes all of a user's sessions but the one kept, and no one else's", async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const [current, second, third] = await Promise.all(
        [1, 2, 3].map(() => storage.sessions.create({ userId: user.id, expiresAt: inAnHour() })),
      );
      const others = await storage.sessions.create({ userId: other.id, expiresAt: inAnHour() });
      await storage.sessions.revoke(third!.id);

      await expect(storage.sessions.revokeAllForUser(user.id, current!.id)).resolves.toBe(1);
      await expect(storage.sessions.findById(current!.id)).resolves.toEqual(current);
      await expect(storage.sessions.findById(second!.id)).resolves.toMatchObject({
        revokedAt: expect.any(Date),
      });
      await expect(storage.sessions.findById(others!.id)).resolves.toEqual(others);

      await expect(storage.sessions.revokeAllForUser(user.id)).resolves.toBe(1);
      await expect(storage.sessions.findById(current!.id)).resolves.toMatchObject({
        revokedAt: expect.any(Date),
      });
      await expect(storage.sessions.findById(others!.id)).resolves.toEqual(others);
    });

    it('deletes the sessions that have expired, and keeps the others', async () => {
      const user = await newUser();
      const now = new Date();
      const expired = await storage.sessions.create({
        userId: user.id,
        expiresAt: new Date(now.getTime() - 1000),
      });
      const endsNow = await storage.sessions.create({ userId: user.id, expiresAt: now });
      const live = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      await storage.sessions.revoke(live!.id);

      await expect(storage.sessions.deleteExpired(now)).resolves.toBeGreaterThanOrEqual(2);
      await expect(storage.sessions.findById(expired!.id)).resolves.toBeNull();
      await expect(storage.sessions.findById(endsNow!.id)).resolves.toBeNull();
      await expect(storage.sessions.findById(live!.id)).resolves.toMatchObject({ id: live!.id });
    });

    it("deletes a user's sessions with the user", async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const others = await storage.sessions.create({ userId: other.id, expiresAt: inAnHour() });
      await expect(storage.users.delete(user.id)).resolves.toBe(true);
      await expect(storage.sessions.findById(session!.id)).resolves.toBeNull();
      await expect(storage.sessions.findById(others!.id)).resolves.toEqual(others);
    });

    it('keeps where a session came from, and when it was last used', async () => {
      const user = await newUser();
      const origin = {
        userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0',
        country: 'DE',
        deviceId: 'device-a',
      };
      const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour(), ...origin });
      expect(session).toMatchObject(origin);
      const seen = new Date(session!.createdAt.getTime() + 60_000);
      await storage.sessions.touch(session!.id, seen);
      await expect(storage.sessions.findById(session!.id)).resolves.toEqual({ ...session, lastSeenAt: seen });
    });

    it('records a new proof only on a live session', async () => {
      const user = await newUser();
      const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const proved = new Date(session!.createdAt.getTime() + 120_000);
      await expect(storage.sessions.markProved(session!.id, proved)).resolves.toBe(true);
      await expect(storage.sessions.findById(session!.id)).resolves.toEqual({ ...session, provedAt: proved });
      await storage.sessions.revoke(session!.id);
      await expect(storage.sessions.markProved(session!.id, new Date())).resolves.toBe(false);
      await expect(storage.sessions.findById(session!.id)).resolves.toMatchObject({ provedAt: proved });
      for (const id of ['nope', UNKNOWN_ID]) {
        await expect(storage.sessions.markProved(id, new Date())).resolves.toBe(false);
      }
    });

    it("lists a user's live sessions, the last seen first, and no one else's", async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const now = new Date();
      const first = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const second = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const ended = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      await storage.sessions.revoke(ended!.id);
      await storage.sessions.create({ userId: user.id, expiresAt: new Date(now.getTime() - 1000) });
      await storage.sessions.create({ userId: other.id, expiresAt: inAnHour() });
      await storage.sessions.touch(first!.id, new Date(now.getTime() + 60_000));

      const live = await storage.sessions.listLive(user.id, now);
      expect(live.map((session) => session.id)).toEqual([first!.id, second!.id]);
      await expect(storage.sessions.listLive(UNKNOWN_ID, now)).resolves.toEqual([]);
      await expect(storage.sessions.listLive('nope', now)).resolves.toEqual([]);
    });

    it("knows a user's devices from their stored sessions, ended ones included", async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const session = await storage.sessions.create({
        userId: user.id,
        expiresAt: inAnHour(),
        deviceId: 'laptop',
      });
      await storage.sessions.revoke(session!.id);
      await expect(storage.sessions.hasDevice(user.id, 'laptop')).resolves.toBe(true);
      await expect(storage.sessions.hasDevice(user.id, 'phone')).resolves.toBe(false);
      await expect(storage.sessions.hasDevice(other.id, 'laptop')).resolves.toBe(false);
      await expect(storage.sessions.hasDevice('nope', 'laptop')).resolves.toBe(false);
    });

    it("revokes one of a user's live sessions only for that user", async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      const expired = await storage.sessions.create({
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      await expect(storage.sessions.revokeOfUser(other.id, session!.id)).resolves.toBe(false);
      await expect(storage.sessions.findById(session!.id)).resolves.toEqual(session);
      await expect(storage.sessions.revokeOfUser(user.id, expired!.id)).resolves.toBe(false);
      await expect(storage.sessions.revokeOfUser(user.id, session!.id)).resolves.toBe(true);
      await expect(storage.sessions.revokeOfUser(user.id, session!.id)).resolves.toBe(false);
      await expect(storage.sessions.findById(session!.id)).resolves.toMatchObject({
        revokedAt: expect.any(Date),
      });
    });

    it('finds and revokes nothing, without throwing, for unknown and malformed ids', async () => {
      const user = await newUser();
      const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.sessions.findById(id)).resolves.toBeNull();
        await expect(storage.sessions.revoke(id)).resolves.toBe(false);
        await expect(storage.sessions.revokeAllForUser(id)).resolves.toBe(0);
        await expect(storage.sessions.revokeOfUser(user.id, id)).resolves.toBe(false);
        await expect(storage.sessions.touch(id, new Date())).resolves.toBeUndefined();
      }
      await expect(storage.sessions.findById(session!.id)).resolves.toEqual(session);
    });
  });
}

import type { ApiKeyOwner, NewApiKey, Storage } from './ports';
import {
  HOUR,
  ID,
  newTeam as createTeam,
  newTokenHash,
  newUser as createUser,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the API keys port: owners kept apart, revocation, the last use written once a minute, cascades */
export function describeApiKeysContract(store: () => Storage): void {
  describe('api keys', () => {
    let storage: Storage;
    const newUser = () => createUser(storage);
    const newTeam = () => createTeam(storage);
    const key = (owner: ApiKeyOwner, createdBy: string, extra: Partial<NewApiKey> = {}): NewApiKey => ({
      owner,
      name: unique('Zapier '),
      scopes: ['leads:read', 'cards:manage'],
      keyHash: newTokenHash(),
      prefix: 'cck_abcdefgh',
      createdBy,
      expiresAt: null,
      ...extra,
    });

    beforeAll(() => {
      storage = store();
    });

    it('stores a personal key and finds it by its hash and by its id for its user only', async () => {
      const user = await newUser();
      const other = await newUser();
      const expiresAt = new Date(Date.now() + 30 * 24 * HOUR);
      const made = await storage.apiKeys.create(
        key({ userId: user.id }, user.id, { scopes: ['analytics:read'], expiresAt }),
      );
      expect(made).toEqual({
        id: expect.stringMatching(ID),
        userId: user.id,
        teamId: null,
        name: expect.stringContaining('Zapier'),
        scopes: ['analytics:read'],
        keyHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        prefix: 'cck_abcdefgh',
        createdBy: user.id,
        createdAt: expect.any(Date),
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
      });
      await expect(storage.apiKeys.findByHash(made!.keyHash)).resolves.toEqual(made);
      await expect(storage.apiKeys.findById({ userId: user.id }, made!.id)).resolves.toEqual(made);
      await expect(storage.apiKeys.findById({ userId: other.id }, made!.id)).resolves.toBeNull();
      await expect(storage.apiKeys.list({ userId: other.id })).resolves.toEqual([]);
      await expect(storage.apiKeys.findByHash(newTokenHash())).resolves.toBeNull();
    });

    it('keeps a team’s keys apart from its members’ own, newest first', async () => {
      const { team, owner } = await newTeam();
      const personal = await storage.apiKeys.create(key({ userId: owner.id }, owner.id));
      const first = await storage.apiKeys.create(key({ teamId: team.id }, owner.id));
      const second = await storage.apiKeys.create(key({ teamId: team.id }, owner.id));
      expect(first).toMatchObject({ teamId: team.id, userId: null, createdBy: owner.id });
      const listed = await storage.apiKeys.list({ teamId: team.id });
      expect(listed.map((one) => one.id)).toEqual([second!.id, first!.id]);
      expect((await storage.apiKeys.list({ userId: owner.id })).map((one) => one.id)).toEqual([personal!.id]);
      await expect(storage.apiKeys.findById({ userId: owner.id }, first!.id)).resolves.toBeNull();
      await expect(storage.apiKeys.findById({ teamId: team.id }, personal!.id)).resolves.toBeNull();
    });

    it('refuses a key of a user or a team that does not exist', async () => {
      const user = await newUser();
      await expect(storage.apiKeys.create(key({ userId: UNKNOWN_ID }, user.id))).resolves.toBeNull();
      await expect(storage.apiKeys.create(key({ teamId: UNKNOWN_ID }, user.id))).resolves.toBeNull();
      await expect(storage.apiKeys.list({ userId: UNKNOWN_ID })).resolves.toEqual([]);
    });

    it('renames, counts the live keys and revokes a key once; a revoked key is listed no more', async () => {
      const user = await newUser();
      const owner = { userId: user.id };
      const live = await storage.apiKeys.create(key(owner, user.id));
      await storage.apiKeys.create(key(owner, user.id, { expiresAt: new Date(Date.now() - 1000) }));
      await expect(storage.apiKeys.countLive(owner, new Date())).resolves.toBe(1);
      expect(await storage.apiKeys.list(owner)).toHaveLength(2);

      const renamed = await storage.apiKeys.rename(owner, live!.id, 'Reporting');
      expect(renamed).toEqual({ ...live, name: 'Reporting' });
      await expect(storage.apiKeys.rename({ userId: UNKNOWN_ID }, live!.id, 'x')).resolves.toBeNull();

      await expect(storage.apiKeys.revoke({ userId: UNKNOWN_ID }, live!.id, new Date())).resolves.toBe(false);
      const at = new Date();
      await expect(storage.apiKeys.revoke(owner, live!.id, at)).resolves.toBe(true);
      await expect(storage.apiKeys.revoke(owner, live!.id, new Date())).resolves.toBe(false);
      await expect(storage.apiKeys.countLive(owner, new Date())).resolves.toBe(0);
      expect(await storage.apiKeys.list(owner)).toHaveLength(1);
      await expect(storage.apiKeys.findById(owner, live!.id)).resolves.toBeNull();
      await expect(storage.apiKeys.rename(owner, live!.id, 'Again')).resolves.toBeNull();
      // the lookup by hash still finds it, revoked, so the caller can refuse it
      await expect(storage.apiKeys.findByHash(live!.keyHash)).resolves.toMatchObject({ revokedAt: at });
    });

    it('writes the last use only when none was written after the given moment', async () => {
      const user = await newUser();
      const made = await storage.apiKeys.create(key({ userId: user.id }, user.id));
      const first = new Date(Date.now() - 30_000);
      await expect(storage.apiKeys.touch(made!.id, first, new Date(first.getTime() - 60_000))).resolves.toBe(
        true,
      );
      const soon = new Date(first.getTime() + 10_000);
      await expect(storage.apiKeys.touch(made!.id, soon, new Date(soon.getTime() - 60_000))).resolves.toBe(
        false,
      );
      await expect(storage.apiKeys.findByHash(made!.keyHash)).resolves.toMatchObject({ lastUsedAt: first });
      const later = new Date(first.getTime() + 61_000);
      await expect(storage.apiKeys.touch(made!.id, later, new Date(later.getTime() - 60_000))).resolves.toBe(
        true,
      );
      await expect(storage.apiKeys.findByHash(made!.keyHash)).resolves.toMatchObject({ lastUsedAt: later });
      await expect(storage.apiKeys.touch(UNKNOWN_ID, later, later)).resolves.toBe(false);
    });

    it('deletes a user’s keys with the user and a team’s with the team; a team key outlives its maker', async () => {
      const { team, owner } = await newTeam();
      const admin = await newUser();
      await storage.teams.addMember(team.id, admin.id, 'admin');
      const teamKey = await storage.apiKeys.create(key({ teamId: team.id }, admin.id));
      const adminsOwn = await storage.apiKeys.create(key({ userId: admin.id }, admin.id));
      const ownersOwn = await storage.apiKeys.create(key({ userId: owner.id }, owner.id));

      await expect(storage.users.delete(admin.id)).resolves.toBe(true);
      await expect(storage.apiKeys.findByHash(adminsOwn!.keyHash)).resolves.toBeNull();
      await expect(storage.apiKeys.findByHash(teamKey!.keyHash)).resolves.toEqual(teamKey);

      await expect(storage.teams.delete(team.id)).resolves.toBe(true);
      await expect(storage.apiKeys.findByHash(teamKey!.keyHash)).resolves.toBeNull();
      await expect(storage.apiKeys.findByHash(ownersOwn!.keyHash)).resolves.toEqual(ownersOwn);
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const user = await newUser();
      for (const id of [UNKNOWN_ID, 'not-an-id', '']) {
        await expect(storage.apiKeys.findById({ userId: user.id }, id)).resolves.toBeNull();
        await expect(storage.apiKeys.revoke({ userId: user.id }, id, new Date())).resolves.toBe(false);
        await expect(storage.apiKeys.touch(id, new Date(), new Date())).resolves.toBe(false);
      }
      await expect(storage.apiKeys.list({ teamId: 'not-an-id' })).resolves.toEqual([]);
    });
  });
}

import type { Storage } from './ports';
import { emptyBrand, newUser as createUser, UNKNOWN_ID } from './testing/storage-contract-helpers';

const CODES = ['hash-a', 'hash-b', 'hash-c'];

/** the second factors port, and a team's requirement of one: run by the storage contract */
export function describeSecondFactorsContract(store: () => Storage): void {
  describe('second factors', () => {
    let storage: Storage;
    const newUser = () => createUser(storage);

    beforeAll(() => {
      storage = store();
    });

    it('keeps a secret waiting for its first code, and replaces it while it waits', async () => {
      const user = await newUser();
      await expect(storage.secondFactors.find(user.id)).resolves.toBeNull();
      await expect(storage.secondFactors.begin(user.id, 'sealed-1')).resolves.toBe(true);
      await expect(storage.secondFactors.find(user.id)).resolves.toEqual({
        userId: user.id,
        sealedSecret: 'sealed-1',
        enabledAt: null,
        lastTimeStep: 0,
        recoveryCodesLeft: 0,
        createdAt: expect.any(Date),
      });
      await expect(storage.secondFactors.begin(user.id, 'sealed-2')).resolves.toBe(true);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({ sealedSecret: 'sealed-2' });
      // nothing is on yet: no code counts
      await expect(storage.secondFactors.useTimeStep(user.id, 5)).resolves.toBe(false);
      await expect(storage.secondFactors.enabledAmong([user.id])).resolves.toEqual(new Set());
    });

    it('turns on once, with its codes, and then refuses a new secret', async () => {
      const user = await newUser();
      await storage.secondFactors.begin(user.id, 'sealed');
      await expect(storage.secondFactors.enable(user.id, 100, CODES)).resolves.toBe(true);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({
        enabledAt: expect.any(Date),
        lastTimeStep: 100,
        recoveryCodesLeft: 3,
      });
      await expect(storage.secondFactors.enable(user.id, 101, CODES)).resolves.toBe(false);
      await expect(storage.secondFactors.begin(user.id, 'another')).resolves.toBe(false);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({ sealedSecret: 'sealed' });
      await expect(storage.secondFactors.enabledAmong([user.id, UNKNOWN_ID, 'nope'])).resolves.toEqual(
        new Set([user.id]),
      );
    });

    it('takes each time step once and never an earlier one, also when asked at once', async () => {
      const user = await newUser();
      await storage.secondFactors.begin(user.id, 'sealed');
      await storage.secondFactors.enable(user.id, 100, CODES);
      await expect(storage.secondFactors.useTimeStep(user.id, 100)).resolves.toBe(false);
      await expect(storage.secondFactors.useTimeStep(user.id, 99)).resolves.toBe(false);
      const both = await Promise.all([
        storage.secondFactors.useTimeStep(user.id, 101),
        storage.secondFactors.useTimeStep(user.id, 101),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({ lastTimeStep: 101 });
    });

    it('spends each recovery code once, and only its own user’s', async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      for (const one of [user, other]) {
        await storage.secondFactors.begin(one.id, 'sealed');
        await storage.secondFactors.enable(one.id, 1, one === user ? CODES : ['hash-z']);
      }
      await expect(storage.secondFactors.useRecoveryCode(user.id, 'hash-z')).resolves.toBe(false);
      await expect(storage.secondFactors.useRecoveryCode(user.id, 'unknown')).resolves.toBe(false);
      const both = await Promise.all([
        storage.secondFactors.useRecoveryCode(user.id, 'hash-b'),
        storage.secondFactors.useRecoveryCode(user.id, 'hash-b'),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({ recoveryCodesLeft: 2 });

      // new codes: the old ones are gone, spent or not
      await expect(storage.secondFactors.replaceRecoveryCodes(user.id, ['hash-n1', 'hash-n2'])).resolves.toBe(
        true,
      );
      await expect(storage.secondFactors.useRecoveryCode(user.id, 'hash-a')).resolves.toBe(false);
      await expect(storage.secondFactors.useRecoveryCode(user.id, 'hash-n1')).resolves.toBe(true);
      await expect(storage.secondFactors.find(user.id)).resolves.toMatchObject({ recoveryCodesLeft: 1 });
      await expect(storage.secondFactors.find(other.id)).resolves.toMatchObject({ recoveryCodesLeft: 1 });
    });

    it('forgets the secret and the codes when turned off, and with its user', async () => {
      const [user, gone] = await Promise.all([newUser(), newUser()]);
      for (const one of [user, gone]) {
        await storage.secondFactors.begin(one.id, 'sealed');
        await storage.secondFactors.enable(one.id, 1, CODES);
      }
      await expect(storage.secondFactors.remove(user.id)).resolves.toBe(true);
      await expect(storage.secondFactors.remove(user.id)).resolves.toBe(false);
      await expect(storage.secondFactors.find(user.id)).resolves.toBeNull();
      await expect(storage.secondFactors.useRecoveryCode(user.id, 'hash-a')).resolves.toBe(false);
      await expect(storage.secondFactors.replaceRecoveryCodes(user.id, CODES)).resolves.toBe(false);
      // set up again from the start
      await expect(storage.secondFactors.begin(user.id, 'sealed-again')).resolves.toBe(true);

      await storage.users.delete(gone.id);
      await expect(storage.secondFactors.find(gone.id)).resolves.toBeNull();
      await expect(storage.secondFactors.begin(gone.id, 'sealed')).resolves.toBe(false);
      for (const id of [UNKNOWN_ID, 'nope']) {
        await expect(storage.secondFactors.begin(id, 'sealed')).resolves.toBe(false);
        await expect(storage.secondFactors.find(id)).resolves.toBeNull();
        await expect(storage.secondFactors.useTimeStep(id, 5)).resolves.toBe(false);
      }
    });

    it("keeps a team's requirement of a second factor", async () => {
      const owner = await newUser();
      const team = await storage.teams.create('Engines', emptyBrand(), owner.id);
      expect(team.requireSecondFactor).toBe(false);
      const required = await storage.teams.setSecondFactorRequired(team.id, true);
      expect(required).toMatchObject({ id: team.id, requireSecondFactor: true });
      await expect(storage.teams.findById(team.id)).resolves.toMatchObject({ requireSecondFactor: true });
      await expect(storage.teams.setSecondFactorRequired(team.id, false)).resolves.toMatchObject({
        requireSecondFactor: false,
      });
      await expect(storage.teams.setSecondFactorRequired(UNKNOWN_ID, true)).resolves.toBeNull();
    });
  });
}

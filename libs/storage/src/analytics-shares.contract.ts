import { randomBytes } from 'node:crypto';
import type { NewAnalyticsShare, Storage } from './ports';
import {
  bareProfile,
  ID,
  newTokenHash,
  newUser as createUser,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the analytics links port: a card's links, found by the token's hash, revoked, swept, viewed once a minute */
export function describeAnalyticsSharesContract(store: () => Storage): void {
  describe('analytics shares', () => {
    let storage: Storage;
    const share = (profileId: string, ownerId: string, extra: Partial<NewAnalyticsShare> = {}) => ({
      profileId,
      ownerId,
      label: unique('For the board '),
      token: randomBytes(32).toString('base64url'),
      tokenHash: newTokenHash(),
      passwordHash: null,
      ...extra,
    });
    const newCard = async () => {
      const owner = await createUser(storage);
      const card = await storage.profiles.create(owner.id, bareProfile(unique('share')));
      return { owner, card };
    };

    beforeAll(() => {
      storage = store();
    });

    it('stores a link with its token, finds it by the hash and lists a card’s links newest first', async () => {
      const { owner, card } = await newCard();
      const other = await newCard();
      const first = await storage.analyticsShares.create(
        share(card.id, owner.id, { label: null, passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5' }),
      );
      expect(first).toEqual({
        id: expect.stringMatching(ID),
        profileId: card.id,
        ownerId: owner.id,
        label: null,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5',
        createdAt: expect.any(Date),
        lastViewedAt: null,
      });
      const second = await storage.analyticsShares.create(share(card.id, owner.id));
      await storage.analyticsShares.create(share(other.card.id, other.owner.id));

      await expect(storage.analyticsShares.findByTokenHash(first!.tokenHash)).resolves.toEqual(first);
      await expect(storage.analyticsShares.findByTokenHash(newTokenHash())).resolves.toBeNull();
      await expect(storage.analyticsShares.listByProfile(card.id)).resolves.toEqual([second, first]);
      await expect(storage.analyticsShares.countByProfile(card.id)).resolves.toBe(2);
    });

    it('makes no link for a card that does not exist', async () => {
      const owner = await createUser(storage);
      await expect(storage.analyticsShares.create(share(UNKNOWN_ID, owner.id))).resolves.toBeNull();
      await expect(storage.analyticsShares.countByProfile(UNKNOWN_ID)).resolves.toBe(0);
    });

    it('revokes a link through its own card only, and it is gone at once', async () => {
      const { owner, card } = await newCard();
      const other = await newCard();
      const made = await storage.analyticsShares.create(share(card.id, owner.id));
      await expect(storage.analyticsShares.delete(other.card.id, made!.id)).resolves.toBe(false);
      await expect(storage.analyticsShares.findByTokenHash(made!.tokenHash)).resolves.toEqual(made);
      await expect(storage.analyticsShares.delete(card.id, made!.id)).resolves.toBe(true);
      await expect(storage.analyticsShares.findByTokenHash(made!.tokenHash)).resolves.toBeNull();
      await expect(storage.analyticsShares.delete(card.id, made!.id)).resolves.toBe(false);
    });

    it('sweeps a card’s links, and every link an account made', async () => {
      const { owner, card } = await newCard();
      const second = await storage.profiles.create(owner.id, bareProfile(unique('share')));
      const other = await newCard();
      await storage.analyticsShares.create(share(card.id, owner.id));
      await storage.analyticsShares.create(share(card.id, owner.id));
      const kept = await storage.analyticsShares.create(share(second.id, owner.id));
      const others = await storage.analyticsShares.create(share(other.card.id, other.owner.id));

      await expect(storage.analyticsShares.deleteByProfile(card.id)).resolves.toBe(2);
      await expect(storage.analyticsShares.listByProfile(card.id)).resolves.toEqual([]);
      await expect(storage.analyticsShares.listByProfile(second.id)).resolves.toEqual([kept]);

      await expect(storage.analyticsShares.deleteByOwner(owner.id)).resolves.toBe(1);
      await expect(storage.analyticsShares.listByProfile(second.id)).resolves.toEqual([]);
      await expect(storage.analyticsShares.findByTokenHash(others!.tokenHash)).resolves.toEqual(others);
    });

    it('records a view at most once a minute', async () => {
      const { owner, card } = await newCard();
      const made = await storage.analyticsShares.create(share(card.id, owner.id));
      const first = new Date(Date.now() - 30_000);
      const minuteBefore = (at: Date) => new Date(at.getTime() - 60_000);
      await expect(storage.analyticsShares.touch(made!.id, first, minuteBefore(first))).resolves.toBe(true);
      const soon = new Date(first.getTime() + 10_000);
      await expect(storage.analyticsShares.touch(made!.id, soon, minuteBefore(soon))).resolves.toBe(false);
      await expect(storage.analyticsShares.findByTokenHash(made!.tokenHash)).resolves.toMatchObject({
        lastViewedAt: first,
      });
      const later = new Date(first.getTime() + 61_000);
      await expect(storage.analyticsShares.touch(made!.id, later, minuteBefore(later))).resolves.toBe(true);
      await expect(storage.analyticsShares.findByTokenHash(made!.tokenHash)).resolves.toMatchObject({
        lastViewedAt: later,
      });
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      for (const id of [UNKNOWN_ID, 'not-an-id', '']) {
        await expect(storage.analyticsShares.listByProfile(id)).resolves.toEqual([]);
        await expect(storage.analyticsShares.countByProfile(id)).resolves.toBe(0);
        await expect(storage.analyticsShares.delete(id, id)).resolves.toBe(false);
        await expect(storage.analyticsShares.deleteByProfile(id)).resolves.toBe(0);
        await expect(storage.analyticsShares.deleteByOwner(id)).resolves.toBe(0);
        await expect(storage.analyticsShares.touch(id, new Date(), new Date())).resolves.toBe(false);
      }
    });
  });
}

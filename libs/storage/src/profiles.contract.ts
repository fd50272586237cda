import { DuplicateKeyError, type Storage } from './ports';
import {
  bareProfile,
  expectDuplicate,
  fullProfile,
  ID,
  newTeam,
  newUser as createUser,
  templateData,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the profiles port, and every port's answer to a malformed id: run by the storage contract */
export function describeProfilesContract(store: () => Storage): void {
  describe('profiles', () => {
    let storage: Storage;
    const newUser = (email?: string) => createUser(storage, email);

    beforeAll(() => {
      storage = store();
    });

    it('round-trips every field, with values and with nulls', async () => {
      const owner = await newUser();
      for (const data of [fullProfile(unique('full')), bareProfile(unique('bare'))]) {
        const created = await storage.profiles.create(owner.id, data);
        const expected = {
          ...data,
          id: expect.stringMatching(ID),
          ownerId: owner.id,
          teamId: null,
          templateId: null,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        };
        expect(created).toEqual(expected);
        await expect(storage.profiles.findById(created.id)).resolves.toEqual(created);
        await expect(storage.profiles.findByHandle(data.handle)).resolves.toEqual(created);
        await expect(storage.profiles.findOwned(created.id, owner.id)).resolves.toEqual(created);
      }
      const [full] = await storage.profiles.listByOwner(owner.id);
      expect(full.socialLinks.map((link) => link.order)).toEqual([2, 0, 1]);
      expect(full.blocks.map((block) => [block.id, block.order])).toEqual([
        ['blk-2', 1],
        ['blk-1', 0],
      ]);
      expect(full.publishedAt).toEqual(new Date('2026-03-04T05:06:07.089Z'));
    });

    it('does not store properties that are not part of a profile', async () => {
      const owner = await newUser();
      const data = { ...bareProfile(unique('stray')), passwordHash: 'leak', ownerId: UNKNOWN_ID };
      const created = await storage.profiles.create(owner.id, data);
      const found = await storage.profiles.findById(created.id);
      expect(found).not.toHaveProperty('passwordHash');
      expect(found!.ownerId).toBe(owner.id);
    });

    it('lets exactly one of two concurrent creates of one handle win', async () => {
      const [alice, bob] = await Promise.all([newUser(), newUser()]);
      const handle = unique('race');
      const results = await Promise.allSettled([
        storage.profiles.create(alice.id, bareProfile(handle)),
        storage.profiles.create(bob.id, bareProfile(handle)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(DuplicateKeyError);
      expect((lost[0].reason as DuplicateKeyError).key).toBe('handle');
      const winner = (won[0] as PromiseFulfilledResult<{ ownerId: string }>).value;
      await expect(storage.profiles.findByHandle(handle)).resolves.toMatchObject({
        ownerId: winner.ownerId,
      });
      const loser = winner.ownerId === alice.id ? bob : alice;
      await expect(storage.profiles.listByOwner(loser.id)).resolves.toEqual([]);
    });

    it('replaces every field on update, sets and clears publishedAt, keeps id and owner', async () => {
      const owner = await newUser();
      const created = await storage.profiles.create(owner.id, bareProfile(unique('edit')));
      const next = fullProfile(unique('edited'));
      const updated = await storage.profiles.update(created.id, owner.id, next);
      expect(updated).toEqual({
        ...next,
        id: created.id,
        ownerId: owner.id,
        teamId: null,
        templateId: null,
        createdAt: created.createdAt,
        updatedAt: expect.any(Date),
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
      await expect(storage.profiles.findById(created.id)).resolves.toEqual(updated);
      await expect(storage.profiles.findByHandle(created.handle)).resolves.toBeNull();

      const unpublished = await storage.profiles.update(created.id, owner.id, {
        ...next,
        published: false,
        publishedAt: null,
        socialLinks: [],
        blocks: [],
      });
      expect(unpublished).toMatchObject({
        published: false,
        publishedAt: null,
        socialLinks: [],
        blocks: [],
      });
      // keeping one's own handle is no conflict
      await expect(storage.profiles.update(created.id, owner.id, next)).resolves.toMatchObject({
        handle: next.handle,
      });
    });

    it('rejects an update to a taken handle and changes nothing', async () => {
      const owner = await newUser();
      const taken = await storage.profiles.create(owner.id, bareProfile(unique('taken')));
      const mine = await storage.profiles.create(owner.id, bareProfile(unique('mine')));
      await expectDuplicate(
        storage.profiles.update(mine.id, owner.id, { ...fullProfile(taken.handle) }),
        'handle',
      );
      await expect(storage.profiles.findById(mine.id)).resolves.toEqual(mine);
      await expect(storage.profiles.findByHandle(taken.handle)).resolves.toEqual(taken);
    });

    it('scopes reads, updates and deletes to the owner', async () => {
      const [owner, stranger] = await Promise.all([newUser(), newUser()]);
      const first = await storage.profiles.create(owner.id, bareProfile(unique('own1')));
      const second = await storage.profiles.create(owner.id, fullProfile(unique('own2')));

      await expect(storage.profiles.findOwned(first.id, stranger.id)).resolves.toBeNull();
      await expect(
        storage.profiles.update(first.id, stranger.id, fullProfile(unique('hijack'))),
      ).resolves.toBeNull();
      await expect(storage.profiles.delete(first.id, stranger.id)).resolves.toBe(false);
      await expect(storage.profiles.listByOwner(stranger.id)).resolves.toEqual([]);

      await expect(storage.profiles.findById(first.id)).resolves.toEqual(first);
      // oldest first
      await expect(storage.profiles.listByOwner(owner.id)).resolves.toEqual([first, second]);
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const owner = await newUser();
      const profile = await storage.profiles.create(owner.id, bareProfile(unique('ids')));
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.users.findById(id)).resolves.toBeNull();
        await expect(storage.users.update(id, { displayName: 'x' })).resolves.toBeNull();
        await expect(storage.users.delete(id)).resolves.toBe(false);
        await expect(storage.profiles.findById(id)).resolves.toBeNull();
        await expect(storage.profiles.findOwned(id, owner.id)).resolves.toBeNull();
        await expect(storage.profiles.findOwned(profile.id, id)).resolves.toBeNull();
        await expect(storage.profiles.listByOwner(id)).resolves.toEqual([]);
        await expect(storage.profiles.listByTeam(id)).resolves.toEqual([]);
        await expect(storage.profiles.listByTemplate(id, id)).resolves.toEqual([]);
        await expect(storage.profiles.reassign(id, id, owner.id)).resolves.toBeNull();
        await expect(storage.profiles.reassign(profile.id, id, owner.id)).resolves.toBeNull();
        await expect(storage.profiles.update(id, owner.id, bareProfile(unique('x')))).resolves.toBeNull();
        await expect(storage.profiles.update(profile.id, id, bareProfile(unique('x')))).resolves.toBeNull();
        await expect(storage.profiles.delete(id, owner.id)).resolves.toBe(false);
        await expect(storage.profiles.delete(profile.id, id)).resolves.toBe(false);
        await expect(storage.leads.listByProfile(id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [],
          total: 0,
        });
        await expect(storage.leads.delete(id, id)).resolves.toBe(false);
        await expect(storage.leads.delete(profile.id, id)).resolves.toBe(false);
      }
      await expect(storage.profiles.findByHandle(unique('missing'))).resolves.toBeNull();
      await expect(storage.profiles.findOwned(profile.id, owner.id)).resolves.toEqual(profile);
    });

    describe('team cards', () => {
      it('stores a card’s team and template, lists it with its holder’s cards, and keeps both on update', async () => {
        const { team, owner } = await newTeam(storage);
        const template = await storage.cardTemplates.create(team.id, templateData('Sales'));
        const personal = await storage.profiles.create(owner.id, bareProfile(unique('mine')));
        const data = fullProfile(unique('team'));
        const card = await storage.profiles.create(owner.id, data, {
          teamId: team.id,
          templateId: template.id,
        });
        expect(card).toEqual({
          ...data,
          id: expect.stringMatching(ID),
          ownerId: owner.id,
          teamId: team.id,
          templateId: template.id,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        });
        await expect(storage.profiles.findById(card.id)).resolves.toEqual(card);
        await expect(storage.profiles.findByHandle(card.handle)).resolves.toEqual(card);
        await expect(storage.profiles.listByOwner(owner.id)).resolves.toEqual([personal, card]);

        const plain = await storage.profiles.create(owner.id, bareProfile(unique('plain')), {
          teamId: team.id,
          templateId: null,
        });
        expect(plain).toMatchObject({ teamId: team.id, templateId: null });

        const next = bareProfile(unique('renamed'));
        const updated = await storage.profiles.update(card.id, owner.id, next);
        expect(updated).toEqual({ ...card, ...next, updatedAt: expect.any(Date) });
        expect(updated).toMatchObject({ teamId: team.id, templateId: template.id });
      });

      it('lists a team’s cards oldest first, and those of one template within the team', async () => {
        const [{ team, owner }, other] = await Promise.all([newTeam(storage), newTeam(storage)]);
        const member = await newUser();
        const first = await storage.cardTemplates.create(team.id, templateData('First'));
        const second = await storage.cardTemplates.create(team.id, templateData('Second', false));
        const place = (teamId: string, templateId: string | null) => ({ teamId, templateId });
        const a1 = await storage.profiles.create(
          owner.id,
          bareProfile(unique('a1')),
          place(team.id, first.id),
        );
        const a2 = await storage.profiles.create(
          member.id,
          bareProfile(unique('a2')),
          place(team.id, second.id),
        );
        const a3 = await storage.profiles.create(
          member.id,
          bareProfile(unique('a3')),
          place(team.id, first.id),
        );
        const a4 = await storage.profiles.create(owner.id, bareProfile(unique('a4')), place(team.id, null));
        // the same template id under another team is that team's business
        const b1 = await storage.profiles.create(other.owner.id, bareProfile(unique('b1')), {
          teamId: other.team.id,
          templateId: first.id,
        });
        await storage.profiles.create(owner.id, bareProfile(unique('personal')));

        await expect(storage.profiles.listByTeam(team.id)).resolves.toEqual([a1, a2, a3, a4]);
        await expect(storage.profiles.listByTeam(other.team.id)).resolves.toEqual([b1]);
        await expect(storage.profiles.listByTemplate(team.id, first.id)).resolves.toEqual([a1, a3]);
        await expect(storage.profiles.listByTemplate(team.id, second.id)).resolves.toEqual([a2]);
        await expect(storage.profiles.listByTemplate(other.team.id, first.id)).resolves.toEqual([b1]);
        await expect(storage.profiles.listByTemplate(other.team.id, second.id)).resolves.toEqual([]);
        await expect(storage.profiles.listByTeam(UNKNOWN_ID)).resolves.toEqual([]);
      });

      it('hands a team card to another holder, only when the card is that team’s', async () => {
        const [{ team, owner }, other] = await Promise.all([newTeam(storage), newTeam(storage)]);
        const member = await newUser();
        const card = await storage.profiles.create(owner.id, fullProfile(unique('held')), {
          teamId: team.id,
          templateId: null,
        });
        const personal = await storage.profiles.create(owner.id, bareProfile(unique('own')));

        await expect(storage.profiles.reassign(card.id, other.team.id, member.id)).resolves.toBeNull();
        await expect(storage.profiles.reassign(personal.id, team.id, member.id)).resolves.toBeNull();
        await expect(storage.profiles.reassign(UNKNOWN_ID, team.id, member.id)).resolves.toBeNull();
        await expect(storage.profiles.findById(card.id)).resolves.toEqual(card);
        await expect(storage.profiles.findById(personal.id)).resolves.toEqual(personal);

        const moved = await storage.profiles.reassign(card.id, team.id, member.id);
        expect(moved).toEqual({ ...card, ownerId: member.id, updatedAt: expect.any(Date) });
        expect(moved!.updatedAt.getTime()).toBeGreaterThanOrEqual(card.updatedAt.getTime());
        await expect(storage.profiles.findOwned(card.id, member.id)).resolves.toEqual(moved);
        await expect(storage.profiles.findOwned(card.id, owner.id)).resolves.toBeNull();
        await expect(storage.profiles.listByOwner(owner.id)).resolves.toEqual([personal]);
        await expect(storage.profiles.listByOwner(member.id)).resolves.toEqual([moved]);
        await expect(storage.profiles.listByTeam(team.id)).resolves.toEqual([moved]);
      });
    });
  });
}

import { DuplicateKeyError, type MembershipRecord, type Storage } from './ports';
import {
  bareProfile,
  emptyBrand,
  expectDuplicate,
  fullBrand,
  ID,
  newTeam as createTeam,
  newUser as createUser,
  templateContent,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the teams port, their members and roles, and memberships going with their user: run by the storage contract */
export function describeTeamsContract(store: () => Storage): void {
  describe('teams', () => {
    let storage: Storage;
    const newUser = () => createUser(storage);
    const newTeam = () => createTeam(storage);
    const membership = (teamId: string, userId: string, role: string): MembershipRecord =>
      ({ teamId, userId, role, joinedAt: expect.any(Date) }) as MembershipRecord;

    beforeAll(() => {
      storage = store();
    });

    it('creates a team together with its owner’s membership', async () => {
      const owner = await newUser();
      const name = unique('Engines ');
      const team = await storage.teams.create(name, fullBrand(), owner.id);
      expect(team).toEqual({
        id: expect.stringMatching(ID),
        name,
        brand: fullBrand(),
        requireSecondFactor: false,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      await expect(storage.teams.findById(team.id)).resolves.toEqual(team);
      const owned = await storage.teams.membership(team.id, owner.id);
      expect(owned).toEqual(membership(team.id, owner.id, 'owner'));
      await expect(storage.teams.listMembers(team.id)).resolves.toEqual([owned]);
      await expect(storage.teams.listForUser(owner.id)).resolves.toEqual([{ team, role: 'owner' }]);
    });

    it('refuses a team whose owner does not exist, and leaves no trace of it for anyone', async () => {
      await expect(storage.teams.create(unique('Ghost '), emptyBrand(), UNKNOWN_ID)).rejects.toThrow();
      await expect(storage.teams.listForUser(UNKNOWN_ID)).resolves.toEqual([]);
    });

    it('replaces the name and the brand, and keeps the rest', async () => {
      const { team } = await newTeam();
      const brand = { ...fullBrand(), website: null, secondaryColor: null };
      const updated = await storage.teams.update(team.id, { name: 'Renamed', brand });
      expect(updated).toEqual({ ...team, name: 'Renamed', brand, updatedAt: expect.any(Date) });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(team.updatedAt.getTime());
      await expect(storage.teams.findById(team.id)).resolves.toEqual(updated);
      const cleared = await storage.teams.update(team.id, { name: 'Renamed', brand: emptyBrand() });
      expect(cleared).toMatchObject({ brand: emptyBrand() });
      await expect(storage.teams.update(UNKNOWN_ID, { name: 'x', brand })).resolves.toBeNull();
    });

    it('adds members with their roles, lists them oldest first, changes a role and removes a member', async () => {
      const { team, owner } = await newTeam();
      const admin = await newUser();
      const member = await newUser();
      const added = await storage.teams.addMember(team.id, admin.id, 'admin');
      expect(added).toEqual(membership(team.id, admin.id, 'admin'));
      await storage.teams.addMember(team.id, member.id, 'member');
      const roles = async () =>
        (await storage.teams.listMembers(team.id)).map((one) => [one.userId, one.role]);
      await expect(roles()).resolves.toEqual([
        [owner.id, 'owner'],
        [admin.id, 'admin'],
        [member.id, 'member'],
      ]);
      await expect(storage.teams.membership(team.id, admin.id)).resolves.toEqual(added);

      const promoted = await storage.teams.setRole(team.id, member.id, 'admin');
      expect(promoted).toEqual(membership(team.id, member.id, 'admin'));
      await expect(storage.teams.membership(team.id, member.id)).resolves.toEqual(promoted);
      await expect(storage.teams.setRole(team.id, UNKNOWN_ID, 'owner')).resolves.toBeNull();

      await expect(storage.teams.removeMember(team.id, admin.id)).resolves.toBe(true);
      await expect(storage.teams.removeMember(team.id, admin.id)).resolves.toBe(false);
      await expect(storage.teams.membership(team.id, admin.id)).resolves.toBeNull();
      await expect(storage.teams.listForUser(admin.id)).resolves.toEqual([]);
      await expect(roles()).resolves.toEqual([
        [owner.id, 'owner'],
        [member.id, 'admin'],
      ]);
    });

    it('names the owner who joined first, whoever else is made an owner later', async () => {
      const { team, owner } = await newTeam();
      const later = await newUser();
      await storage.teams.addMember(team.id, later.id, 'owner');
      await expect(storage.teams.firstOwner(team.id)).resolves.toEqual(
        membership(team.id, owner.id, 'owner'),
      );
      await storage.teams.setRole(team.id, owner.id, 'admin');
      await expect(storage.teams.firstOwner(team.id)).resolves.toEqual(
        membership(team.id, later.id, 'owner'),
      );
      await expect(storage.teams.firstOwner(UNKNOWN_ID)).resolves.toBeNull();
      await expect(storage.teams.firstOwner('not-an-id')).resolves.toBeNull();
    });

    it('refuses a second membership of one user (member), even two adds at once', async () => {
      const { team, owner } = await newTeam();
      await expectDuplicate(storage.teams.addMember(team.id, owner.id, 'member'), 'member');
      await expect(storage.teams.membership(team.id, owner.id)).resolves.toMatchObject({ role: 'owner' });

      const joiner = await newUser();
      const results = await Promise.allSettled([
        storage.teams.addMember(team.id, joiner.id, 'member'),
        storage.teams.addMember(team.id, joiner.id, 'admin'),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(DuplicateKeyError);
      expect((lost[0].reason as DuplicateKeyError).key).toBe('member');
      const { role } = (won[0] as PromiseFulfilledResult<MembershipRecord>).value;
      await expect(storage.teams.membership(team.id, joiner.id)).resolves.toMatchObject({ role });
      await expect(storage.teams.listMembers(team.id)).resolves.toHaveLength(2);
    });

    it('refuses a membership of a user that does not exist', async () => {
      const { team } = await newTeam();
      await expect(storage.teams.addMember(team.id, UNKNOWN_ID, 'member')).rejects.toThrow();
      await expect(storage.teams.membership(team.id, UNKNOWN_ID)).resolves.toBeNull();
      await expect(storage.teams.listMembers(team.id)).resolves.toHaveLength(1);
    });

    it('lists a user’s teams, oldest membership first, with the user’s role in each', async () => {
      const user = await newUser();
      const mine = await storage.teams.create(unique('Mine '), emptyBrand(), user.id);
      const joined = await newTeam();
      await storage.teams.addMember(joined.team.id, user.id, 'member');
      const later = await newTeam();
      await storage.teams.addMember(later.team.id, user.id, 'admin');
      const renamed = await storage.teams.update(later.team.id, { name: 'Later', brand: fullBrand() });

      await expect(storage.teams.listForUser(user.id)).resolves.toEqual([
        { team: mine, role: 'owner' },
        { team: joined.team, role: 'member' },
        { team: renamed, role: 'admin' },
      ]);
      // the others' lists hold only their own team
      await expect(storage.teams.listForUser(joined.owner.id)).resolves.toEqual([
        { team: joined.team, role: 'owner' },
      ]);
    });

    it('removes a user’s memberships with the user, and no one else’s', async () => {
      const { team, owner } = await newTeam();
      const other = await newTeam();
      const leaving = await newUser();
      const staying = await newUser();
      for (const teamId of [team.id, other.team.id]) {
        await storage.teams.addMember(teamId, leaving.id, 'admin');
        await storage.teams.addMember(teamId, staying.id, 'member');
      }
      await expect(storage.users.delete(leaving.id)).resolves.toBe(true);

      await expect(storage.teams.listForUser(leaving.id)).resolves.toEqual([]);
      for (const teamId of [team.id, other.team.id]) {
        await expect(storage.teams.membership(teamId, leaving.id)).resolves.toBeNull();
        await expect(storage.teams.membership(teamId, staying.id)).resolves.toMatchObject({ role: 'member' });
      }
      const members = await storage.teams.listMembers(team.id);
      expect(members.map((one) => one.userId)).toEqual([owner.id, staying.id]);
      await expect(storage.teams.findById(team.id)).resolves.toEqual(team);
    });

    it('deletes a team with its members, invitations and templates, and no other team’s', async () => {
      const { team, owner } = await newTeam();
      const { team: other, owner: otherOwner } = await newTeam();
      const member = await newUser();
      await storage.teams.addMember(team.id, member.id, 'member');
      const invitation = await storage.teamInvitations.create({
        teamId: team.id,
        email: `${unique('gone')}@example.com`,
        role: 'member',
        name: null,
        title: null,
        phone: null,
        templateId: null,
        tokenHash: unique('hash'),
        invitedBy: owner.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const template = await storage.cardTemplates.create(team.id, {
        name: 'Gone',
        content: templateContent(bareProfile(unique('tpl'))),
        lockedFields: ['theme'],
      });
      await expect(storage.teams.delete(team.id)).resolves.toBe(true);
      await expect(storage.teams.findById(team.id)).resolves.toBeNull();
      await expect(storage.teams.listMembers(team.id)).resolves.toEqual([]);
      await expect(storage.teams.listForUser(member.id)).resolves.toEqual([]);
      await expect(storage.teamInvitations.findByTokenHash(invitation.tokenHash)).resolves.toBeNull();
      await expect(storage.cardTemplates.findById(team.id, template.id)).resolves.toBeNull();
      await expect(storage.teams.delete(team.id)).resolves.toBe(false);
      await expect(storage.teams.delete(UNKNOWN_ID)).resolves.toBe(false);
      await expect(storage.teams.delete('nope')).resolves.toBe(false);
      await expect(storage.teams.findById(other.id)).resolves.toEqual(other);
      await expect(storage.teams.membership(other.id, otherOwner.id)).resolves.toMatchObject({
        role: 'owner',
      });
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const { team, owner } = await newTeam();
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.teams.findById(id)).resolves.toBeNull();
        await expect(storage.teams.update(id, { name: 'x', brand: emptyBrand() })).resolves.toBeNull();
        await expect(storage.teams.listForUser(id)).resolves.toEqual([]);
        await expect(storage.teams.membership(id, owner.id)).resolves.toBeNull();
        await expect(storage.teams.membership(team.id, id)).resolves.toBeNull();
        await expect(storage.teams.listMembers(id)).resolves.toEqual([]);
        await expect(storage.teams.setRole(team.id, id, 'owner')).resolves.toBeNull();
        await expect(storage.teams.setRole(id, owner.id, 'member')).resolves.toBeNull();
        await expect(storage.teams.removeMember(team.id, id)).resolves.toBe(false);
        await expect(storage.teams.removeMember(id, owner.id)).resolves.toBe(false);
      }
      await expect(storage.teams.membership(team.id, owner.id)).resolves.toMatchObject({ role: 'owner' });
    });
  });
}

import type { Storage, TeamInvitationRecord } from './ports';
import {
  expectDuplicate,
  HOUR,
  ID,
  newInvitation,
  newTeam as createTeam,
  newTokenHash,
  templateData,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the team invitations port: single-use links, stored hashed, one per address and team */
export function describeTeamInvitationsContract(store: () => Storage): void {
  describe('team invitations', () => {
    let storage: Storage;
    const newTeam = () => createTeam(storage);
    const address = () => `${unique('Invitee.')}@Example.com`;

    beforeAll(() => {
      storage = store();
    });

    /** an invitation to a new team, and that team */
    async function invited(): Promise<{
      invitation: TeamInvitationRecord;
      teamId: string;
      invitedBy: string;
    }> {
      const { team, owner } = await newTeam();
      const invitation = await storage.teamInvitations.create(newInvitation(team.id, owner.id, address()));
      return { invitation, teamId: team.id, invitedBy: owner.id };
    }

    it('stores an invitation as given with its address lower-cased, found in its team and by its link', async () => {
      const { team, owner } = await newTeam();
      const template = await storage.cardTemplates.create(team.id, templateData('Sales'));
      const input = { ...newInvitation(team.id, owner.id, address()), role: 'admin' as const };
      const withTemplate = { ...input, templateId: template.id };
      const first = await storage.teamInvitations.create(withTemplate);
      expect(first).toEqual({
        ...withTemplate,
        email: input.email.toLowerCase(),
        id: expect.stringMatching(ID),
        createdAt: expect.any(Date),
      });
      await expect(storage.teamInvitations.findById(team.id, first.id)).resolves.toEqual(first);
      await expect(storage.teamInvitations.findByTokenHash(input.tokenHash)).resolves.toEqual(first);

      const bare = {
        ...newInvitation(team.id, owner.id, address()),
        name: null,
        title: null,
        phone: null,
      };
      const second = await storage.teamInvitations.create(bare);
      expect(second).toEqual({
        ...bare,
        email: bare.email.toLowerCase(),
        id: expect.stringMatching(ID),
        createdAt: expect.any(Date),
      });
      // newest first
      await expect(storage.teamInvitations.listByTeam(team.id)).resolves.toEqual([second, first]);

      const other = await newTeam();
      await expect(storage.teamInvitations.findById(other.team.id, first.id)).resolves.toBeNull();
      await expect(storage.teamInvitations.listByTeam(other.team.id)).resolves.toEqual([]);
      await expect(storage.teamInvitations.findByTokenHash(newTokenHash())).resolves.toBeNull();
    });

    it('refuses a second invitation to one address in a team (email), in any case; another team may invite it', async () => {
      const { invitation, teamId, invitedBy } = await invited();
      await expectDuplicate(
        storage.teamInvitations.create(newInvitation(teamId, invitedBy, invitation.email.toUpperCase())),
        'email',
      );
      await expect(storage.teamInvitations.listByTeam(teamId)).resolves.toEqual([invitation]);

      const other = await newTeam();
      const elsewhere = await storage.teamInvitations.create(
        newInvitation(other.team.id, other.owner.id, invitation.email),
      );
      expect(elsewhere).toMatchObject({ teamId: other.team.id, email: invitation.email });
      expect(elsewhere.id).not.toBe(invitation.id);
    });

    it('renews an invitation with a new link and expiry: the old link finds nothing', async () => {
      const { invitation, teamId } = await invited();
      const tokenHash = newTokenHash();
      const expiresAt = new Date(Date.now() + 7 * 24 * HOUR);
      const other = await newTeam();
      await expect(
        storage.teamInvitations.renew(other.team.id, invitation.id, tokenHash, expiresAt),
      ).resolves.toBeNull();
      await expect(
        storage.teamInvitations.renew(teamId, UNKNOWN_ID, tokenHash, expiresAt),
      ).resolves.toBeNull();

      const renewed = await storage.teamInvitations.renew(teamId, invitation.id, tokenHash, expiresAt);
      expect(renewed).toEqual({ ...invitation, tokenHash, expiresAt });
      await expect(storage.teamInvitations.findByTokenHash(invitation.tokenHash)).resolves.toBeNull();
      await expect(storage.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toBeNull();
      await expect(storage.teamInvitations.findByTokenHash(tokenHash)).resolves.toEqual(renewed);
      await expect(storage.teamInvitations.findById(teamId, invitation.id)).resolves.toEqual(renewed);
    });

    it('gives an invitation once, then never again, and takes it off the team’s list', async () => {
      const { invitation, teamId } = await invited();
      await expect(storage.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toEqual(
        invitation,
      );
      await expect(storage.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toBeNull();
      await expect(storage.teamInvitations.findByTokenHash(invitation.tokenHash)).resolves.toBeNull();
      await expect(storage.teamInvitations.findById(teamId, invitation.id)).resolves.toBeNull();
      await expect(storage.teamInvitations.listByTeam(teamId)).resolves.toEqual([]);
      await expect(storage.teamInvitations.consume(newTokenHash(), new Date())).resolves.toBeNull();
    });

    it('does not give an expired invitation, and still finds and lists it', async () => {
      const { team, owner } = await newTeam();
      const expiresAt = new Date(Date.now() - 1000);
      const expired = await storage.teamInvitations.create({
        ...newInvitation(team.id, owner.id, address()),
        expiresAt,
      });
      await expect(storage.teamInvitations.consume(expired.tokenHash, new Date())).resolves.toBeNull();
      // at the very moment of its expiry it is expired
      await expect(storage.teamInvitations.consume(expired.tokenHash, expiresAt)).resolves.toBeNull();
      await expect(storage.teamInvitations.findByTokenHash(expired.tokenHash)).resolves.toEqual(expired);
      await expect(storage.teamInvitations.listByTeam(team.id)).resolves.toEqual([expired]);
      // a moment before, it was good
      const before = new Date(expiresAt.getTime() - 1);
      await expect(storage.teamInvitations.consume(expired.tokenHash, before)).resolves.toEqual(expired);
    });

    it('gives one invitation to exactly one of concurrent callers with its link', async () => {
      const { invitation } = await invited();
      const results = await Promise.all(
        Array.from({ length: 3 }, () => storage.teamInvitations.consume(invitation.tokenHash, new Date())),
      );
      expect(results.filter((result) => result !== null)).toEqual([invitation]);
    });

    it('revokes an invitation only through its team, and frees its address', async () => {
      const { invitation, teamId, invitedBy } = await invited();
      const other = await newTeam();
      await expect(storage.teamInvitations.delete(other.team.id, invitation.id)).resolves.toBe(false);
      await expect(storage.teamInvitations.findById(teamId, invitation.id)).resolves.toEqual(invitation);

      await expect(storage.teamInvitations.delete(teamId, invitation.id)).resolves.toBe(true);
      await expect(storage.teamInvitations.delete(teamId, invitation.id)).resolves.toBe(false);
      await expect(storage.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toBeNull();
      await expect(storage.teamInvitations.listByTeam(teamId)).resolves.toEqual([]);
      await expect(
        storage.teamInvitations.create(newInvitation(teamId, invitedBy, invitation.email)),
      ).resolves.toMatchObject({ email: invitation.email });
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const { invitation, teamId } = await invited();
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.teamInvitations.findById(teamId, id)).resolves.toBeNull();
        await expect(storage.teamInvitations.findById(id, invitation.id)).resolves.toBeNull();
        await expect(storage.teamInvitations.listByTeam(id)).resolves.toEqual([]);
        await expect(
          storage.teamInvitations.renew(id, invitation.id, newTokenHash(), new Date()),
        ).resolves.toBeNull();
        await expect(storage.teamInvitations.delete(teamId, id)).resolves.toBe(false);
        await expect(storage.teamInvitations.delete(id, invitation.id)).resolves.toBe(false);
      }
      await expect(storage.teamInvitations.findById(teamId, invitation.id)).resolves.toEqual(invitation);
    });
  });
}

import { describeAnalyticsSharesContract } from './analytics-shares.contract';
import { describeAnalyticsMailContract } from './analytics-mail.contract';
import { describeCardExchangesContract } from './card-exchanges.contract';
import { describeApiKeysContract } from './api-keys.contract';
import { describeCardTemplatesContract } from './card-templates.contract';
import { describeLeadsContract } from './leads.contract';
import { describeLeadWorkContract } from './lead-work.contract';
import type { Storage } from './ports';
import { describeProfilesContract } from './profiles.contract';
import { describePasskeysContract } from './passkeys.contract';
import { describeSecondFactorsContract } from './second-factors.contract';
import { describeSessionsContract } from './sessions.contract';
import { describeTeamInvitationsContract } from './team-invitations.contract';
import { describeTeamsContract } from './teams.contract';
import {
  bareProfile,
  expectDuplicate,
  fullBrand,
  newInvitation,
  newUser as createUser,
  templateData,
  unique,
} from './testing/storage-contract-helpers';
import { describeUsersContract } from './users.contract';
import { describeWebhooksContract } from './webhooks.contract';

/**
 * opens a new handle onto the same store every time it is called (same file, same database),
 * so the suite can also check what a second process would see
 */
export type MakeStorage = () => Promise<Storage>;

/** every repository's contract on one open store of the adapter, and what a second handle sees */
export function describeStorageContract(name: string, makeStorage: MakeStorage): void {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;

    beforeAll(async () => {
      storage = await makeStorage();
    });

    afterAll(async () => {
      await storage?.close();
    });

    it('answers a ping', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
      expect(storage.kind).toBe(name);
    });

    describeUsersContract(() => storage);
    describeSessionsContract(() => storage);
    describeSecondFactorsContract(() => storage);
    describePasskeysContract(() => storage);
    describeProfilesContract(() => storage);
    describeLeadsContract(() => storage);
    describeLeadWorkContract(() => storage);
    describeCardExchangesContract(() => storage);
    describeTeamsContract(() => storage);
    describeTeamInvitationsContract(() => storage);
    describeCardTemplatesContract(() => storage);
    describeApiKeysContract(() => storage);
    describeWebhooksContract(() => storage);
    describeAnalyticsSharesContract(() => storage);
    describeAnalyticsMailContract(() => storage);

    it('keeps data and constraints across a second handle on the same store', async () => {
      const user = await createUser(storage);
      const profile = await storage.profiles.create(user.id, bareProfile(unique('again')));
      const session = await storage.sessions.create({
        userId: user.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const second = await makeStorage();
      try {
        await expect(second.sessions.findById(session!.id)).resolves.toEqual(session);
        await expect(second.users.findByEmail(user.email.toUpperCase())).resolves.toEqual(user);
        await expect(second.profiles.findByHandle(profile.handle)).resolves.toEqual(profile);
        await expectDuplicate(second.profiles.create(user.id, bareProfile(profile.handle)), 'handle');
        await expectDuplicate(
          second.users.create({ email: user.email, displayName: 'Twin', passwordHash: 'x' }),
          'email',
        );
      } finally {
        await second.close();
      }
    });

    it('keeps teams, their members, invitations, templates and team cards across a second handle', async () => {
      const owner = await createUser(storage);
      const team = await storage.teams.create(unique('Shared '), fullBrand(), owner.id);
      const template = await storage.cardTemplates.create(team.id, templateData('Shared'));
      const card = await storage.profiles.create(owner.id, bareProfile(unique('shared')), {
        teamId: team.id,
        templateId: template.id,
      });
      const invitation = await storage.teamInvitations.create(
        newInvitation(team.id, owner.id, `${unique('guest')}@example.com`),
      );
      const second = await makeStorage();
      try {
        await expect(second.teams.findById(team.id)).resolves.toEqual(team);
        await expect(second.teams.listForUser(owner.id)).resolves.toEqual([{ team, role: 'owner' }]);
        await expect(second.cardTemplates.findById(team.id, template.id)).resolves.toEqual(template);
        await expect(second.profiles.listByTemplate(team.id, template.id)).resolves.toEqual([card]);
        await expect(second.teamInvitations.findByTokenHash(invitation.tokenHash)).resolves.toEqual(
          invitation,
        );
        await expectDuplicate(second.teams.addMember(team.id, owner.id, 'member'), 'member');
        await expectDuplicate(
          second.teamInvitations.create(newInvitation(team.id, owner.id, invitation.email)),
          'email',
        );
        // a link taken through one handle is gone for the other
        await expect(second.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toEqual(
          invitation,
        );
        await expect(storage.teamInvitations.consume(invitation.tokenHash, new Date())).resolves.toBeNull();
        // a user deleted through one handle leaves no membership the other sees
        await expect(second.users.delete(owner.id)).resolves.toBe(true);
        await expect(storage.teams.listMembers(team.id)).resolves.toEqual([]);
      } finally {
        await second.close();
      }
    });
  });
}

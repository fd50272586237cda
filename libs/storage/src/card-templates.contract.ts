import type { Storage } from './ports';
import {
  bareProfile,
  ID,
  newTeam as createTeam,
  templateData,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the card templates port: a team's own, and what becomes of their cards when one goes */
export function describeCardTemplatesContract(store: () => Storage): void {
  describe('card templates', () => {
    let storage: Storage;
    const newTeam = () => createTeam(storage);

    beforeAll(() => {
      storage = store();
    });

    it('round-trips every field, with values and with empty ones, and lists a team’s oldest first', async () => {
      const { team } = await newTeam();
      const created = [];
      for (const data of [templateData('Full'), templateData('Bare', false)]) {
        const template = await storage.cardTemplates.create(team.id, data);
        expect(template).toEqual({
          ...data,
          id: expect.stringMatching(ID),
          teamId: team.id,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        });
        await expect(storage.cardTemplates.findById(team.id, template.id)).resolves.toEqual(template);
        created.push(template);
      }
      await expect(storage.cardTemplates.listByTeam(team.id)).resolves.toEqual(created);
      const [full] = created;
      expect(full.content.socialLinks.map((link) => link.order)).toEqual([2, 0, 1]);
      expect(full.lockedFields).toEqual(['theme', 'contact.company', 'socialLinks']);
    });

    it('does not store properties that are not part of a template', async () => {
      const { team } = await newTeam();
      const data = templateData('Stray');
      const stray = {
        ...data,
        content: { ...data.content, handle: 'leak', contact: { ...data.content.contact, secret: 'x' } },
        teamId: UNKNOWN_ID,
      };
      const created = await storage.cardTemplates.create(team.id, stray);
      const found = await storage.cardTemplates.findById(team.id, created.id);
      expect(found).toEqual({ ...created, ...data, teamId: team.id });
      expect(found!.content).not.toHaveProperty('handle');
      expect(found!.content.contact).not.toHaveProperty('secret');
    });

    it('keeps a team’s templates to that team: another team’s id finds, changes and deletes nothing', async () => {
      const [{ team }, other] = await Promise.all([newTeam(), newTeam()]);
      const template = await storage.cardTemplates.create(team.id, templateData('Ours'));
      await expect(storage.cardTemplates.findById(other.team.id, template.id)).resolves.toBeNull();
      await expect(storage.cardTemplates.listByTeam(other.team.id)).resolves.toEqual([]);
      await expect(
        storage.cardTemplates.update(other.team.id, template.id, templateData('Theirs', false)),
      ).resolves.toBeNull();
      await expect(storage.cardTemplates.delete(other.team.id, template.id)).resolves.toBe(false);
      await expect(storage.cardTemplates.findById(team.id, template.id)).resolves.toEqual(template);
    });

    it('replaces a template’s name, content and locked fields, and keeps its id and team', async () => {
      const { team } = await newTeam();
      const template = await storage.cardTemplates.create(team.id, templateData('Before', false));
      const next = templateData('After');
      const updated = await storage.cardTemplates.update(team.id, template.id, next);
      expect(updated).toEqual({ ...template, ...next, updatedAt: expect.any(Date) });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(template.updatedAt.getTime());
      await expect(storage.cardTemplates.findById(team.id, template.id)).resolves.toEqual(updated);
      await expect(storage.cardTemplates.update(team.id, UNKNOWN_ID, next)).resolves.toBeNull();
    });

    it('deletes a template once; its cards keep their content and lose the link, other cards keep theirs', async () => {
      const { team, owner } = await newTeam();
      const doomed = await storage.cardTemplates.create(team.id, templateData('Doomed'));
      const kept = await storage.cardTemplates.create(team.id, templateData('Kept', false));
      const place = (templateId: string) => ({ teamId: team.id, templateId });
      const made = [
        await storage.profiles.create(owner.id, bareProfile(unique('from1')), place(doomed.id)),
        await storage.profiles.create(owner.id, bareProfile(unique('from2')), place(doomed.id)),
      ];
      const other = await storage.profiles.create(owner.id, bareProfile(unique('kept')), place(kept.id));

      await expect(storage.cardTemplates.delete(team.id, doomed.id)).resolves.toBe(true);
      await expect(storage.cardTemplates.delete(team.id, doomed.id)).resolves.toBe(false);
      await expect(storage.cardTemplates.findById(team.id, doomed.id)).resolves.toBeNull();
      await expect(storage.cardTemplates.listByTeam(team.id)).resolves.toEqual([kept]);
      for (const card of made) {
        await expect(storage.profiles.findById(card.id)).resolves.toEqual({ ...card, templateId: null });
      }
      await expect(storage.profiles.listByTemplate(team.id, doomed.id)).resolves.toEqual([]);
      await expect(storage.profiles.findById(other.id)).resolves.toEqual(other);
      await expect(storage.profiles.listByTemplate(team.id, kept.id)).resolves.toEqual([other]);
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const { team } = await newTeam();
      const template = await storage.cardTemplates.create(team.id, templateData('Ids'));
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.cardTemplates.findById(team.id, id)).resolves.toBeNull();
        await expect(storage.cardTemplates.findById(id, template.id)).resolves.toBeNull();
        await expect(storage.cardTemplates.listByTeam(id)).resolves.toEqual([]);
        await expect(storage.cardTemplates.update(id, template.id, templateData('x'))).resolves.toBeNull();
        await expect(storage.cardTemplates.delete(team.id, id)).resolves.toBe(false);
        await expect(storage.cardTemplates.delete(id, template.id)).resolves.toBe(false);
      }
      await expect(storage.cardTemplates.findById(team.id, template.id)).resolves.toEqual(template);
    });
  });
}

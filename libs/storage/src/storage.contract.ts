import { DuplicateKeyError, type NewLead, type ProfileData, type Storage, type UserRecord } from './ports';

/**
 * opens a new handle onto the same store every time it is called (same file, same database),
 * so the suite can also check what a second process would see
 */
export type MakeStorage = () => Promise<Storage>;

const ID = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = '0123456789abcdef01234567';

let sequence = 0;
/** unique per run, so the cases share one store without seeing each other's data */
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection, got a result');
    },
    (error: unknown) => error,
  );
}

async function expectDuplicate(promise: Promise<unknown>, key: 'email' | 'handle'): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(DuplicateKeyError);
  expect((error as DuplicateKeyError).key).toBe(key);
}

/** every field set, nothing at its default */
function fullProfile(handle: string): ProfileData {
  return {
    handle,
    displayName: 'Ada Lovelace — Analyst',
    tagline: 'Poetical science',
    bio: 'First programmer.\nLine two, with “quotes” and emoji 🚀.',
    published: true,
    publishedAt: new Date('2026-03-04T05:06:07.089Z'),
    theme: 'noir',
    layout: 'split',
    contact: {
      email: 'ada@example.com',
      phoneNumber: '+44 20 7946 0000',
      company: 'Analytical Engines Ltd',
      location: 'London',
      website: 'https://ada.example.com',
    },
    media: {
      avatarUrl: 'https://cdn.example.com/a.png',
      bannerUrl: 'https://cdn.example.com/b.png',
      ogImageUrl: 'https://cdn.example.com/og.png',
    },
    privacy: {
      collectGeo: false,
      collectIp: true,
      showIdentifiedViewers: true,
      allowMessages: false,
      messageFields: { name: 'required', phone: 'optional', company: 'off' },
    },
    // stored in the order given, which is not the order of `order`
    socialLinks: [
      { provider: 'github', label: 'Code', url: 'https://github.com/ada', highlight: true, order: 2 },
      { provider: 'linkedin', label: null, url: 'https://linkedin.com/in/ada', highlight: false, order: 0 },
      { provider: 'website', label: 'Blog', url: 'https://blog.example.com', highlight: false, order: 1 },
    ],
    blocks: [
      {
        id: 'blk-2',
        type: 'quote',
        title: 'On engines',
        subtitle: null,
        payloadJson: null,
        visible: false,
        order: 1,
      },
      {
        id: 'blk-1',
        type: 'cta',
        title: 'Book a call',
        subtitle: 'Thirty minutes',
        payloadJson: '{"url":"https://cal.example.com/ada","label":"Book","nested":{"n":[1,2,3]}}',
        visible: true,
        order: 0,
      },
    ],
  };
}

/** every optional value empty */
function bareProfile(handle: string): ProfileData {
  return {
    handle,
    displayName: 'Bare',
    tagline: null,
    bio: null,
    published: false,
    publishedAt: null,
    theme: 'aurora',
    layout: 'neon',
    contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    privacy: {
      collectGeo: true,
      collectIp: false,
      showIdentifiedViewers: false,
      allowMessages: true,
      messageFields: { name: 'off', phone: 'off', company: 'off' },
    },
    socialLinks: [],
    blocks: [],
  };
}

export function describeStorageContract(name: string, makeStorage: MakeStorage): void {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;

    beforeAll(async () => {
      storage = await makeStorage();
    });

    afterAll(async () => {
      await storage?.close();
    });

    const newUser = (email = `${unique('user')}@example.com`): Promise<UserRecord> =>
      storage.users.create({ email, displayName: 'Ada', passwordHash: 'scrypt$salt$hash' });

    const newLead = (profileId: string, n: number): NewLead => ({
      profileId,
      email: `visitor${n}@example.com`,
      message: n % 2 === 0 ? null : `message ${n}`,
      name: n % 2 === 0 ? null : `Visitor ${n}`,
      phone: n % 2 === 0 ? null : `+1 555 010${n}`,
      company: n % 2 === 0 ? null : 'Acme, Inc.',
      consent: true,
      consentText: 'I agree to be contacted.',
      visitorUserId: n % 2 === 0 ? null : UNKNOWN_ID,
    });

    it('answers a ping', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
      expect(storage.kind).toBe(name);
    });

    describe('users', () => {
      it('creates a user with an object-id-shaped id and a lower-cased e-mail', async () => {
        const email = `${unique('Mixed.Case')}@Example.IO`;
        const user = await newUser(email);
        expect(user).toEqual({
          id: expect.stringMatching(ID),
          email: email.toLowerCase(),
          displayName: 'Ada',
          notifyOnMessages: true,
          passwordHash: 'scrypt$salt$hash',
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        });
        await expect(storage.users.findById(user.id)).resolves.toEqual(user);
      });

      it('finds a page of users by id in one call, skipping unknown and malformed ids', async () => {
        const first = await newUser(`${unique('first')}@example.com`);
        const second = await newUser(`${unique('second')}@example.com`);
        const found = await storage.users.findByIds([second.id, 'not-an-id', first.id, '0'.repeat(24)]);
        expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [first, second].sort((a, b) => a.id.localeCompare(b.id)),
        );
        await expect(storage.users.findByIds([])).resolves.toEqual([]);
      });

      it('treats e-mails case-insensitively: a second create conflicts, a lookup finds any case', async () => {
        const local = unique('a');
        const first = await newUser(`${local}@x.io`.toUpperCase());
        await expectDuplicate(newUser(`${local}@X.io`), 'email');
        await expect(storage.users.findByEmail(`${local}@x.io`)).resolves.toEqual(first);
        await expect(storage.users.findByEmail(`${local.toUpperCase()}@X.IO`)).resolves.toEqual(first);
        await expect(storage.users.findByEmail(`${unique('nobody')}@x.io`)).resolves.toBeNull();
      });

      it('lets exactly one of two concurrent registrations of one e-mail win', async () => {
        const email = `${unique('race')}@x.io`;
        const results = await Promise.allSettled([newUser(email), newUser(email.toUpperCase())]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const [failed] = results.filter((r) => r.status === 'rejected');
        expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
        expect(((failed as PromiseRejectedResult).reason as DuplicateKeyError).key).toBe('email');
      });

      it('updates the display name and password hash, and nothing else', async () => {
        const user = await newUser();
        const renamed = await storage.users.update(user.id, { displayName: 'Augusta' });
        expect(renamed).toEqual({ ...user, displayName: 'Augusta', updatedAt: expect.any(Date) });
        expect(renamed!.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());

        const rehashed = await storage.users.update(user.id, { passwordHash: 'scrypt$new$hash' });
        expect(rehashed).toMatchObject({ displayName: 'Augusta', passwordHash: 'scrypt$new$hash' });
        await expect(storage.users.findById(user.id)).resolves.toEqual(rehashed);
        await expect(storage.users.update(UNKNOWN_ID, { displayName: 'x' })).resolves.toBeNull();
      });

      it('deletes a user once, and frees the e-mail', async () => {
        const user = await newUser();
        await expect(storage.users.delete(user.id)).resolves.toBe(true);
        await expect(storage.users.findById(user.id)).resolves.toBeNull();
        await expect(storage.users.findByEmail(user.email)).resolves.toBeNull();
        await expect(storage.users.delete(user.id)).resolves.toBe(false);
        await expect(newUser(user.email)).resolves.toMatchObject({ email: user.email });
      });
    });

    describe('sessions', () => {
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
          revokedAt: null,
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

      it('finds and revokes nothing, without throwing, for unknown and malformed ids', async () => {
        const user = await newUser();
        const session = await storage.sessions.create({ userId: user.id, expiresAt: inAnHour() });
        for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
          await expect(storage.sessions.findById(id)).resolves.toBeNull();
          await expect(storage.sessions.revoke(id)).resolves.toBe(false);
          await expect(storage.sessions.revokeAllForUser(id)).resolves.toBe(0);
        }
        await expect(storage.sessions.findById(session!.id)).resolves.toEqual(session);
      });
    });

    describe('profiles', () => {
      it('round-trips every field, with values and with nulls', async () => {
        const owner = await newUser();
        for (const data of [fullProfile(unique('full')), bareProfile(unique('bare'))]) {
          const created = await storage.profiles.create(owner.id, data);
          const expected = {
            ...data,
            id: expect.stringMatching(ID),
            ownerId: owner.id,
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
    });

    describe('leads', () => {
      it('stores a lead as given and lists leads newest first with offset, limit and total', async () => {
        const owner = await newUser();
        const profile = await storage.profiles.create(owner.id, bareProfile(unique('leads')));
        const other = await storage.profiles.create(owner.id, bareProfile(unique('other')));
        await storage.leads.create(newLead(other.id, 99));

        const created = [];
        for (let n = 0; n < 5; n += 1) created.push(await storage.leads.create(newLead(profile.id, n)));
        expect(created[1]).toEqual({
          ...newLead(profile.id, 1),
          id: expect.stringMatching(ID),
          createdAt: expect.any(Date),
        });
        expect(created[0]).toMatchObject({ message: null, visitorUserId: null });

        const newestFirst = [...created].reverse();
        const first = await storage.leads.listByProfile(profile.id, { offset: 0, limit: 2 });
        expect(first).toEqual({ items: newestFirst.slice(0, 2), total: 5 });
        const second = await storage.leads.listByProfile(profile.id, { offset: 2, limit: 2 });
        expect(second).toEqual({ items: newestFirst.slice(2, 4), total: 5 });
        const last = await storage.leads.listByProfile(profile.id, { offset: 4, limit: 2 });
        expect(last).toEqual({ items: newestFirst.slice(4), total: 5 });
        const beyond = await storage.leads.listByProfile(profile.id, { offset: 10, limit: 2 });
        expect(beyond).toEqual({ items: [], total: 5 });
      });

      it('finds one lead only through its own profile', async () => {
        const owner = await newUser();
        const profile = await storage.profiles.create(owner.id, bareProfile(unique('one')));
        const other = await storage.profiles.create(owner.id, bareProfile(unique('one-other')));
        const lead = await storage.leads.create(newLead(profile.id, 3));
        await expect(storage.leads.findOne(profile.id, lead.id)).resolves.toEqual(lead);
        await expect(storage.leads.findOne(other.id, lead.id)).resolves.toBeNull();
        await expect(storage.leads.findOne(profile.id, UNKNOWN_ID)).resolves.toBeNull();
        await expect(storage.leads.findOne(profile.id, 'not-an-id')).resolves.toBeNull();
      });

      it('deletes a lead only through its own profile', async () => {
        const owner = await newUser();
        const profile = await storage.profiles.create(owner.id, bareProfile(unique('ldel')));
        const other = await storage.profiles.create(owner.id, bareProfile(unique('lother')));
        const lead = await storage.leads.create(newLead(profile.id, 1));

        await expect(storage.leads.delete(other.id, lead.id)).resolves.toBe(false);
        await expect(storage.leads.listByProfile(profile.id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [lead],
          total: 1,
        });
        await expect(storage.leads.delete(profile.id, lead.id)).resolves.toBe(true);
        await expect(storage.leads.delete(profile.id, lead.id)).resolves.toBe(false);
        await expect(storage.leads.listByProfile(profile.id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [],
          total: 0,
        });
      });

      it('deletes the leads of a profile with the profile, and only those', async () => {
        const owner = await newUser();
        const doomed = await storage.profiles.create(owner.id, bareProfile(unique('doomed')));
        const kept = await storage.profiles.create(owner.id, bareProfile(unique('kept')));
        await storage.leads.create(newLead(doomed.id, 1));
        await storage.leads.create(newLead(doomed.id, 2));
        const keptLead = await storage.leads.create(newLead(kept.id, 3));

        await expect(storage.profiles.delete(doomed.id, owner.id)).resolves.toBe(true);
        await expect(storage.profiles.findById(doomed.id)).resolves.toBeNull();
        await expect(storage.profiles.findByHandle(doomed.handle)).resolves.toBeNull();
        await expect(storage.leads.listByProfile(doomed.id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [],
          total: 0,
        });
        await expect(storage.leads.listByProfile(kept.id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [keptLead],
          total: 1,
        });
        await expect(storage.profiles.delete(doomed.id, owner.id)).resolves.toBe(false);
        // the handle is free again
        await expect(storage.profiles.create(owner.id, bareProfile(doomed.handle))).resolves.toMatchObject({
          handle: doomed.handle,
        });
      });
    });

    it('keeps data and constraints across a second handle on the same store', async () => {
      const user = await newUser();
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
  });
}

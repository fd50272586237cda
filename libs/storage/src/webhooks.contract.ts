import type {
  NewWebhookDelivery,
  NewWebhookEndpoint,
  Storage,
  WebhookAttemptResult,
  WebhookScope,
} from './ports';
import { ID, newTeam, newUser, UNKNOWN_ID } from './testing/storage-contract-helpers';

/**
 * webhook endpoints in a person's or a team's scope, and their deliveries: the outbound queue's
 * claims, leases and attempts. run by the storage contract.
 */
export function describeWebhooksContract(store: () => Storage): void {
  describe('webhooks', () => {
    let storage: Storage;
    // each case's deliveries fall due at a moment of its own far in the past, so what one case claims
    // never includes another's rows in the shared store
    let epoch = Date.UTC(2001, 0, 1);
    const moment = () => new Date((epoch += 3_600_000));
    // pending for ever: the cases that do not send leave nothing due
    const NEVER_DUE = new Date('2999-01-01T00:00:00Z');

    beforeAll(() => {
      storage = store();
    });

    const personal = async (): Promise<WebhookScope> => ({
      kind: 'user',
      userId: (await newUser(storage)).id,
    });
    const endpointIn = (
      scope: WebhookScope,
      extra: Partial<NewWebhookEndpoint> = {},
    ): NewWebhookEndpoint => ({
      scope,
      url: 'https://hooks.example.com/in',
      description: 'CRM',
      events: ['lead.created', 'contact.saved'],
      cardIds: null,
      enabled: true,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      createdBy: UNKNOWN_ID,
      createdVia: 'dashboard',
      ...extra,
    });
    const deliveryOf = (endpointId: string, at: Date, type = 'lead.created'): NewWebhookDelivery => ({
      endpointId,
      eventType: type as NewWebhookDelivery['eventType'],
      payload: JSON.stringify({ type, n: Math.random() }),
      forced: false,
      nextAttemptAt: at,
    });
    const attempt = (status: WebhookAttemptResult['status'], at: Date, next: Date | null = null) => ({
      status,
      nextAttemptAt: next,
      attemptedAt: at,
      responseStatus: status === 'succeeded' ? 204 : 500,
      durationMs: 12,
      responseExcerpt: status === 'succeeded' ? null : 'boom',
      error: status === 'succeeded' ? null : 'The endpoint answered 500',
    });

    it('keeps a person’s and a team’s endpoints apart, each found only in its own scope', async () => {
      const mine = await personal();
      const { team, owner } = await newTeam(storage);
      const teams: WebhookScope = { kind: 'team', teamId: team.id };
      const first = await storage.webhookEndpoints.create(endpointIn(mine));
      expect(first).toEqual({
        ...endpointIn(mine),
        id: expect.stringMatching(ID),
        disabledReason: null,
        previousSecret: null,
        previousSecretExpiresAt: null,
        failedDeliveries: 0,
        failingSince: null,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      const second = await storage.webhookEndpoints.create(
        endpointIn(mine, {
          cardIds: [UNKNOWN_ID],
          createdVia: 'api',
          description: null,
          events: ['card.published'],
        }),
      );
      const ours = await storage.webhookEndpoints.create(endpointIn(teams, { createdBy: owner.id }));

      await expect(storage.webhookEndpoints.list(mine)).resolves.toEqual([first, second]);
      await expect(storage.webhookEndpoints.list(teams)).resolves.toEqual([ours]);
      await expect(storage.webhookEndpoints.count(mine)).resolves.toBe(2);
      await expect(storage.webhookEndpoints.find(mine, second.id)).resolves.toEqual(second);
      // another scope finds nothing: not the team's from the person, not the person's from a stranger
      await expect(storage.webhookEndpoints.find(mine, ours.id)).resolves.toBeNull();
      await expect(storage.webhookEndpoints.find(await personal(), first.id)).resolves.toBeNull();
      await expect(
        storage.webhookEndpoints.find({ kind: 'user', userId: owner.id }, ours.id),
      ).resolves.toBeNull();
      await expect(storage.webhookEndpoints.findById(ours.id)).resolves.toEqual(ours);
      await expect(storage.webhookEndpoints.findById('not-an-id')).resolves.toBeNull();
      await expect(storage.webhookEndpoints.find(mine, 'not-an-id')).resolves.toBeNull();
    });

    it('changes only what a patch names; turning one on again clears why it was turned off', async () => {
      const mine = await personal();
      const endpoint = await storage.webhookEndpoints.create(endpointIn(mine));
      const patched = await storage.webhookEndpoints.update(mine, endpoint.id, {
        url: 'https://hooks.example.com/other',
        cardIds: [UNKNOWN_ID],
      });
      expect(patched).toMatchObject({
        url: 'https://hooks.example.com/other',
        cardIds: [UNKNOWN_ID],
        description: 'CRM',
      });
      await expect(
        storage.webhookEndpoints.update(mine, endpoint.id, { cardIds: null, description: null }),
      ).resolves.toMatchObject({
        cardIds: null,
        description: null,
        events: ['lead.created', 'contact.saved'],
      });

      await storage.webhookEndpoints.recordOutcome(endpoint.id, { ok: false, gaveUp: true, at: new Date() });
      await expect(storage.webhookEndpoints.disable(endpoint.id, 'Every delivery failed')).resolves.toBe(
        true,
      );
      // only the first turns it off: one owner's mail, whoever else noticed
      await expect(storage.webhookEndpoints.disable(endpoint.id, 'again')).resolves.toBe(false);
      await expect(storage.webhookEndpoints.find(mine, endpoint.id)).resolves.toMatchObject({
        enabled: false,
        disabledReason: 'Every delivery failed',
        failedDeliveries: 1,
      });
      const on = await storage.webhookEndpoints.update(mine, endpoint.id, { enabled: true });
      expect(on).toMatchObject({
        enabled: true,
        disabledReason: null,
        failedDeliveries: 0,
        failingSince: null,
      });
      await expect(
        storage.webhookEndpoints.update(await personal(), endpoint.id, { enabled: false }),
      ).resolves.toBeNull();
    });

    it('counts failures until a success, and keeps the time of the first', async () => {
      const endpoint = await storage.webhookEndpoints.create(endpointIn(await personal()));
      const first = new Date('2026-01-01T00:00:00Z');
      await storage.webhookEndpoints.recordOutcome(endpoint.id, { ok: false, gaveUp: false, at: first });
      await storage.webhookEndpoints.recordOutcome(endpoint.id, { ok: false, gaveUp: true, at: new Date() });
      const failing = await storage.webhookEndpoints.recordOutcome(endpoint.id, {
        ok: false,
        gaveUp: true,
        at: new Date(),
      });
      expect(failing).toMatchObject({ failedDeliveries: 2, failingSince: first });
      const ok = await storage.webhookEndpoints.recordOutcome(endpoint.id, {
        ok: true,
        gaveUp: false,
        at: new Date(),
      });
      expect(ok).toMatchObject({ failedDeliveries: 0, failingSince: null });
      await expect(
        storage.webhookEndpoints.recordOutcome(UNKNOWN_ID, { ok: true, gaveUp: false, at: first }),
      ).resolves.toBeNull();
    });

    it('rotates a secret, keeping the old one until the given time', async () => {
      const mine = await personal();
      const endpoint = await storage.webhookEndpoints.create(endpointIn(mine));
      const until = new Date(Date.now() + 86_400_000);
      const rotated = await storage.webhookEndpoints.rotateSecret(mine, endpoint.id, 'whsec_new', until);
      expect(rotated).toMatchObject({
        secret: 'whsec_new',
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: until,
      });
      await expect(
        storage.webhookEndpoints.rotateSecret(await personal(), endpoint.id, 'x', until),
      ).resolves.toBeNull();
    });

    it('deletes an endpoint with its deliveries, one or a whole scope', async () => {
      const mine = await personal();
      const one = await storage.webhookEndpoints.create(endpointIn(mine));
      const two = await storage.webhookEndpoints.create(endpointIn(mine));
      const [delivery] = await storage.webhookDeliveries.createMany([deliveryOf(one.id, NEVER_DUE)]);
      await expect(storage.webhookEndpoints.delete(await personal(), one.id)).resolves.toBe(false);
      await expect(storage.webhookEndpoints.delete(mine, one.id)).resolves.toBe(true);
      await expect(storage.webhookDeliveries.find(one.id, delivery.id)).resolves.toBeNull();
      await expect(storage.webhookEndpoints.delete(mine, one.id)).resolves.toBe(false);
      await storage.webhookEndpoints.deleteAll(mine);
      await expect(storage.webhookEndpoints.findById(two.id)).resolves.toBeNull();
    });

    it('writes deliveries together and lists an endpoint’s newest first, paged', async () => {
      const endpoint = await storage.webhookEndpoints.create(endpointIn(await personal()));
      const other = await storage.webhookEndpoints.create(endpointIn(await personal()));
      const at = NEVER_DUE;
      const made = await storage.webhookDeliveries.createMany([
        deliveryOf(endpoint.id, at),
        deliveryOf(endpoint.id, at, 'contact.saved'),
        deliveryOf(endpoint.id, at, 'webhook.test'),
        deliveryOf(other.id, at),
      ]);
      expect(made[0]).toEqual({
        ...deliveryOf(endpoint.id, at),
        payload: made[0].payload,
        id: expect.stringMatching(ID),
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        responseStatus: null,
        durationMs: null,
        responseExcerpt: null,
        error: null,
        createdAt: expect.any(Date),
      });
      const page = await storage.webhookDeliveries.list(endpoint.id, { offset: 0, limit: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((item) => item.eventType)).toEqual(['webhook.test', 'contact.saved']);
      const rest = await storage.webhookDeliveries.list(endpoint.id, { offset: 2, limit: 2 });
      expect(rest.items.map((item) => item.id)).toEqual([made[0].id]);
      await expect(storage.webhookDeliveries.find(other.id, made[0].id)).resolves.toBeNull();
      await expect(storage.webhookDeliveries.find(endpoint.id, made[1].id)).resolves.toEqual(made[1]);
      const latest = await storage.webhookDeliveries.latest([endpoint.id, other.id, UNKNOWN_ID]);
      expect([...latest.keys()].sort()).toEqual([endpoint.id, other.id].sort());
      expect(latest.get(endpoint.id)?.id).toBe(made[2].id);
      await expect(storage.webhookDeliveries.createMany([])).resolves.toEqual([]);
    });

    it('leases each due delivery to one claimer, until its attempt is recorded or the lease ends', async () => {
      const endpoint = await storage.webhookEndpoints.create(endpointIn(await personal()));
      const due = moment();
      const later = new Date(due.getTime() + 60_000);
      const made = await storage.webhookDeliveries.createMany([
        ...Array.from({ length: 6 }, () => deliveryOf(endpoint.id, due)),
        deliveryOf(endpoint.id, later),
      ]);
      const lease = new Date(due.getTime() + 30_000);
      // two replicas at once: six due, each taken by exactly one of them
      const [a, b] = await Promise.all([
        storage.webhookDeliveries.claimDue(due, 'replica-a', lease, 10),
        storage.webhookDeliveries.claimDue(due, 'replica-b', lease, 10),
      ]);
      const taken = [...a, ...b].map((delivery) => delivery.id).sort();
      expect(taken).toEqual(
        made
          .slice(0, 6)
          .map((delivery) => delivery.id)
          .sort(),
      );
      await expect(storage.webhookDeliveries.claimDue(due, 'replica-c', lease, 10)).resolves.toEqual([]);

      const [first, ...others] = [...a, ...b];
      const holder = a.includes(first) ? 'replica-a' : 'replica-b';
      // only the lease's holder records
      await expect(
        storage.webhookDeliveries.recordAttempt(first.id, 'replica-c', attempt('succeeded', due)),
      ).resolves.toBe(false);
      const retryAt = new Date(due.getTime() + 5_000);
      await expect(
        storage.webhookDeliveries.recordAttempt(first.id, holder, attempt('pending', due, retryAt)),
      ).resolves.toBe(true);
      await expect(storage.webhookDeliveries.find(endpoint.id, first.id)).resolves.toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: retryAt,
        lastAttemptAt: due,
        responseStatus: 500,
        responseExcerpt: 'boom',
        error: 'The endpoint answered 500',
      });
      // the retry falls due; the others' leases have not ended yet
      const atRetry = await storage.webhookDeliveries.claimDue(retryAt, 'replica-c', lease, 10);
      expect(atRetry.map((delivery) => delivery.id)).toEqual([first.id]);
      await storage.webhookDeliveries.recordAttempt(first.id, 'replica-c', attempt('succeeded', retryAt));
      await expect(storage.webhookDeliveries.find(endpoint.id, first.id)).resolves.toMatchObject({
        status: 'succeeded',
        attempts: 2,
        responseStatus: 204,
        error: null,
      });
      // a holder that died: its lease ends and another takes the rest, the later one too
      const reclaimed = await storage.webhookDeliveries.claimDue(
        later,
        'replica-d',
        new Date(later.getTime() + 30_000),
        10,
      );
      expect(reclaimed.map((delivery) => delivery.id).sort()).toEqual(
        [...others.map((d) => d.id), made[6].id].sort(),
      );
      for (const delivery of reclaimed) {
        await storage.webhookDeliveries.recordAttempt(delivery.id, 'replica-d', attempt('failed', later));
      }
      await expect(
        storage.webhookDeliveries.claimDue(new Date(later.getTime() + 3_600_000), 'x', lease, 10),
      ).resolves.toEqual([]);
    });

    it('sends a finished delivery again, due at once, and prunes old finished ones only', async () => {
      const endpoint = await storage.webhookEndpoints.create(endpointIn(await personal()));
      const due = moment();
      const [done, waiting] = await storage.webhookDeliveries.createMany([
        deliveryOf(endpoint.id, due),
        deliveryOf(endpoint.id, new Date(due.getTime() + 1_000)),
      ]);
      const [claimed] = await storage.webhookDeliveries.claimDue(
        due,
        'r',
        new Date(due.getTime() + 1_000),
        1,
      );
      expect(claimed.id).toBe(done.id);
      await storage.webhookDeliveries.recordAttempt(done.id, 'r', attempt('failed', due));
      await expect(storage.webhookDeliveries.nextDue()).resolves.toEqual(expect.any(Date));

      const again = await storage.webhookDeliveries.requeue(endpoint.id, done.id, due);
      expect(again).toMatchObject({
        id: done.id,
        status: 'pending',
        forced: true,
        attempts: 1,
        nextAttemptAt: due,
      });
      await expect(storage.webhookDeliveries.requeue(UNKNOWN_ID, done.id, due)).resolves.toBeNull();
      const [reclaimed] = await storage.webhookDeliveries.claimDue(
        due,
        'r',
        new Date(due.getTime() + 1_000),
        1,
      );
      expect(reclaimed.id).toBe(done.id);
      await storage.webhookDeliveries.recordAttempt(done.id, 'r', attempt('succeeded', due));

      // created now: a prune of what was made before a minute ago keeps both; after, the pending one stays
      await expect(
        storage.webhookDeliveries.prune(new Date(Date.now() - 60_000)),
      ).resolves.toBeGreaterThanOrEqual(0);
      await expect(storage.webhookDeliveries.find(endpoint.id, done.id)).resolves.not.toBeNull();
      await storage.webhookDeliveries.prune(new Date(Date.now() + 60_000));
      await expect(storage.webhookDeliveries.find(endpoint.id, done.id)).resolves.toBeNull();
      await expect(storage.webhookDeliveries.find(endpoint.id, waiting.id)).resolves.toMatchObject({
        status: 'pending',
      });
      // leave nothing due behind for the other cases
      const [last] = await storage.webhookDeliveries.claimDue(
        new Date(due.getTime() + 1_000),
        'r',
        new Date(due.getTime() + 2_000),
        1,
      );
      await storage.webhookDeliveries.recordAttempt(last.id, 'r', attempt('failed', due));
    });
  });
}

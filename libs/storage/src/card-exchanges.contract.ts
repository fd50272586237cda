import type { CardExchangeRequest, Storage } from './ports';
import { unique } from './testing/storage-contract-helpers';

/** the day's record of cards e-mailed to visitors: run by the storage contract */
export function describeCardExchangesContract(store: () => Storage): void {
  describe('card exchanges', () => {
    let storage: Storage;
    const now = new Date('2031-05-04T10:00:00Z');
    const request = (overrides: Partial<CardExchangeRequest> = {}): CardExchangeRequest => ({
      recipientHash: unique('hash'),
      profileId: unique('card'),
      day: '2031-05-04',
      perRecipientDailyMax: 3,
      now,
      ...overrides,
    });

    beforeAll(() => {
      storage = store();
    });

    it('claims a card for an address once a day, and again the next day', async () => {
      const first = request();
      await expect(storage.cardExchanges.claim(first)).resolves.toBe('claimed');
      await expect(storage.cardExchanges.claim(first)).resolves.toBe('already_sent');
      await expect(storage.cardExchanges.claim({ ...first, day: '2031-05-05' })).resolves.toBe('claimed');
      // another address for the same card is its own
      await expect(storage.cardExchanges.claim({ ...first, recipientHash: unique('other') })).resolves.toBe(
        'claimed',
      );
    });

    it('stops an address at its daily number of cards across cards, and says which limit it met', async () => {
      const recipientHash = unique('busy');
      const cards = [unique('c1'), unique('c2'), unique('c3'), unique('c4')];
      for (const profileId of cards.slice(0, 3)) {
        await expect(storage.cardExchanges.claim(request({ recipientHash, profileId }))).resolves.toBe(
          'claimed',
        );
      }
      await expect(
        storage.cardExchanges.claim(request({ recipientHash, profileId: cards[3] })),
      ).resolves.toBe('recipient_limit');
      // a card already sent is said as such, even once the address is full
      await expect(
        storage.cardExchanges.claim(request({ recipientHash, profileId: cards[0] })),
      ).resolves.toBe('already_sent');
      // the refused one was not recorded: the next day starts empty
      await expect(
        storage.cardExchanges.claim(request({ recipientHash, profileId: cards[3], day: '2031-05-05' })),
      ).resolves.toBe('claimed');
    });

    it('decides two claims at once for the same card and address as one send', async () => {
      const same = request();
      const outcomes = await Promise.all([
        storage.cardExchanges.claim(same),
        storage.cardExchanges.claim(same),
      ]);
      expect(outcomes.sort()).toEqual(['already_sent', 'claimed']);
    });

    it('forgets the days before a day, and only those', async () => {
      const old = request({ day: '2001-01-01' });
      const kept = request({ day: '2001-01-02' });
      await storage.cardExchanges.claim(old);
      await storage.cardExchanges.claim(kept);
      await expect(storage.cardExchanges.deleteBefore('2001-01-02')).resolves.toBeGreaterThanOrEqual(1);
      await expect(storage.cardExchanges.claim(old)).resolves.toBe('claimed');
      await expect(storage.cardExchanges.claim(kept)).resolves.toBe('already_sent');
    });
  });
}

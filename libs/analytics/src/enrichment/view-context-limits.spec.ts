import { validateInput, VIEW_CONTEXT_LIMITS, ViewContextQueryDto } from '@cardcraft/contracts';
import type { SqliteQueueDatabase } from '../adapters/sqlite-queue';
import { parseEventBatch } from '../events';
import { sampleEvent } from '../testing/sample-events';
import { openTestEnricher } from '../testing/enricher';
import type { EventEnricher } from './enricher';

/**
 * a visit's origin (utm_*, src, ref) is cut at one length everywhere: what the api accepts on the JSON
 * read is what the queue carries and what the worker stores (the card's page clips its query to the
 * same VIEW_CONTEXT_LIMITS).
 */
describe('the limits of a visit origin, one set for the api, the queue and the worker', () => {
  it('are the ones the API accepts: 500 for each utm parameter, 100 for the channel, an address for ref', () => {
    expect(VIEW_CONTEXT_LIMITS).toEqual({
      ref: 2048,
      utm_source: 500,
      utm_medium: 500,
      utm_campaign: 500,
      src: 100,
    });
  });

  it.each(Object.entries(VIEW_CONTEXT_LIMITS))(
    'the JSON read takes %s up to %i characters and refuses one more',
    (name, limit) => {
      const at = validateInput(ViewContextQueryDto, { [name]: 'a'.repeat(limit) });
      const over = validateInput(ViewContextQueryDto, { [name]: 'a'.repeat(limit + 1) });
      expect(at.errors).toEqual([]);
      expect(over.errors.map((error) => error.field)).toEqual([name]);
    },
  );

  describe('the queue and the worker keep the whole accepted value', () => {
    let db: SqliteQueueDatabase;
    let enricher: EventEnricher;
    beforeAll(async () => {
      ({ enricher, db } = await openTestEnricher());
    });
    afterAll(() => db.close());

    it('stores utm values of the longest accepted length and the channel the link named', async () => {
      const longest = {
        utmSource: 's'.repeat(VIEW_CONTEXT_LIMITS.utm_source),
        utmMedium: 'm'.repeat(VIEW_CONTEXT_LIMITS.utm_medium),
        utmCampaign: 'c'.repeat(VIEW_CONTEXT_LIMITS.utm_campaign),
        channel: 'q'.repeat(VIEW_CONTEXT_LIMITS.src),
        referrer: `https://news.example.org/${'r'.repeat(VIEW_CONTEXT_LIMITS.ref - 25)}`,
      };
      const queued = parseEventBatch(
        JSON.parse(JSON.stringify({ id: 'b', events: [sampleEvent({ profileId: 'p', ...longest })] })),
      );
      const [row] = await enricher.enrich('b', queued.events);
      expect(row.utm_source).toBe(longest.utmSource);
      expect(row.utm_medium).toBe(longest.utmMedium);
      expect(row.utm_campaign).toBe(longest.utmCampaign);
      expect(row.channel).toBe(longest.channel);
      expect(row.referrer).toBe(longest.referrer);
    });

    it('cuts a longer value (one that did not come through the api) at the same limits', async () => {
      const [row] = await enricher.enrich('b2', [
        sampleEvent({ profileId: 'p', utmSource: 'x'.repeat(900), channel: 'y'.repeat(300) }),
      ]);
      expect(row.utm_source).toHaveLength(VIEW_CONTEXT_LIMITS.utm_source);
      expect(row.channel).toHaveLength(VIEW_CONTEXT_LIMITS.src);
    });
  });
});

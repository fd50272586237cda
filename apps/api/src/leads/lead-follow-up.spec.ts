import type { AccountLeadResponse, Page, ProfileResponse } from '@cardcraft/contracts';
import { newEventId, type AnalyticsEvent, type AnalyticsRuntime } from '@cardcraft/analytics';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { eventually } from '../platform/testing/eventually';
import { createProfile, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
};

/** one visitor: the tests act as the proxy, so each has an address and a browser of its own */
interface Visitor {
  ua: string;
  ip: string;
}
const headers = (visitor: Visitor) => ({ 'user-agent': visitor.ua, 'x-forwarded-for': visitor.ip });

describe.each(STORAGE_KINDS)('the follow-up order from the same day’s visit (%s)', (kind) => {
  const { http, app } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let card: ProfileResponse;
  let quiet: ProfileResponse;
  const privacy = (collectIp: boolean) => ({
    collectGeo: false,
    collectIp,
    showIdentifiedViewers: true,
    allowMessages: true,
  });

  const view = (profile: ProfileResponse, visitor: Visitor) =>
    http.get(`/api/public/profiles/${profile.handle}`, { headers: headers(visitor) });
  const engage = (profile: ProfileResponse, visitor: Visitor, type: string, target?: string) =>
    http.post(`/api/public/profiles/${profile.id}/events`, {
      body: { type, target },
      headers: headers(visitor),
    });
  const message = async (profile: ProfileResponse, visitor: Visitor, email: string) => {
    const sent = await http.post(`/api/profiles/${profile.id}/leads`, {
      body: { email, consent: true },
      headers: headers(visitor),
    });
    expect(sent.status).toBe(201);
  };
  const leads = (query: string) =>
    http.get<Page<AccountLeadResponse>>(`/api/leads?${query}`, { token: owner.accessToken });
  const runtime = () => app().app.get<symbol, AnalyticsRuntime>(ANALYTICS_RUNTIME);
  /** what the analytics store holds of a card, by day and type */
  const stored = async (profileId: string) => {
    const store = runtime().store as unknown as {
      client: { query: (q: object) => Promise<{ json: <T>() => Promise<T[]> }> };
    };
    const result = await store.client.query({
      query: `SELECT toString(toDate(ts)) AS day, type, toString(count()) AS n FROM events
              WHERE profile_id = {p:String} GROUP BY day, type ORDER BY day, type`,
      query_params: { p: profileId },
      format: 'JSONEachRow',
    });
    return result.json<{ day: string; type: string; n: string }>();
  };

  beforeAll(async () => {
    owner = await registerUser(http);
    [card, quiet] = await Promise.all([
      createProfile(http, owner.accessToken, { published: true, privacy: privacy(true) }),
      createProfile(http, owner.accessToken, { published: true, privacy: privacy(false) }),
    ]);
  });

  it('ranks the leads by what each visitor did on the card that day, with the reasons, and never another day', async () => {
    const keen: Visitor = { ua: UA.iphone, ip: '81.2.69.160' };
    const brief: Visitor = { ua: UA.desktop, ip: '78.46.0.1' };
    const returning: Visitor = { ua: UA.android, ip: '203.0.113.9' };

    // keen: two views, the contact saved and a link clicked, then a message
    await view(card, keen);
    await view(card, keen);
    expect((await engage(card, keen, 'vcard_saved')).status).toBe(202);
    expect((await engage(card, keen, 'link_clicked', 'https://github.com/ada')).status).toBe(202);
    await message(card, keen, 'keen@example.com');
    // brief: one view, then a message
    await view(card, brief);
    await message(card, brief, 'brief@example.com');
    // returning: two views and a save yesterday, through the same pipeline from the same browser,
    // then only a message today
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    for (const type of ['view', 'view', 'vcard_saved'] as const) {
      const event: AnalyticsEvent = {
        id: newEventId(),
        profileId: card.id,
        ts: yesterday,
        type,
        userId: null,
        authenticated: false,
        userAgent: returning.ua,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        channel: null,
        target: null,
        ip: returning.ip,
        collectGeo: false,
        collectIp: true,
      };
      runtime().track(event);
    }
    await message(card, returning, 'returning@example.com');
    // on a card that does not collect visitor addresses the same browser leaves no signals
    await view(quiet, keen);
    await view(quiet, keen);
    await message(quiet, keen, 'quiet@example.com');

    // every event stored, yesterday's too
    const today = new Date().toISOString().slice(0, 10);
    const day = yesterday.slice(0, 10);
    await eventually(
      () => stored(card.id),
      (rows) =>
        rows.some((row) => row.day === day && row.type === 'vcard_saved') &&
        rows.some((row) => row.day === today && row.type === 'message_sent' && row.n === '3'),
      10_000,
    );
    expect(await stored(card.id)).toEqual(
      expect.arrayContaining([
        { day, type: 'view', n: '2' },
        { day, type: 'vcard_saved', n: '1' },
        { day: today, type: 'view', n: '3' },
        { day: today, type: 'vcard_saved', n: '1' },
        { day: today, type: 'link_clicked', n: '1' },
        { day: today, type: 'message_sent', n: '3' },
      ]),
    );

    const ranked = (
      await eventually(
        () => leads('sort=followUp'),
        (page) => page.body.items[0]?.followUp.reasons.length === 3,
        10_000,
      )
    ).body;
    expect(ranked.total).toBe(4);
    expect(ranked.items.map((lead) => [lead.email, lead.followUp])).toEqual([
      [
        'keen@example.com',
        { state: 'signals', score: 7, reasons: ['Saved your contact', 'Viewed twice', 'Clicked a link'] },
      ],
      // newest first among equals: the quiet card's lead came last
      ['quiet@example.com', { state: 'notCollected', score: 0, reasons: [] }],
      // yesterday's views and save are another day's visitor: they do not count
      ['returning@example.com', { state: 'signals', score: 0, reasons: [] }],
      // one view is no signal
      ['brief@example.com', { state: 'signals', score: 0, reasons: [] }],
    ]);
    // the visitor's key stays in the store
    expect(ranked.items[0]).not.toHaveProperty('visitorKey');

    const newest = await leads('sort=newest');
    expect(newest.body.items.map((lead) => lead.email)).toEqual([
      'quiet@example.com',
      'returning@example.com',
      'brief@example.com',
      'keen@example.com',
    ]);
    // the order holds within a filter and across pages
    const page2 = await leads(`sort=followUp&pageSize=1&page=2&profileId=${card.id}`);
    expect(page2.body).toMatchObject({
      total: 3,
      items: [expect.objectContaining({ email: 'returning@example.com' })],
    });
  });
});

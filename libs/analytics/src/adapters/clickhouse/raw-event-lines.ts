import type { DayEventRow } from '../../events';
import { EventLoopSlices } from '../../event-loop';

/** the columns a raw event is read with, after a read's own leading columns */
export const RAW_EVENT_COLUMNS = `toUnixTimestamp64Milli(ts) AS ms, toString(type) AS type, visitor_id, authenticated,
                toString(country) AS country, toString(device) AS device,
                toString(referrer_host) AS referrer_host, toString(channel) AS channel, target,
                toString(city) AS city, toString(browser) AS browser, toString(utm_source) AS utm_source,
                toString(utm_medium) AS utm_medium, toString(utm_campaign) AS utm_campaign`;

type EventFields = [
  number,
  string,
  string,
  number,
  ...[string, string, string, string, string, string, string, string, string, string],
];

/**
 * each line of a JSONCompactEachRow answer selected with RAW_EVENT_COLUMNS after `leading` columns of
 * its own: those and the event. compact rows, a line each, parse faster than one document; a read can
 * bring a few hundred thousand, parsed a slice at a time so the visitors' requests are answered
 * meanwhile (one JSON document held the loop 0.3 s)
 */
export async function forEachRawEvent(
  text: string,
  leading: number,
  visit: (lead: unknown[], event: DayEventRow) => void,
): Promise<void> {
  const slices = new EventLoopSlices();
  for (let start = 0, line = 0; start < text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const fields = end > start ? (JSON.parse(text.slice(start, end)) as unknown[]) : null;
    start = end + 1;
    if ((line & 1023) === 1023 && slices.due()) await slices.pause();
    if (!fields) continue;
    const [ms, type, visitorId, authenticated, country, device, referrerHost, channel, target, ...more] =
      fields.slice(leading) as EventFields;
    const [city, browser, utmSource, utmMedium, utmCampaign] = more;
    visit(fields.slice(0, leading), {
      ts: Number(ms),
      type,
      visitorId,
      authenticated: Number(authenticated) === 1,
      country,
      city,
      device,
      browser,
      referrerHost,
      channel,
      utmSource,
      utmMedium,
      utmCampaign,
      target,
    });
  }
}

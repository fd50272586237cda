import type { DayEventRow } from '../../events';
import { EventLoopSlices } from '../../event-loop';

/** the columns a raw event is read with, after a read's own leading columns */
export const RAW_EVENT_COLUMNS = `toUnixTimestamp64Milli(ts) AS ms, toString(type) AS type, visitor_id, authenticated,
                toString(country) AS country, toString(device) AS device,
                toString(referrer_host) AS referrer_host, toString(channel) AS channel, target,
                toString(city) AS city, toString(browser) AS browser, toString(utm_source) AS utm_source,
                toString(utm_medium) AS utm_medium, toString(utm_campaign) AS utm_campaign`;

/**
 * each line of a JSONCompactEachRow answer selected with RAW_EVENT_COLUMNS after `leading` columns of
 * its own: the line's fields (the read's own first) and the event. compact rows, a line each, parse faster than one document; a read can
 * bring a few hundred thousand, parsed a slice at a time so the visitors' requests are answered
 * meanwhile (one JSON document held the loop 0.3 s)
 */
export async function forEachRawEvent(
  text: string,
  leading: number,
  visit: (fields: readonly unknown[], event: DayEventRow) => void,
): Promise<void> {
  const slices = new EventLoopSlices();
  // the fields by position, in RAW_EVENT_COLUMNS' order: no copy of the line's array (a slice and a
  // destructuring a row cost a fifth of the parse)
  let fields: unknown[] | null = null;
  const at = (i: number) => (fields as unknown[])[leading + i] as string;
  for (let start = 0, line = 0; start < text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    fields = end > start ? (JSON.parse(text.slice(start, end)) as unknown[]) : null;
    start = end + 1;
    if ((line & 1023) === 1023 && slices.due()) await slices.pause();
    if (!fields) continue;
    visit(fields, {
      ts: Number(fields[leading]),
      type: at(1),
      visitorId: at(2),
      authenticated: Number(fields[leading + 3]) === 1,
      country: at(4),
      device: at(5),
      referrerHost: at(6),
      channel: at(7),
      target: at(8),
      city: at(9),
      browser: at(10),
      utmSource: at(11),
      utmMedium: at(12),
      utmCampaign: at(13),
    });
  }
}

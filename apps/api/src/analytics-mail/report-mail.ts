import type { MailMessage } from '../platform/mail/mail.port';
import { document, escapeHtml, heading, link, paragraph, table } from './mail-html';
import type { ReportPeriod } from './report-periods';
import { unsubscribeHeaders } from './unsubscribe-tokens';

/** the four figures a report shows of a period */
export interface PeriodNumbers {
  visits: number;
  uniqueVisitors: number;
  saves: number;
  messages: number;
}

/** one published card's part of a report */
export interface CardReport {
  name: string;
  handle: string;
  current: PeriodNumbers;
  previous: PeriodNumbers;
  /** the top sources (referrers) and links of the period, most first, five at most */
  sources: Array<{ label: string; visits: number }>;
  links: Array<{ target: string; clicks: number }>;
}

export interface ReportMailInput {
  to: string;
  period: ReportPeriod;
  zone: string;
  cards: CardReport[];
  /** the daily visits of every card together, a bar a day */
  daily: Array<{ label: string; visits: number }>;
  chartPng: Buffer;
  baseUrl: string;
  unsubscribe: { api: string; page: string };
}

/** the content id the HTML part shows the chart by */
export const CHART_CID = 'daily-visits@cardcraft';

const FIGURES: Array<[keyof PeriodNumbers, string]> = [
  ['visits', 'Visits'],
  ['uniqueVisitors', 'Unique visitors'],
  ['saves', 'Contact saves'],
  ['messages', 'Messages'],
];

/** "+12 %", "−3 %", "±0 %", or "new" when the period before had none */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '±0 %' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent > 0) return `+${percent} %`;
  if (percent < 0) return `\u2212${-percent} %`;
  return '±0 %';
}

function figureRows(card: Pick<CardReport, 'current' | 'previous'>): Array<[string, string]> {
  return FIGURES.map(([key, label]) => [
    label,
    `${card.current[key]} (${changeText(card.current[key], card.previous[key])})`,
  ]);
}

function sum(cards: CardReport[], side: 'current' | 'previous'): PeriodNumbers {
  const total: PeriodNumbers = { visits: 0, uniqueVisitors: 0, saves: 0, messages: 0 };
  for (const card of cards) for (const [key] of FIGURES) total[key] += card[side][key];
  return total;
}

/** the weekly or monthly report: each card's figures, a total, the daily chart inline, a text twin */
export function reportMail(input: ReportMailInput): MailMessage {
  const { period, cards, baseUrl } = input;
  const word = period.frequency === 'weekly' ? 'week' : 'month';
  const subject = `Your ${period.frequency} Cardcraft report: ${period.label}`;
  const intro = `Your cards' visits from ${period.label} (${input.zone}), each compared with the ${word} before.`;
  const dashboard = `${baseUrl}/dashboard/analytics`;
  const settings = `${baseUrl}/dashboard/settings`;
  const total =
    cards.length > 1 ? { current: sum(cards, 'current'), previous: sum(cards, 'previous') } : null;

  const text: string[] = [intro];
  const html: string[] = [paragraph(escapeHtml(intro))];
  for (const card of cards) {
    const rows = figureRows(card);
    const sources = card.sources.map((source) => `${source.label} ${source.visits}`).join(', ');
    const links = card.links.map((clicked) => `${clicked.target} ${clicked.clicks}`).join(', ');
    text.push(
      [
        `${card.name} (${baseUrl}/u/${card.handle})`,
        ...rows.map(([label, value]) => `${label}: ${value}`),
        `Top sources: ${sources || 'none'}`,
        `Top links: ${links || 'no clicks'}`,
      ].join('\n'),
    );
    html.push(
      heading(card.name),
      table(rows),
      paragraph(`<strong>Top sources</strong>: ${escapeHtml(sources || 'none')}`),
      paragraph(`<strong>Top links</strong>: ${escapeHtml(links || 'no clicks')}`),
    );
  }
  if (total) {
    const rows = figureRows(total);
    text.push(['All cards', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n'));
    html.push(heading('All cards'), table(rows));
  }
  const dailyText = input.daily.map((day) => `${day.label}: ${day.visits}`).join('\n');
  text.push(`Visits a day\n${dailyText}`);
  html.push(
    heading('Visits a day'),
    `<img src="cid:${CHART_CID}" width="560" style="max-width:100%;height:auto" alt="${escapeHtml(
      `Visits a day: ${input.daily.map((day) => `${day.label} ${day.visits}`).join(', ')}`,
    )}">`,
  );
  text.push(`See every figure on the dashboard: ${dashboard}`);
  html.push(paragraph(`See every figure on the ${link(dashboard, 'dashboard')}.`));
  const why = `You get this e-mail because the ${period.frequency} analytics report is on in Settings (${settings}).`;
  text.push(`${why} Unsubscribe: ${input.unsubscribe.page}`);
  html.push(
    paragraph(
      `You get this e-mail because the ${period.frequency} analytics report is on in ${link(settings, 'Settings')}. ` +
        link(input.unsubscribe.page, 'Unsubscribe'),
    ),
  );
  return {
    to: input.to,
    subject,
    text: text.join('\n\n') + '\n',
    html: document(html.join('\n')),
    attachments: [
      { filename: 'visits.png', content: input.chartPng, contentType: 'image/png', cid: CHART_CID },
    ],
    headers: unsubscribeHeaders(input.unsubscribe.api),
  };
}

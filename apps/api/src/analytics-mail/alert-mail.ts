import type { MailMessage } from '../platform/mail/mail.port';
import { document, escapeHtml, link, paragraph, table } from './mail-html';
import { unsubscribeHeaders } from './unsubscribe-tokens';

export interface AlertMailInput {
  to: string;
  card: { name: string; handle: string };
  /** the hour, as the owner reads it: "14:00 – 15:00 on 10 March 2026 (Europe/Berlin)" */
  hourLabel: string;
  visits: number;
  /** the card's mean visits an hour over the 7 days before */
  usual: number;
  multiple: number;
  sources: Array<{ label: string; visits: number }>;
  baseUrl: string;
  unsubscribe: { api: string; page: string };
}

/** "0.4", "12": a mean as people read it */
export function usualText(usual: number): string {
  return usual >= 10 ? String(Math.round(usual)) : usual.toFixed(1).replace(/\.0$/, '');
}

/** an hour of a card's visits well above its usual hour */
export function alertMail(input: AlertMailInput): MailMessage {
  const { card, baseUrl } = input;
  const dashboard = `${baseUrl}/dashboard/analytics`;
  const settings = `${baseUrl}/dashboard/settings`;
  const subject = `Traffic spike on ${card.name}: ${input.visits} visits in an hour`;
  const summary = `${card.name} (${baseUrl}/u/${card.handle}) had ${input.visits} visits from ${input.hourLabel}, against ${usualText(input.usual)} in its usual hour over the last 7 days.`;
  const sources = input.sources.map((source) => `${source.label} ${source.visits}`).join(', ');
  const why = `You get this e-mail because the traffic alert is on in Settings, at ${input.multiple}× the usual visits. It comes once a day at most for a card.`;
  const text = [
    summary,
    ...(sources ? [`Where they came from: ${sources}`] : []),
    `See the visits on the dashboard: ${dashboard}`,
    `${why} Settings: ${settings}`,
    `Unsubscribe from traffic alerts: ${input.unsubscribe.page}`,
  ];
  const html = [
    paragraph(escapeHtml(summary)),
    table([
      ['Visits this hour', String(input.visits)],
      ['Usual hour (last 7 days)', usualText(input.usual)],
    ]),
    ...(sources ? [paragraph(`<strong>Where they came from</strong>: ${escapeHtml(sources)}`)] : []),
    paragraph(`See the visits on the ${link(dashboard, 'dashboard')}.`),
    paragraph(
      `${escapeHtml(why)} ${link(settings, 'Settings')} · ${link(input.unsubscribe.page, 'Unsubscribe')}`,
    ),
  ];
  return {
    to: input.to,
    subject,
    text: text.join('\n\n') + '\n',
    html: document(html.join('\n')),
    headers: unsubscribeHeaders(input.unsubscribe.api),
  };
}

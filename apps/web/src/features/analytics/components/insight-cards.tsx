import {
  Activity,
  ArrowDownRight,
  ArrowUpRight,
  Download,
  Filter,
  MousePointerClick,
  Radio,
  Route,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cardcraft/contracts/languages';
import type {
  BlockClicks,
  LinkClicks,
  LiveVisitorsResponse,
  VisitSummaryResponse,
} from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n/use-language';
import type { AnalyticsExport } from '../api/export-analytics';
import { changeText, channelLabel, formatNumber, shareText, topEntries } from '../utils/analytics-format';
import { zonedDay } from '../utils/zoned-format';
import { FilterRow, type FilterTarget } from './filter-row';

function InsightCard({
  icon: Icon,
  title,
  description,
  empty,
  children,
}: {
  icon: typeof Activity;
  title: string;
  description?: string;
  /** shown instead of the content when there is nothing to show */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {empty ? <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

function Bar({ value, max, className }: { value: number; max: number; className: string }) {
  const width = max > 0 ? Math.max(value > 0 ? 4 : 0, Math.round((value / max) * 100)) : 0;
  return (
    <span className="block h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <span className={`block h-full rounded-full ${className}`} style={{ width: `${width}%` }} />
    </span>
  );
}

/** viewed → saved or shared → clicked → messaged, each with its share of the viewers */
export function FunnelCard({ summary }: { summary: VisitSummaryResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const viewers = summary.funnel[0]?.visitors ?? 0;
  return (
    <InsightCard
      icon={Filter}
      title={t('funnel.title')}
      description={t('funnel.description')}
      empty={viewers === 0 ? t('empty.visitors') : null}
    >
      <ol className="space-y-3.5">
        {summary.funnel.map((step, index) => (
          <li key={step.step} className="space-y-1.5">
            <div className="flex items-start justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="mr-1.5 text-muted-foreground tabular-nums">{index + 1}.</span>
                {t(`funnel.${step.step}`)}
              </span>
              <span className="shrink-0 tabular-nums">
                <span className="font-medium">{formatNumber(step.visitors, language)}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {shareText(step.shareOfViewers, t, language)}
                </span>
              </span>
            </div>
            <Bar value={step.visitors} max={viewers} className="bg-indigo-500" />
          </li>
        ))}
      </ol>
    </InsightCard>
  );
}

/** how visitors arrived: QR code, shared link, e-mail signature, NFC tag, direct */
export function ChannelsCard({ summary, filter }: { summary: VisitSummaryResponse; filter?: FilterTarget }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const rows = topEntries(summary.visitsByChannel, 7);
  const max = rows[0]?.[1] ?? 0;
  return (
    <InsightCard
      icon={Route}
      title={t('channels.title')}
      description={t('channels.description')}
      empty={rows.length === 0 ? t('empty.visits') : null}
    >
      <ul className="space-y-2">
        {rows.map(([channel, count]) => (
          <li key={channel}>
            <FilterRow filterKey="channel" value={channel} target={filter} className="space-y-1.5">
              <span className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">{channelLabel(channel, t)}</span>
                <span className="font-medium tabular-nums">{formatNumber(count, language)}</span>
              </span>
              <Bar value={count} max={max} className="bg-sky-500" />
            </FilterRow>
          </li>
        ))}
      </ul>
    </InsightCard>
  );
}

/** clicks, distinct clickers and clicks per view (absent until the api counts them: a dash) */
function ClickFigures({ item }: { item: LinkClicks | BlockClicks }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <span className="shrink-0 text-right tabular-nums">
      <span className="font-medium">{formatNumber(item.clicks, language)}</span>
      <span className="text-muted-foreground">
        {' '}
        · {item.uniqueClicks === undefined ? '–' : formatNumber(item.uniqueClicks, language)} ·{' '}
        {item.clickRate === undefined ? '–' : shareText(item.clickRate, t, language)}
      </span>
    </span>
  );
}

function ClickHeading({ children }: { children: string }) {
  const { t } = useTranslation('analytics');
  return (
    <h3 className="mb-2 flex justify-between gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
      <span>{children}</span>
      <span aria-hidden="true">{t('clicks.columns')}</span>
    </h3>
  );
}

/** which link works: clicks, unique clicks and click rate (clicks ÷ views) per card part and per address */
export function LinkClicksCard({
  summary,
  filter,
}: {
  summary: VisitSummaryResponse;
  filter?: FilterTarget;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const blocks = summary.clicksByBlock.slice(0, 6);
  const links = summary.clicksByLink.slice(0, 6);
  return (
    <InsightCard
      icon={MousePointerClick}
      title={t('clicks.title')}
      description={t('clicks.description')}
      empty={links.length === 0 ? t('clicks.none') : null}
    >
      <div className="space-y-5">
        {blocks.length > 0 ? (
          <section>
            <ClickHeading>{t('clicks.byBlock')}</ClickHeading>
            <ul className="space-y-2">
              {blocks.map((block) => (
                <li
                  key={block.id}
                  className="flex items-center justify-between gap-3 text-sm"
                  aria-label={`${block.label}, ${block.kind}: ${clicksSaid(block, t, language)}`}
                >
                  <span className="min-w-0 truncate">
                    {block.label}
                    <span className="text-muted-foreground"> · {block.kind}</span>
                  </span>
                  <ClickFigures item={block} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section>
          <ClickHeading>{t('clicks.byLink')}</ClickHeading>
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.target}>
                <FilterRow
                  filterKey="link"
                  value={link.target}
                  target={filter}
                  className="flex items-center justify-between gap-3 text-sm"
                >
                  <span className="min-w-0 truncate" title={link.target}>
                    {link.target.replace(/^https?:\/\//, '')}
                  </span>
                  <ClickFigures item={link} />
                </FilterRow>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </InsightCard>
  );
}

/** "12 clicks, 9 unique, 4.2 % of views" for assistive technology */
function clicksSaid(item: LinkClicks | BlockClicks, t: TFunction, language: Language): string {
  const ns = 'analytics';
  const parts = [
    t('clicks.said.clicks', { ns, count: item.clicks, number: formatNumber(item.clicks, language) }),
  ];
  if (item.uniqueClicks !== undefined) {
    parts.push(t('clicks.said.unique', { ns, number: formatNumber(item.uniqueClicks, language) }));
  }
  if (item.clickRate !== undefined && item.clickRate !== null) {
    parts.push(t('clicks.said.rate', { ns, share: shareText(item.clickRate, t, language) }));
  }
  return parts.join(', ');
}

/** the figures compared, each named by `figures.{key}` */
const COMPARED = [
  { key: 'visits', now: (s: VisitSummaryResponse) => s.totalVisits },
  { key: 'uniqueVisitors', now: (s: VisitSummaryResponse) => s.uniqueVisitors },
  { key: 'saves', now: (s: VisitSummaryResponse) => s.engagement.vcard_saved ?? 0 },
  { key: 'messages', now: (s: VisitSummaryResponse) => s.engagement.message_sent ?? 0 },
] as const;

/** the title of the comparison, by what it compares with */
export function comparisonTitle(
  kind: VisitSummaryResponse['comparison']['kind'] | undefined,
  t: TFunction,
): string {
  return t(kind === 'year' ? 'comparison.year' : 'comparison.previous', { ns: 'analytics' });
}

/** the selected period against the one it is compared with (the period before, or a year before) */
export function PeriodComparisonCard({ summary }: { summary: VisitSummaryResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const { previous, changePercent, kind } = summary.comparison;
  const timeZone = summary.timeZone || 'UTC';
  const nothing = COMPARED.every(({ key, now }) => now(summary) === 0 && previous[key] === 0);
  return (
    <InsightCard
      icon={Activity}
      title={comparisonTitle(kind, t)}
      description={`${zonedDay(previous.fromUtc, timeZone, language)} – ${zonedDay(previous.toUtc, timeZone, language)}`}
      empty={nothing ? t('comparison.none') : null}
    >
      <dl className="grid grid-cols-2 gap-3">
        {COMPARED.map(({ key, now }) => {
          const change = changePercent[key];
          const up = change !== null && change > 0;
          const down = change !== null && change < 0;
          const Arrow = down ? ArrowDownRight : ArrowUpRight;
          return (
            <div key={key} className="rounded-lg border border-border p-3">
              <dt className="text-xs text-muted-foreground">{t(`figures.${key}`)}</dt>
              <dd className="mt-1 flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="text-lg font-semibold tabular-nums">
                  {formatNumber(now(summary), language)}
                </span>
                <span
                  className={`inline-flex items-center text-xs font-medium tabular-nums ${
                    up ? 'text-emerald-700' : down ? 'text-rose-700' : 'text-muted-foreground'
                  }`}
                >
                  {up || down ? <Arrow className="size-3.5" aria-hidden="true" /> : null}
                  {changeText(change, now(summary), t, language)}
                </span>
              </dd>
              <dd className="text-xs text-muted-foreground tabular-nums">
                {t('change.before', { value: formatNumber(previous[key], language) })}
              </dd>
            </div>
          );
        })}
      </dl>
    </InsightCard>
  );
}

/** visitors of the last five minutes; the query refreshes it on its own */
export function LiveVisitorsCard({
  live,
  loading,
  failed,
}: {
  live: LiveVisitorsResponse | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm font-medium">
          <span className="relative flex size-2.5" aria-hidden="true">
            {live && live.visitors > 0 ? (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
            ) : null}
            <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
          </span>
          <Radio className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('live.title')}
        </div>
        {loading ? (
          <Skeleton className="h-6 w-16" />
        ) : failed ? (
          <span className="text-xs text-muted-foreground">{t('live.unavailable')}</span>
        ) : (
          <span className="text-right text-sm tabular-nums" aria-live="polite">
            <span className="text-lg font-semibold">{formatNumber(live?.visitors ?? 0, language)}</span>{' '}
            {t('live.visitors', { count: live?.visitors ?? 0 })}
          </span>
        )}
      </div>
      {!loading && !failed && live?.visitors === 0 ? (
        <p className="mt-1 text-xs text-muted-foreground">{t('live.nobody')}</p>
      ) : null}
    </Card>
  );
}

export function ExportButtons({
  onExport,
  pending,
}: {
  onExport: (kind: AnalyticsExport) => void;
  pending: AnalyticsExport | null;
}) {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => onExport('summary')} disabled={pending !== null}>
        <Download aria-hidden="true" />
        {pending === 'summary' ? t('export.exporting') : t('export.summary')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => onExport('visits')} disabled={pending !== null}>
        <Download aria-hidden="true" />
        {pending === 'visits' ? t('export.exporting') : t('export.visits')}
      </Button>
    </div>
  );
}

import {
  Building2,
  Compass,
  Globe2,
  Link2,
  Megaphone,
  Monitor,
  Smartphone,
  Tablet,
  UserCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilterKey, VisitItem, VisitSummaryResponse } from '@cardcraft/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n/use-language';
import {
  capitalize,
  countryName,
  deviceKind,
  deviceLabel,
  flagFor,
  formatNumber,
  formatPercent,
  GLOBE,
  locationText,
  percentOf,
  referrerLabel,
  relativeTime,
  topEntries,
  visitorLabel,
  visitorName,
  type DeviceKind,
} from '../utils/analytics-format';
import { zonedDateTime } from '../utils/zoned-format';
import { FilterRow, type FilterTarget } from './filter-row';

function CountryFlag({ country }: { country: string }) {
  const flag = flagFor(country);
  if (flag === GLOBE) return <Globe2 className="size-4 text-slate-500" aria-hidden="true" />;
  return (
    <span className="w-5 shrink-0 text-center text-base leading-none" aria-hidden="true">
      {flag}
    </span>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

function Bar({ value, max, className }: { value: number; max: number; className: string }) {
  const width = max > 0 ? Math.max(4, Math.round((value / max) * 100)) : 0;
  return (
    <span className="block h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <span className={`block h-full rounded-full ${className}`} style={{ width: `${width}%` }} />
    </span>
  );
}

/** a card of the analytics breakdown: its title (with an icon), and its rows or the text said when there are none */
function BreakdownCard({
  icon: Icon,
  title,
  empty,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  /** shown instead of the rows, when there are none */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        {Icon ? (
          <CardTitle className="flex items-center gap-2">
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            {title}
          </CardTitle>
        ) : (
          <CardTitle>{title}</CardTitle>
        )}
      </CardHeader>
      <CardContent>{empty ? <Empty>{empty}</Empty> : children}</CardContent>
    </Card>
  );
}

/** the top entries of a breakdown, each a label and its count over a bar as long as the count against the largest */
function CountList({
  rows,
  label,
  rowKey = (key) => key,
  barClassName,
  filterKey,
  filter,
}: {
  rows: [string, number][];
  label: (key: string) => ReactNode;
  rowKey?: (key: string) => string;
  barClassName: string;
  /** the filter a row adds, when the board can filter */
  filterKey: AnalyticsFilterKey;
  filter?: FilterTarget;
}) {
  const language = useLanguage();
  const max = rows[0]?.[1] ?? 0;
  return (
    <ul className="space-y-2">
      {rows.map(([key, count]) => (
        <li key={rowKey(key)}>
          <FilterRow filterKey={filterKey} value={key} target={filter} className="space-y-1.5">
            <span className="flex items-center justify-between gap-2 text-sm">
              {label(key)}
              <span className="font-medium tabular-nums">{formatNumber(count, language)}</span>
            </span>
            <Bar value={count} max={max} className={barClassName} />
          </FilterRow>
        </li>
      ))}
    </ul>
  );
}

/** the props of a breakdown widget: the summary, and what its rows filter when they can */
interface WidgetProps {
  summary: VisitSummaryResponse;
  filter?: FilterTarget;
}

export function GeographyCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const rows = topEntries(summary.visitsByCountry, 6);
  return (
    <BreakdownCard
      icon={Globe2}
      title={t('breakdown.countries')}
      empty={rows.length === 0 ? t('breakdown.noCountries') : null}
    >
      <CountList
        rows={rows}
        label={(country) => (
          <span className="flex min-w-0 items-center gap-2">
            <CountryFlag country={country} />
            <span className="truncate">{countryName(country, language)}</span>
          </span>
        )}
        barClassName="bg-indigo-500"
        filterKey="country"
        filter={filter}
      />
    </BreakdownCard>
  );
}

export function CitiesCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const rows = topEntries(summary.visitsByCity, 6);
  return (
    <BreakdownCard
      icon={Building2}
      title={t('breakdown.cities')}
      empty={rows.length === 0 ? t('breakdown.noCities') : null}
    >
      <CountList
        rows={rows}
        label={(city) => <span className="truncate">{city}</span>}
        barClassName="bg-indigo-400"
        filterKey="city"
        filter={filter}
      />
    </BreakdownCard>
  );
}

export function BrowsersCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const rows = topEntries(summary.visitsByBrowser, 6);
  return (
    <BreakdownCard
      icon={Compass}
      title={t('breakdown.browsers')}
      empty={rows.length === 0 ? t('breakdown.noBrowsers') : null}
    >
      <CountList
        rows={rows}
        label={(browser) => <span className="truncate">{capitalize(browser)}</span>}
        barClassName="bg-violet-400"
        filterKey="browser"
        filter={filter}
      />
    </BreakdownCard>
  );
}

/** the utm parameters, each titled by `breakdown.{key}` */
const CAMPAIGN_PARTS = [
  { key: 'utm_source', of: (s: VisitSummaryResponse) => s.visitsByUtmSource },
  { key: 'utm_medium', of: (s: VisitSummaryResponse) => s.visitsByUtmMedium },
  { key: 'utm_campaign', of: (s: VisitSummaryResponse) => s.visitsByUtmCampaign },
] as const;

/** the visits that came with utm parameters: by source, medium and campaign */
export function CampaignsCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const parts = CAMPAIGN_PARTS.map((part) => ({ ...part, rows: topEntries(part.of(summary), 5) }));
  const none = parts.every((part) => part.rows.length === 0);
  return (
    <BreakdownCard
      icon={Megaphone}
      title={t('breakdown.campaigns')}
      empty={none ? t('breakdown.noCampaigns') : null}
    >
      <div className="space-y-4">
        {parts
          .filter((part) => part.rows.length > 0)
          .map((part) => (
            <section key={part.key}>
              <h3 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {t(`breakdown.${part.key}`)}
              </h3>
              <CountList
                rows={part.rows}
                label={(value) => <span className="truncate">{value}</span>}
                barClassName="bg-amber-500"
                filterKey={part.key}
                filter={filter}
              />
            </section>
          ))}
      </div>
    </BreakdownCard>
  );
}

export function TrafficSourcesCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const rows = topEntries(summary.visitsByReferrer, 5);
  return (
    <BreakdownCard
      icon={Link2}
      title={t('breakdown.referrers')}
      empty={rows.length === 0 ? t('breakdown.noReferrers') : null}
    >
      <CountList
        rows={rows}
        label={(referrer) => <span className="truncate">{referrerLabel(referrer, t)}</span>}
        rowKey={(referrer) => referrer || 'direct'}
        barClassName="bg-teal-500"
        filterKey="referrer"
        filter={filter}
      />
    </BreakdownCard>
  );
}

const DEVICE_ICONS: Record<DeviceKind, LucideIcon> = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

export function DevicesCard({ summary, filter }: WidgetProps) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const rows = topEntries(summary.visitsByDevice);
  return (
    <BreakdownCard
      icon={Monitor}
      title={t('breakdown.devices')}
      empty={rows.length === 0 ? t('breakdown.noDevices') : null}
    >
      <ul className="space-y-1">
        {rows.map(([device, count]) => {
          const Icon = DEVICE_ICONS[deviceKind(device)];
          const pct = percentOf(count, summary.totalVisits);
          return (
            <li key={device}>
              <FilterRow
                filterKey="device"
                value={device}
                target={filter}
                className="flex items-center gap-3"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-slate-600">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="block min-w-0 flex-1 space-y-1.5">
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <span className="truncate">{deviceLabel(device, t)}</span>
                    <span className="text-slate-600 tabular-nums">
                      <span className="font-semibold text-foreground">
                        {formatPercent(pct / 100, language)}
                      </span>{' '}
                      · {t('breakdown.visits', { count, number: formatNumber(count, language) })}
                    </span>
                  </span>
                  <Bar value={pct} max={100} className="bg-violet-500" />
                </span>
              </FilterRow>
            </li>
          );
        })}
      </ul>
    </BreakdownCard>
  );
}

export function RecentVisitorsCard({
  visits,
  loading,
  timeZone = 'UTC',
}: {
  visits: VisitItem[] | undefined;
  loading: boolean;
  /** the zone the visits' times are shown in, on hover and to assistive technology */
  timeZone?: string;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const rows = (visits ?? []).slice(0, 8);
  return (
    <BreakdownCard
      title={t('visitors.title')}
      empty={!loading && rows.length === 0 ? t('visitors.none') : null}
    >
      {loading ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {rows.map((visit) => {
            const registered = visit.visitorType === 'authenticated';
            const name = visitorName(visit);
            return (
              <li key={visit.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm ${
                    registered ? 'bg-emerald-50 text-emerald-700' : 'bg-muted text-slate-600'
                  }`}
                  aria-hidden="true"
                >
                  {registered ? <UserCheck className="size-4" /> : <UserRound className="size-4" />}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {visitorLabel(visit, t)}
                    {name ? <span className="font-normal text-muted-foreground"> · {name}</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{locationText(visit, t, language)}</p>
                </div>
                <time
                  dateTime={visit.createdAtUtc}
                  title={zonedDateTime(visit.createdAtUtc, timeZone, language)}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {relativeTime(visit.createdAtUtc, t, language)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </BreakdownCard>
  );
}

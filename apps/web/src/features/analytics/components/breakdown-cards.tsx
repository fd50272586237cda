import {
  Globe2,
  Link2,
  Monitor,
  Smartphone,
  Tablet,
  UserCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { VisitItem, VisitSummaryResponse } from '@cardcraft/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  capitalize,
  countryName,
  deviceKind,
  flagFor,
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
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div className={`h-full rounded-full ${className}`} style={{ width: `${width}%` }} />
    </div>
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
}: {
  rows: [string, number][];
  label: (key: string) => ReactNode;
  rowKey?: (key: string) => string;
  barClassName: string;
}) {
  const max = rows[0]?.[1] ?? 0;
  return (
    <ul className="space-y-3.5">
      {rows.map(([key, count]) => (
        <li key={rowKey(key)} className="space-y-1.5">
          <div className="flex items-center justify-between gap-2 text-sm">
            {label(key)}
            <span className="font-medium tabular-nums">{count}</span>
          </div>
          <Bar value={count} max={max} className={barClassName} />
        </li>
      ))}
    </ul>
  );
}

export function GeographyCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByCountry, 6);
  return (
    <BreakdownCard
      icon={Globe2}
      title="Geographic Distribution"
      empty={rows.length === 0 ? 'No geographic data available yet' : null}
    >
      <CountList
        rows={rows}
        label={(country) => (
          <span className="flex min-w-0 items-center gap-2">
            <CountryFlag country={country} />
            <span className="truncate">{countryName(country)}</span>
          </span>
        )}
        barClassName="bg-indigo-500"
      />
    </BreakdownCard>
  );
}

export function TrafficSourcesCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByReferrer, 5);
  return (
    <BreakdownCard
      icon={Link2}
      title="Traffic Sources"
      empty={rows.length === 0 ? 'No traffic source data available yet' : null}
    >
      <CountList
        rows={rows}
        label={(referrer) => <span className="truncate">{referrerLabel(referrer)}</span>}
        rowKey={(referrer) => referrer || 'direct'}
        barClassName="bg-teal-500"
      />
    </BreakdownCard>
  );
}

const DEVICE_ICONS: Record<DeviceKind, LucideIcon> = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

export function DevicesCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByDevice);
  return (
    <BreakdownCard
      icon={Monitor}
      title="Device Types"
      empty={rows.length === 0 ? 'No device data available yet' : null}
    >
      <ul className="space-y-3">
        {rows.map(([device, count]) => {
          const Icon = DEVICE_ICONS[deviceKind(device)];
          const pct = percentOf(count, summary.totalVisits);
          return (
            <li key={device} className="flex items-center gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-slate-600">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1 space-y-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{capitalize(device)}</span>
                  <span className="text-slate-600 tabular-nums">
                    <span className="font-semibold text-foreground">{pct}%</span> · {count}{' '}
                    {count === 1 ? 'visit' : 'visits'}
                  </span>
                </div>
                <Bar value={pct} max={100} className="bg-violet-500" />
              </div>
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
}: {
  visits: VisitItem[] | undefined;
  loading: boolean;
}) {
  const rows = (visits ?? []).slice(0, 8);
  return (
    <BreakdownCard
      title="Recent Visitors"
      empty={!loading && rows.length === 0 ? 'No recent visitors yet' : null}
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
                    {visitorLabel(visit)}
                    {name ? <span className="font-normal text-muted-foreground"> · {name}</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{locationText(visit)}</p>
                </div>
                <time dateTime={visit.createdAtUtc} className="shrink-0 text-xs text-muted-foreground">
                  {relativeTime(visit.createdAtUtc)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </BreakdownCard>
  );
}

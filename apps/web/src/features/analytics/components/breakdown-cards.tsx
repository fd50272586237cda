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

export function GeographyCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByCountry, 6);
  const max = rows[0]?.[1] ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe2 className="size-4 text-muted-foreground" aria-hidden="true" />
          Geographic Distribution
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <Empty>No geographic data available yet</Empty>
        ) : (
          <ul className="space-y-3.5">
            {rows.map(([country, count]) => (
              <li key={country} className="space-y-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="flex min-w-0 items-center gap-2">
                    <CountryFlag country={country} />
                    <span className="truncate">{countryName(country)}</span>
                  </span>
                  <span className="font-medium tabular-nums">{count}</span>
                </div>
                <Bar value={count} max={max} className="bg-indigo-500" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function TrafficSourcesCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByReferrer, 5);
  const max = rows[0]?.[1] ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-4 text-muted-foreground" aria-hidden="true" />
          Traffic Sources
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <Empty>No traffic source data available yet</Empty>
        ) : (
          <ul className="space-y-3.5">
            {rows.map(([referrer, count]) => (
              <li key={referrer || 'direct'} className="space-y-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{referrerLabel(referrer)}</span>
                  <span className="font-medium tabular-nums">{count}</span>
                </div>
                <Bar value={count} max={max} className="bg-teal-500" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const DEVICE_ICONS: Record<DeviceKind, LucideIcon> = { mobile: Smartphone, tablet: Tablet, desktop: Monitor };

export function DevicesCard({ summary }: { summary: VisitSummaryResponse }) {
  const rows = topEntries(summary.visitsByDevice);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Monitor className="size-4 text-muted-foreground" aria-hidden="true" />
          Device Types
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <Empty>No device data available yet</Empty>
        ) : (
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
        )}
      </CardContent>
    </Card>
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
    <Card>
      <CardHeader>
        <CardTitle>Recent Visitors</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <Empty>No recent visitors yet</Empty>
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
      </CardContent>
    </Card>
  );
}

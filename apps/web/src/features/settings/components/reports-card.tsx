import { useId } from 'react';
import {
  ANALYTICS_REPORT_FREQUENCIES,
  TRAFFIC_ALERT_MULTIPLES,
  type AccountSettingsResponse,
  type AnalyticsReportFrequency,
  type TrafficAlertMultiple,
} from '@cardcraft/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldBase } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useAccountSettings, useUpdateAccountSettings } from '../api/account-mail';
import { browserZone } from './time-zone-card';

const REPORT_LABELS: Record<AnalyticsReportFrequency, string> = {
  off: 'Off',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

function reportHint(report: AnalyticsReportFrequency, zone: string): string {
  if (report === 'weekly')
    return `Every Monday: last week's visits, sources and links of each card (${zone}).`;
  if (report === 'monthly')
    return `On the 1st: last month's visits, sources and links of each card (${zone}).`;
  return 'No report by e-mail. The dashboard shows every figure.';
}

function alertHint(multiple: TrafficAlertMultiple | null): string {
  return multiple
    ? `An e-mail when a card's visits in an hour reach ${multiple} times its usual hour (at least 10 visits), once a day at most.`
    : 'No alerts about busy hours.';
}

/** the analytics by e-mail: a weekly or monthly report, and an alert on an unusually busy hour */
export function ReportsCard() {
  const { session } = useSession();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const reportId = useId();
  const alertId = useId();
  const pending = update.isPending ? update.variables : {};
  const report = pending.analyticsReport ?? settings.data?.analyticsReport ?? 'off';
  const alert =
    pending.trafficAlertMultiple !== undefined
      ? pending.trafficAlertMultiple
      : (settings.data?.trafficAlertMultiple ?? null);
  // the reports use UTC while no zone is chosen
  const zone = settings.data?.timeZone ?? 'UTC';

  const save = (change: Partial<AccountSettingsResponse>, title: string) =>
    update.mutate(change, {
      onSuccess: () => toast({ title, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Failed to save the setting',
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  const field = (id: string, label: string, hint: string, control: React.ReactNode) => (
    <div className="grid gap-1.5 sm:grid-cols-[1fr_12rem] sm:items-start sm:gap-4">
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      {settings.isPending ? <Skeleton className="h-10 w-full" /> : control}
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reports and alerts</CardTitle>
        <CardDescription>Analytics by e-mail to {session?.email ?? 'your address'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {field(
          reportId,
          'Analytics report',
          reportHint(report, zone),
          <select
            id={reportId}
            aria-describedby={`${reportId}-hint`}
            className={cn(fieldBase, 'h-10')}
            value={report}
            disabled={settings.isError || update.isPending}
            onChange={(event) => {
              const analyticsReport = event.target.value as AnalyticsReportFrequency;
              save(
                { analyticsReport },
                analyticsReport === 'off' ? 'Report off' : `${REPORT_LABELS[analyticsReport]} report on`,
              );
            }}
          >
            {ANALYTICS_REPORT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {REPORT_LABELS[frequency]}
              </option>
            ))}
          </select>,
        )}
        {field(
          alertId,
          'Traffic alert',
          alertHint(alert),
          <select
            id={alertId}
            aria-describedby={`${alertId}-hint`}
            className={cn(fieldBase, 'h-10')}
            value={alert === null ? 'off' : String(alert)}
            disabled={settings.isError || update.isPending}
            onChange={(event) => {
              const value = event.target.value;
              const trafficAlertMultiple = value === 'off' ? null : (Number(value) as TrafficAlertMultiple);
              save(
                { trafficAlertMultiple },
                trafficAlertMultiple ? `Alert at ${trafficAlertMultiple}× the usual visits` : 'Alert off',
              );
            }}
          >
            <option value="off">Off</option>
            {TRAFFIC_ALERT_MULTIPLES.map((multiple) => (
              <option key={multiple} value={multiple}>
                {multiple}× the usual visits
              </option>
            ))}
          </select>,
        )}
        {settings.data && !settings.data.timeZone ? (
          <p className="text-xs text-muted-foreground">
            Reports count days in UTC until you choose a time zone (your browser&apos;s is {browserZone()}).
          </p>
        ) : null}
        {settings.isError ? (
          <p className="text-sm text-destructive">Failed to load your settings. Please try again later.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

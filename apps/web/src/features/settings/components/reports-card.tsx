import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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

// each frequency's name, its hint and the toast that it is on are under reports.{off,weekly,monthly}

function reportHint(t: TFunction, report: AnalyticsReportFrequency, zone: string): string {
  return t(`reports.${report}.hint`, { zone });
}

function alertHint(t: TFunction, multiple: TrafficAlertMultiple | null): string {
  return multiple ? t('reports.alertHint', { multiple }) : t('reports.alertOffHint');
}

/** the analytics by e-mail: a weekly or monthly report, and an alert on an unusually busy hour */
export function ReportsCard() {
  const { t } = useTranslation('settings');
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
          title: t('shared.saveFailed'),
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
        <CardTitle>{t('reports.title')}</CardTitle>
        <CardDescription>
          {session?.email ? t('reports.description', { email: session.email }) : t('reports.descriptionYou')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {field(
          reportId,
          t('reports.report'),
          reportHint(t, report, zone),
          <select
            id={reportId}
            aria-describedby={`${reportId}-hint`}
            className={cn(fieldBase, 'h-10')}
            value={report}
            disabled={settings.isError || update.isPending}
            onChange={(event) => {
              const analyticsReport = event.target.value as AnalyticsReportFrequency;
              save({ analyticsReport }, t(`reports.${analyticsReport}.saved`));
            }}
          >
            {ANALYTICS_REPORT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {t(`reports.${frequency}.label`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          alertId,
          t('reports.alert'),
          alertHint(t, alert),
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
                trafficAlertMultiple
                  ? t('reports.alertSaved', { multiple: trafficAlertMultiple })
                  : t('reports.alertOffSaved'),
              );
            }}
          >
            <option value="off">{t('reports.off.label')}</option>
            {TRAFFIC_ALERT_MULTIPLES.map((multiple) => (
              <option key={multiple} value={multiple}>
                {t('reports.alertOption', { multiple })}
              </option>
            ))}
          </select>,
        )}
        {settings.data && !settings.data.timeZone ? (
          <p className="text-xs text-muted-foreground">{t('reports.utcNote', { zone: browserZone() })}</p>
        ) : null}
        {settings.isError ? <p className="text-sm text-destructive">{t('shared.loadFailed')}</p> : null}
      </CardContent>
    </Card>
  );
}

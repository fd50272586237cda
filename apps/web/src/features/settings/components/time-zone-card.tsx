import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldBase, Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAccountSettings, useUpdateAccountSettings } from '../api/account-mail';

/** the zones this browser knows, or a few common ones where it cannot list them */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.length > 0 ? zones : ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York'];
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** the zone the reports, the dashboard and the CSV files count days in; none chosen: the browser's */
export function TimeZoneCard() {
  const { t } = useTranslation('settings');
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const selectId = useId();
  const zones = useMemo(() => knownZones(), []);
  const stored = update.isPending ? update.variables.timeZone : settings.data?.timeZone;
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase().replace(/\s+/g, '_');
    const found = words ? zones.filter((zone) => zone.toLowerCase().includes(words)) : zones;
    // the stored zone stays listed, so the list always shows what is chosen
    return stored && !found.includes(stored) ? [stored, ...found] : found;
  }, [search, stored, zones]);

  const choose = (value: string) =>
    update.mutate(
      { timeZone: value === '' ? null : value },
      {
        onSuccess: (saved) =>
          toast({
            title: t('timeZone.savedTitle'),
            description: saved.timeZone
              ? t('timeZone.savedText', { zone: saved.timeZone })
              : t('timeZone.savedBrowser', { zone: browserZone() }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: t('timeZone.saveFailed'),
            description: normalizeError(error).message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('timeZone.title')}</CardTitle>
        <CardDescription>{t('timeZone.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {settings.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <>
            <div className="space-y-1.5">
              <label htmlFor={searchId} className="text-sm font-medium">
                {t('timeZone.search')}
              </label>
              <Input
                id={searchId}
                type="search"
                placeholder="Berlin, New York, Tokyo…"
                value={search}
                aria-controls={selectId}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={selectId} className="text-sm font-medium">
                {t('timeZone.label')}
              </label>
              <select
                id={selectId}
                className={cn(fieldBase, 'h-10')}
                value={stored ?? ''}
                disabled={settings.isError || update.isPending}
                onChange={(event) => choose(event.target.value)}
              >
                <option value="">{t('timeZone.browser', { zone: browserZone() })}</option>
                {shown.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {search.trim()
                  ? t('timeZone.matching', { count: shown.length })
                  : t('timeZone.count', { count: zones.length })}
              </p>
            </div>
          </>
        )}
        {settings.isError ? <p className="text-sm text-destructive">{t('shared.loadFailed')}</p> : null}
      </CardContent>
    </Card>
  );
}

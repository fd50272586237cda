import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { normalizeError } from '@/lib/api-client';
import { useSendTest, useUpdateWebhook } from '../api/webhooks';
import { DeliveryLog, DeliveryStatus } from './delivery-log';

// the server says why it turned an endpoint off in English: its two reasons, by their pattern
const DISABLED_REASONS: ReadonlyArray<[RegExp, string]> = [
  [/^its last (\d+) deliveries failed, each after every retry\.$/, 'endpoint.reasons.failures'],
  [/^every delivery to it has failed for more than (\d+) hours\.$/, 'endpoint.reasons.failingFor'],
];

/** why the endpoint was turned off, in the screen's language; a reason it does not know, as it came */
function disabledReasonText(t: TFunction<'integrations'>, reason: string): string {
  for (const [pattern, key] of DISABLED_REASONS) {
    const match = pattern.exec(reason);
    if (match) return t(key, { count: Number(match[1]) });
  }
  return reason;
}

/** one endpoint: where it sends, what, its state and last delivery, its tools and, opened, its log */
export function WebhookEndpointCard({
  base,
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  base: string;
  endpoint: WebhookEndpointResponse;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('integrations');
  const language = useLanguage();
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook(base);
  const test = useSendTest(base);
  const name = endpoint.description ?? endpoint.url;
  const logId = `log-${endpoint.id}`;

  const setEnabled = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, body: { enabled } });
      toast({ title: enabled ? t('endpoint.turnedOn') : t('endpoint.turnedOff'), variant: 'success' });
    } catch (error) {
      toast({
        title: t('endpoint.notChanged'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  const sendTest = async () => {
    try {
      await test.mutateAsync(endpoint.id);
      setLogOpen(true);
      toast({
        title: t('endpoint.testSent'),
        description: t('endpoint.testSentText'),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('endpoint.testNotSent'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <h3 className="font-medium break-words">{name}</h3>
          {endpoint.description ? (
            <p className="font-mono text-xs break-all text-muted-foreground">{endpoint.url}</p>
          ) : null}
          <div className="flex flex-wrap gap-1.5">
            {endpoint.enabled ? null : (
              <Badge variant={endpoint.disabledReason ? 'destructive' : 'secondary'}>
                {endpoint.disabledReason ? t('endpoint.offAfterFailures') : t('endpoint.off')}
              </Badge>
            )}
            {endpoint.createdVia === 'api' ? (
              <Badge variant="outline">{t('endpoint.madeByApi')}</Badge>
            ) : null}
            {endpoint.events.map((event) => (
              <Badge key={event} variant="secondary" title={t(`events.${event}`)}>
                {event}
              </Badge>
            ))}
            <Badge variant="outline">
              {endpoint.cardIds
                ? t('endpoint.someCards', { count: endpoint.cardIds.length })
                : t('endpoint.everyCard')}
            </Badge>
          </div>
          {endpoint.disabledReason ? (
            <p className="text-sm text-destructive">
              {t('endpoint.turnedOffBecause', {
                reason: disabledReasonText(t, endpoint.disabledReason),
              })}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {endpoint.lastDelivery ? (
              <>
                {t('endpoint.lastDelivery')} <DeliveryStatus status={endpoint.lastDelivery.status} />{' '}
                {endpoint.lastDelivery.eventType}
                {endpoint.lastDelivery.responseStatus
                  ? `, ${endpoint.lastDelivery.responseStatus}`
                  : ''},{' '}
                <time dateTime={endpoint.lastDelivery.atUtc}>
                  {dateFormat.format(new Date(endpoint.lastDelivery.atUtc))}
                </time>
              </>
            ) : (
              t('endpoint.nothingSent')
            )}
          </p>
          {endpoint.previousSecretExpiresAtUtc ? (
            <p className="text-xs text-muted-foreground">
              {t('endpoint.previousSecret', {
                date: dateFormat.format(new Date(endpoint.previousSecretExpiresAtUtc)),
              })}
            </p>
          ) : null}
        </div>
        <label className="flex shrink-0 items-center gap-2 text-sm">
          <Switch
            checked={endpoint.enabled}
            disabled={update.isPending}
            onCheckedChange={setEnabled}
            aria-label={t('endpoint.sendTo', { name })}
          />
          {endpoint.enabled ? t('endpoint.on') : t('endpoint.off')}
        </label>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen(!logOpen)}
        >
          {logOpen ? t('endpoint.hideDeliveries') : t('endpoint.deliveries')}
        </Button>
        <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending}>
          <Send aria-hidden="true" />
          {test.isPending ? t('endpoint.sending') : t('endpoint.sendTest')}
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {t('endpoint.edit')}
        </Button>
        <Button variant="outline" size="sm" onClick={onRotate}>
          <KeyRound aria-hidden="true" />
          {t('webhooks.rotate')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      </div>
      {logOpen ? (
        <div id={logId} className="mt-4">
          <DeliveryLog base={base} endpointId={endpoint.id} />
        </div>
      ) : null}
    </Card>
  );
}

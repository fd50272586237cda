import { useMemo, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryStatus, WebhookDeliverySummaryResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ListTableHead } from '@/components/ui/list-table-head';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { normalizeError } from '@/lib/api-client';
import { DELIVERIES_PAGE_SIZE, useDeliveries, useDelivery, useRetryDelivery } from '../api/webhooks';

/** when a delivery was made or is tried next, to the second, the screen's language's way */
function useDeliveryDateFormat(): Intl.DateTimeFormat {
  const language = useLanguage();
  return useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }),
    [language],
  );
}

export function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('integrations');
  if (status === 'succeeded') return <Badge variant="success">{t('deliveries.succeeded')}</Badge>;
  if (status === 'failed') return <Badge variant="destructive">{t('deliveries.failed')}</Badge>;
  return <Badge variant="warning">{t('deliveries.pending')}</Badge>;
}

/** the body as sent, indented for reading */
function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function DeliveryDetail({
  base,
  endpointId,
  deliveryId,
  onClose,
}: {
  base: string;
  endpointId: string;
  deliveryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const dateFormat = useDeliveryDateFormat();
  const delivery = useDelivery(base, endpointId, deliveryId);
  const retry = useRetryDelivery(base);
  const one = delivery.data;
  const sendAgain = async () => {
    if (!one) return;
    try {
      await retry.mutateAsync({ id: endpointId, deliveryId: one.id });
      toast({
        title: t('deliveries.sendingAgain'),
        description: `${one.eventType}, ${one.messageId}`,
        variant: 'success',
      });
      await delivery.refetch();
    } catch (error) {
      toast({
        title: t('deliveries.notSentAgain'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={deliveryId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {one ? t('deliveries.titleOf', { event: one.eventType }) : t('deliveries.title')}
          </DialogTitle>
          <DialogDescription className="font-mono break-all">{one?.messageId ?? ' '}</DialogDescription>
        </DialogHeader>
        {delivery.isError ? <ErrorAlert>{normalizeError(delivery.error).message}</ErrorAlert> : null}
        {!one ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
              <div>
                <dt className="text-xs text-muted-foreground">{t('deliveries.status')}</dt>
                <dd>
                  <DeliveryStatus status={one.status} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('deliveries.attempts')}</dt>
                <dd>{one.attempts}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('deliveries.response')}</dt>
                <dd>{one.responseStatus ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('deliveries.duration')}</dt>
                <dd>{one.durationMs === null ? '—' : t('deliveries.ms', { ms: one.durationMs })}</dd>
              </div>
            </dl>
            {one.error ? <ErrorAlert>{one.error}</ErrorAlert> : null}
            {one.nextAttemptAtUtc ? (
              <p className="text-muted-foreground">
                {t('deliveries.nextAttempt', { date: dateFormat.format(new Date(one.nextAttemptAtUtc)) })}
              </p>
            ) : null}
            <section aria-labelledby="payload-title">
              <h3 id="payload-title" className="mb-1 text-sm font-semibold">
                {t('deliveries.payload')}
              </h3>
              <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
                {pretty(one.payload)}
              </pre>
            </section>
            <section aria-labelledby="response-title">
              <h3 id="response-title" className="mb-1 text-sm font-semibold">
                {t('deliveries.responseBody')}
              </h3>
              <pre className="max-h-40 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
                {one.responseExcerpt ?? t('deliveries.noBody')}
              </pre>
            </section>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button onClick={sendAgain} disabled={!one || retry.isPending || one.status === 'pending'}>
            <RotateCcw aria-hidden="true" />
            {retry.isPending ? t('endpoint.sending') : t('deliveries.sendAgain')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** an endpoint's deliveries, newest first, a page at a time; one opens with its payload and answer */
export function DeliveryLog({ base, endpointId }: { base: string; endpointId: string }) {
  const { t } = useTranslation('integrations');
  const dateFormat = useDeliveryDateFormat();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const deliveries = useDeliveries(base, endpointId, page, true);
  const data = deliveries.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / DELIVERIES_PAGE_SIZE));
  if (deliveries.isError) return <ErrorAlert>{normalizeError(deliveries.error).message}</ErrorAlert>;
  if (!data) return <Skeleton className="h-24 w-full" />;
  if (data.total === 0) {
    return (
      <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        {t('deliveries.empty')}
      </p>
    );
  }
  const row = (delivery: WebhookDeliverySummaryResponse) => (
    <tr key={delivery.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-3 md:table-row md:p-0">
      <td className="min-w-0 md:px-4 md:py-2.5">
        <span className="font-mono text-xs break-all">{delivery.eventType}</span>
      </td>
      <td className="col-start-2 row-start-1 md:px-4 md:py-2.5">
        <DeliveryStatus status={delivery.status} />
      </td>
      <td className="text-xs text-muted-foreground md:px-4 md:py-2.5 md:text-sm">
        {delivery.responseStatus ?? '—'} · {t('deliveries.attemptCount', { count: delivery.attempts })}
        {delivery.durationMs === null ? '' : ` · ${t('deliveries.ms', { ms: delivery.durationMs })}`}
      </td>
      <td className="col-span-2 text-xs text-muted-foreground md:px-4 md:py-2.5 md:text-sm md:whitespace-nowrap">
        <time dateTime={delivery.createdAtUtc}>{dateFormat.format(new Date(delivery.createdAtUtc))}</time>
      </td>
      <td className="col-span-2 md:px-4 md:py-2.5 md:text-right">
        <Button variant="outline" size="sm" onClick={() => setOpened(delivery.id)}>
          {t('deliveries.details')}
          <span className="sr-only"> {t('deliveries.detailsOf', { event: delivery.eventType })}</span>
        </Button>
      </td>
    </tr>
  );
  return (
    <div className="overflow-hidden rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <ListTableHead
          caption={t('deliveries.caption')}
          columns={[
            t('deliveries.columns.event'),
            t('deliveries.columns.status'),
            t('deliveries.columns.response'),
            t('deliveries.columns.time'),
          ]}
        />
        <tbody className="divide-y divide-border">{data.items.map(row)}</tbody>
      </table>
      <Pager
        label={t('deliveries.pages')}
        page={page}
        pages={pages}
        onPage={setPage}
        total={t('deliveries.total', { count: data.total })}
        className="px-3 py-2"
      />
      <DeliveryDetail
        base={base}
        endpointId={endpointId}
        deliveryId={opened}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}

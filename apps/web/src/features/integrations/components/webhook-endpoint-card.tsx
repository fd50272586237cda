import { useState } from 'react';
import { KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpointResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSendTest, useUpdateWebhook } from '../api/webhooks';
import { DeliveryLog, DeliveryStatus } from './delivery-log';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

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
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook(base);
  const test = useSendTest(base);
  const name = endpoint.description ?? endpoint.url;
  const logId = `log-${endpoint.id}`;

  const setEnabled = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, body: { enabled } });
      toast({ title: enabled ? 'Endpoint turned on' : 'Endpoint turned off', variant: 'success' });
    } catch (error) {
      toast({ title: 'Not changed', description: normalizeError(error).message, variant: 'destructive' });
    }
  };
  const sendTest = async () => {
    try {
      await test.mutateAsync(endpoint.id);
      setLogOpen(true);
      toast({
        title: 'Test event sent',
        description: 'It shows in the deliveries below.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Test event not sent',
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
                {endpoint.disabledReason ? 'Turned off after failures' : 'Off'}
              </Badge>
            )}
            {endpoint.createdVia === 'api' ? <Badge variant="outline">Made by an API client</Badge> : null}
            {endpoint.events.map((event) => (
              <Badge key={event} variant="secondary" title={WEBHOOK_EVENT_LABELS[event]}>
                {event}
              </Badge>
            ))}
            <Badge variant="outline">
              {endpoint.cardIds ? `${endpoint.cardIds.length} of the cards` : 'Every card'}
            </Badge>
          </div>
          {endpoint.disabledReason ? (
            <p className="text-sm text-destructive">Turned off because {endpoint.disabledReason}</p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {endpoint.lastDelivery ? (
              <>
                Last delivery: <DeliveryStatus status={endpoint.lastDelivery.status} />{' '}
                {endpoint.lastDelivery.eventType}
                {endpoint.lastDelivery.responseStatus
                  ? `, ${endpoint.lastDelivery.responseStatus}`
                  : ''},{' '}
                <time dateTime={endpoint.lastDelivery.atUtc}>
                  {dateFormat.format(new Date(endpoint.lastDelivery.atUtc))}
                </time>
              </>
            ) : (
              'Nothing sent yet'
            )}
          </p>
          {endpoint.previousSecretExpiresAtUtc ? (
            <p className="text-xs text-muted-foreground">
              The previous secret signs too until{' '}
              {dateFormat.format(new Date(endpoint.previousSecretExpiresAtUtc))}.
            </p>
          ) : null}
        </div>
        <label className="flex shrink-0 items-center gap-2 text-sm">
          <Switch
            checked={endpoint.enabled}
            disabled={update.isPending}
            onCheckedChange={setEnabled}
            aria-label={`Send events to ${name}`}
          />
          {endpoint.enabled ? 'On' : 'Off'}
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
          {logOpen ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending}>
          <Send aria-hidden="true" />
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onRotate}>
          <KeyRound aria-hidden="true" />
          Rotate secret
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete
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

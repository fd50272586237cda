import { useState } from 'react';
import { Plus, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointResponse, WebhookEndpointWithSecretResponse } from '@cardcraft/contracts';
import { SectionHeader } from '@/components/layout/section-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useDeleteWebhook, useRotateSecret, useWebhooks } from '../api/webhooks';
import { SecretDialog } from './secret-dialog';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookFormDialog, type CardChoice } from './webhook-form-dialog';

/**
 * the webhooks of a person (their own cards) or of a team (every card of it): the endpoints with their
 * state, adding and editing one, its secret shown once, its delivery log and tools
 */
export function WebhooksSection({
  base,
  cards,
  description,
}: {
  /** /api/webhooks, or a team's /api/teams/{id}/webhooks */
  base: string;
  /** the cards an endpoint may be limited to */
  cards: CardChoice[];
  description: string;
}) {
  const { t } = useTranslation('integrations');
  const webhooks = useWebhooks(base);
  const remove = useDeleteWebhook(base);
  const rotate = useRotateSecret(base);
  const [editing, setEditing] = useState<WebhookEndpointResponse | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [toDelete, setToDelete] = useState<WebhookEndpointResponse | null>(null);
  const [toRotate, setToRotate] = useState<WebhookEndpointResponse | null>(null);
  const list = webhooks.data ?? [];

  const onCreated = (made: WebhookEndpointWithSecretResponse) => {
    // the secret's dialog says it was added
    setSecret({ value: made.secret, rotated: false });
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: t('webhooks.deleted'), variant: 'success' });
      setToDelete(null);
    } catch (error) {
      toast({
        title: t('webhooks.notDeleted'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  const confirmRotate = async () => {
    if (!toRotate) return;
    try {
      const rotated = await rotate.mutateAsync(toRotate.id);
      setToRotate(null);
      setSecret({ value: rotated.secret, rotated: true });
    } catch (error) {
      toast({
        title: t('webhooks.notRotated'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="webhooks-title">
      <SectionHeader
        id="webhooks-title"
        title={t('webhooks.title')}
        description={description}
        actions={
          list.length > 0 ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {t('webhooks.add')}
            </Button>
          ) : null
        }
      />
      {webhooks.isError ? <ErrorAlert>{normalizeError(webhooks.error).message}</ErrorAlert> : null}
      {webhooks.isPending ? (
        <div className="space-y-3" aria-label={t('webhooks.loading')}>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : list.length === 0 && !webhooks.isError ? (
        <EmptyState
          icon={Webhook}
          title={t('webhooks.emptyTitle')}
          description={t('webhooks.emptyText')}
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {t('webhooks.add')}
            </Button>
          }
        />
      ) : (
        <ul className="space-y-3">
          {list.map((endpoint) => (
            <li key={endpoint.id}>
              <WebhookEndpointCard
                base={base}
                endpoint={endpoint}
                onEdit={() => setEditing(endpoint)}
                onRotate={() => setToRotate(endpoint)}
                onDelete={() => setToDelete(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}
      <WebhookFormDialog
        // a fresh form for each endpoint opened
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        base={base}
        endpoint={editing === 'new' || editing === null ? null : editing}
        cards={cards}
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        onCreated={onCreated}
      />
      <SecretDialog
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title={t('webhooks.deleteTitle')}
        description={t('webhooks.deleteText', { url: toDelete?.url ?? '' })}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        confirmLabel={t('actions.delete')}
        pendingLabel={t('actions.deleting')}
      />
      <ConfirmDialog
        open={toRotate !== null}
        onOpenChange={(open) => (open ? null : setToRotate(null))}
        title={t('webhooks.rotateTitle')}
        description={t('webhooks.rotateText')}
        pending={rotate.isPending}
        onConfirm={confirmRotate}
        confirmLabel={t('webhooks.rotate')}
        pendingLabel={t('webhooks.rotating')}
      />
    </section>
  );
}

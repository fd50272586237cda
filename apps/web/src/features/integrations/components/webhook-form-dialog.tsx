import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateWebhookDto,
  fieldErrorMap,
  WEBHOOK_EVENTS,
  type WebhookEndpointResponse,
  type WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';

export interface CardChoice {
  id: string;
  label: string;
}

// the form keeps lists as comma-separated text (the form state is text); the dto gets arrays
const list = (text: string) => (text ? text.split(',') : []);
const valuesOf = (endpoint: WebhookEndpointResponse | null) => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: (endpoint?.events ?? ['lead.created']).join(','),
  cardIds: (endpoint?.cardIds ?? []).join(','),
});

function Choices({
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  options: Array<{ value: string; label: string; detail?: string }>;
  chosen: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...chosen, value] : chosen.filter((one) => one !== value));
  return (
    <fieldset className="space-y-1.5" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <ul className="max-h-48 space-y-0.5 overflow-y-auto">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-9 cursor-pointer items-start gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-muted">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span className="min-w-0">
                <span className="block break-words">{option.label}</span>
                {option.detail ? (
                  <span className="block font-mono text-xs text-muted-foreground">{option.detail}</span>
                ) : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** a new endpoint, or an endpoint's address, description, events and cards changed */
export function WebhookFormDialog({
  base,
  endpoint,
  cards,
  open,
  onOpenChange,
  onCreated,
}: {
  base: string;
  /** null: a new one */
  endpoint: WebhookEndpointResponse | null;
  cards: CardChoice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (made: WebhookEndpointWithSecretResponse) => void;
}) {
  const { t } = useTranslation('integrations');
  const create = useCreateWebhook(base);
  const update = useUpdateWebhook(base);
  const pending = create.isPending || update.isPending;
  const { values, errors, failure, setFailure, setServerErrors, reset, field, set, validate } = useForm(
    valuesOf(endpoint),
    {
      dto: CreateWebhookDto,
      input: (current) => ({
        url: current.url,
        description: current.description,
        events: list(current.events),
        cardIds: list(current.cardIds).length > 0 ? list(current.cardIds) : null,
      }),
    },
  );
  const close = (next: boolean) => {
    if (pending) return;
    if (!next) reset(valuesOf(endpoint));
    setFailure(null);
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      if (endpoint) {
        const { url, description, events, cardIds } = valid;
        await update.mutateAsync({ id: endpoint.id, body: { url, description, events, cardIds } });
        toast({ title: t('form.saved'), variant: 'success' });
        onOpenChange(false);
      } else {
        const made = await create.mutateAsync(valid);
        reset(valuesOf(null));
        onOpenChange(false);
        onCreated(made);
      }
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{endpoint ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.text')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextField
            label={t('form.url')}
            type="url"
            required
            autoComplete="off"
            placeholder="https://hooks.zapier.com/hooks/catch/..."
            {...field('url')}
          />
          <TextField
            label={t('form.description')}
            autoComplete="off"
            placeholder={t('form.descriptionPlaceholder')}
            hint={t('form.descriptionHint')}
            {...field('description')}
          />
          <Choices
            legend={t('form.events')}
            options={WEBHOOK_EVENTS.map((event) => ({
              value: event,
              label: t(`events.${event}`),
              detail: event,
            }))}
            chosen={list(values.events)}
            onChange={(next) => set('events', next.join(','))}
            error={errors.events}
          />
          {cards.length > 0 ? (
            <Choices
              legend={t('form.cards')}
              hint={t('form.cardsHint')}
              options={cards.map((card) => ({ value: card.id, label: card.label }))}
              chosen={list(values.cardIds)}
              onChange={(next) => set('cardIds', next.join(','))}
              error={errors.cardIds}
            />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t('actions.saving') : endpoint ? t('actions.save') : t('webhooks.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

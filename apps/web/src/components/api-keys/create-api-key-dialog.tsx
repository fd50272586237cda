import { useId, useState, type FormEvent } from 'react';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  CreateApiKeyDto,
  fieldErrorMap,
  validateInput,
  type ApiKeyScope,
  type CreatedApiKeyResponse,
} from '@cardcraft/contracts';
import { ConfirmItsYou } from '@/components/auth/confirm-its-you';
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
import { FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useCreateApiKey, type ApiKeysOwner } from '@/lib/api-keys';
import { needsReauthentication } from '@/lib/reauthentication';
import { useClientConfig } from '@/lib/client-config';

// radix's select keeps '' for "nothing picked", so "never" is a value of its own
const NEVER = 'never';

interface Draft {
  name: string;
  scopes: ApiKeyScope[];
  expiry: string;
}

const EMPTY: Draft = { name: '', scopes: [], expiry: '90' };

/** the checkboxes of the scopes, each with its one line; a fieldset, so the group has its legend */
function ScopesField({
  value,
  onChange,
  error,
}: {
  value: ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('integrations');
  const id = useId();
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(API_KEY_SCOPES.filter((one) => (one === scope ? on : value.includes(one))));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">
        {t('apiKeys.columns.scopes')}
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      </legend>
      {API_KEY_SCOPES.map((scope) => (
        <label
          key={scope}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary-soft/40"
        >
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
            aria-invalid={error ? true : undefined}
          />
          <span className="min-w-0">
            <span className="block font-mono text-sm font-medium">{scope}</span>
            <span className="block text-xs text-muted-foreground">
              {/* i18next reads a colon as a namespace's end: leads:read is the key leads.read */}
              {t(`apiKeys.scopes.${scope.replace(':', '.')}`)}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** the new key, shown once: copy it now, it cannot be shown again */
function ShownOnce({ created }: { created: CreatedApiKeyResponse }) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  const config = useClientConfig();
  const base = config.data?.publicBaseUrl ?? window.location.origin;
  const example = created.scopes.includes('cards:manage')
    ? `${base}/api/profiles`
    : created.teamId
      ? `${base}/api/teams/${created.teamId}/leads`
      : `${base}/api/profiles/CARD_ID/leads`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast({ title: t('apiKeys.copiedToast'), variant: 'success' });
    } catch {
      toast({
        title: t('apiKeys.notCopied'),
        description: t('apiKeys.notCopiedText'),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="min-w-0 space-y-4">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{t('apiKeys.shownOnce')}</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={fieldId}>{t('apiKeys.newKey')}</Label>
        <div className="flex gap-2">
          <Input
            id={fieldId}
            readOnly
            value={created.key}
            className="min-w-0 font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
          </Button>
        </div>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{t('apiKeys.tryIt')}</p>
        <pre className="rounded-md bg-slate-950 p-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100">
          <code>{`curl -H "Authorization: Bearer ${created.key}" \\\n  ${example}`}</code>
        </pre>
      </div>
    </div>
  );
}

/** "Create API key": a name, scopes and an expiry; then the key, once */
export function CreateApiKeyDialog({
  owner,
  open,
  onOpenChange,
}: {
  owner: ApiKeysOwner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('integrations');
  const creation = useCreateApiKey(owner);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const [submitted, setSubmitted] = useState(false);
  /** the key waiting for the password to be confirmed */
  const [proving, setProving] = useState<CreateApiKeyDto | null>(null);

  const bodyOf = (current: Draft) => ({
    name: current.name,
    scopes: current.scopes,
    expiresInDays: current.expiry === NEVER ? null : Number(current.expiry),
  });
  // nothing is checked before the first submit; from then on a change re-checks, so an error goes
  // as soon as its field is fixed
  const update = (next: Draft) => {
    setDraft(next);
    if (submitted) setErrors(fieldErrorMap(validateInput(CreateApiKeyDto, bodyOf(next)).errors));
  };

  const close = (next: boolean) => {
    if (creation.isPending) return;
    if (!next) {
      setDraft(EMPTY);
      setErrors({});
      setFailure(null);
      setCreated(null);
      setSubmitted(false);
      setProving(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateInput(CreateApiKeyDto, bodyOf(draft));
    if (checked.errors.length > 0) {
      setErrors(fieldErrorMap(checked.errors));
      return;
    }
    setErrors({});
    setFailure(null);
    await create(checked.value);
  };

  const create = async (body: CreateApiKeyDto) => {
    try {
      setCreated(await creation.mutateAsync(body));
    } catch (error) {
      // a session signed in a while ago: the password again, then the same key
      if (needsReauthentication(error)) {
        setProving(body);
        return;
      }
      setErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {created ? t('apiKeys.createdTitle') : proving ? t('apiKeys.confirmTitle') : t('apiKeys.create')}
          </DialogTitle>
          <DialogDescription>
            {created
              ? t(created.expiresAtUtc ? 'apiKeys.createdTextExpiring' : 'apiKeys.createdText', {
                  name: created.name,
                })
              : proving
                ? t('apiKeys.confirmText', { name: proving.name })
                : t('apiKeys.createText')}
          </DialogDescription>
        </DialogHeader>
        {proving ? (
          <ConfirmItsYou
            onCancel={() => setProving(null)}
            onConfirmed={() => {
              setProving(null);
              void create(proving);
            }}
          />
        ) : created ? (
          <>
            <ShownOnce created={created} />
            <DialogFooter>
              <Button onClick={() => close(false)}>{t('actions.done')}</Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <TextField
              label={t('apiKeys.columns.name')}
              required
              hint={t('apiKeys.nameHint')}
              placeholder={t('apiKeys.namePlaceholder')}
              value={draft.name}
              error={errors.name}
              onChange={(event) => update({ ...draft, name: event.target.value })}
            />
            <ScopesField
              value={draft.scopes}
              onChange={(scopes) => update({ ...draft, scopes })}
              error={errors.scopes}
            />
            <FormField label={t('apiKeys.columns.expires')} error={errors.expiresInDays}>
              <ExpirySelect value={draft.expiry} onChange={(expiry) => update({ ...draft, expiry })} />
            </FormField>
            <DialogFooter>
              <Button
                variant="outline"
                type="button"
                onClick={() => close(false)}
                disabled={creation.isPending}
              >
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={creation.isPending}>
                {creation.isPending ? t('apiKeys.creating') : t('apiKeys.createKey')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** the select's trigger takes what FormField hands its child (id, described-by, invalid state) */
function ExpirySelect({
  value,
  onChange,
  ...triggerProps
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {API_KEY_EXPIRY_DAYS.map((days) => (
          <SelectItem key={days} value={String(days)}>
            {t('apiKeys.expiresIn', { count: days })}
          </SelectItem>
        ))}
        <SelectItem value={NEVER}>{t('apiKeys.neverExpires')}</SelectItem>
      </SelectContent>
    </Select>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Fingerprint, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { PASSKEY_NAME_MAX, type PasskeyResponse } from '@cardcraft/contracts';
import { ConfirmItsYou } from '@/components/auth/confirm-its-you';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import {
  passkeyCancelled,
  passkeysSupported,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '@/lib/passkeys';
import { needsReauthentication } from '@/lib/reauthentication';

/** the name asked before a passkey is made, or when it is renamed */
function NameDialog({
  title,
  description,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  fieldError,
  proving,
  onSubmit,
  onProved,
  onClose,
}: {
  title: string;
  description: string;
  initial: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure: string | null;
  fieldError?: string;
  proving: boolean;
  onSubmit: (name: string) => void;
  onProved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(name);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{proving ? t('confirmItsYou.title', { ns: 'auth' }) : title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {proving ? (
          <ConfirmItsYou onCancel={onClose} onConfirmed={onProved} />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <TextField
              label={t('passkeys.name')}
              hint={t('passkeys.nameHint')}
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              error={fieldError}
              onChange={(event) => setName(event.target.value)}
            />
            <DialogFooter>
              <Button variant="outline" type="button" onClick={onClose} disabled={pending}>
                {t('shared.cancel')}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? pendingLabel : submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyResponse;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('settings');
  const day = new Intl.DateTimeFormat(useLanguage(), { dateStyle: 'medium' });
  const added = day.format(new Date(passkey.createdAtUtc));
  return (
    <li className="flex items-start gap-3 px-5 py-4 sm:px-6" data-testid="passkey">
      <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-all">{passkey.name}</span>
          {passkey.synced ? <Badge variant="secondary">{t('passkeys.synced')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {passkey.lastUsedAtUtc
            ? t('passkeys.used', { added, used: day.format(new Date(passkey.lastUsedAtUtc)) })
            : t('passkeys.neverUsed', { added })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('passkeys.renameOne', { name: passkey.name })}
        title={t('passkeys.rename')}
        onClick={onRename}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
        aria-label={t('passkeys.removeOne', { name: passkey.name })}
        title={t('passkeys.remove')}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * "Passkeys": sign in with a fingerprint, a face or a device PIN instead of the password. adding one
 * asks for the password again when the sign-in is old; the browser then makes the key.
 */
export function PasskeysCard() {
  const { t } = useTranslation('settings');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [pendingName, setPendingName] = useState('');
  const [proving, setProving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<PasskeyResponse | null>(null);
  const [renameError, setRenameError] = useState<string | undefined>();
  const [toRemove, setToRemove] = useState<PasskeyResponse | null>(null);
  const list = passkeys.data ?? [];
  const supported = passkeysSupported();

  const closeAdding = () => {
    if (add.isPending) return;
    setAdding(false);
    setProving(false);
    setFailure(null);
  };

  const onAdd = async (name: string) => {
    setPendingName(name);
    setFailure(null);
    try {
      const added = await add.mutateAsync(name);
      setAdding(false);
      toast({
        title: t('passkeys.addedTitle'),
        description: t('passkeys.addedText', { name: added.name }),
        variant: 'success',
      });
    } catch (error) {
      if (needsReauthentication(error)) setProving(true);
      else if (passkeyCancelled(error)) setFailure(t('passkeys.notMade'));
      else setFailure(normalizeError(error).message);
    }
  };

  const onRename = async (name: string) => {
    if (!renaming) return;
    setRenameError(undefined);
    try {
      await rename.mutateAsync({ id: renaming.id, name });
      setRenaming(null);
    } catch (error) {
      setRenameError(
        fieldErrorsOf(error).find((found) => found.field === 'name')?.message ??
          normalizeError(error).message,
      );
    }
  };

  const onRemove = async () => {
    if (!toRemove) return;
    try {
      await remove.mutateAsync(toRemove.id);
      toast({
        title: t('passkeys.removedTitle'),
        description: t('passkeys.removedText', { name: toRemove.name }),
      });
      setToRemove(null);
    } catch (error) {
      toast({
        title: t('passkeys.removeFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Card
      id="passkeys"
      role="region"
      aria-labelledby="passkeys-title"
      className="scroll-mt-6 overflow-hidden"
    >
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="passkeys-title">{t('passkeys.title')}</CardTitle>
          <CardDescription>{t('passkeys.description')}</CardDescription>
        </div>
        <Button className="self-start sm:shrink-0" onClick={() => setAdding(true)} disabled={!supported}>
          <Fingerprint aria-hidden="true" />
          {t('passkeys.add')}
        </Button>
      </CardHeader>
      {!supported ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground sm:px-6 sm:pb-6">{t('passkeys.unsupported')}</p>
      ) : passkeys.isPending ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <Skeleton className="h-16 w-full" aria-label={t('passkeys.loading')} />
        </div>
      ) : passkeys.isError ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <ErrorAlert>{normalizeError(passkeys.error).message}</ErrorAlert>
        </div>
      ) : list.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground sm:px-6 sm:pb-6">{t('passkeys.none')}</p>
      ) : (
        <ul className="divide-y divide-border border-t border-border" aria-label={t('passkeys.title')}>
          {list.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setToRemove(passkey)}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <NameDialog
          title={t('passkeys.add')}
          description={t('passkeys.addText')}
          initial={pendingName}
          submitLabel={t('passkeys.continue')}
          pendingLabel={t('passkeys.waiting')}
          pending={add.isPending}
          failure={failure}
          proving={proving}
          onSubmit={(name) => void onAdd(name)}
          onProved={() => {
            setProving(false);
            void onAdd(pendingName);
          }}
          onClose={closeAdding}
        />
      ) : null}
      {renaming ? (
        <NameDialog
          title={t('passkeys.renameTitle')}
          description={t('passkeys.renameText')}
          initial={renaming.name}
          submitLabel={t('passkeys.save')}
          pendingLabel={t('shared.saving')}
          pending={rename.isPending}
          failure={null}
          fieldError={renameError}
          proving={false}
          onSubmit={(name) => void onRename(name)}
          onProved={() => undefined}
          onClose={() => {
            setRenaming(null);
            setRenameError(undefined);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
        title={t('passkeys.removeTitle')}
        description={t('passkeys.removeText', { name: toRemove?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={() => void onRemove()}
        confirmLabel={t('passkeys.remove')}
        pendingLabel={t('passkeys.removing')}
      />
    </Card>
  );
}

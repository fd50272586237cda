import { useState, type FormEvent } from 'react';
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

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

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
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(name);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{proving ? 'Confirm it’s you' : title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {proving ? (
          <ConfirmItsYou onCancel={onClose} onConfirmed={onProved} />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <TextField
              label="Name"
              hint="So you know which device it is: “Work laptop”, “Pixel 9”"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              error={fieldError}
              onChange={(event) => setName(event.target.value)}
            />
            <DialogFooter>
              <Button variant="outline" type="button" onClick={onClose} disabled={pending}>
                Cancel
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
  return (
    <li className="flex items-start gap-3 px-5 py-4 sm:px-6" data-testid="passkey">
      <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-all">{passkey.name}</span>
          {passkey.synced ? <Badge variant="secondary">Synced</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          Added {day.format(new Date(passkey.createdAtUtc))} · Last used{' '}
          {passkey.lastUsedAtUtc ? day.format(new Date(passkey.lastUsedAtUtc)) : 'never'}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Rename the passkey ${passkey.name}`}
        title="Rename"
        onClick={onRename}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
        aria-label={`Remove the passkey ${passkey.name}`}
        title="Remove"
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
        title: 'Passkey added',
        description: `Sign in with “${added.name}” next time.`,
        variant: 'success',
      });
    } catch (error) {
      if (needsReauthentication(error)) setProving(true);
      else if (passkeyCancelled(error))
        setFailure('The device did not make a passkey. Try again when you are ready.');
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
      toast({ title: 'Passkey removed', description: `“${toRemove.name}” no longer signs in.` });
      setToRemove(null);
    } catch (error) {
      toast({
        title: 'Could not remove',
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
          <CardTitle id="passkeys-title">Passkeys</CardTitle>
          <CardDescription>
            Sign in with your fingerprint, face or device PIN instead of your password. A passkey cannot be
            phished or reused on another site.
          </CardDescription>
        </div>
        <Button className="self-start sm:shrink-0" onClick={() => setAdding(true)} disabled={!supported}>
          <Fingerprint aria-hidden="true" />
          Add a passkey
        </Button>
      </CardHeader>
      {!supported ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground sm:px-6 sm:pb-6">
          This browser cannot make passkeys.
        </p>
      ) : passkeys.isPending ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <Skeleton className="h-16 w-full" aria-label="Loading passkeys" />
        </div>
      ) : passkeys.isError ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <ErrorAlert>{normalizeError(passkeys.error).message}</ErrorAlert>
        </div>
      ) : list.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground sm:px-6 sm:pb-6">No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-border border-t border-border" aria-label="Passkeys">
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
          title="Add a passkey"
          description="Name it, then follow your browser: it asks for your fingerprint, face or PIN."
          initial={pendingName}
          submitLabel="Continue"
          pendingLabel="Waiting for your device..."
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
          title="Rename the passkey"
          description="Only you see this name."
          initial={renaming.name}
          submitLabel="Save"
          pendingLabel="Saving..."
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
        title="Remove this passkey?"
        description={`“${toRemove?.name ?? ''}” will no longer sign in. You can add it again later.`}
        pending={remove.isPending}
        onConfirm={() => void onRemove()}
        confirmLabel="Remove"
        pendingLabel="Removing..."
      />
    </Card>
  );
}

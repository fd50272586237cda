import { useState } from 'react';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** the signing secret, shown once after a creation or a rotation, with a copy button */
export function SecretDialog({
  secret,
  rotated,
  onClose,
}: {
  /** null: closed */
  secret: string | null;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{rotated ? t('secret.newTitle') : t('secret.addedTitle')}</DialogTitle>
          <DialogDescription>
            {t('secret.text')}
            {rotated ? ` ${t('secret.rotatedText')}` : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <p className="flex items-start gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('secret.shownOnce')}
          </p>
          <p className="text-sm font-medium">{t('secret.label')}</p>
          <div className="flex items-stretch gap-2">
            <code
              data-testid="signing-secret"
              className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
            >
              {secret}
            </code>
            <Button type="button" variant="outline" onClick={copy} aria-label={t('secret.copyLabel')}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            {t('actions.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

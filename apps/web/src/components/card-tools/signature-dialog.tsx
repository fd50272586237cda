import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import type { ProfileResponse, TeamBrandResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { copyRichText, CopyUnavailableError } from './copy-rich-text';
import { signatureHtml, signatureSource, signatureText } from './email-signature';

export interface SignatureDialogProps {
  profile: ProfileResponse | null;
  /** where cards live (the server's PUBLIC_BASE_URL) */
  publicBaseUrl: string;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
  /** a team card's brand: its colour and company */
  brand?: TeamBrandResponse | null;
}

/** the mail apps (brand names, the same in every language); each one's steps are `cardTools.signature.steps.{key}` */
const CLIENTS = [
  { id: 'gmail', name: 'Gmail', steps: 'gmail' },
  { id: 'outlook', name: 'Outlook', steps: 'outlook' },
  { id: 'apple-mail', name: 'Apple Mail', steps: 'appleMail' },
] as const;
const STEPS = ['first', 'second', 'third'] as const;

type ClientId = (typeof CLIENTS)[number]['id'];

export function SignatureDialog({
  profile,
  publicBaseUrl,
  onOpenChange,
  returnFocusTo,
  brand = null,
}: SignatureDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={profile !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>{t('cardTools.signature.title')}</DialogTitle>
          <DialogDescription>{t('cardTools.signature.description')}</DialogDescription>
        </DialogHeader>
        {profile ? <SignatureBody profile={profile} publicBaseUrl={publicBaseUrl} brand={brand} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SignatureBody({
  profile,
  publicBaseUrl,
  brand,
}: {
  profile: ProfileResponse;
  publicBaseUrl: string;
  brand: TeamBrandResponse | null;
}) {
  const { t } = useTranslation('common');
  const source = useMemo(
    () => signatureSource(profile, publicBaseUrl, brand),
    [profile, publicBaseUrl, brand],
  );
  const html = useMemo(() => signatureHtml(source, t), [source, t]);
  const [copied, setCopied] = useState(false);
  const [client, setClient] = useState<ClientId>('gmail');
  const steps = CLIENTS.find((entry) => entry.id === client)!.steps;

  const onCopy = async () => {
    try {
      const how = await copyRichText(html, signatureText(source, t));
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({
        title: t('cardTools.signature.copiedTitle'),
        description: how === 'text' ? t('cardTools.signature.textOnly') : undefined,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('cardTools.signature.copyFailed'),
        description:
          error instanceof CopyUnavailableError
            ? t('cardTools.signature.copyUnavailable')
            : error instanceof Error
              ? error.message
              : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-medium">{t('cardTools.signature.preview')}</figcaption>
        <div className="overflow-x-auto rounded-xl border border-border bg-white p-4 text-slate-900 shadow-xs">
          {/* our own markup, every text in it escaped by signatureHtml */}
          <div data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      </figure>
      <Button onClick={() => void onCopy()} className="w-full sm:w-auto sm:self-start">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? t('cardTools.signature.copied') : t('cardTools.signature.copy')}
      </Button>
      <section aria-labelledby="signature-how-to" className="min-w-0">
        <h3 id="signature-how-to" className="mb-2 text-sm font-medium">
          {t('cardTools.signature.howTo')}
        </h3>
        <div
          role="tablist"
          aria-label={t('cardTools.signature.mailApp')}
          className="flex rounded-lg border border-input bg-muted p-0.5"
        >
          {CLIENTS.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="tab"
              id={`signature-tab-${entry.id}`}
              aria-selected={client === entry.id}
              aria-controls="signature-steps"
              onClick={() => setClient(entry.id)}
              className={cn(
                'min-h-9 flex-1 rounded-md px-2 text-sm text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring',
                client === entry.id && 'bg-surface font-medium text-foreground shadow-xs',
              )}
            >
              {entry.name}
            </button>
          ))}
        </div>
        <div
          id="signature-steps"
          role="tabpanel"
          aria-labelledby={`signature-tab-${client}`}
          className="mt-3"
        >
          <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
            {STEPS.map((step) => (
              <li key={step}>{t(`cardTools.signature.steps.${steps}.${step}`)}</li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}

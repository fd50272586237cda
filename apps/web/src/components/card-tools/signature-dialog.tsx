import { useMemo, useState } from 'react';
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
import { copyRichText } from './copy-rich-text';
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

const CLIENTS = [
  {
    id: 'gmail',
    name: 'Gmail',
    steps: [
      'Open Settings (the gear), then See all settings.',
      'In General, find Signature and choose Create new.',
      'Paste the signature, then Save Changes at the bottom of the page.',
    ],
  },
  {
    id: 'outlook',
    name: 'Outlook',
    steps: [
      'Open Settings, then Accounts and Signatures (on the web: Mail, then Compose and reply).',
      'Choose New signature and give it a name.',
      'Paste the signature into the box and Save.',
    ],
  },
  {
    id: 'apple-mail',
    name: 'Apple Mail',
    steps: [
      'Open Mail, then Settings, then Signatures.',
      'Pick the account and press + to add a signature.',
      'Untick "Always match my default message font", then paste the signature.',
    ],
  },
] as const;

type ClientId = (typeof CLIENTS)[number]['id'];

export function SignatureDialog({
  profile,
  publicBaseUrl,
  onOpenChange,
  returnFocusTo,
  brand = null,
}: SignatureDialogProps) {
  return (
    <Dialog open={profile !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>E-mail signature</DialogTitle>
          <DialogDescription>
            Put your card under every e-mail you send. Copy the signature and paste it into your mail app.
          </DialogDescription>
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
  const source = useMemo(
    () => signatureSource(profile, publicBaseUrl, brand),
    [profile, publicBaseUrl, brand],
  );
  const html = useMemo(() => signatureHtml(source), [source]);
  const [copied, setCopied] = useState(false);
  const [client, setClient] = useState<ClientId>('gmail');
  const steps = CLIENTS.find((entry) => entry.id === client)!.steps;

  const onCopy = async () => {
    try {
      const how = await copyRichText(html, signatureText(source));
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({
        title: 'Signature copied',
        description: how === 'text' ? 'Only the text could be copied in this browser.' : undefined,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Failed to copy signature',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-medium">Preview</figcaption>
        <div className="overflow-x-auto rounded-xl border border-border bg-white p-4 text-slate-900 shadow-xs">
          {/* our own markup, every text in it escaped by signatureHtml */}
          <div data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      </figure>
      <Button onClick={() => void onCopy()} className="w-full sm:w-auto sm:self-start">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy signature'}
      </Button>
      <section aria-labelledby="signature-how-to" className="min-w-0">
        <h3 id="signature-how-to" className="mb-2 text-sm font-medium">
          Add it to your mail app
        </h3>
        <div
          role="tablist"
          aria-label="Mail app"
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
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}

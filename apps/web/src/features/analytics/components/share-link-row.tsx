import { useState } from 'react';
import { Check, Copy, Lock } from 'lucide-react';
import type { AnalyticsShareResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;

/** what a link is called in the list and in its buttons' names */
export const shareName = (share: AnalyticsShareResponse) => share.label ?? 'Untitled link';

/** one link: its name, address with a copy button, password badge, dates and revoke button */
export function ShareLinkRow({ share, onRevoke }: { share: AnalyticsShareResponse; onRevoke: () => void }) {
  const [copied, setCopied] = useState(false);
  const name = shareName(share);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the address and copy it.',
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="space-y-2 p-4" data-testid="analytics-share">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-words">{name}</p>
        {share.hasPassword ? (
          <Badge variant="secondary">
            <Lock className="size-3" aria-hidden="true" />
            Password
          </Badge>
        ) : null}
      </div>
      <div className="flex items-stretch gap-2">
        <Input
          readOnly
          value={share.url}
          aria-label={`Address of ${name}`}
          className="h-9 min-w-0 flex-1 font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void copy()}
          aria-label={`Copy ${name}`}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          Created {when(share.createdAtUtc)} · Last viewed{' '}
          {share.lastViewedAtUtc ? when(share.lastViewedAtUtc) : 'never'}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:bg-destructive-soft hover:text-destructive-hover"
          onClick={onRevoke}
          aria-label={`Revoke ${name}`}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Check, Copy, Lock } from 'lucide-react';
import type { AnalyticsShareResponse } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

function when(iso: string, language: Language) {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}

/** what a link is called in the list and in its buttons' names */
export const shareName = (share: AnalyticsShareResponse, t: TFunction) =>
  share.label ?? t('share.untitled', { ns: 'analytics' });

/** one link: its name, address with a copy button, password badge, dates and revoke button */
export function ShareLinkRow({ share, onRevoke }: { share: AnalyticsShareResponse; onRevoke: () => void }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const [copied, setCopied] = useState(false);
  const name = shareName(share, t);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(true);
    } catch {
      toast({ title: t('share.copyFailed'), description: t('share.copyByHand'), variant: 'destructive' });
    }
  };
  return (
    <li className="space-y-2 p-4" data-testid="analytics-share">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-words">{name}</p>
        {share.hasPassword ? (
          <Badge variant="secondary">
            <Lock className="size-3" aria-hidden="true" />
            {t('share.password')}
          </Badge>
        ) : null}
      </div>
      <div className="flex items-stretch gap-2">
        <Input
          readOnly
          value={share.url}
          aria-label={t('share.address', { name })}
          className="h-9 min-w-0 flex-1 font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void copy()}
          aria-label={t('share.copyName', { name })}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? t('share.copied') : t('share.copy')}</span>
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {share.lastViewedAtUtc ? (
            <Trans
              t={t}
              i18nKey="share.dates"
              components={{
                created: when(share.createdAtUtc, language),
                viewed: when(share.lastViewedAtUtc, language),
              }}
            />
          ) : (
            <Trans
              t={t}
              i18nKey="share.datesNeverViewed"
              components={{ created: when(share.createdAtUtc, language) }}
            />
          )}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:bg-destructive-soft hover:text-destructive-hover"
          onClick={onRevoke}
          aria-label={t('share.revokeName', { name })}
        >
          {t('share.revoke')}
        </Button>
      </div>
    </li>
  );
}

import type { TFunction } from 'i18next';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LeadFollowUpResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { keysByEnglish, sayInLanguage } from '@/i18n/english-messages';
import english from '@/i18n/locales/en/leads.json';
import { cn } from '@/lib/utils';

// the server names each signal in English ("Saved your contact", "Viewed 3 times"): the known phrases
// by their English, the counted ones by their pattern, each with its key in the catalogue
const REASON_KEYS = keysByEnglish(english.followUp.reasons, 'followUp.reasons');
const COUNTED_REASONS: ReadonlyArray<[RegExp, string]> = [
  [/^Viewed (\d+) times$/, 'followUp.counted.viewed'],
  [/^Clicked (\d+) links$/, 'followUp.counted.clicked'],
];

/** a follow-up reason as the server said it, in the screen's language; one it does not know, as it came */
function followUpReasonText(t: TFunction<'leads'>, reason: string): string {
  if (REASON_KEYS.has(reason)) return sayInLanguage(t, REASON_KEYS, reason, 'leads');
  for (const [pattern, counted] of COUNTED_REASONS) {
    const match = pattern.exec(reason);
    if (match) return t(counted, { count: Number(match[1]) });
  }
  return reason;
}

/** why a lead has no follow-up signals: a fact about the card or the analytics, not an error */
const FOLLOW_UP_HINTS = {
  notCollected: { label: 'followUp.notCollected', explanation: 'followUp.notCollectedText' },
  unavailable: { label: 'followUp.unavailable', explanation: 'followUp.unavailableText' },
} as const;

/** what the visitor did on the card the day they wrote: small badges, strongest first, or a muted hint */
export function FollowUpReasons({
  followUp,
  explain = false,
  className,
}: {
  followUp: LeadFollowUpResponse;
  /** the hint's explanation written out (the detail panel) rather than on hover */
  explain?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('leads');
  if (followUp.state !== 'signals') {
    const label = t(FOLLOW_UP_HINTS[followUp.state].label);
    const explanation = t(FOLLOW_UP_HINTS[followUp.state].explanation);
    if (explain) {
      return (
        <p className={cn('flex gap-2 text-sm text-muted-foreground', className)}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{t('followUp.hintLabel', { label })}</span> {explanation}
          </span>
        </p>
      );
    }
    return (
      <span
        className={cn('inline-flex items-center gap-1 text-xs text-muted-foreground', className)}
        title={explanation}
      >
        <Info className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
        <span className="sr-only">: {explanation}</span>
      </span>
    );
  }
  if (followUp.reasons.length === 0) {
    return <span className={cn('text-xs text-muted-foreground', className)}>{t('followUp.noSignals')}</span>;
  }
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('followUp.signals')}>
      {followUp.reasons.map((reason) => (
        <li key={reason}>
          <Badge variant="warning" className="font-normal">
            {followUpReasonText(t, reason)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

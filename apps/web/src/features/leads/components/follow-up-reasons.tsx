import { Info } from 'lucide-react';
import type { LeadFollowUpResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** why a lead has no follow-up signals: a fact about the card or the analytics, not an error */
export const FOLLOW_UP_HINTS = {
  notCollected: {
    label: 'No visit signals',
    explanation:
      'This card did not record visitor addresses when the message came, so the visit cannot be told apart.',
  },
  unavailable: {
    label: 'Signals unavailable',
    explanation: 'The analytics could not be read just now. The signals come back on their own.',
  },
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
  if (followUp.state !== 'signals') {
    const hint = FOLLOW_UP_HINTS[followUp.state];
    if (explain) {
      return (
        <p className={cn('flex gap-2 text-sm text-muted-foreground', className)}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{hint.label}.</span> {hint.explanation}
          </span>
        </p>
      );
    }
    return (
      <span
        className={cn('inline-flex items-center gap-1 text-xs text-muted-foreground', className)}
        title={hint.explanation}
      >
        <Info className="size-3.5 shrink-0" aria-hidden="true" />
        {hint.label}
        <span className="sr-only">: {hint.explanation}</span>
      </span>
    );
  }
  if (followUp.reasons.length === 0) {
    return <span className={cn('text-xs text-muted-foreground', className)}>No signals</span>;
  }
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Follow-up signals">
      {followUp.reasons.map((reason) => (
        <li key={reason}>
          <Badge variant="warning" className="font-normal">
            {reason}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

/**
 * tells a signed-in visitor, before anything else happens, that this card's owner sees visitors by
 * name: their visit is kept with their account only on such cards
 */
export function IdentifiedVisitorNotice({
  ownerName,
  theme,
  wide,
}: {
  ownerName: string;
  theme: CardTheme;
  wide?: boolean;
}) {
  const { t } = useTranslation('card');
  return (
    <p
      className={cn(
        'mx-auto flex w-full items-start gap-1.5 px-4 pb-3 text-xs leading-snug',
        wide ? 'max-w-6xl' : 'max-w-xl',
        theme.muted,
      )}
      data-testid="identified-visitor-notice"
    >
      <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('visitor.seesYou', { name: ownerName })}</span>
    </p>
  );
}

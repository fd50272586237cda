import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeavingCards, TeamMemberResponse } from '@cardcraft/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface CardsChoiceValue {
  cards: LeavingCards;
  /** who takes the cards on a transfer; null: the one removing (the API's default) */
  transferTo: string | null;
}

/**
 * what becomes of a leaving member's team cards: given to an admin or an owner, or kept by the team
 * unpublished. the card's address stays the same either way.
 */
export function CardsChoice({
  value,
  onChange,
  takers,
  count,
  whose,
}: {
  value: CardsChoiceValue;
  onChange: (value: CardsChoiceValue) => void;
  /**
   * the admins and owners who may take the cards; none: only unpublish is offered. null when the API
   * chooses (one leaving on their own: the team's longest-standing owner), which a member cannot list
   */
  takers: TeamMemberResponse[] | null;
  count: number;
  /** whose cards they are, as the legend says: the one removed's, or one's own */
  whose: 'their' | 'your';
}) {
  const { t } = useTranslation('teams');
  const name = useId();
  const selectId = useId();
  const option = (cards: LeavingCards, label: string, hint: string, disabled = false) => (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        value={cards}
        checked={value.cards === cards}
        disabled={disabled}
        onChange={() => onChange({ ...value, cards })}
        className="mt-0.5 size-4 accent-primary"
      />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{t(`cardsChoice.${whose}`, { count })}</legend>
      {takers === null
        ? option('transfer', t('cardsChoice.toOwner'), t('cardsChoice.transferHint'))
        : option('transfer', t('cardsChoice.toAdmin'), t('cardsChoice.transferHint'), takers.length === 0)}
      {value.cards === 'transfer' && takers && takers.length > 0 ? (
        <div className="space-y-1.5 pl-7">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('cardsChoice.giveTo')}
          </label>
          <Select
            value={value.transferTo ?? takers[0].userId}
            onValueChange={(transferTo) => onChange({ ...value, transferTo })}
          >
            <SelectTrigger id={selectId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {takers.map((taker) => (
                <SelectItem key={taker.userId} value={taker.userId} description={taker.email}>
                  {taker.displayName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {option('unpublish', t('cardsChoice.unpublish'), t('cardsChoice.unpublishHint'))}
    </fieldset>
  );
}

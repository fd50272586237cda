import { useTranslation } from 'react-i18next';
import type { TeamCardResponse, TeamMemberResponse } from '@cardcraft/contracts';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

// radix's select keeps '' for "nothing picked", so "everyone" is a value of its own
const ALL = 'all';

/** the labelled "Member" filter of a team's pages: everyone, or one member's cards */
export function MemberFilter({
  id,
  members,
  value,
  onValueChange,
  className,
}: {
  id: string;
  members: TeamMemberResponse[];
  value: string | null;
  onValueChange: (memberId: string | null) => void;
  className?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <div className={cn('space-y-1.5 sm:w-64', className)}>
      <Label htmlFor={id}>{t('filters.member')}</Label>
      <Select value={value ?? ALL} onValueChange={(picked) => onValueChange(picked === ALL ? null : picked)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('filters.everyone')}</SelectItem>
          {members.map((member) => (
            <SelectItem key={member.userId} value={member.userId} description={member.email}>
              {member.displayName}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** the labelled "Card" filter of a team's pages: every card in reach, or one */
export function CardFilter({
  id,
  cards,
  value,
  onValueChange,
  className,
}: {
  id: string;
  cards: TeamCardResponse[];
  value: string | null;
  onValueChange: (profileId: string | null) => void;
  className?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <div className={cn('space-y-1.5 sm:w-64', className)}>
      <Label htmlFor={id}>{t('filters.card')}</Label>
      <Select value={value ?? ALL} onValueChange={(picked) => onValueChange(picked === ALL ? null : picked)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('filters.everyCard')}</SelectItem>
          {cards.map((card) => (
            <SelectItem key={card.profileId} value={card.profileId} description={`@${card.handle}`}>
              {card.displayName}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

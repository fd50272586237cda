import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@cardcraft/contracts';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** the labelled "Profile" select of a page that shows one of the owner's profiles at a time */
export function ProfileSelect({
  id,
  profiles,
  value,
  onValueChange,
  className,
}: {
  id: string;
  profiles: ProfileResponse[];
  value: string;
  onValueChange: (id: string) => void;
  className?: string;
}) {
  const { t } = useTranslation('profiles');
  return (
    <div className={cn('space-y-1.5 sm:w-72', className)}>
      <Label htmlFor={id}>{t('select.label')}</Label>
      <Select value={value} onValueChange={onValueChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {profiles.map((p) => (
            <SelectItem key={p.id} value={p.id} description={`@${p.handle}`}>
              {p.displayName}
              {p.published ? '' : ` ${t('select.draft')}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

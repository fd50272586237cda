import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { CreateProfileButton } from './create-profile-button';

/** what a page about one profile shows while the owner has none */
export function NoProfilesState({ icon, description }: { icon: LucideIcon; description: string }) {
  const { t } = useTranslation('profiles');
  return (
    <EmptyState
      icon={icon}
      title={t('noProfiles')}
      description={description}
      action={<CreateProfileButton />}
    />
  );
}

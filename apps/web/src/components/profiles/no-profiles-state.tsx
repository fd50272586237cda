import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { CreateProfileButton } from './create-profile-button';

/** what a page about one profile shows while the owner has none */
export function NoProfilesState({ icon, description }: { icon: LucideIcon; description: string }) {
  return (
    <EmptyState
      icon={icon}
      title="No Profiles Found"
      description={description}
      action={<CreateProfileButton />}
    />
  );
}

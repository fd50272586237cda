import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** the link to the profile editor's create page, shown as a button */
export function CreateProfileButton({
  size,
  children,
}: {
  size?: ButtonProps['size'];
  children?: ReactNode;
}) {
  const { t } = useTranslation('profiles');
  return (
    <Button asChild size={size}>
      <Link to="/dashboard/profile/create">
        <Plus aria-hidden="true" />
        {children ?? t('create')}
      </Link>
    </Button>
  );
}

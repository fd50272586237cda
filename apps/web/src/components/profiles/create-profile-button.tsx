import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** the link to the profile editor's create page, shown as a button */
export function CreateProfileButton({
  size,
  children = 'Create Profile',
}: {
  size?: ButtonProps['size'];
  children?: ReactNode;
}) {
  return (
    <Button asChild size={size}>
      <Link to="/dashboard/profile/create">
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

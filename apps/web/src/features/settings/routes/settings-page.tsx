import { PageHeader } from '@/components/layout/page-header';
import { DeleteAccountCard } from '../components/delete-account-card';
import { DisplayNameForm } from '../components/display-name-form';
import { PasswordForm } from '../components/password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="max-w-3xl">
      <PageHeader title="Settings" description="Manage your account, password and data" />
      <div className="space-y-6">
        <DisplayNameForm />
        <PasswordForm />
        <DeleteAccountCard />
      </div>
    </div>
  );
}

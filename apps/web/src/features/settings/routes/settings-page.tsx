import { PageHeader } from '@/components/layout/page-header';
import { DataExportCard } from '../components/data-export-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { DisplayNameForm } from '../components/display-name-form';
import { EmailForm } from '../components/email-form';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordForm } from '../components/password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="max-w-3xl">
      <PageHeader title="Settings" description="Manage your account, e-mail, password and data" />
      <div className="space-y-6">
        <DisplayNameForm />
        <EmailForm />
        <PasswordForm />
        <NotificationsCard />
        <DataExportCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { PageHeader } from '@/components/layout/page-header';
import { DataExportCard } from '../components/data-export-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { DisplayNameForm } from '../components/display-name-form';
import { EmailForm } from '../components/email-form';
import { LanguageCard } from '../components/language-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordForm } from '../components/password-form';
import { ReportsCard } from '../components/reports-card';
import { PasskeysCard } from '../components/passkeys-card';
import { SecondFactorCard } from '../components/second-factor-card';
import { SessionsCard } from '../components/sessions-card';
import { TimeZoneCard } from '../components/time-zone-card';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('page.title'));
  // a link to one section (Integrations' "Manage API keys") lands on it
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="space-y-6">
        <DisplayNameForm />
        <EmailForm />
        <PasswordForm />
        <PasskeysCard />
        <SecondFactorCard />
        <SessionsCard />
        <NotificationsCard />
        <LanguageCard />
        <TimeZoneCard />
        <ReportsCard />
        <ApiKeysSection owner={{ kind: 'account' }} description={t('page.apiKeys')} />
        <DataExportCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}

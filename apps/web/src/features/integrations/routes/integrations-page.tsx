import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { useProfiles } from '@/lib/profiles';
import { useDocumentTitle } from '@/lib/use-document-title';
import { WebhooksSection } from '../components/webhooks-section';

/**
 * the owner's connections to other tools: the webhooks Cardcraft sends, and the way to the API keys
 * tools call Cardcraft with (kept in Settings, beside the account's other credentials)
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  useDocumentTitle(t('page.title'));
  const profiles = useProfiles();
  // a person's endpoints hear their personal cards; a team card's events go to the team's endpoints
  const cards = (profiles.data ?? [])
    .filter((card) => !card.team)
    .map((card) => ({ id: card.id, label: `${card.displayName} (/u/${card.handle})` }));
  return (
    <div className="max-w-4xl">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="space-y-10">
        <WebhooksSection base="/api/webhooks" cards={cards} description={t('page.webhooks')} />
        <section
          aria-labelledby="integrations-keys-title"
          className="flex items-start gap-3 rounded-xl border border-border bg-card p-5"
        >
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="space-y-1 text-sm">
            <h2 id="integrations-keys-title" className="font-semibold">
              {t('page.apiKeysTitle')}
            </h2>
            <p className="text-muted-foreground">
              {t('page.apiKeysText')}{' '}
              <Link to="/dashboard/settings#api-keys" className="font-medium text-primary hover:underline">
                {t('page.apiKeysLink')}
              </Link>
            </p>
          </div>
        </section>
      </div>
    </div>
  );
}

import { KeyRound } from 'lucide-react';
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
  useDocumentTitle('Integrations');
  const profiles = useProfiles();
  // a person's endpoints hear their personal cards; a team card's events go to the team's endpoints
  const cards = (profiles.data ?? [])
    .filter((card) => !card.team)
    .map((card) => ({ id: card.id, label: `${card.displayName} (/u/${card.handle})` }));
  return (
    <div className="max-w-4xl">
      <PageHeader title="Integrations" description="Send what happens on your cards to the tools you use" />
      <div className="space-y-10">
        <WebhooksSection
          base="/api/webhooks"
          cards={cards}
          description="Events of your own cards, signed and retried. A team’s cards have webhooks of their own, in the team."
        />
        <section
          aria-labelledby="integrations-keys-title"
          className="flex items-start gap-3 rounded-xl border border-border bg-card p-5"
        >
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="space-y-1 text-sm">
            <h2 id="integrations-keys-title" className="font-semibold">
              API keys
            </h2>
            <p className="text-muted-foreground">
              Tools that call Cardcraft (a CRM sync, Zapier’s REST hooks, your scripts) sign in with an API
              key instead of your password.{' '}
              <Link to="/dashboard/settings#api-keys" className="font-medium text-primary hover:underline">
                Manage API keys in Settings
              </Link>
            </p>
          </div>
        </section>
      </div>
    </div>
  );
}

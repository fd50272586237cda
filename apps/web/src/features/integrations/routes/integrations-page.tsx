import { PageHeader } from '@/components/layout/page-header';
import { useProfiles } from '@/lib/profiles';
import { useDocumentTitle } from '@/lib/use-document-title';
import { WebhooksSection } from '../components/webhooks-section';

/**
 * the owner's connections to other tools. a container of sections: Webhooks here, and beside it what
 * else connects (API keys)
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
      </div>
    </div>
  );
}

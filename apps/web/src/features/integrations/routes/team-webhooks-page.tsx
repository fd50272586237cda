import { useTranslation } from 'react-i18next';
import { teamPath, useCurrentTeam, useTeamCards } from '@/lib/teams';
import { WebhooksSection } from '../components/webhooks-section';

/** the team's webhooks: events of every card of the team, for its owners and admins */
export function TeamWebhooksPage() {
  const { t } = useTranslation('integrations');
  const { teamId } = useCurrentTeam();
  const cards = useTeamCards(teamId);
  const choices = (cards.data ?? []).map((card) => ({
    id: card.profileId,
    label: `${card.displayName} (/u/${card.handle})`,
  }));
  return (
    <WebhooksSection
      base={teamPath(teamId, '/webhooks')}
      cards={choices}
      description={t('page.teamWebhooks')}
    />
  );
}

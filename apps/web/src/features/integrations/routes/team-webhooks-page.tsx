import { teamPath, useCurrentTeam, useTeamCards } from '@/lib/teams';
import { WebhooksSection } from '../components/webhooks-section';

/** the team's webhooks: events of every card of the team, for its owners and admins */
export function TeamWebhooksPage() {
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
      description="Events of every card of the team. They stay with the team when the admin who added them leaves."
    />
  );
}

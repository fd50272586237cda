import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { useCurrentTeam } from '@/lib/teams';

/** the team's API keys (admins): they act for the team and keep working when their maker leaves */
export function TeamApiKeysPage() {
  const { teamId } = useCurrentTeam();
  return (
    <ApiKeysSection
      owner={{ kind: 'team', teamId }}
      description="Let tools reach this team's cards, leads and analytics; a key stays with the team when its maker leaves"
    />
  );
}

import { useTranslation } from 'react-i18next';
import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { useCurrentTeam } from '@/lib/teams';

/** the team's API keys (admins): they act for the team and keep working when their maker leaves */
export function TeamApiKeysPage() {
  const { t } = useTranslation('teams');
  const { teamId } = useCurrentTeam();
  return <ApiKeysSection owner={{ kind: 'team', teamId }} description={t('apiKeys.description')} />;
}

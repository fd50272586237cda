import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowLeft, CheckCircle2, Lock, Users } from 'lucide-react';
import type { CardTeamResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { useLanguage } from '@/i18n/use-language';
import type { EditorMode } from '../utils/profile-fields';

function BackLink() {
  const { t } = useTranslation('editor');
  return (
    <Link
      to="/dashboard/home"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('page.back')}
    </Link>
  );
}

/** a team card's team, and how much of it the team's template sets */
function TeamLine({ team }: { team: CardTeamResponse }) {
  const { t } = useTranslation('editor');
  const count = team.lockedFields.length;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <Badge data-testid="team-badge">
        <Users className="size-3.5" aria-hidden="true" />
        {t('page.teamCard', { team: team.teamName })}
      </Badge>
      {count > 0 ? (
        <span className="inline-flex items-center gap-1">
          <Lock className="size-3.5" aria-hidden="true" />
          {t('page.lockedFields', { count })}
        </span>
      ) : null}
    </p>
  );
}

/** the way back, the page's title, a team card's team, and when the card was last saved */
export function EditorHeader({
  mode,
  savedAt,
  team = null,
}: {
  mode: EditorMode;
  savedAt: Date | null;
  team?: CardTeamResponse | null;
}) {
  const { t } = useTranslation('editor');
  const language = useLanguage();
  return (
    <div className="mb-6 sm:mb-8">
      <BackLink />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {mode === 'create' ? t('page.create') : t('page.edit')}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground sm:text-base">
            {mode === 'create' ? t('page.createDescription') : t('page.editDescription')}
          </p>
          {team ? <TeamLine team={team} /> : null}
        </div>
        {savedAt ? (
          <p className="inline-flex items-center gap-1.5 text-sm text-success" role="status">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('page.saved', {
              time: savedAt.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }),
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

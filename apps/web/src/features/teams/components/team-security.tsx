import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TeamResponse } from '@cardcraft/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useTeamSecurity } from '../api/members';

/**
 * whether the team requires two-step verification of its people: its owners' to switch; admins see
 * the rule. someone without it is kept from the team and its cards until they turn it on
 */
export function TeamSecurity({ team }: { team: TeamResponse }) {
  const { t } = useTranslation('teams');
  const security = useTeamSecurity(team.id);
  const owner = team.role === 'owner';
  const checked = security.isPending ? security.variables : team.requireSecondFactor;

  const onChange = (requireSecondFactor: boolean) =>
    security.mutate(requireSecondFactor, {
      onSuccess: () =>
        toast({
          title: requireSecondFactor ? t('security.required') : t('security.optional'),
          description: requireSecondFactor ? t('security.requiredText') : t('security.optionalText'),
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: t('security.failed'),
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  return (
    <Card className="mb-4">
      <CardContent className="flex items-start justify-between gap-4 pt-5 sm:pt-6">
        <div className="min-w-0 space-y-0.5">
          <label htmlFor="require-second-factor" className="cursor-pointer text-sm font-medium">
            {t('security.label')}
          </label>
          <p id="require-second-factor-description" className="text-xs text-muted-foreground">
            <Trans
              t={t}
              i18nKey="security.text"
              components={{
                anchor: (
                  <Link
                    to="/dashboard/settings#security"
                    className="font-medium text-primary hover:underline"
                  />
                ),
              }}
            />
            {owner ? '' : ` ${t('security.ownersOnly')}`}
          </p>
        </div>
        <Switch
          id="require-second-factor"
          aria-describedby="require-second-factor-description"
          checked={checked}
          disabled={!owner || security.isPending}
          onCheckedChange={onChange}
        />
      </CardContent>
    </Card>
  );
}

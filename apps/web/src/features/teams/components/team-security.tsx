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
  const security = useTeamSecurity(team.id);
  const owner = team.role === 'owner';
  const checked = security.isPending ? security.variables : team.requireSecondFactor;

  const onChange = (requireSecondFactor: boolean) =>
    security.mutate(requireSecondFactor, {
      onSuccess: () =>
        toast({
          title: requireSecondFactor ? 'Two-step verification required' : 'Two-step verification optional',
          description: requireSecondFactor
            ? 'Members without it are kept out until they turn it on.'
            : 'Everyone in the team reaches it with a password again.',
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Could not change the rule',
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  return (
    <Card className="mb-4">
      <CardContent className="flex items-start justify-between gap-4 pt-5 sm:pt-6">
        <div className="min-w-0 space-y-0.5">
          <label htmlFor="require-second-factor" className="cursor-pointer text-sm font-medium">
            Require two-step verification
          </label>
          <p id="require-second-factor-description" className="text-xs text-muted-foreground">
            Members without it cannot open the team or its cards until they turn it on in{' '}
            <Link to="/dashboard/settings#security" className="font-medium text-primary hover:underline">
              Settings
            </Link>
            .{owner ? '' : ' Only owners change this.'}
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

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MailPlus, UserMinus, Users } from 'lucide-react';
import { TEAM_ROLES, type TeamMemberResponse, type TeamRole } from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';
import { ListTableHead } from '@/components/ui/list-table-head';
import { ErrorAlert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCurrentTeam, useTeamMembers } from '@/lib/teams';
import { useChangeRole } from '../api/members';
import { RemoveMemberDialog } from '../components/remove-member-dialog';
import { TeamSecurity } from '../components/team-security';
import { Badge } from '@/components/ui/badge';
import { SectionHeader } from '@/components/layout/section-header';

function RoleSelect({
  member,
  canGrantOwner,
  onChange,
  disabled,
}: {
  member: TeamMemberResponse;
  canGrantOwner: boolean;
  onChange: (role: TeamRole) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('teams');
  // only an owner makes or unmakes an owner
  const locked = member.role === 'owner' && !canGrantOwner;
  return (
    <Select
      value={member.role}
      onValueChange={(role) => onChange(role as TeamRole)}
      disabled={disabled || locked}
    >
      <SelectTrigger className="h-9 w-32" aria-label={t('members.roleOf', { name: member.displayName })}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TEAM_ROLES.map((role) => (
          <SelectItem
            key={role}
            value={role}
            description={t(`roleHints.${role}`)}
            disabled={role === 'owner' && !canGrantOwner}
          >
            {t(`roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** the team's people: their roles, their cards, and removing them (admins) */
export function MembersPage() {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const { teamId, team } = useCurrentTeam();
  const { session } = useSession();
  const members = useTeamMembers(teamId);
  const changeRole = useChangeRole(teamId);
  const [toRemove, setToRemove] = useState<TeamMemberResponse | null>(null);
  const list = members.data ?? [];
  const iAmOwner = team.data?.role === 'owner';

  const onRole = async (member: TeamMemberResponse, role: TeamRole) => {
    if (role === member.role) return;
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      toast({
        title: t('members.roleChanged', { name: member.displayName, role: t(`rolesInText.${role}`) }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('members.roleFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="members-title">
      <SectionHeader
        id="members-title"
        title={t('members.title')}
        description={t('members.description')}
        actions={
          <Button asChild variant="outline">
            <Link to="../invitations">
              <MailPlus aria-hidden="true" />
              {t('members.invite')}
            </Link>
          </Button>
        }
      />
      {team.data ? <TeamSecurity team={team.data} /> : null}
      {members.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16 rounded-(--radius-card)" />
          ))}
        </div>
      ) : members.isError ? (
        <ErrorAlert>{normalizeError(members.error).message}</ErrorAlert>
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title={t('members.empty')} />
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <ListTableHead
              caption={t('members.caption', { team: team.data?.name ?? t('members.theTeam') })}
              columns={[
                t('members.columns.member'),
                t('members.columns.role'),
                t('members.columns.cards'),
                t('members.columns.joined'),
              ]}
            />
            <tbody className="divide-y divide-border">
              {list.map((member) => {
                const me = member.userId === session?.userId;
                return (
                  <tr
                    key={member.userId}
                    className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 p-4 md:table-row md:p-0"
                  >
                    <td className="min-w-0 md:px-5 md:py-3">
                      <div className="flex min-w-0 items-center gap-3">
                        <Avatar name={member.displayName} />
                        <div className="min-w-0">
                          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                            <span className="truncate">
                              {member.displayName}
                              {me ? (
                                <span className="font-normal text-muted-foreground"> {t('members.you')}</span>
                              ) : null}
                            </span>
                            {member.secondFactor ? (
                              <Badge variant="success">{t('members.secondFactorOn')}</Badge>
                            ) : team.data?.requireSecondFactor ? (
                              <Badge variant="warning">{t('members.keptOut')}</Badge>
                            ) : null}
                          </p>
                          <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                        </div>
                      </div>
                    </td>
                    <td className="col-start-1 row-start-2 md:px-5 md:py-3">
                      <RoleSelect
                        member={member}
                        canGrantOwner={iAmOwner}
                        disabled={changeRole.isPending}
                        onChange={(role) => void onRole(member, role)}
                      />
                    </td>
                    <td className="col-start-2 row-start-2 text-right text-muted-foreground tabular-nums md:px-5 md:py-3 md:text-left">
                      {t('members.cards', { count: member.cardCount })}
                    </td>
                    <td className="hidden text-muted-foreground md:table-cell md:px-5 md:py-3">
                      <time dateTime={member.joinedAtUtc}>
                        {dateFormat.format(new Date(member.joinedAtUtc))}
                      </time>
                    </td>
                    <td className="col-start-2 row-start-1 text-right md:px-5 md:py-3">
                      {me ? null : (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
                          aria-label={t('members.remove', { name: member.displayName })}
                          title={t('members.removeTitle')}
                          onClick={() => setToRemove(member)}
                        >
                          <UserMinus aria-hidden="true" />
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      <RemoveMemberDialog
        teamId={teamId}
        member={toRemove}
        members={list}
        myUserId={session?.userId ?? ''}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
      />
    </section>
  );
}

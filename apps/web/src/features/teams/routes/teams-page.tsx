import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ChevronRight, Users } from 'lucide-react';
import { CreateTeamDto, type TeamResponse } from '@cardcraft/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useTeams } from '@/lib/teams';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForm } from '@/lib/use-form';
import { fieldErrorMap } from '@cardcraft/contracts';
import { useCreateTeam } from '../api/teams';
import { TeamMark } from '../components/team-mark';

function TeamTile({ team }: { team: TeamResponse }) {
  const { t } = useTranslation('teams');
  return (
    <li>
      <Link
        to={`/dashboard/teams/${team.id}`}
        className="group flex items-center gap-4 rounded-(--radius-card) border border-border bg-surface p-4 shadow-xs transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <TeamMark team={team} className="size-12" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{team.name}</span>
          <span className="block truncate text-sm text-muted-foreground">
            {team.brand.companyName ?? t('list.noCompany')}
          </span>
        </span>
        <Badge variant={team.role === 'member' ? 'secondary' : 'default'}>{t(`roles.${team.role}`)}</Badge>
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

function CreateTeamCard() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const creation = useCreateTeam();
  const { failure, setFailure, setServerErrors, field, validate } = useForm(
    { name: '' },
    { dto: CreateTeamDto },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const team = await creation.mutateAsync(valid);
      toast({ title: t('create.created', { name: team.name }), description: t('create.createdText') });
      navigate(`/dashboard/teams/${team.id}/brand`);
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('create.title')}</CardTitle>
        <CardDescription>{t('create.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextField
            label={t('create.name')}
            placeholder={t('create.namePlaceholder')}
            autoComplete="organization"
            {...field('name')}
          />
          <Button type="submit" className="w-full" disabled={creation.isPending}>
            {creation.isPending ? t('actions.creating') : t('create.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** the caller's teams, and a new one */
export function TeamsPage() {
  const { t } = useTranslation('teams');
  useDocumentTitle(t('list.title'));
  const teams = useTeams();
  const list = teams.data ?? [];
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="your-teams" className="min-w-0">
          <h2 id="your-teams" className="sr-only">
            {t('list.yourTeams')}
          </h2>
          {teams.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-20 rounded-(--radius-card)" />
              <Skeleton className="h-20 rounded-(--radius-card)" />
            </div>
          ) : teams.isError ? (
            <ErrorAlert>{t('list.loadFailed')}</ErrorAlert>
          ) : list.length === 0 ? (
            <EmptyState icon={Users} title={t('list.emptyTitle')} description={t('list.emptyText')} />
          ) : (
            <ul className="space-y-3">
              {list.map((team) => (
                <TeamTile key={team.id} team={team} />
              ))}
            </ul>
          )}
        </section>
        <aside className="min-w-0">
          <CreateTeamCard />
        </aside>
      </div>
    </>
  );
}

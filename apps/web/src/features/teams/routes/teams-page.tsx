import type { FormEvent } from 'react';
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
import { ROLE_LABELS, useTeams } from '@/lib/teams';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForm } from '@/lib/use-form';
import { fieldErrorMap } from '@cardcraft/contracts';
import { useCreateTeam } from '../api/teams';
import { TeamMark } from '../components/team-mark';

function TeamTile({ team }: { team: TeamResponse }) {
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
            {team.brand.companyName ?? 'No company name yet'}
          </span>
        </span>
        <Badge variant={team.role === 'member' ? 'secondary' : 'default'}>{ROLE_LABELS[team.role]}</Badge>
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

function CreateTeamCard() {
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
      toast({ title: `Team "${team.name}" created`, description: 'Set its brand, then invite people.' });
      navigate(`/dashboard/teams/${team.id}/brand`);
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a team</CardTitle>
        <CardDescription>You become its owner: you run its people, brand and templates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextField
            label="Team name"
            placeholder="Initech Sales"
            autoComplete="organization"
            {...field('name')}
          />
          <Button type="submit" className="w-full" disabled={creation.isPending}>
            {creation.isPending ? 'Creating...' : 'Create team'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** the caller's teams, and a new one */
export function TeamsPage() {
  useDocumentTitle('Teams');
  const teams = useTeams();
  const list = teams.data ?? [];
  return (
    <>
      <PageHeader
        title="Teams"
        description="Your company's cards: people, brand and templates in one place"
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="your-teams" className="min-w-0">
          <h2 id="your-teams" className="sr-only">
            Your teams
          </h2>
          {teams.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-20 rounded-(--radius-card)" />
              <Skeleton className="h-20 rounded-(--radius-card)" />
            </div>
          ) : teams.isError ? (
            <ErrorAlert>Failed to load your teams. Please try again later.</ErrorAlert>
          ) : list.length === 0 ? (
            <EmptyState
              icon={Users}
              title="No teams yet"
              description="Create a team to give your colleagues cards in your company's brand, or open the invitation a team admin sent you."
            />
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

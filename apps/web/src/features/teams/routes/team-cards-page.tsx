import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink, IdCard, Mail, MoreHorizontal, Pencil, Plus, QrCode, UserRoundCog } from 'lucide-react';
import type { TeamCardResponse } from '@cardcraft/contracts';
import { ListTableHead } from '@/components/ui/list-table-head';
import { SectionHeader } from '@/components/layout/section-header';
import { MemberFilter } from '@/components/teams/member-filter';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { normalizeError } from '@/lib/api-client';
import { useCurrentTeam, useTeamCards, useTeamMembers, useTeamTemplates } from '@/lib/teams';
import { publicProfilePath } from '@/lib/utils';
import { AssignCardDialog } from '../components/assign-card-dialog';
import { CreateCardDialog } from '../components/create-card-dialog';
import { useTeamCardTools, type CardTool } from '../components/team-card-tools';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

function CardActions({
  card,
  isAdmin,
  pending,
  onTool,
  onAssign,
}: {
  card: TeamCardResponse;
  isAdmin: boolean;
  /** its QR code or signature is on its way */
  pending: boolean;
  onTool: (tool: CardTool, opener: HTMLElement | null) => void;
  onAssign: (opener: HTMLElement | null) => void;
}) {
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  return (
    <span className="flex items-center justify-end gap-1">
      <Button asChild variant="ghost" size="sm">
        <Link to={`/dashboard/profile/${card.profileId}`} aria-label={`Edit @${card.handle}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={setTrigger} variant="ghost" size="icon-sm" aria-label={`More for @${card.handle}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {/* a draft's code and signature would lead to a page nobody can see yet */}
          {card.published ? (
            <>
              <DropdownMenuItem asChild>
                <a href={publicProfilePath(card.handle)} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  View card
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem disabled={pending} onSelect={() => onTool('qr', trigger)}>
                <QrCode aria-hidden="true" />
                QR code
              </DropdownMenuItem>
              <DropdownMenuItem disabled={pending} onSelect={() => onTool('signature', trigger)}>
                <Mail aria-hidden="true" />
                E-mail signature
              </DropdownMenuItem>
            </>
          ) : null}
          {isAdmin ? (
            <DropdownMenuItem onSelect={() => onAssign(trigger)}>
              <UserRoundCog aria-hidden="true" />
              Give to someone else
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </span>
  );
}

/** the team's cards with their holders (an admin's view), or the member's own team cards */
export function TeamCardsPage() {
  const { teamId, team, isAdmin } = useCurrentTeam();
  const [memberId, setMemberId] = useState<string | null>(null);
  const cards = useTeamCards(teamId, memberId);
  const members = useTeamMembers(teamId, isAdmin);
  const templates = useTeamTemplates(teamId);
  const tools = useTeamCardTools(team.data?.brand ?? null);
  const [creating, setCreating] = useState(false);
  const [toAssign, setToAssign] = useState<TeamCardResponse | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const list = cards.data ?? [];
  const templateName = (id: string | null) => templates.data?.find((t) => t.id === id)?.name ?? '—';

  const newCard = (
    <Button onClick={() => setCreating(true)} disabled={!templates.data || templates.data.length === 0}>
      <Plus aria-hidden="true" />
      {isAdmin ? 'New card' : 'Create my card'}
    </Button>
  );

  return (
    <section aria-labelledby="cards-title">
      <SectionHeader
        id="cards-title"
        title="Cards"
        description={
          isAdmin
            ? `Every card of ${team.data?.name ?? 'the team'} and who holds it`
            : 'Your cards in this team'
        }
        actions={newCard}
      />
      {isAdmin && members.data ? (
        <Card className="mb-5 p-4">
          <MemberFilter
            id="cards-member"
            members={members.data}
            value={memberId}
            onValueChange={setMemberId}
          />
        </Card>
      ) : null}
      {templates.data?.length === 0 ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {isAdmin ? (
            <>
              Cards are made from templates:{' '}
              <Link to="../templates/new" className="font-medium text-primary hover:underline">
                make the first one
              </Link>
              .
            </>
          ) : (
            'Your team has no card template yet: ask a team admin for one.'
          )}
        </p>
      ) : null}
      {cards.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 rounded-(--radius-card)" />
          <Skeleton className="h-16 rounded-(--radius-card)" />
        </div>
      ) : cards.isError ? (
        <ErrorAlert>{normalizeError(cards.error).message}</ErrorAlert>
      ) : list.length === 0 ? (
        <EmptyState
          icon={IdCard}
          title="No team cards yet"
          description={
            isAdmin
              ? 'Make a card from a template for a member.'
              : 'Make your card from one of the team templates.'
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <ListTableHead caption="Team cards" columns={['Card', 'Holder', 'Template', 'Updated']} />
            <tbody className="divide-y divide-border">
              {list.map((card) => (
                <tr
                  key={card.profileId}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-4 md:table-row md:p-0"
                  data-testid="team-card"
                >
                  <td className="min-w-0 md:px-5 md:py-3">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{card.displayName}</span>
                      <Badge variant={card.published ? 'success' : 'secondary'}>
                        {card.published ? 'Published' : 'Draft'}
                      </Badge>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">@{card.handle}</p>
                  </td>
                  <td className="col-span-2 row-start-2 min-w-0 md:px-5 md:py-3">
                    <p className="truncate">
                      <span className="text-muted-foreground md:hidden">Held by </span>
                      {card.holder.displayName}
                    </p>
                    <p className="hidden truncate text-xs text-muted-foreground md:block">
                      {card.holder.email}
                    </p>
                  </td>
                  <td className="col-span-2 row-start-3 text-muted-foreground md:px-5 md:py-3">
                    <span className="md:hidden">Template: </span>
                    {templateName(card.templateId)}
                  </td>
                  <td className="hidden text-muted-foreground md:table-cell md:px-5 md:py-3 md:whitespace-nowrap">
                    <time dateTime={card.updatedAtUtc}>{dateFormat.format(new Date(card.updatedAtUtc))}</time>
                  </td>
                  <td className="col-start-2 row-start-1 md:px-5 md:py-3">
                    <CardActions
                      card={card}
                      isAdmin={isAdmin}
                      pending={tools.pendingId === card.profileId}
                      onTool={(tool, trigger) => void tools.open(tool, card, trigger)}
                      onAssign={(trigger) => {
                        setOpener(trigger);
                        setToAssign(card);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <CreateCardDialog
        teamId={teamId}
        open={creating}
        onOpenChange={setCreating}
        templates={templates.data ?? []}
        members={isAdmin ? (members.data ?? []) : null}
      />
      {tools.dialogs}
      <AssignCardDialog
        teamId={teamId}
        card={toAssign}
        members={members.data ?? []}
        onOpenChange={(open) => {
          if (!open) setToAssign(null);
        }}
        returnFocusTo={opener}
      />
    </section>
  );
}

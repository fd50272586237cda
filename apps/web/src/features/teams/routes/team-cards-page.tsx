import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ExternalLink, IdCard, Mail, MoreHorizontal, Pencil, Plus, QrCode, UserRoundCog } from 'lucide-react';
import type { TeamCardResponse } from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';
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
  const { t } = useTranslation('teams');
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  return (
    <span className="flex items-center justify-end gap-1">
      <Button asChild variant="ghost" size="sm">
        <Link
          to={`/dashboard/profile/${card.profileId}`}
          aria-label={t('cards.edit', { handle: card.handle })}
        >
          <Pencil aria-hidden="true" />
          {t('actions.edit')}
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={setTrigger}
            variant="ghost"
            size="icon-sm"
            aria-label={t('cards.more', { handle: card.handle })}
          >
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
                  {t('cards.view')}
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem disabled={pending} onSelect={() => onTool('qr', trigger)}>
                <QrCode aria-hidden="true" />
                {t('cards.qr')}
              </DropdownMenuItem>
              <DropdownMenuItem disabled={pending} onSelect={() => onTool('signature', trigger)}>
                <Mail aria-hidden="true" />
                {t('cards.signature')}
              </DropdownMenuItem>
            </>
          ) : null}
          {isAdmin ? (
            <DropdownMenuItem onSelect={() => onAssign(trigger)}>
              <UserRoundCog aria-hidden="true" />
              {t('cards.assign')}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </span>
  );
}

/** the team's cards with their holders (an admin's view), or the member's own team cards */
export function TeamCardsPage() {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
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
      {isAdmin ? t('cards.new') : t('cards.createMine')}
    </Button>
  );

  return (
    <section aria-labelledby="cards-title">
      <SectionHeader
        id="cards-title"
        title={t('cards.title')}
        description={
          isAdmin
            ? t('cards.adminText', { team: team.data?.name ?? t('cards.theTeam') })
            : t('cards.memberText')
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
            <Trans
              t={t}
              i18nKey="cards.noTemplateAdmin"
              components={{
                anchor: <Link to="../templates/new" className="font-medium text-primary hover:underline" />,
              }}
            />
          ) : (
            t('cards.noTemplateMember')
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
          title={t('cards.emptyTitle')}
          description={isAdmin ? t('cards.emptyAdmin') : t('cards.emptyMember')}
        />
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <ListTableHead
              caption={t('cards.caption')}
              columns={[
                t('cards.columns.card'),
                t('cards.columns.holder'),
                t('cards.columns.template'),
                t('cards.columns.updated'),
              ]}
            />
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
                        {card.published ? t('cards.published') : t('cards.draft')}
                      </Badge>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">@{card.handle}</p>
                  </td>
                  <td className="col-span-2 row-start-2 min-w-0 md:px-5 md:py-3">
                    <p className="truncate">
                      <span className="text-muted-foreground md:hidden">{t('cards.heldBy')} </span>
                      {card.holder.displayName}
                    </p>
                    <p className="hidden truncate text-xs text-muted-foreground md:block">
                      {card.holder.email}
                    </p>
                  </td>
                  <td className="col-span-2 row-start-3 text-muted-foreground md:px-5 md:py-3">
                    <span className="md:hidden">{t('cards.templateLabel')} </span>
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

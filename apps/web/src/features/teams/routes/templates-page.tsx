import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LayoutTemplate, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { LOCKABLE_FIELDS, THEMES, type CardTemplateResponse } from '@cardcraft/contracts';
import { SectionHeader } from '@/components/layout/section-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useCurrentTeam, useTeamTemplates } from '@/lib/teams';
import { useDeleteTemplate } from '../api/templates';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const lockedLabels = (template: CardTemplateResponse) =>
  LOCKABLE_FIELDS.filter((field) => template.lockedFields.includes(field.path)).map((field) => field.label);

function TemplateTile({
  template,
  onDelete,
}: {
  template: CardTemplateResponse;
  onDelete: (opener: HTMLElement) => void;
}) {
  const locked = lockedLabels(template);
  const theme = THEMES.find((t) => t.value === template.content.theme)?.label ?? template.content.theme;
  return (
    <li className="flex flex-col rounded-(--radius-card) border border-border bg-surface p-5 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{template.name}</h3>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {theme} · {template.cardCount === 1 ? '1 card' : `${template.cardCount} cards`} made from it
          </p>
        </div>
        <LayoutTemplate className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="mt-3 flex flex-1 flex-wrap content-start gap-1.5">
        {locked.length === 0 ? (
          <span className="text-sm text-muted-foreground">
            Nothing locked: members may change every field
          </span>
        ) : (
          <>
            <span className="sr-only">Locked:</span>
            {locked.map((label) => (
              <Badge key={label} variant="secondary">
                <Lock className="size-3" aria-hidden="true" />
                {label}
              </Badge>
            ))}
          </>
        )}
      </div>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-border pt-3">
        <span className="text-xs text-muted-foreground">
          Updated{' '}
          <time dateTime={template.updatedAtUtc}>{dateFormat.format(new Date(template.updatedAtUtc))}</time>
        </span>
        <span className="flex gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={template.id} aria-label={`Edit ${template.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
            aria-label={`Delete ${template.name}`}
            onClick={(event) => onDelete(event.currentTarget)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </div>
    </li>
  );
}

/** the team's card templates: what each locks and how many cards use it (admins) */
export function TemplatesPage() {
  const { teamId } = useCurrentTeam();
  const templates = useTeamTemplates(teamId);
  const deletion = useDeleteTemplate(teamId);
  const [toDelete, setToDelete] = useState<CardTemplateResponse | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const list = templates.data ?? [];

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await deletion.mutateAsync(toDelete.id);
      toast({ title: `Template "${toDelete.name}" deleted`, variant: 'success' });
      setToDelete(null);
    } catch (error) {
      toast({
        title: 'Could not delete',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="templates-title">
      <SectionHeader
        id="templates-title"
        title="Templates"
        description="What the team's cards start from, and the fields members may not change"
        actions={
          <Button asChild>
            <Link to="new">
              <Plus aria-hidden="true" />
              New template
            </Link>
          </Button>
        }
      />
      {templates.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <Skeleton className="h-44 rounded-(--radius-card)" />
          <Skeleton className="h-44 rounded-(--radius-card)" />
        </div>
      ) : templates.isError ? (
        <ErrorAlert>{normalizeError(templates.error).message}</ErrorAlert>
      ) : list.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title="No templates yet"
          description="A template is a card without its holder: the theme, the company's details, the links. Lock what members must keep."
          action={
            <Button asChild>
              <Link to="new">
                <Plus aria-hidden="true" />
                New template
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((template) => (
            <TemplateTile
              key={template.id}
              template={template}
              onDelete={(trigger) => {
                setOpener(trigger);
                setToDelete(template);
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete "${toDelete?.name ?? ''}"?`}
        description={
          toDelete && toDelete.cardCount > 0
            ? `${toDelete.cardCount === 1 ? 'One card is' : `${toDelete.cardCount} cards are`} made from it; they keep what they show now.`
            : 'No card is made from it.'
        }
        pending={deletion.isPending}
        onConfirm={() => void onDelete()}
        returnFocusTo={opener}
      />
    </section>
  );
}

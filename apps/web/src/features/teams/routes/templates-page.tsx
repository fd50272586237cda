import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LayoutTemplate, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { LOCKABLE_FIELD_PATHS, THEMES, type CardTemplateResponse } from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';
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
import { LOCKABLE_FIELD_KEYS } from '../lib/lockable-fields';

function TemplateTile({
  template,
  onDelete,
}: {
  template: CardTemplateResponse;
  onDelete: (opener: HTMLElement) => void;
}) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const locked = LOCKABLE_FIELD_PATHS.filter((path) => template.lockedFields.includes(path)).map((path) =>
    t(`templates.fields.${LOCKABLE_FIELD_KEYS[path]}`),
  );
  const theme = THEMES.find((th) => th.value === template.content.theme)?.label ?? template.content.theme;
  return (
    <li className="flex flex-col rounded-(--radius-card) border border-border bg-surface p-5 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{template.name}</h3>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {t('templates.madeFrom', { theme, count: template.cardCount })}
          </p>
        </div>
        <LayoutTemplate className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="mt-3 flex flex-1 flex-wrap content-start gap-1.5">
        {locked.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t('templates.nothingLocked')}</span>
        ) : (
          <>
            <span className="sr-only">{t('templates.locked')}</span>
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
          <Trans
            t={t}
            i18nKey="templates.updated"
            values={{ date: dateFormat.format(new Date(template.updatedAtUtc)) }}
            components={{ time: <time dateTime={template.updatedAtUtc} /> }}
          />
        </span>
        <span className="flex gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={template.id} aria-label={t('templates.edit', { name: template.name })}>
              <Pencil aria-hidden="true" />
              {t('actions.edit')}
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
            aria-label={t('templates.delete', { name: template.name })}
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
  const { t } = useTranslation('teams');
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
      toast({ title: t('templates.deleted', { name: toDelete.name }), variant: 'success' });
      setToDelete(null);
    } catch (error) {
      toast({
        title: t('templates.deleteFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="templates-title">
      <SectionHeader
        id="templates-title"
        title={t('templates.title')}
        description={t('templates.description')}
        actions={
          <Button asChild>
            <Link to="new">
              <Plus aria-hidden="true" />
              {t('templates.new')}
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
          title={t('templates.emptyTitle')}
          description={t('templates.emptyText')}
          action={
            <Button asChild>
              <Link to="new">
                <Plus aria-hidden="true" />
                {t('templates.new')}
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
        title={t('templates.deleteTitle', { name: toDelete?.name ?? '' })}
        description={
          toDelete && toDelete.cardCount > 0
            ? t('templates.deleteUsed', { count: toDelete.cardCount })
            : t('templates.deleteUnused')
        }
        confirmLabel={t('templates.deleteConfirm')}
        pendingLabel={t('templates.deleting')}
        pending={deletion.isPending}
        onConfirm={() => void onDelete()}
        returnFocusTo={opener}
      />
    </section>
  );
}

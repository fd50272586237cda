import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { CardTemplateResponse, TeamResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { normalizeError } from '@/lib/api-client';
import { cardBrandOf, useTeam } from '@/lib/teams';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTemplate } from '../api/templates';
import { AppearanceCard } from '../components/appearance-card';
import { BlocksEditor } from '../components/blocks-editor';
import { CardPreview } from '../components/card-preview';
import { ContactSection } from '../components/contact-section';
import { LeaveGuard } from '../components/leave-guard';
import { LocksCard } from '../components/locks-card';
import { MediaCard } from '../components/media-card';
import { PrivacyCard } from '../components/privacy-card';
import { QuestionsCard } from '../components/questions-editor';
import { SaveBar } from '../components/save-bar';
import { SocialLinksEditor } from '../components/social-links-editor';
import { TemplateBasics } from '../components/template-basics';
import { useTemplateForm } from '../hooks/use-template-form';

/** Enter in a one-line field would save the template half-finished: only the save button saves */
function keepEnterFromSaving(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit') {
    event.preventDefault();
  }
}

/**
 * a team's card template, edited like a card (/dashboard/teams/:teamId/templates/new or /:templateId),
 * with the fields it locks on the cards made from it
 */
export function TemplateEditorPage() {
  const { teamId = '', templateId } = useParams<{ teamId: string; templateId: string }>();
  const team = useTeam(teamId);
  const template = useTemplate(teamId, templateId);
  const { t } = useTranslation('editor');
  useDocumentTitle(templateId ? t('template.edit') : t('template.new'));

  if (team.isPending || (templateId && template.isPending)) {
    return <PageSpinner label={t('template.loading')} />;
  }
  if (templateId && (template.isError || !template.data)) {
    return <ErrorAlert>{normalizeError(template.error).message}</ErrorAlert>;
  }
  return (
    <TemplateForm
      key={template.data?.id ?? 'new'}
      teamId={teamId}
      team={team.data}
      template={template.data}
    />
  );
}

function TemplateForm({
  teamId,
  team,
  template,
}: {
  teamId: string;
  team: TeamResponse | undefined;
  template: CardTemplateResponse | undefined;
}) {
  const { t } = useTranslation('editor');
  const form = useTemplateForm(teamId, template, team?.brand);
  const { fields, errors } = form;
  const { values, set } = fields;
  const mode = template ? 'edit' : 'create';
  const brand = useMemo(() => (team ? cardBrandOf(team.brand, values.theme) : null), [team, values.theme]);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      onKeyDown={keepEnterFromSaving}
      aria-busy={form.saving}
      className="pb-24 xl:pb-0"
    >
      <div className="mb-6">
        <Link
          to={`/dashboard/teams/${teamId}/templates`}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('template.allTemplates')}
        </Link>
        <h2 className="mt-3 text-xl font-semibold tracking-tight sm:text-2xl">
          {template ? t('template.editNamed', { name: template.name }) : t('template.new')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('template.intro')}</p>
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <TemplateBasics fields={fields} name={form.name} onName={form.setName} nameError={errors.name} />
          <ContactSection fields={fields} />
          <SocialLinksEditor
            links={values.socialLinks}
            errors={errors}
            onChange={(links) => set('socialLinks', links)}
          />
          <BlocksEditor blocks={values.blocks} errors={errors} onChange={(blocks) => set('blocks', blocks)} />
        </div>

        <aside className="min-w-0 space-y-6">
          <CardPreview values={values} brand={brand} />
          <LocksCard
            locked={form.locked}
            onToggle={form.toggleLock}
            cardCount={template?.cardCount ?? null}
            error={errors.lockedFields}
          />
          <MediaCard fields={fields} />
          <AppearanceCard fields={fields} />
          <PrivacyCard fields={fields} />
          <QuestionsCard fields={fields} />
          <SaveBar
            mode={mode}
            saving={form.saving}
            submitError={form.submitError}
            hasErrors={Object.keys(errors).length > 0}
            createLabel={t('template.create')}
          />
        </aside>
      </div>
      <LeaveGuard dirty={form.dirty} what="template" />
    </form>
  );
}

import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import { PageSpinner } from '@/components/ui/spinner';
import { cardBrandOf, useTeam } from '@/lib/teams';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useProfile } from '../api/get-profile';
import { AppearanceCard } from '../components/appearance-card';
import { BasicInfoSection } from '../components/basic-info-section';
import { BlocksEditor } from '../components/blocks-editor';
import { CardPreview } from '../components/card-preview';
import { ContactSection } from '../components/contact-section';
import { EditorHeader } from '../components/editor-header';
import { LeaveGuard } from '../components/leave-guard';
import { MediaCard } from '../components/media-card';
import { PrivacyCard } from '../components/privacy-card';
import { QuestionsCard } from '../components/questions-editor';
import { ProfileUnavailable } from '../components/profile-unavailable';
import { PublicationCard } from '../components/publication-card';
import { SaveBar } from '../components/save-bar';
import { SocialLinksEditor } from '../components/social-links-editor';
import { useProfileForm } from '../hooks/use-profile-form';
import type { EditorMode } from '../utils/profile-fields';

/** Enter in a one-line field would save the whole card half-finished: only the save button saves */
function keepEnterFromSaving(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit') {
    event.preventDefault();
  }
}

/** create mode on /create or without an id; edit mode for an id */
export function ProfileEditorPage() {
  const { id } = useParams<{ id: string }>();
  const mode: EditorMode = id ? 'edit' : 'create';
  const { t } = useTranslation('editor');
  useDocumentTitle(mode === 'create' ? t('page.create') : t('page.edit'));
  const profile = useProfile(id);

  if (mode === 'create') return <ProfileForm key="create" mode="create" />;
  if (profile.isPending) return <PageSpinner label={t('page.loading')} />;
  if (profile.isError || !profile.data) return <ProfileUnavailable error={profile.error} />;
  return <ProfileForm key={profile.data.id} mode="edit" profile={profile.data} />;
}

function ProfileForm({ mode, profile }: { mode: EditorMode; profile?: ProfileResponse }) {
  const { fields, errors, dirty, saving, submitError, savedAt, onSubmit } = useProfileForm(mode, profile);
  const { values, set, isLocked } = fields;
  const team = useTeam(profile?.team?.teamId);
  const brand = useMemo(
    () => (team.data ? cardBrandOf(team.data.brand, values.theme) : null),
    [team.data, values.theme],
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={keepEnterFromSaving}
      aria-busy={saving}
      className="pb-24 xl:pb-0"
    >
      <EditorHeader mode={mode} savedAt={savedAt} team={profile?.team} />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <BasicInfoSection fields={fields} profileId={profile?.id} />
          <ContactSection fields={fields} />
          <SocialLinksEditor
            links={values.socialLinks}
            errors={errors}
            onChange={(links) => set('socialLinks', links)}
            locked={isLocked('socialLinks')}
          />
          <BlocksEditor
            blocks={values.blocks}
            errors={errors}
            onChange={(blocks) => set('blocks', blocks)}
            locked={isLocked('blocks')}
          />
        </div>

        <aside className="min-w-0 space-y-6">
          <CardPreview values={values} brand={brand} />
          <PublicationCard fields={fields} profile={profile} />
          <MediaCard fields={fields} />
          <AppearanceCard fields={fields} />
          <PrivacyCard fields={fields} />
          <QuestionsCard fields={fields} />
          <SaveBar
            mode={mode}
            saving={saving}
            submitError={submitError}
            hasErrors={Object.keys(errors).length > 0}
          />
        </aside>
      </div>
      <LeaveGuard dirty={dirty} />
    </form>
  );
}

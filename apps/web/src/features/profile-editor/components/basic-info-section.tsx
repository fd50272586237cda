import { useTranslation } from 'react-i18next';
import { Limits } from '@cardcraft/contracts';
import { FormField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { ProfileFields } from '../utils/profile-fields';
import { CharacterCounter } from './character-counter';
import { EditorSection } from './editor-section';
import { HandleField } from './handle-field';
import { lockedInput, LockedNote } from './locked-field';

/** the handle, the name, the tagline, the company and the bio: the top of the card */
export function BasicInfoSection({ fields, profileId }: { fields: ProfileFields; profileId?: string }) {
  const { values, errors, set, textField, contactField, isLocked } = fields;
  const { t } = useTranslation('editor');
  return (
    <EditorSection title={t('basics.title')} description={t('basics.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <HandleField
          value={values.handle}
          onChange={(handle) => set('handle', handle)}
          error={errors.handle}
          profileId={profileId}
        />
        <TextField
          label={t('basics.displayName')}
          required
          placeholder={t('basics.displayNamePlaceholder')}
          {...textField('displayName')}
        />
        <TextField
          label={t('basics.tagline')}
          placeholder={t('basics.taglinePlaceholder')}
          {...textField('tagline')}
          hint={<CharacterCounter length={values.tagline.length} max={Limits.taglineMax} />}
          {...lockedInput(isLocked('tagline'))}
        />
        <TextField
          label={t('basics.company')}
          autoComplete="organization"
          {...contactField('company')}
          {...lockedInput(isLocked('contact.company'))}
        />
        <FormField
          label={t('basics.bio')}
          error={errors.bio}
          className="sm:col-span-2"
          hint={
            isLocked('bio') ? (
              <LockedNote />
            ) : (
              <CharacterCounter length={values.bio.length} max={Limits.bioMax} />
            )
          }
        >
          <Textarea
            rows={4}
            value={values.bio}
            onChange={(e) => set('bio', e.target.value)}
            readOnly={isLocked('bio')}
            className={isLocked('bio') ? 'bg-muted text-slate-700' : undefined}
          />
        </FormField>
      </div>
    </EditorSection>
  );
}

import { useTranslation } from 'react-i18next';
import { Limits } from '@cardcraft/contracts';
import { FormField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { ProfileFields } from '../utils/profile-fields';
import { CharacterCounter } from './character-counter';
import { EditorSection } from './editor-section';

/** a template's name, and the top of the cards made from it: the title, the company and the bio */
export function TemplateBasics({
  fields,
  name,
  onName,
  nameError,
}: {
  fields: ProfileFields;
  name: string;
  onName: (name: string) => void;
  nameError?: string;
}) {
  const { values, errors, set, textField, contactField } = fields;
  const { t } = useTranslation('editor');
  return (
    <EditorSection title={t('template.title')} description={t('template.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('template.name')}
          required
          placeholder={t('template.namePlaceholder')}
          value={name}
          onChange={(event) => onName(event.target.value)}
          error={nameError}
          className="sm:col-span-2"
        />
        <TextField
          label={t('template.jobTitle')}
          placeholder={t('template.jobTitlePlaceholder')}
          {...textField('tagline')}
          hint={<CharacterCounter length={values.tagline.length} max={Limits.taglineMax} />}
        />
        <TextField label={t('basics.company')} autoComplete="organization" {...contactField('company')} />
        <FormField
          label={t('basics.bio')}
          error={errors.bio}
          className="sm:col-span-2"
          hint={<CharacterCounter length={values.bio.length} max={Limits.bioMax} />}
        >
          <Textarea rows={4} value={values.bio} onChange={(e) => set('bio', e.target.value)} />
        </FormField>
      </div>
    </EditorSection>
  );
}

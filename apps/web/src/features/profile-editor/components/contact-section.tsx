import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';
import { withScheme } from '@/lib/urls';
import { URL_INPUT, type ProfileFields } from '../utils/profile-fields';
import { EditorSection } from './editor-section';
import { lockedInput } from './locked-field';

/** e-mail, phone, website and location */
export function ContactSection({ fields }: { fields: ProfileFields }) {
  const { values, setContact, contactField, isLocked } = fields;
  const { t } = useTranslation('editor');
  return (
    <EditorSection title={t('contact.title')} description={t('contact.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          {...contactField('email')}
          {...lockedInput(isLocked('contact.email'))}
        />
        <TextField
          label={t('contact.phone')}
          type="tel"
          autoComplete="tel"
          {...contactField('phoneNumber')}
          {...lockedInput(isLocked('contact.phoneNumber'))}
        />
        <TextField
          label={t('contact.website')}
          {...URL_INPUT}
          {...contactField('website')}
          onBlur={() => setContact('website', withScheme(values.contact.website))}
          {...lockedInput(isLocked('contact.website'))}
        />
        <TextField
          label={t('contact.location')}
          placeholder={t('contact.locationPlaceholder')}
          {...contactField('location')}
          {...lockedInput(isLocked('contact.location'))}
        />
      </div>
    </EditorSection>
  );
}

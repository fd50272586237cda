import { TextField } from '@/components/ui/form-field';
import { withScheme } from '@/lib/urls';
import { URL_INPUT, type ProfileFields } from '../utils/profile-fields';
import { EditorSection } from './editor-section';
import { lockedInput } from './locked-field';

/** e-mail, phone, website and location */
export function ContactSection({ fields }: { fields: ProfileFields }) {
  const { values, setContact, contactField, isLocked } = fields;
  return (
    <EditorSection title="Contact Information" description="Shown as tappable rows on your profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...contactField('email')}
          {...lockedInput(isLocked('contact.email'))}
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          {...contactField('phoneNumber')}
          {...lockedInput(isLocked('contact.phoneNumber'))}
        />
        <TextField
          label="Website"
          {...URL_INPUT}
          {...contactField('website')}
          onBlur={() => setContact('website', withScheme(values.contact.website))}
          {...lockedInput(isLocked('contact.website'))}
        />
        <TextField
          label="Location"
          placeholder="Lisbon, Portugal"
          {...contactField('location')}
          {...lockedInput(isLocked('contact.location'))}
        />
      </div>
    </EditorSection>
  );
}

import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import type { ProfileFormValues } from '../utils/profile-form';
import type { ProfileFields } from '../utils/profile-fields';
import { SwitchRow } from './editor-section';
import { LockedNote } from './locked-field';
import { MessageFieldsEditor } from './message-fields-editor';
import { CardExchangeSettings } from './questions-editor';

type PrivacySwitch = Exclude<
  keyof ProfileFormValues['privacy'],
  'messageFields' | 'questions' | 'cardExchange'
>;

const PRIVACY: { key: PrivacySwitch; label: string; description: string }[] = [
  { key: 'collectGeo', label: 'Collect Location', description: 'Track visitor countries' },
  {
    key: 'collectIp',
    label: 'Hash IP Addresses',
    description:
      "Keep a salted hash of each visitor's address to count unique visitors; off, no address is kept",
  },
  {
    key: 'showIdentifiedViewers',
    label: 'Show Identified Visitors',
    description: 'Display known users in analytics',
  },
  { key: 'allowMessages', label: 'Allow Messages', description: 'Let visitors contact you' },
];

/** what the card records of its visitors, and whether (and with which fields) they can write */
export function PrivacyCard({ fields }: { fields: ProfileFields }) {
  const { values, errors, setPrivacy, isLocked } = fields;
  const noteId = useId();
  const locked = isLocked('privacy');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy Settings</CardTitle>
        {errors.privacy ? (
          <p className="text-xs font-medium text-destructive" role="alert">
            {errors.privacy}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {locked ? (
          <p className="mb-4 rounded-lg bg-muted px-3 py-2">
            <LockedNote id={noteId} />
          </p>
        ) : null}
        {/* a disabled fieldset turns off every switch and choice in it at once, the message form's too */}
        <fieldset disabled={locked} className="min-w-0 space-y-5">
          {PRIVACY.map(({ key, label, description }) => (
            <SwitchRow key={key} id={`privacy-${key}`} label={label} description={description}>
              <Switch
                id={`privacy-${key}`}
                aria-describedby={`privacy-${key}-description${locked ? ` ${noteId}` : ''}`}
                checked={values.privacy[key]}
                onCheckedChange={(checked) => setPrivacy(key, checked)}
              />
            </SwitchRow>
          ))}
          {values.privacy.allowMessages ? (
            <>
              <MessageFieldsEditor
                value={values.privacy.messageFields}
                onChange={(messageFields) => setPrivacy('messageFields', messageFields)}
              />
              <CardExchangeSettings fields={fields} />
            </>
          ) : null}
        </fieldset>
      </CardContent>
    </Card>
  );
}

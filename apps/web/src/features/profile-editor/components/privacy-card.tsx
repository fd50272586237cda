import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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

// each switch's label is privacy.{key} in the catalogue, and its explanation privacy.{key}Text
const PRIVACY: PrivacySwitch[] = ['collectGeo', 'collectIp', 'showIdentifiedViewers', 'allowMessages'];

/** what the card records of its visitors, and whether (and with which fields) they can write */
export function PrivacyCard({ fields }: { fields: ProfileFields }) {
  const { values, errors, setPrivacy, isLocked } = fields;
  const noteId = useId();
  const locked = isLocked('privacy');
  const { t } = useTranslation('editor');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('privacy.title')}</CardTitle>
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
          {PRIVACY.map((key) => (
            <SwitchRow
              key={key}
              id={`privacy-${key}`}
              label={t(`privacy.${key}`)}
              description={t(`privacy.${key}Text`)}
            >
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

import { useTranslation } from 'react-i18next';
import {
  MESSAGE_FIELD_MODES,
  MESSAGE_FIELDS,
  type MessageFieldsResponse,
} from '@cardcraft/contracts/message-fields';
import { cn } from '@/lib/utils';

/**
 * what the card's message form asks a visitor for besides the e-mail and the message: each of name,
 * phone and company off, optional or required. one radio group per field, drawn as a segmented control.
 */
export function MessageFieldsEditor({
  value,
  onChange,
}: {
  value: MessageFieldsResponse;
  onChange: (value: MessageFieldsResponse) => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <fieldset className="space-y-3 border-t border-border pt-4" data-testid="message-fields">
      <legend className="float-left mb-1 w-full text-sm font-medium">{t('messageFields.legend')}</legend>
      <p className="clear-left text-xs text-muted-foreground">{t('messageFields.intro')}</p>
      {MESSAGE_FIELDS.map((field) => (
        <div
          key={field}
          role="radiogroup"
          aria-label={t(`messageFields.fields.${field}`)}
          className="flex flex-wrap items-center justify-between gap-2"
        >
          <span className="text-sm" aria-hidden="true">
            {t(`messageFields.fields.${field}`)}
          </span>
          <div className="inline-flex rounded-md border border-input bg-background p-0.5">
            {MESSAGE_FIELD_MODES.map((mode) => {
              const checked = value[field] === mode;
              return (
                <label
                  key={mode}
                  className={cn(
                    'relative cursor-pointer rounded px-2.5 py-1 text-xs font-medium transition-colors',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                    checked
                      ? 'bg-primary text-primary-foreground'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`message-field-${field}`}
                    value={mode}
                    checked={checked}
                    onChange={() => onChange({ ...value, [field]: mode })}
                  />
                  {t(`messageFields.modes.${mode}`)}
                </label>
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

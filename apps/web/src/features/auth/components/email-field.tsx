import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/form-field';

/** the sign-in address field of the login and register forms */
export function EmailField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}

import { TextField, type TextFieldProps } from '@/components/ui/form-field';

/** the sign-in address field of the login and register forms */
export function EmailField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}

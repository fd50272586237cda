import type { ChangeEvent } from 'react';
import { ProfileInputDto, fieldErrorMap, validateInput, type LockableField } from '@cardcraft/contracts';
import { standingErrors } from '@/lib/form-errors';
import { withScheme } from '@/lib/urls';
import type { ProfileFormValues, ProfileInput } from './profile-form';

/** create on /create or without an id; edit for an id */
export type EditorMode = 'create' | 'edit';

/** a message for each field path ("handle", "contact.email", "socialLinks.2.url") */
export type FieldErrors = Record<string, string>;

/** the server's field errors and the input they answered */
export interface ServerAnswer {
  errors: FieldErrors;
  input: ProfileInput;
}

/** the props of an input for a web address */
export const URL_INPUT = { type: 'url', inputMode: 'url', placeholder: 'https://' } as const;

/**
 * the messages shown. nothing is checked before the first save; from then on every change re-validates,
 * so an error goes as soon as its field is fixed. the server's field errors stay until their field changes.
 */
export function visibleErrors(
  input: ProfileInput,
  submitted: boolean,
  answer: ServerAnswer | null,
): FieldErrors {
  const clientErrors = submitted ? fieldErrorMap(validateInput(ProfileInputDto, input).errors) : {};
  return { ...(answer ? standingErrors(answer.errors, answer.input, input) : {}), ...clientErrors };
}

/** how the values change: a function of the current ones, as React's state setter takes it */
export type UpdateValues = (change: (values: ProfileFormValues) => ProfileFormValues) => void;

/**
 * the form's values and errors, with the setters and the props each kind of field spreads; `locked`
 * names what a team card's template sets, which the sections show read-only
 */
export function bindProfileFields(
  values: ProfileFormValues,
  errors: FieldErrors,
  update: UpdateValues,
  locked: readonly LockableField[] = [],
) {
  const isLocked = (path: LockableField) => locked.includes(path);
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    update((v) => ({ ...v, [key]: value }));
  const setContact = (key: keyof ProfileFormValues['contact'], value: string) =>
    update((v) => ({ ...v, contact: { ...v.contact, [key]: value } }));
  const setMedia = (key: keyof ProfileFormValues['media'], value: string) =>
    update((v) => ({ ...v, media: { ...v.media, [key]: value } }));
  const setPrivacy = <K extends keyof ProfileFormValues['privacy']>(
    key: K,
    value: ProfileFormValues['privacy'][K],
  ) => update((v) => ({ ...v, privacy: { ...v.privacy, [key]: value } }));

  // the value, change handler and error of one text field, to spread on a TextField
  const textField = (key: 'handle' | 'displayName' | 'tagline') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });
  const contactField = (key: keyof ProfileFormValues['contact']) => ({
    value: values.contact[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setContact(key, e.target.value),
    error: errors[`contact.${key}`],
  });
  const mediaField = (key: keyof ProfileFormValues['media']) => ({
    value: values.media[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setMedia(key, e.target.value),
    // an address typed without https:// gets it as the field is left
    onBlur: () => setMedia(key, withScheme(values.media[key])),
    error: errors[`media.${key}`],
  });
  // an image uploaded (or pasted) and the field's address
  const imageField = (key: 'avatarUrl' | 'bannerUrl') => ({
    value: values.media[key],
    onChange: (url: string) => setMedia(key, url),
    onBlur: () => setMedia(key, withScheme(values.media[key])),
    error: errors[`media.${key}`],
  });

  return {
    values,
    errors,
    isLocked,
    set,
    setContact,
    setMedia,
    setPrivacy,
    textField,
    contactField,
    mediaField,
    imageField,
  };
}

/** what each section of the editor reads and changes */
export type ProfileFields = ReturnType<typeof bindProfileFields>;

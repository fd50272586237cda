import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  ProfileInputDto,
  fieldErrorMap,
  validateInput,
  withLockedValues,
  type ProfileResponse,
} from '@cardcraft/contracts';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSaveProfile } from '../api/save-profile';
import { translateEditorMessage, translateFieldErrors } from '../utils/editor-messages';
import {
  emptyProfileValues,
  profileToFormValues,
  toProfileInput,
  type ProfileFormValues,
} from '../utils/profile-form';
import {
  bindProfileFields,
  visibleErrors,
  type EditorMode,
  type ServerAnswer,
} from '../utils/profile-fields';
import { useUnloadWarning } from './use-unload-warning';

/**
 * the editor's state: the values, the messages shown, whether there are unsaved edits, and the save,
 * which goes back to the dashboard once the card is stored
 */
export function useProfileForm(mode: EditorMode, profile?: ProfileResponse) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    profile ? profileToFormValues(profile) : emptyProfileValues(),
  );
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<ServerAnswer | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const locked = profile?.team?.lockedFields ?? [];
  // a locked field goes back as the card holds it, whatever the form made of it (trimmed, a scheme
  // added): the server refuses any change to it
  const input =
    profile && locked.length > 0
      ? withLockedValues(toProfileInput(values), profile, locked)
      : toProfileInput(values);
  const errors = translateFieldErrors(t, visibleErrors(input, submitted, answer));

  // what was loaded or started with, to tell unsaved edits: leaving with them asks first
  const [initialInput] = useState(() => JSON.stringify(input));
  const [saved, setSaved] = useState(false);
  const dirty = !saved && JSON.stringify(input) !== initialInput;
  useUnloadWarning(dirty);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = input;
    const result = validateInput(ProfileInputDto, body);
    setSubmitted(true);
    setAnswer(null);
    if (result.errors.length > 0) {
      // bring the first invalid field into view once the messages are rendered
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSubmitError(null);
    try {
      const stored = await save.mutateAsync(mode === 'create' ? { mode, body } : { mode, profile, body });
      // rendered at once, so the page no longer counts as changed and leaving it asks nothing
      flushSync(() => setSaved(true));
      setSavedAt(new Date());
      const message =
        mode === 'create'
          ? t('save.created', { name: stored.displayName })
          : t('save.updated', { name: stored.displayName });
      navigate('/dashboard/home', { state: { message } });
    } catch (error) {
      const apiError = normalizeError(error);
      const serverFieldErrors = fieldErrorsOf(apiError);
      if (serverFieldErrors.length > 0) setAnswer({ errors: fieldErrorMap(serverFieldErrors), input: body });
      setSubmitError(apiError.message);
    }
  };

  return {
    fields: bindProfileFields(values, errors, setValues, locked),
    errors,
    dirty,
    saving: save.isPending,
    submitError: submitError === null ? null : translateEditorMessage(t, submitError),
    savedAt,
    onSubmit,
  };
}

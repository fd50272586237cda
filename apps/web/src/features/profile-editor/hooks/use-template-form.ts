import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CardTemplateInputDto,
  fieldErrorMap,
  validateInput,
  type CardTemplateResponse,
  type LockableField,
  type TeamBrandResponse,
} from '@cardcraft/contracts';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { standingErrors } from '@/lib/form-errors';
import { useSaveTemplate } from '../api/templates';
import { translateEditorMessage, translateFieldErrors } from '../utils/editor-messages';
import { bindProfileFields, type FieldErrors } from '../utils/profile-fields';
import type { ProfileFormValues } from '../utils/profile-form';
import {
  newTemplateValues,
  templateErrors,
  templateToFormValues,
  toTemplateInput,
} from '../utils/template-form';
import { useUnloadWarning } from './use-unload-warning';

/**
 * the template editor's state: the card's content as the card editor edits it, the template's name and
 * what it locks. like the card editor, nothing is checked before the first save, then every change is.
 */
export function useTemplateForm(
  teamId: string,
  template: CardTemplateResponse | undefined,
  brand?: TeamBrandResponse,
) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const save = useSaveTemplate(teamId);
  const [values, setValues] = useState<ProfileFormValues>(() =>
    template ? templateToFormValues(template.content) : newTemplateValues(brand),
  );
  const [name, setName] = useState(template?.name ?? '');
  const [locked, setLocked] = useState<LockableField[]>(template?.lockedFields ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<{ errors: FieldErrors; body: unknown } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const body = toTemplateInput(name, values, locked);
  const errors: FieldErrors = translateFieldErrors(
    t,
    templateErrors({
      ...(answer ? standingErrors(answer.errors, answer.body, body) : {}),
      ...(submitted ? fieldErrorMap(validateInput(CardTemplateInputDto, body).errors) : {}),
    }),
  );

  const [initial] = useState(() => JSON.stringify(body));
  const [saved, setSaved] = useState(false);
  const dirty = !saved && JSON.stringify(body) !== initial;
  useUnloadWarning(dirty);

  const toggleLock = (path: LockableField, on: boolean) =>
    setLocked((current) =>
      on ? [...current.filter((p) => p !== path), path] : current.filter((p) => p !== path),
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setAnswer(null);
    const result = validateInput(CardTemplateInputDto, body);
    if (result.errors.length > 0) {
      // bring the first invalid field into view once the messages are rendered
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSubmitError(null);
    try {
      const stored = await save.mutateAsync({ templateId: template?.id ?? null, body: result.value });
      flushSync(() => setSaved(true));
      toast({
        title: template
          ? t('template.saved', { name: stored.name })
          : t('template.created', { name: stored.name }),
        description:
          template && stored.cardCount > 0 && stored.lockedFields.length > 0
            ? t('template.cardsUpdated', { count: stored.cardCount })
            : undefined,
        variant: 'success',
      });
      navigate(`/dashboard/teams/${teamId}/templates`);
    } catch (error) {
      // the server's paths ("content.tagline") are kept as it sent them, so they can be compared with the body
      const server = fieldErrorMap(fieldErrorsOf(error));
      if (Object.keys(server).length > 0) setAnswer({ errors: server, body });
      setSubmitError(normalizeError(error).message);
    }
  };

  return {
    fields: bindProfileFields(values, errors, setValues),
    name,
    setName,
    locked,
    toggleLock,
    errors,
    dirty,
    saving: save.isPending,
    submitError: submitError === null ? null : translateEditorMessage(t, submitError),
    onSubmit,
  };
}

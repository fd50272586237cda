import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { MessageFieldsResponse } from '@cardcraft/contracts/message-field-rules';
import type { AnswerValue, CardQuestion } from '@cardcraft/contracts/question-rules';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf } from '@/lib/api-error';
import {
  isLeadFormField,
  MESSAGE_FIELDS,
  validateLeadForm,
  type ExtraMessageField,
  type LeadFormErrors,
  type LeadFormValues,
} from '../lib/lead-form';

export type MessageFormStatus =
  { kind: 'idle' } | { kind: 'sent'; cardSent?: boolean } | { kind: 'failed' } | { kind: 'demo' };

/** how the server answered a form posted without script: the page shows it as the form would */
export interface MessageFormOutcome {
  status: 'sent' | 'failed';
  values?: Omit<LeadFormValues, 'answers'> & { answers?: Record<string, string | string[]> };
  errors?: LeadFormErrors;
  /** "Send me your card" was ticked: whether the card is on its way */
  cardSent?: boolean;
}

interface MessageFormSource {
  defaultEmail?: string | null;
  onSend?: (values: LeadFormValues) => Promise<unknown>;
  outcome?: MessageFormOutcome;
  fields: MessageFieldsResponse;
  questions: readonly CardQuestion[];
  offersCardExchange: boolean;
}

/** the fields a visitor types or ticks, each cleared of its error when changed */
type TypedField = 'email' | 'message' | 'consent' | 'sendCard' | ExtraMessageField;

/**
 * the message form's state and its sending: the values as typed (starting from a posted form's when
 * the server answered one), the client's rules before sending, and the server's field errors after
 */
export function useMessageForm({
  defaultEmail,
  onSend,
  outcome,
  fields,
  questions,
  offersCardExchange,
}: MessageFormSource) {
  const { t } = useTranslation('card');
  const extraFields = MESSAGE_FIELDS.filter((name) => fields[name] !== 'off');
  // the e-mail follows the signed-in visitor's until it is typed in (the session may be read after mount)
  const [typedEmail, setTypedEmail] = useState<string | null>(outcome?.values?.email ?? null);
  const [rest, setRest] = useState({
    message: outcome?.values?.message ?? '',
    consent: outcome?.values?.consent ?? true,
    name: outcome?.values?.name ?? '',
    phone: outcome?.values?.phone ?? '',
    company: outcome?.values?.company ?? '',
    sendCard: outcome?.values?.sendCard ?? false,
  });
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(outcome?.values?.answers ?? {});
  const { name, phone, company, sendCard, ...always } = rest;
  const typedExtra: Record<ExtraMessageField, string> = { name, phone, company };
  // only the fields the form asks for are part of what it sends
  const values: LeadFormValues = {
    email: typedEmail ?? defaultEmail ?? '',
    ...always,
    ...Object.fromEntries(extraFields.map((field) => [field, typedExtra[field]])),
    ...(questions.length > 0 ? { answers } : {}),
    ...(offersCardExchange ? { sendCard } : {}),
  };
  const [errors, setErrors] = useState<LeadFormErrors>(outcome?.errors ?? {});
  const [status, setStatus] = useState<MessageFormStatus>(
    outcome ? { kind: outcome.status, cardSent: outcome.cardSent } : { kind: 'idle' },
  );
  const [pending, setPending] = useState(false);

  const clearError = (key: keyof LeadFormErrors) => {
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const setField = <K extends TypedField>(key: K, value: Required<LeadFormValues>[K]) => {
    if (key === 'email') setTypedEmail(value as string);
    else setRest((r) => ({ ...r, [key]: value }));
    clearError(key);
  };

  const setAnswer = (questionId: string, value: AnswerValue) => {
    setAnswers((a) => ({ ...a, [questionId]: value }));
    clearError(`answers.${questionId}`);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateLeadForm(values, fields, questions);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'idle' });
      return;
    }
    if (!onSend) {
      setStatus({ kind: 'demo' });
      return;
    }
    setPending(true);
    setStatus({ kind: 'idle' });
    try {
      const lead = (await onSend(values)) as { cardExchange?: { cardSent: boolean } | null } | undefined;
      setRest((r) => ({ ...r, message: '' }));
      setStatus({ kind: 'sent', cardSent: lead?.cardExchange?.cardSent });
      toast({
        title: t('toasts.sentTitle'),
        description: t('toasts.sentText'),
        variant: 'success',
      });
    } catch (error) {
      const fieldErrors: LeadFormErrors = {};
      for (const { field, message } of fieldErrorsOf(error)) {
        if (isLeadFormField(field)) fieldErrors[field] = message;
      }
      setErrors(fieldErrors);
      setStatus({ kind: 'failed' });
      toast({
        title: t('toasts.failedTitle'),
        description: t('toasts.failedText'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return { values, extraFields, errors, status, pending, setField, setAnswer, submit };
}
